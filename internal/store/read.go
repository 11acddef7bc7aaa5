package store

import (
	"context"
	"fmt"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/sqlgen"
)

// Find returns the page of entries q selects: q's filters ANDed with the
// scope and the status, in q's sort (id last, so pages are stable), with
// q's fields and populated relations.
func (s *Store) Find(ctx context.Context, db database.Conn, q *query.Query, ro entry.ReadOptions) ([]*entry.Entry, error) {
	c, err := s.FindChunks(ctx, db, q, ro, false)
	if err != nil {
		return nil, err
	}
	return c.Next(ctx, db, 0)
}

// findRows is Find's statement (sqlgen.Find): the page's entries,
// unpopulated.
func (s *Store) findRows(ctx context.Context, db database.Conn, q *query.Query, ro entry.ReadOptions, bud *budget) ([]*entry.Entry, error) {
	b, cols := sqlgen.Find(s.DB.Dialect, q, ro)
	return s.scan(ctx, db, q, cols, b, false, bud)
}

// FindOne returns the entry with the id if q's filters, the scope and the
// status let it through, with q's fields and populate; otherwise
// errs.NotFound.
func (s *Store) FindOne(ctx context.Context, db database.Conn, q *query.Query, id int64, ro entry.ReadOptions) (*entry.Entry, error) {
	return s.findOneWhere(ctx, db, q, ro, sqlgen.ByID(id))
}

// findOneWhere is FindOne of the row where picks (sqlgen.One), under q's
// filters, the scope and the status: with q's fields and populate, or
// errs.NotFound.
func (s *Store) findOneWhere(ctx context.Context, db database.Conn, q *query.Query, ro entry.ReadOptions, where func(*sqlgen.Builder)) (*entry.Entry, error) {
	one := *q
	one.Sort = nil
	b, cols := sqlgen.One(s.DB.Dialect, &one, ro, where)
	bud := s.newBudget(ro.MaxAnswerRows)
	list, err := s.scan(ctx, db, &one, cols, b, false, bud)
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, errs.NotFound()
	}
	if err := s.populate(ctx, db, list, &one, ro, bud); err != nil {
		return nil, err
	}
	return list[0], bud.check(list)
}

// Count returns how many entries q's filters, the scope and the status
// select, regardless of pagination.
func (s *Store) Count(ctx context.Context, db database.Conn, q *query.Query, ro entry.ReadOptions) (int64, error) {
	b := sqlgen.Count(s.DB.Dialect, q, ro)
	var n int64
	if err := db.QueryRowContext(ctx, b.SQL(), b.Args()...).Scan(&n); err != nil {
		return 0, fmt.Errorf("counting %s: %w", q.Type.Plural, err)
	}
	return n, nil
}

// scan runs b and turns each row into an Entry, within the read's budget.
// With owner set, the last column is the id of the entry the row belongs
// to (populate queries), kept as the entry's Owner.
func (s *Store) scan(ctx context.Context, db database.Conn, q *query.Query, cols []sqlgen.Column, b *sqlgen.Builder, owner bool, bud *budget) ([]*entry.Entry, error) {
	rows, err := db.QueryContext(ctx, b.SQL(), b.Args()...)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", q.Type.Plural, err)
	}
	defer rows.Close()
	n := len(cols)
	if owner {
		n++
	}
	raw := make([]any, n)
	dest := make([]any, n)
	for i := range raw {
		dest[i] = &raw[i]
	}
	// Drafts show publishedAt null, as Strapi 5's draft versions do.
	draft := q.Type.DraftAndPublish && !b.HidesDrafts(q.Type)
	var out []*entry.Entry
	for rows.Next() {
		if err := bud.take(1); err != nil {
			return nil, err
		}
		if err := rows.Scan(dest...); err != nil {
			return nil, fmt.Errorf("reading %s: %w", q.Type.Plural, err)
		}
		e, err := entryOf(q.Type, cols, raw, draft)
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", q.Type.Plural, err)
		}
		if owner {
			v, err := decodeID(raw[len(cols)])
			if err != nil {
				return nil, fmt.Errorf("reading %s: owner: %w", q.Type.Plural, err)
			}
			e.SetOwner(v)
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// entryOf decodes one scanned row.
func entryOf(ct *schema.ContentType, cols []sqlgen.Column, raw []any, draft bool) (*entry.Entry, error) {
	e := entry.New(ct)
	id, err := decodeID(raw[0])
	if err != nil {
		return nil, err
	}
	e.ID = id
	doc, err := decode(strKind, raw[1])
	if err != nil {
		return nil, err
	}
	e.DocumentID, _ = doc.(string)
	for i, c := range cols[2:] {
		v := raw[i+2]
		if c.Ref {
			if v != nil {
				fk, err := decodeID(v)
				if err != nil {
					return nil, fmt.Errorf("column %s: %w", c.SQL, err)
				}
				e.SetRef(c.Attr, c.Draft, fk)
			}
			continue
		}
		if c.Attr == schema.SysPublishedAt && draft {
			e.Set(c.Attr, nil)
			continue
		}
		val, err := decode(c.Attr.Kind, v)
		if err != nil {
			return nil, fmt.Errorf("column %s: %w", c.SQL, err)
		}
		e.Set(c.Attr, val)
	}
	return e, nil
}
