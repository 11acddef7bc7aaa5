package store

import (
	"context"
	"fmt"
	"strconv"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
)

// The alias of the table a read is about.
const root = "t0"

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

// findRows is Find's statement: the page's entries, unpopulated.
func (s *Store) findRows(ctx context.Context, db database.Conn, q *query.Query, ro entry.ReadOptions, bud *budget) ([]*entry.Entry, error) {
	cols := selection(q)
	b := s.sql(ro, q.Status)
	b.versioned = true
	s.selectInto(b, q, cols, "", " FROM "+database.Ident(q.Type.Table)+" "+root, nil)
	b.page(q.Pagination)
	return s.scan(ctx, db, q, cols, b, false, bud)
}

// FindOne returns the entry with the id if q's filters, the scope and the
// status let it through, with q's fields and populate; otherwise
// errs.NotFound.
func (s *Store) FindOne(ctx context.Context, db database.Conn, q *query.Query, id int64, ro entry.ReadOptions) (*entry.Entry, error) {
	return s.findOneWhere(ctx, db, q, ro, func(b *sqlb) {
		b.w(col(root, schema.ColID), " = ")
		b.arg(idKind, id)
	})
}

// findOneWhere is FindOne of the row where picks, under q's filters, the
// scope and the status: with q's fields and populate, or errs.NotFound.
func (s *Store) findOneWhere(ctx context.Context, db database.Conn, q *query.Query, ro entry.ReadOptions, where func(*sqlb)) (*entry.Entry, error) {
	one := *q
	one.Sort = nil
	cols := selection(&one)
	b := s.selectSQL(&one, ro, cols, where)
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
	b := s.sql(ro, q.Status)
	b.versioned = true
	b.w("SELECT COUNT(*) FROM ", database.Ident(q.Type.Table), " ", root)
	b.whereClause(q, root, nil)
	var n int64
	if err := db.QueryRowContext(ctx, b.sb.String(), b.args...).Scan(&n); err != nil {
		return 0, fmt.Errorf("counting %s: %w", q.Type.Plural, err)
	}
	return n, nil
}

// column is one selected column and where its value goes.
type column struct {
	attr *schema.Attribute // nil for id and document_id
	sql  string
	// ref marks a foreign-key column read only to populate a to-one
	// relation: its value goes to the entry's refs (SetRef), not to the output; draft
	// marks the relation's DraftColumn.
	ref, draft bool
}

// selection is the columns a read of q returns, in order: id, documentId,
// the selected scalars (never a private or password field, even when
// named), the timestamps when wanted, then the foreign keys populate needs.
func selection(q *query.Query) []column {
	ct := q.Type
	cols := make([]column, 0, len(ct.Attributes)+5)
	cols = append(cols, column{sql: col(root, schema.ColID)}, column{sql: col(root, schema.ColDocumentID)})
	for _, a := range ct.Attributes {
		if a.IsScalar() && !a.IsPrivate() && !a.Unavailable() && wanted(q, a) {
			cols = append(cols, column{attr: a, sql: col(root, a.Column)})
		}
	}
	for _, a := range ct.TrailingFields() {
		if wanted(q, a) {
			cols = append(cols, column{attr: a, sql: col(root, a.Column)})
		}
	}
	for _, p := range q.Populate {
		if a := p.Relation; a.Column != "" {
			cols = append(cols, column{attr: a, sql: col(root, a.Column), ref: true})
			if a.DraftColumn != "" { // which one a read follows depends on its caller (toOneColumn)
				cols = append(cols, column{attr: a, sql: col(root, a.DraftColumn), ref: true, draft: true})
			}
		}
	}
	return cols
}

// selectList writes cols, comma-separated, each as selected writes it.
func (b *sqlb) selectList(cols []column) {
	for i, c := range cols {
		if i > 0 {
			b.w(", ")
		}
		b.selected(c)
	}
}

// selected writes column c of a select list or a RETURNING clause. On
// PostgreSQL a datetime is read as its text: the driver would parse it
// with time.Parse, and the kind's Decode reads that text digit by digit,
// several times faster (a populated list reads three per entry).
func (b *sqlb) selected(c column) {
	b.w(c.sql)
	if b.d == database.Postgres && c.attr != nil && !c.ref && c.attr.Type == schema.DateTime {
		b.w("::text")
	}
}

// wanted reports whether q selects a: every field when q.Fields is nil.
func wanted(q *query.Query, a *schema.Attribute) bool {
	if q.Fields == nil {
		return true
	}
	for _, f := range q.Fields {
		if f == a {
			return true
		}
	}
	return false
}

// selectSQL builds "SELECT cols FROM <q's table> t0 <sort joins> [WHERE
// link AND filters AND scope AND status] ORDER BY <sort>, t0.id": the one
// statement shape of every read, top level or populate. link, when given,
// writes the condition that ties the rows to their owners.
func (s *Store) selectSQL(q *query.Query, ro entry.ReadOptions, cols []column, link func(*sqlb)) *sqlb {
	return s.selectFrom(q, ro, cols, "", " FROM "+database.Ident(q.Type.Table)+" "+root, link)
}

// selectFrom is selectSQL with an extra selected expression (the owner id
// of a populate row) and another FROM (a join table joined to the target).
func (s *Store) selectFrom(q *query.Query, ro entry.ReadOptions, cols []column, extra, from string, link func(*sqlb)) *sqlb {
	b := s.sql(ro, q.Status)
	s.selectInto(b, q, cols, extra, from, link)
	return b
}

// selectInto writes selectFrom's statement into b.
func (s *Store) selectInto(b *sqlb, q *query.Query, cols []column, extra, from string, link func(*sqlb)) {
	// First: the joins take aliases, and their arguments (the scopes of
	// the types they reach) come before the WHERE clause's; the select
	// list before them has none.
	joins, order := b.orderBy(q, root)
	b.w("SELECT ")
	b.selectList(cols)
	if extra != "" {
		b.w(", ", extra)
	}
	b.w(from, joins)
	b.whereClause(q, root, link)
	b.w(order)
}

// whereClause writes " WHERE " and the conditions every read of q on the
// type shares — the link to the owners if any, the client's filters, what
// the caller may see of the type (scope, publication status) — joined by
// AND; nothing when there are none.
func (b *sqlb) whereClause(q *query.Query, alias string, link func(*sqlb)) {
	n := 0
	next := func() {
		if n > 0 {
			b.w(" AND ")
		} else {
			b.w(" WHERE ")
		}
		n++
	}
	if link != nil {
		next()
		link(b)
	}
	if q.Filters != nil {
		next()
		b.filter(q.Filters, alias)
	}
	if b.narrows(q.Type) {
		next()
		b.visible(q.Type, alias)
	}
	if b.versioned && q.Type.DraftAndPublish && !b.hidesDrafts(q.Type) {
		next() // a draft read (a published read has its condition above)
		b.draftVersion(q.Type, alias)
	}
	if readsLocale(q) {
		next()
		b.localeCond(q, alias)
	}
}

// orderBy returns the LEFT JOINs the sort keys pass through and the ORDER
// BY clause: q's keys, then id, so that pages are stable. Joins are on
// to-one relations only, so they never duplicate a row, and each joins
// only a target the caller may see: through a hidden one the key is NULL,
// as if there were no relation. NULLs sort last ascending and first
// descending on both databases (PostgreSQL's rule, which Strapi 5 shows,
// written out for SQLite), and text in byte order (COLLATE "C" on
// PostgreSQL).
func (b *sqlb) orderBy(q *query.Query, alias string) (joins, order string) {
	joins, keys := b.sortKeys(q, alias)
	order = " ORDER BY "
	for _, k := range keys {
		order += b.sortExpr(k.expr, k.text, k.desc) + ", "
	}
	return joins, order + col(alias, schema.ColID)
}

// sortKey is one key of an ORDER BY: the column it reads and how it
// sorts (see sortExpr).
type sortKey struct {
	expr       string
	text, desc bool
}

// sortKeys returns the LEFT JOINs q's sort keys pass through and the keys,
// without the final id (see orderBy). A path through to-one relations and
// single components is joined directly. One through a to-many relation or
// a repeatable component is one value per entry, as Strapi 5 orders it:
// the least non-NULL value ascending, and descending the greatest, NULL
// (which PostgreSQL ranks above every value) when any row on the way
// holds none; a grouped subquery joined by the entry's id.
func (b *sqlb) sortKeys(q *query.Query, alias string) (joins string, keys []sortKey) {
	for _, k := range q.Sort {
		if len(k.Path) == 0 {
			continue
		}
		last := k.Path[len(k.Path)-1]
		text := last.Kind.Caps().Text
		if !sortsMany(k.Path) {
			from := alias
			for _, hop := range k.Path[:len(k.Path)-1] {
				from = b.sortHop(hop, from, &joins)
			}
			keys = append(keys, sortKey{expr: col(from, last.Column), text: text, desc: k.Desc})
			continue
		}
		r, g := b.newAlias(), b.newAlias()
		var inner string
		from := r
		for _, hop := range k.Path[:len(k.Path)-1] {
			from = b.sortHop(hop, from, &inner)
		}
		v := col(from, last.Column)
		if text && b.d == database.Postgres {
			v += ` COLLATE "C"`
		}
		agg := "MIN(" + v + ")"
		if k.Desc {
			agg = "CASE WHEN COUNT(*) > COUNT(" + v + ") THEN NULL ELSE MAX(" + v + ") END"
		}
		joins += " LEFT JOIN (SELECT " + col(r, schema.ColID) + " AS k, " + agg + " AS v FROM " +
			database.Ident(q.Type.Table) + " " + r + inner + " GROUP BY " + col(r, schema.ColID) + ") " + g +
			" ON " + g + ".k = " + col(alias, schema.ColID)
		keys = append(keys, sortKey{expr: g + ".v", text: text, desc: k.Desc})
	}
	return joins, keys
}

// sortsMany reports whether a sort path goes through a to-many relation
// or a repeatable component.
func sortsMany(path []*schema.Attribute) bool {
	for _, a := range path[:len(path)-1] {
		if a.Repeatable || (a.IsRelation() && a.ToMany()) {
			return true
		}
	}
	return false
}

// sortHop appends to joins the LEFT JOINs from the row aliased from
// through the relation or component a, and returns the alias of the rows
// reached: a component's through its holder's links; a relation's target
// through its join table or key (sortJoin), only a target the caller may
// see (through a hidden one the key is NULL, as if there were none).
func (b *sqlb) sortHop(a *schema.Attribute, from string, joins *string) string {
	t := b.newAlias()
	if a.IsComponent() {
		j := b.newAlias()
		field := b.capture(func() { b.arg(strKind, a.Name) })
		*joins += " LEFT JOIN " + database.Ident(schema.ComponentJoin(a.Owner)) + " " + j + " ON " +
			col(j, schema.CmpEntity) + " = " + col(from, schema.ColID) + " AND " + col(j, schema.CmpField) + " = " + field +
			" LEFT JOIN " + database.Ident(a.ComponentTypes[0].Table) + " " + t + " ON " + col(t, schema.ColID) + " = " + col(j, schema.CmpID)
		return t
	}
	var on string
	if a.JoinTable != "" { // as sortJoin: the linked row, or its document's in the version shown
		j := b.newAlias()
		*joins += " LEFT JOIN " + database.Ident(a.JoinTable) + " " + j + " ON " + col(j, a.JoinSelf) + " = " + col(from, schema.ColID)
		on = col(t, schema.ColID) + " = " + col(j, a.JoinTarget)
		if b.mismatched(a) {
			l := b.newAlias()
			*joins += " LEFT JOIN " + database.Ident(a.TargetType.Table) + " " + l + " ON " + col(l, schema.ColID) + " = " + col(j, a.JoinTarget)
			on = sameDoc(a.TargetType, t, l)
		}
		if a.TargetType.DraftAndPublish {
			on += " AND " + b.capture(func() { b.versionCond(a.TargetType, t) })
		}
	} else {
		on = b.sortJoin(a, from, t, joins)
	}
	if b.narrows(a.TargetType) {
		on += " AND " + b.capture(func() { b.visible(a.TargetType, t) })
	}
	*joins += " LEFT JOIN " + database.Ident(a.TargetType.Table) + " " + t + " ON " + on
	return t
}

// sortExpr is the ORDER BY term of column c; text says it holds text,
// which PostgreSQL orders byte by byte, as SQLite does. NULLs come last
// ascending and first descending, as Strapi 5 answers on PostgreSQL (its
// default) and SQLite is told to (its default is the opposite). (A bool,
// not the kind: the interface call would keep the function from being
// inlined, and its concatenation from joining the caller's.)
func (b *sqlb) sortExpr(c string, text, desc bool) string {
	if text && b.d != database.SQLite {
		c += ` COLLATE "C"`
	}
	if desc {
		return c + " DESC NULLS FIRST"
	}
	return c + " ASC NULLS LAST"
}

// page writes LIMIT and OFFSET. The numbers are ints, written as digits.
func (b *sqlb) page(p query.Pagination) {
	size, offset := p.Size(), p.Offset()
	switch {
	case size > 0:
		b.w(" LIMIT ", strconv.Itoa(size))
	case offset > 0 && b.d == database.SQLite: // SQLite has no OFFSET without LIMIT
		b.w(" LIMIT -1")
	}
	if offset > 0 {
		b.w(" OFFSET ", strconv.Itoa(offset))
	}
}

// scan runs b and turns each row into an Entry, within the read's budget.
// With owner set, the last column is the id of the entry the row belongs
// to (populate queries), kept as the entry's Owner.
func (s *Store) scan(ctx context.Context, db database.Conn, q *query.Query, cols []column, b *sqlb, owner bool, bud *budget) ([]*entry.Entry, error) {
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
	// Drafts show publishedAt null, as Strapi 5's draft versions do.
	draft := q.Type.DraftAndPublish && !b.hidesDrafts(q.Type)
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
func entryOf(ct *schema.ContentType, cols []column, raw []any, draft bool) (*entry.Entry, error) {
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
		if c.ref {
			if v != nil {
				fk, err := decodeID(v)
				if err != nil {
					return nil, fmt.Errorf("column %s: %w", c.sql, err)
				}
				e.SetRef(c.attr, c.draft, fk)
			}
			continue
		}
		if c.attr == schema.SysPublishedAt && draft {
			e.Set(c.attr, nil)
			continue
		}
		val, err := decode(c.attr.Kind, v)
		if err != nil {
			return nil, fmt.Errorf("column %s: %w", c.sql, err)
		}
		e.Set(c.attr, val)
	}
	return e, nil
}
