package sqlgen

import (
	"strconv"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// page writes LIMIT and OFFSET. The numbers are ints, written as digits.
func (b *Builder) page(p query.Pagination) {
	size, offset := p.Size(), p.Offset()
	switch {
	case size > 0:
		b.W(" LIMIT ", strconv.Itoa(size))
	case offset > 0 && b.d == schema.SQLite: // SQLite has no OFFSET without LIMIT
		b.W(" LIMIT -1")
	}
	if offset > 0 {
		b.W(" OFFSET ", strconv.Itoa(offset))
	}
}

// Page is a list's page and its total in one statement: the page and the
// count are two subqueries, each planned as it would be alone, joined on
// a condition that always holds:
//
//	SELECT p.c0, ..., c.n
//	FROM (SELECT COUNT(*) AS n FROM <type> t0 WHERE ...) c
//	LEFT JOIN (SELECT <cols> AS c0..., <sort keys> AS k0...
//	           FROM ... WHERE ... ORDER BY ... LIMIT ... OFFSET ...) p ON 1=1
//	ORDER BY p.k0 ..., p.c0
//
// The count is one row, always, so an empty page still answers it (one
// row of NULLs and the total); the outer ORDER BY repeats the page's, on
// the keys the page selects, since a join keeps no order. count(*) OVER
// () would count in the page's own scan, which then reads every matching
// row instead of stopping at the limit. Its rows hold cols, then the
// total.
func Page(d schema.Dialect, q *query.Query, ro entry.ReadOptions) (b *Builder, cols []Column) {
	cols = Selection(q)
	b = NewRead(d, ro, q.Status)
	b.versioned = true
	// The outer select list has no arguments, so it can be written after
	// the subqueries, whose arguments come in text order.
	count0 := b.Capture(func() {
		b.W(" FROM (SELECT COUNT(*) AS n FROM ", Ident(q.Type.Table), " ", Root)
		b.WhereClause(q, Root, nil)
		b.W(") c LEFT JOIN (")
	})
	page := b.Capture(func() {
		joins, keys := b.SortKeys(q, Root)
		b.W("SELECT ")
		for i, c := range cols {
			if i > 0 {
				b.W(", ")
			}
			b.W(c.SQL, " AS c", strconv.Itoa(i))
		}
		for i, k := range keys {
			b.W(", ", k.expr, " AS k", strconv.Itoa(i))
		}
		b.W(" FROM ", Ident(q.Type.Table), " ", Root, joins)
		b.WhereClause(q, Root, nil)
		b.W(" ORDER BY ")
		for _, k := range keys {
			b.W(b.SortExpr(k.expr, k.text, k.desc), ", ")
		}
		b.W(Col(Root, schema.ColID))
		b.page(q.Pagination)
		b.W(") p ON 1=1 ORDER BY ")
		for i, k := range keys {
			b.W(b.SortExpr("p.k"+strconv.Itoa(i), k.text, k.desc), ", ")
		}
		b.W("p.c0")
	})
	// The outer select converts (selected): inside, below a sort, a
	// datetime's text would be made for every matching row, not the page's.
	b.W("SELECT ")
	for i, c := range cols {
		c.SQL = "p.c" + strconv.Itoa(i)
		b.selected(c)
		b.W(", ")
	}
	b.W("c.n", count0, page)
	return b, cols
}
