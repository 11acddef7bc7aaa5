package store_test

import (
	"testing"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/store/storetest"
)

// byID indexes a page by id.
func byID(list []*entry.Entry) map[int64]*entry.Entry {
	out := map[int64]*entry.Entry{}
	for _, e := range list {
		out[e.ID] = e
	}
	return out
}

// relatedOf checks a populated relation of every entry of a page against
// want (entry id -> related ids, in order).
func relatedOf(t *testing.T, list []*entry.Entry, field string, want map[int64][]int64) {
	t.Helper()
	m := byID(list)
	for id, w := range want {
		e := m[id]
		if e == nil {
			t.Errorf("%s: entry %d missing", field, id)
			continue
		}
		eqIDs(t, field+" of "+e.Type.Name+" "+itoa(id), related(t, e, field), w)
	}
}

func itoa(n int64) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

func TestPopulateShapes(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db)
		cu, pr, co, ev, le, ca, se, mo := f.ty("customer"), f.ty("program"), f.ty("coach"), f.ty("event"),
			f.ty("learner"), f.ty("category"), f.ty("session"), f.ty("module")
		ro := entry.ReadOptions{}
		populate := func(ct *schema.ContentType, ps ...*query.Populate) []*entry.Entry {
			return f.find(t, &query.Query{Type: ct, Populate: ps}, ro)
		}

		t.Run("to-one", func(t *testing.T) {
			list := populate(pr, pop(pr, "customer", nil))
			relatedOf(t, list, "customer", map[int64][]int64{1: {1}, 2: {1}, 3: {2}, 4: {3}, 5: nil, 6: {4}})
			c := get(t, list[0], "customer").(*entry.Entry)
			if c.DocumentID != f.doc("customer", 1) || get(t, c, "name") != "Acme Corp" {
				t.Errorf("populated customer %s %v", c.DocumentID, get(t, c, "name"))
			}
		})
		t.Run("to-many", func(t *testing.T) {
			relatedOf(t, populate(cu, pop(cu, "programs", nil)), "programs",
				map[int64][]int64{1: {1, 2}, 2: {3}, 3: {4}, 4: {6}, 5: {}, 6: {}})
		})
		t.Run("manyToMany owning side", func(t *testing.T) {
			relatedOf(t, populate(pr, pop(pr, "coaches", nil)), "coaches",
				map[int64][]int64{1: {1, 2}, 2: {1}, 3: {}, 4: {}, 5: {}, 6: {3}})
			relatedOf(t, populate(ev, pop(ev, "learners", nil)), "learners",
				map[int64][]int64{1: {1, 2, 3}, 2: {1}, 3: {}, 4: {2, 3}})
		})
		t.Run("manyToMany mapped side", func(t *testing.T) {
			relatedOf(t, populate(co, pop(co, "programs", nil)), "programs", map[int64][]int64{1: {1, 2}, 2: {1}, 3: {6}})
			relatedOf(t, populate(le, pop(le, "events", nil)), "events", map[int64][]int64{1: {1, 2}, 2: {1, 4}, 3: {1, 4}, 4: {}})
		})
		t.Run("self relation both ways", func(t *testing.T) {
			list := populate(ca, pop(ca, "parent", nil), pop(ca, "children", nil))
			relatedOf(t, list, "parent", map[int64][]int64{1: nil, 2: {1}, 3: {1}, 4: {2}})
			relatedOf(t, list, "children", map[int64][]int64{1: {2, 3}, 2: {4}, 3: {}, 4: {}})
		})
		t.Run("nested two levels", func(t *testing.T) {
			list := populate(cu, pop(cu, "programs", &query.Query{Populate: []*query.Populate{pop(pr, "modules", nil), pop(pr, "customer", nil)}}))
			c1 := byID(list)[1]
			progs := get(t, c1, "programs").([]*entry.Entry)
			relatedOf(t, progs, "modules", map[int64][]int64{1: {1, 2}, 2: {3}})
			relatedOf(t, progs, "customer", map[int64][]int64{1: {1}, 2: {1}})
			relatedOf(t, get(t, byID(list)[2], "programs").([]*entry.Entry), "modules", map[int64][]int64{3: {4}})
		})
		t.Run("nested three levels through manyToMany", func(t *testing.T) {
			list := populate(co, pop(co, "programs", &query.Query{Populate: []*query.Populate{
				pop(pr, "modules", &query.Query{Populate: []*query.Populate{pop(mo, "sessions", nil)}})}}))
			// Coaches 1 and 2 both have program 1: each gets its own copy, fully populated.
			for _, coach := range []int64{1, 2} {
				p1 := byID(get(t, byID(list)[coach], "programs").([]*entry.Entry))[1]
				relatedOf(t, get(t, p1, "modules").([]*entry.Entry), "sessions", map[int64][]int64{1: {1, 2}, 2: {3}})
			}
		})
		t.Run("nested with filters, sort and fields", func(t *testing.T) {
			nq := &query.Query{
				Filters: cond(pr, "status", query.OpEq, "published"),
				Sort:    []query.SortKey{by(pr, "title", false)},
				Fields:  fields(pr, "title"),
			}
			list := populate(cu, pop(cu, "programs", nq))
			relatedOf(t, list, "programs", map[int64][]int64{1: {2, 1}, 2: {}, 3: {}, 4: {6}})
			p := get(t, byID(list)[1], "programs").([]*entry.Entry)[0]
			if got := loaded(p); !equalStrings(got, []string{"title"}) {
				t.Errorf("populated program loaded %v, want [title]", got)
			}
			if get(t, p, "title") != "Advanced Leadership" || p.DocumentID != f.doc("program", 2) {
				t.Errorf("populated program %v %s", get(t, p, "title"), p.DocumentID)
			}
		})
		t.Run("nested manyToMany sorted", func(t *testing.T) {
			nq := &query.Query{Sort: []query.SortKey{by(co, "name", true)}}
			relatedOf(t, populate(pr, pop(pr, "coaches", nq)), "coaches", map[int64][]int64{1: {2, 1}})
		})
		t.Run("nested sort through a relation", func(t *testing.T) {
			nq := &query.Query{Sort: []query.SortKey{by(se, "module.title", true), by(se, "title", false)}}
			relatedOf(t, populate(pr, pop(pr, "sessions", nq)), "sessions", map[int64][]int64{1: {2, 1, 3}})
		})
		t.Run("nested relation filter", func(t *testing.T) {
			nq := &query.Query{Filters: rel(le, "events", op("title", query.OpEq, "Retro"))}
			relatedOf(t, populate(cu, pop(cu, "learners", nq)), "learners", map[int64][]int64{1: {2}, 2: {3}, 3: {}})
		})
		t.Run("to-one filtered out is null", func(t *testing.T) {
			nq := &query.Query{Filters: cond(cu, "active", query.OpEq, true)}
			relatedOf(t, populate(pr, pop(pr, "customer", nq)), "customer", map[int64][]int64{1: {1}, 3: nil, 4: {3}, 5: nil})
		})
		t.Run("count", func(t *testing.T) {
			count := func(list []*entry.Entry, field string, want map[int64]int64) {
				t.Helper()
				m := byID(list)
				for id, n := range want {
					c, ok := get(t, m[id], field).(entry.Count)
					if !ok || c.N != n {
						t.Errorf("%s of %d: %v, want %d", field, id, get(t, m[id], field), n)
					}
				}
			}
			counted := func(ct *schema.ContentType, field string, nq *query.Query) *query.Populate {
				p := pop(ct, field, nq)
				p.Count = true
				return p
			}
			count(populate(cu, counted(cu, "programs", nil)), "programs", map[int64]int64{1: 2, 2: 1, 5: 0})
			count(populate(cu, counted(cu, "programs", &query.Query{Filters: cond(pr, "status", query.OpEq, "published")})),
				"programs", map[int64]int64{1: 2, 2: 0, 4: 1})
			count(populate(ev, counted(ev, "learners", nil)), "learners", map[int64]int64{1: 3, 2: 1, 3: 0, 4: 2})
			count(populate(le, counted(le, "events", nil)), "events", map[int64]int64{1: 2, 4: 0})
			count(populate(pr, counted(pr, "customer", nil)), "customer", map[int64]int64{1: 1, 5: 0})
			count(populate(ca, counted(ca, "children", nil)), "children", map[int64]int64{1: 2, 2: 1, 3: 0})
		})
		t.Run("populate and fields together keep the foreign key out", func(t *testing.T) {
			list := f.find(t, &query.Query{Type: pr, Fields: fields(pr, "title"), Populate: []*query.Populate{pop(pr, "customer", nil)}}, ro)
			if got := loaded(list[0]); !equalStrings(got, []string{"title", "customer"}) {
				t.Errorf("loaded %v, want [title customer]", got)
			}
		})
		t.Run("empty page populates nothing", func(t *testing.T) {
			f.counter.start()
			list := f.find(t, &query.Query{Type: cu, Filters: or(), Populate: []*query.Populate{pop(cu, "programs", nil)}}, ro)
			if len(list) != 0 || f.counter.n() != 1 {
				t.Errorf("%d entries, %d queries; want 0 and 1", len(list), f.counter.n())
			}
		})
	})
}

// TestScope: the server's scope filters the entries returned, their count,
// FindOne and every populated relation of the scoped type; relation
// filters cross the raw relation.
func TestScope(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db)
		le, ev, cu, pr := f.ty("learner"), f.ty("event"), f.ty("customer"), f.ty("program")
		ro := entry.ReadOptions{Scopes: map[*schema.ContentType]*query.Filter{
			le: rel(le, "customer", op("name", query.OpEq, "Acme Corp")), // learners of customer Acme Corp only, through a relation
			cu: cond(cu, "active", query.OpEq, true),                     // active customers only
		}}
		eqIDs(t, "scoped learners", f.ids(t, &query.Query{Type: le}, ro), ids(1, 2))
		if n, _ := f.st.Count(ctx, db, &query.Query{Type: le}, ro); n != 2 {
			t.Errorf("scoped count %d, want 2", n)
		}
		eqIDs(t, "scope ANDed with filters", f.ids(t, &query.Query{Type: le, Filters: cond(le, "name", query.OpNe, "Lena")}, ro), ids(2))
		if _, err := f.st.FindOne(ctx, db, &query.Query{Type: le}, 3, ro); errs.KindOf(err) != errs.KindNotFound {
			t.Errorf("FindOne outside the scope: %v, want NotFound", err)
		}
		relatedOf(t, f.find(t, &query.Query{Type: ev, Populate: []*query.Populate{pop(ev, "learners", nil)}}, ro), "learners",
			map[int64][]int64{1: {1, 2}, 2: {1}, 4: {2}})
		relatedOf(t, f.find(t, &query.Query{Type: pr, Populate: []*query.Populate{pop(pr, "customer", nil)}}, ro), "customer",
			map[int64][]int64{1: {1}, 3: nil, 4: {3}, 6: {4}})
		counted := pop(ev, "learners", nil)
		counted.Count = true
		if c := get(t, f.find(t, &query.Query{Type: ev, Populate: []*query.Populate{counted}}, ro)[0], "learners").(entry.Count); c.N != 2 {
			t.Errorf("scoped count of event 1 learners: %d, want 2", c.N)
		}
		// Customer 2 is inactive, so out of scope: a filter through the
		// relation cannot reach it, while the scope itself is the
		// server's rule and reads the raw relation (learners of Acme Corp
		// stay visible whatever the customer scope says).
		eqIDs(t, "relation filter through a hidden row",
			f.ids(t, &query.Query{Type: pr, Filters: rel(pr, "customer", op("name", query.OpEq, "acme labs"))}, ro), ids())
		eqIDs(t, "relation filter through a visible row",
			f.ids(t, &query.Query{Type: pr, Filters: rel(pr, "customer", op("name", query.OpEq, "Acme Corp"))}, ro), ids(1, 2))
		// Nested populates apply each level's scope.
		ro2 := entry.ReadOptions{Scopes: map[*schema.ContentType]*query.Filter{
			le: cond(le, "name", query.OpNe, "Max"),
			cu: cond(cu, "active", query.OpEq, true),
		}}
		q := &query.Query{Type: ev, Filters: cond(ev, "id", query.OpEq, int64(1)), Populate: []*query.Populate{
			pop(ev, "learners", &query.Query{Populate: []*query.Populate{pop(le, "customer", nil)}}),
			pop(ev, "program", &query.Query{Populate: []*query.Populate{
				pop(pr, "customer", &query.Query{Populate: []*query.Populate{pop(cu, "learners", nil)}})}}),
		}}
		e1 := f.find(t, q, ro2)[0]
		learners := get(t, e1, "learners").([]*entry.Entry)
		eqIDs(t, "event 1 learners", idsOf(learners), ids(1, 3))
		relatedOf(t, learners, "customer", map[int64][]int64{1: {1}, 3: nil})
		c := get(t, get(t, e1, "program").(*entry.Entry), "customer").(*entry.Entry)
		eqIDs(t, "event 1 > program > customer > learners", related(t, c, "learners"), ids(1))
	})
}
