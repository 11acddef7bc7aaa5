package store

import (
	"context"
	"fmt"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/sqlgen"
)

// MimeTypes answers the MIME type of each file id that exists, in one
// statement: what a media field's allowedTypes are checked against.
func (s *Store) MimeTypes(ctx context.Context, db database.Conn, ids []int64) (map[int64]string, error) {
	out := make(map[int64]string, len(ids))
	ft := s.Schema.Type(schema.FileType)
	if len(ids) == 0 || ft == nil {
		return out, nil
	}
	mime := ft.Attr("mime")
	b := s.sql(entry.ReadOptions{}, query.Published)
	b.W("SELECT ", sqlgen.Col(sqlgen.Root, schema.ColID), ", ", sqlgen.Col(sqlgen.Root, mime.Column), " FROM ", sqlgen.Ident(ft.Table), " ", sqlgen.Root, " WHERE ")
	list := make([]any, len(ids))
	for i, id := range ids {
		list[i] = id
	}
	b.In(sqlgen.Col(sqlgen.Root, schema.ColID), schema.SysID.Kind, list, false)
	rows, err := db.QueryContext(ctx, b.SQL(), b.Args()...)
	if err != nil {
		return nil, fmt.Errorf("reading the files' types: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var m *string
		if err := rows.Scan(&id, &m); err != nil {
			return nil, err
		}
		if m != nil {
			out[id] = *m
		}
	}
	return out, rows.Err()
}
