package upload

import (
	"context"
	"database/sql"

	"github.com/kiln-cms/kiln/core/entry"
)

// Providers counts the files' rows by the provider that holds their
// bytes, in one statement (a COUNT grouped by provider): the start-up
// check that every file is on the configured provider, and the move's
// count of what it has to do.
func (s *Service) Providers(ctx context.Context) (map[string]int64, error) {
	p := s.FileType.Attr("provider")
	rows, err := s.content.Statement(entry.ReadOptions{}).
		W("SELECT ").Col("f", p).W(", COUNT(*) FROM ").From(s.FileType, "f").W(" GROUP BY ").Col("f", p).Query(ctx)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]int64{}
	for rows.Next() {
		var name sql.NullString
		var n int64
		if err := rows.Scan(&name, &n); err != nil {
			return nil, err
		}
		out[name.String] += n
	}
	return out, rows.Err()
}
