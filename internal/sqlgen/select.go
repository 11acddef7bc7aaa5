package sqlgen

import (
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// Root is the alias of the table a read is about.
const Root = "t0"

// Find is a list's statement: the page of entries q selects, q's filters
// ANDed with the scope and the status, in q's sort (id last, so pages are
// stable), with q's fields; unpopulated. Its rows hold cols.
func Find(d schema.Dialect, q *query.Query, ro entry.ReadOptions) (b *Builder, cols []Column) {
	cols = Selection(q)
	b = NewRead(d, ro, q.Status)
	b.versioned = true
	b.selectInto(q, cols, "", " FROM "+Ident(q.Type.Table)+" "+Root, nil)
	b.page(q.Pagination)
	return b, cols
}

// Count is the statement of how many entries q's filters, the scope and
// the status select, regardless of pagination: one row, one number.
func Count(d schema.Dialect, q *query.Query, ro entry.ReadOptions) *Builder {
	b := NewRead(d, ro, q.Status)
	b.versioned = true
	b.W("SELECT COUNT(*) FROM ", Ident(q.Type.Table), " ", Root)
	b.WhereClause(q, Root, nil)
	return b
}

// One is the statement of the row where picks (ByID, ByRef) under q's
// filters, the scope and the status, with q's fields. q's sort is
// ignored: one row has no order.
func One(d schema.Dialect, q *query.Query, ro entry.ReadOptions, where func(*Builder)) (b *Builder, cols []Column) {
	one := *q
	one.Sort = nil
	cols = Selection(&one)
	b = NewRead(d, ro, q.Status)
	b.selectInto(&one, cols, "", " FROM "+Ident(q.Type.Table)+" "+Root, where)
	return b, cols
}

// selectInto writes "SELECT cols [, extra] <from> <sort joins> [WHERE link
// AND filters AND scope AND status] ORDER BY <sort>, t0.id": the one
// statement shape of every read, top level or populate. link, when given,
// writes the condition that ties the rows to their owners; extra is
// another selected expression (the owner id of a populate row), from
// another FROM (a join table joined to the target).
func (b *Builder) selectInto(q *query.Query, cols []Column, extra, from string, link func(*Builder)) {
	// First: the joins take aliases, and their arguments (the scopes of
	// the types they reach) come before the WHERE clause's; the select
	// list before them has none.
	joins, order := b.orderBy(q, Root)
	b.W("SELECT ")
	b.SelectList(cols)
	if extra != "" {
		b.W(", ", extra)
	}
	b.W(from, joins)
	b.WhereClause(q, Root, link)
	b.W(order)
}

// WhereClause writes " WHERE " and the conditions every read of q on the
// type shares — the link to the owners if any, the client's filters, what
// the caller may see of the type (scope, publication status) — joined by
// AND; nothing when there are none.
func (b *Builder) WhereClause(q *query.Query, alias string, link func(*Builder)) {
	n := 0
	next := func() {
		if n > 0 {
			b.W(" AND ")
		} else {
			b.W(" WHERE ")
		}
		n++
	}
	if link != nil {
		next()
		link(b)
	}
	if q.Filters != nil {
		next()
		b.Filter(q.Filters, alias)
	}
	if b.Narrows(q.Type) {
		next()
		b.Visible(q.Type, alias)
	}
	if b.versioned && q.Type.DraftAndPublish && !b.HidesDrafts(q.Type) {
		next() // a draft read (a published read has its condition above)
		b.draftVersion(q.Type, alias)
	}
	if readsLocale(q) {
		next()
		b.localeCond(q, alias)
	}
}
