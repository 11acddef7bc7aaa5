package store

import (
	"context"
	"fmt"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// The alias of the table a read is about.
const root = "t0"

// column is one selected column and where its value goes.
type column struct {
	attr *schema.Attribute // nil for id and document_id
	sql  string
	// ref marks a foreign-key column read only to populate a to-one
	// relation: its value goes to Entry.refs, not to the output.
	ref bool
}

// selection is the columns a read of q returns, in order: id, documentId,
// the selected scalars, the timestamps when wanted, then the foreign keys
// that populate needs.
func selection(q *query.Query) []column {
	ct := q.Type
	cols := []column{{sql: col(root, schema.ColID)}, {sql: col(root, schema.ColDocumentID)}}
	want := map[*schema.Attribute]bool{}
	for _, a := range q.Fields {
		want[a] = true
	}
	for _, a := range ct.Attributes {
		if a.IsScalar() && !a.IsPrivate() && (q.Fields == nil || want[a]) {
			cols = append(cols, column{attr: a, sql: col(root, a.Column)})
		}
	}
	for _, a := range []*schema.Attribute{schema.SysCreatedAt, schema.SysUpdatedAt, schema.SysPublishedAt} {
		if q.Fields == nil || want[a] {
			cols = append(cols, column{attr: a, sql: col(root, a.Column)})
		}
	}
	for _, p := range q.Populate {
		if p.Relation.Column != "" {
			cols = append(cols, column{attr: p.Relation, sql: col(root, p.Relation.Column), ref: true})
		}
	}
	return cols
}

// whereClause writes the conditions every read of q on the type shares:
// the client's filters, the server's scope and the publication status.
func (b *sqlb) whereClause(q *query.Query, ro ReadOptions, alias string) {
	b.w("1=1")
	if q.Filters != nil {
		b.w(" AND ")
		b.filter(q.Filters, alias)
	}
	if s := ro.scope(q.Type); s != nil {
		b.w(" AND ")
		b.filter(s, alias)
	}
	if q.Type.DraftAndPublish && q.Status == query.Published {
		b.w(" AND ", col(alias, schema.ColPublishedAt), " IS NOT NULL")
	}
}

// orderBy writes q's sort, joining the to-one relations a key passes
// through, and id last so that pages are stable. NULLs sort first
// ascending on both databases (SQLite's rule), and text in byte order.
func (b *sqlb) orderBy(q *query.Query, alias string) (joins string) {
	var order []string
	for _, k := range q.Sort {
		from := alias
		for _, rel := range k.Path[:len(k.Path)-1] {
			t := b.newAlias()
			if rel.Column != "" {
				joins += fmt.Sprintf(" LEFT JOIN %s %s ON %s = %s", Ident(rel.TargetType.Table), t, col(t, schema.ColID), col(from, rel.Column))
			} else {
				joins += fmt.Sprintf(" LEFT JOIN %s %s ON %s = %s", Ident(rel.TargetType.Table), t, col(t, rel.Inverse.Column), col(from, schema.ColID))
			}
			from = t
		}
		last := k.Path[len(k.Path)-1]
		expr := col(from, last.Column)
		if b.d == Postgres && last.Type.IsText() {
			expr += ` COLLATE "C"`
		}
		switch {
		case k.Desc && b.d == Postgres:
			expr += " DESC NULLS LAST"
		case k.Desc:
			expr += " DESC"
		case b.d == Postgres:
			expr += " ASC NULLS FIRST"
		}
		order = append(order, expr)
	}
	order = append(order, col(alias, schema.ColID))
	b.w(" ORDER BY ")
	for i, o := range order {
		if i > 0 {
			b.w(", ")
		}
		b.w(o)
	}
	return joins
}

// Find returns the page of entries q selects, with its populated relations.
func (s *Store) Find(ctx context.Context, db Conn, q *query.Query, ro ReadOptions) ([]*Entry, error) {
	return s.find(ctx, db, q, ro, nil)
}

// FindOne returns the entry with the id if q's filters, the scope and the
// status let it through; otherwise errs.NotFound.
func (s *Store) FindOne(ctx context.Context, db Conn, q *query.Query, id int64, ro ReadOptions) (*Entry, error) {
	one := *q
	one.Pagination = query.Pagination{Mode: query.OffsetStyle, Limit: 1}
	one.Sort = nil
	list, err := s.find(ctx, db, &one, ro, &id)
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, errs.NotFound()
	}
	return list[0], nil
}

func (s *Store) find(ctx context.Context, db Conn, q *query.Query, ro ReadOptions, id *int64) ([]*Entry, error) {
	cols := selection(q)
	b := &sqlb{d: s.DB.Dialect}
	b.selectColumns(cols)
	where := &sqlb{d: s.DB.Dialect, alias: 100}
	where.whereClause(q, ro, root)
	if id != nil {
		where.w(" AND ", col(root, schema.ColID), " = ")
		where.arg(schema.Integer, *id)
	}
	order := &sqlb{d: s.DB.Dialect, alias: 200}
	joins := order.orderBy(q, root)
	b.w(" FROM ", Ident(q.Type.Table), " ", root, joins, " WHERE ", where.sb.String(), order.sb.String())
	b.args = append(b.args, where.args...)
	if size := q.Pagination.Size(); size > 0 {
		b.w(fmt.Sprintf(" LIMIT %d OFFSET %d", size, q.Pagination.Offset()))
	}
	entries, err := s.scan(ctx, db, q, cols, b, false)
	if err != nil {
		return nil, err
	}
	return entries, s.populate(ctx, db, entries, q, ro)
}

// selectColumns writes "SELECT a, b, ...".
func (b *sqlb) selectColumns(cols []column) {
	b.w("SELECT ")
	for i, c := range cols {
		if i > 0 {
			b.w(", ")
		}
		b.w(c.sql)
	}
}

// Count returns how many entries q's filters, the scope and the status
// select, regardless of pagination.
func (s *Store) Count(ctx context.Context, db Conn, q *query.Query, ro ReadOptions) (int64, error) {
	b := &sqlb{d: s.DB.Dialect}
	b.w("SELECT COUNT(*) FROM ", Ident(q.Type.Table), " ", root, " WHERE ")
	b.whereClause(q, ro, root)
	var n int64
	if err := db.QueryRowContext(ctx, b.sb.String(), b.args...).Scan(&n); err != nil {
		return 0, fmt.Errorf("counting %s: %w", q.Type.Plural, err)
	}
	return n, nil
}

// scan runs b and turns each row into an Entry. With owner set, the last
// column is the id of the entry the row belongs to (populate queries), kept
// in Entry.owner.
func (s *Store) scan(ctx context.Context, db Conn, q *query.Query, cols []column, b *sqlb, owner bool) ([]*Entry, error) {
	rows, err := db.QueryContext(ctx, b.sb.String(), b.args...)
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
	draft := q.Type.DraftAndPublish && q.Status == query.Draft
	var out []*Entry
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return nil, fmt.Errorf("reading %s: %w", q.Type.Plural, err)
		}
		e, err := entryOf(q.Type, cols, raw, draft)
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", q.Type.Plural, err)
		}
		if owner {
			v, err := decodeInt(raw[len(cols)])
			if err != nil {
				return nil, err
			}
			e.owner = v.(int64)
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// entryOf decodes one scanned row.
func entryOf(ct *schema.ContentType, cols []column, raw []any, draft bool) (*Entry, error) {
	e := NewEntry(ct)
	id, err := decodeInt(raw[0])
	if err != nil {
		return nil, err
	}
	e.ID = id.(int64)
	doc, err := Decode(schema.String, raw[1])
	if err != nil {
		return nil, err
	}
	e.DocumentID, _ = doc.(string)
	for i, c := range cols[2:] {
		v, err := Decode(c.attr.Type, raw[i+2])
		if c.ref {
			v, err = decodeRef(raw[i+2])
		}
		if err != nil {
			return nil, fmt.Errorf("column %s: %w", c.sql, err)
		}
		switch {
		case c.ref:
			if e.refs == nil {
				e.refs = map[*schema.Attribute]int64{}
			}
			if v != nil {
				e.refs[c.attr] = v.(int64)
			}
		case c.attr == schema.SysPublishedAt && draft:
			e.Set(c.attr, nil)
		default:
			e.Set(c.attr, v)
		}
	}
	return e, nil
}

func decodeRef(v any) (any, error) {
	if v == nil {
		return nil, nil
	}
	return decodeInt(v)
}
