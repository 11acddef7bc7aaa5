package store_test

import (
	"testing"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/store/storetest"
)

// TestListQueriesAreBatched proves the design rule with a query hook: a
// list with populated relations is one page query, which counts too, plus
// one query per relation per level, whatever the page size.
func TestListQueriesAreBatched(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db)
		cu, pr, mo, co := f.ty("customer"), f.ty("program"), f.ty("module"), f.ty("coach")
		// 30 more programs of customer 1, each with two modules of one
		// session each and coaches 1 and 2.
		for i := 0; i < 30; i++ {
			p := f.add("program", vals{"title": "Bulk"}, rels{"customer": {1}, "coaches": {1, 2}})
			for m := 0; m < 2; m++ {
				mod := f.add("module", vals{"title": "M"}, rels{"program": {p}})
				f.add("session", vals{"title": "S"}, rels{"module": {mod}, "program": {p}})
			}
		}
		ro := entry.ReadOptions{Scopes: map[*schema.ContentType]*query.Filter{}}
		run := func(name string, q *query.Query, wantEntries, wantQueries int) []*entry.Entry {
			t.Helper()
			f.counter.start()
			list, total, err := f.st.FindPage(ctx, db, q, ro, true)
			if err != nil {
				t.Fatal(err)
			}
			if total < int64(len(list)) {
				t.Errorf("%s: total %d for %d entries", name, total, len(list))
			}
			if len(list) != wantEntries {
				t.Errorf("%s: %d entries, want %d", name, len(list), wantEntries)
			}
			if n := f.counter.n(); n != wantQueries {
				t.Errorf("%s: %d queries, want %d:\n%v", name, n, wantQueries, f.counter.sql)
			}
			return list
		}
		page := func(size int) query.Pagination { return query.Pagination{Page: 1, PageSize: size} }
		twoRelations := func(size int) *query.Query {
			return &query.Query{Type: pr, Pagination: page(size), Filters: cond(pr, "title", query.OpEq, "Bulk"), Populate: []*query.Populate{
				pop(pr, "customer", nil),
				pop(pr, "modules", &query.Query{Populate: []*query.Populate{pop(mo, "sessions", nil)}}),
			}}
		}
		// page and count + customer + modules + modules.sessions
		list := run("25 programs, customer and modules.sessions", twoRelations(25), 25, 4)
		mods := get(t, list[0], "modules").([]*entry.Entry)
		if len(mods) != 2 || len(get(t, mods[0], "sessions").([]*entry.Entry)) != 1 {
			t.Errorf("first program: %d modules, want 2 with one session each", len(mods))
		}
		run("5 programs, the same populate", twoRelations(5), 5, 4)
		// page and count + coaches (join table joined to coaches) + coaches.learners
		run("manyToMany, nested", &query.Query{Type: pr, Pagination: page(25), Populate: []*query.Populate{
			pop(pr, "coaches", &query.Query{Populate: []*query.Populate{pop(co, "learners", nil)}}),
		}}, 25, 3)
		// page and count + one GROUP BY per counted relation
		counted := func(field string) *query.Populate { p := pop(cu, field, nil); p.Count = true; return p }
		run("counts", &query.Query{Type: cu, Pagination: page(25), Populate: []*query.Populate{counted("programs"), counted("learners")}}, 6, 3)
	})
}
