package store

import (
	"context"
	"fmt"
	"strconv"

	"github.com/kiln-cms/kiln/core/schema"
)

// Resolve turns references — documentIds, or ids written in decimal — into
// row ids, in one query. References that name nothing are absent from the
// map. Drafts resolve too: a relation may point at an unpublished entry.
func (s *Store) Resolve(ctx context.Context, db Conn, ct *schema.ContentType, refs []string) (map[string]int64, error) {
	var nums, docs []any
	for _, r := range refs {
		if n, err := strconv.ParseInt(r, 10, 64); err == nil && n > 0 && len(r) < 24 {
			nums = append(nums, n)
		} else if r != "" && len(r) <= 64 {
			docs = append(docs, r)
		}
	}
	out := make(map[string]int64, len(refs))
	if len(nums)+len(docs) == 0 {
		return out, nil
	}
	b := &sqlb{d: s.DB.Dialect}
	b.w("SELECT ", Ident(schema.ColID), ", ", Ident(schema.ColDocumentID), " FROM ", Ident(ct.Table), " WHERE ")
	b.in(Ident(schema.ColID), schema.Integer, nums, false)
	b.w(" OR ")
	b.in(Ident(schema.ColDocumentID), schema.String, docs, false)
	rows, err := db.QueryContext(ctx, b.sb.String(), b.args...)
	if err != nil {
		return nil, fmt.Errorf("resolving %s references: %w", ct.Name, err)
	}
	defer rows.Close()
	byDoc := map[string]int64{}
	byID := map[int64]bool{}
	for rows.Next() {
		var id int64
		var doc string
		if err := rows.Scan(&id, &doc); err != nil {
			return nil, err
		}
		byDoc[doc] = id
		byID[id] = true
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, r := range refs {
		if id, ok := byDoc[r]; ok {
			out[r] = id
		} else if n, err := strconv.ParseInt(r, 10, 64); err == nil && byID[n] && len(r) < 24 {
			out[r] = n
		}
	}
	return out, nil
}
