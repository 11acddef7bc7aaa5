package store_test

import (
	"reflect"
	"testing"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/store/storetest"
)

func TestSort(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db)
		cu, pr, se, ev := f.ty("customer"), f.ty("program"), f.ty("session"), f.ty("event")
		cases := []struct {
			name string
			ct   *schema.ContentType
			sort []query.SortKey
			want []int64
		}{
			{"default is id", cu, nil, ids(1, 2, 3, 4, 5, 6)},
			{"text ascending in byte order", cu, []query.SortKey{by(cu, "name", false)}, ids(1, 5, 3, 6, 4, 2)},
			{"text descending", cu, []query.SortKey{by(cu, "name", true)}, ids(2, 4, 6, 3, 5, 1)},
			{"NULLs last ascending, the empty string first", cu, []query.SortKey{by(cu, "industry", false)}, ids(6, 1, 2, 4, 5, 3)},
			{"NULLs first descending", cu, []query.SortKey{by(cu, "industry", true)}, ids(3, 4, 5, 2, 1, 6)},
			{"boolean then text", cu, []query.SortKey{by(cu, "active", true), by(cu, "name", false)}, ids(5, 1, 3, 4, 6, 2)},
			{"integer ascending", pr, []query.SortKey{by(pr, "capacity", false)}, ids(6, 2, 1, 5, 4, 3)},
			{"integer descending", pr, []query.SortKey{by(pr, "capacity", true)}, ids(3, 4, 1, 5, 2, 6)},
			{"date descending", pr, []query.SortKey{by(pr, "startDate", true)}, ids(3, 6, 2, 1, 5, 4)},
			{"two keys", pr, []query.SortKey{by(pr, "startDate", false), by(pr, "title", true)}, ids(4, 1, 5, 2, 6, 3)},
			{"through a relation", pr, []query.SortKey{by(pr, "customer.name", false)}, ids(1, 2, 4, 6, 3, 5)},
			{"through a relation descending", pr, []query.SortKey{by(pr, "customer.name", true)}, ids(5, 3, 6, 4, 1, 2)},
			{"through two relations, then a scalar", se, []query.SortKey{by(se, "program.customer.name", true), by(se, "title", false)}, ids(6, 5, 3, 4, 2, 1)},
			{"datetime descending", ev, []query.SortKey{by(ev, "startAt", true)}, ids(4, 3, 2, 1)},
			{"id descending", cu, []query.SortKey{by(cu, "id", true)}, ids(6, 5, 4, 3, 2, 1)},
			{"system timestamp then id", cu, []query.SortKey{by(cu, "createdAt", false)}, ids(1, 2, 3, 4, 5, 6)},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				eqIDs(t, "order", f.ids(t, &query.Query{Type: c.ct, Sort: c.sort}, entry.ReadOptions{}), c.want)
			})
		}
		t.Run("sort with a relation filter and a relation key", func(t *testing.T) {
			q := &query.Query{Type: se, Sort: []query.SortKey{by(se, "module.title", false)},
				Filters: rel(se, "program.customer", op("name", query.OpEq, "Acme Corp"))}
			// Modules: 1 Intro, 2 Deep Dive, 3 Kickoff.
			eqIDs(t, "order", f.ids(t, q, entry.ReadOptions{}), ids(3, 1, 2, 4))
		})
	})
}

func TestPagination(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db)
		cu := f.ty("customer")
		byName := []query.SortKey{by(cu, "name", false)} // 1, 5, 3, 6, 4, 2
		cases := []struct {
			name string
			p    query.Pagination
			want []int64
		}{
			{"offset and limit", query.Pagination{Mode: query.OffsetStyle, Start: 1, Limit: 2}, ids(5, 3)},
			{"first page", query.Pagination{Page: 1, PageSize: 4}, ids(1, 5, 3, 6)},
			{"second page", query.Pagination{Page: 2, PageSize: 4}, ids(4, 2)},
			{"past the end", query.Pagination{Mode: query.OffsetStyle, Start: 10, Limit: 5}, ids()},
			{"limit larger than the rest", query.Pagination{Mode: query.OffsetStyle, Start: 4, Limit: 25}, ids(4, 2)},
			{"no window at all", query.Pagination{}, ids(1, 5, 3, 6, 4, 2)},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				q := &query.Query{Type: cu, Sort: byName, Pagination: c.p}
				eqIDs(t, "page", f.ids(t, q, entry.ReadOptions{}), c.want)
				if n, err := f.st.Count(ctx, db, q, entry.ReadOptions{}); err != nil || n != 6 {
					t.Errorf("count %d, %v; want 6 whatever the page", n, err)
				}
			})
		}
	})
}

// Blueprints: Lead 101 is rows 1 (draft) and 2 (published), Lead 201 the
// draft 3, Sales Playbook rows 4 and 5, Coach Kit the draft 6; program 1
// links Lead 101, program 2 Lead 201; category 2 holds both.
func TestDraftAndPublish(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db)
		bp, pr, ca, cu := f.ty("blueprint"), f.ty("program"), f.ty("category"), f.ty("customer")
		ro := entry.ReadOptions{}

		pub := f.find(t, &query.Query{Type: bp}, ro)
		eqIDs(t, "published", idsOf(pub), ids(2, 5))
		for _, e := range pub {
			if get(t, e, "publishedAt") == nil {
				t.Errorf("published blueprint %d has no publishedAt", e.ID)
			}
		}
		drafts := f.find(t, &query.Query{Type: bp, Status: query.Draft}, ro)
		eqIDs(t, "draft", idsOf(drafts), ids(1, 3, 4, 6))
		for _, e := range drafts {
			if v := get(t, e, "publishedAt"); v != nil {
				t.Errorf("draft read of blueprint %d shows publishedAt %v, want null", e.ID, v)
			}
		}
		for status, want := range map[query.Status]int64{query.Published: 2, query.Draft: 4} {
			if n, _ := f.st.Count(ctx, db, &query.Query{Type: bp, Status: status}, ro); n != want {
				t.Errorf("count with status %v: %d, want %d", status, n, want)
			}
		}
		if _, err := f.st.FindOne(ctx, db, &query.Query{Type: bp}, 3, ro); errs.KindOf(err) != errs.KindNotFound {
			t.Errorf("published FindOne of a draft: %v, want NotFound", err)
		}
		if _, err := f.st.FindOne(ctx, db, &query.Query{Type: bp, Status: query.Draft}, 3, ro); err != nil {
			t.Errorf("draft FindOne of a draft: %v", err)
		}

		// Types without draft & publish ignore the status and keep publishedAt.
		plain := f.find(t, &query.Query{Type: cu, Status: query.Draft}, ro)
		eqIDs(t, "draft read of a type without draft & publish", idsOf(plain), ids(1, 2, 3, 4, 5, 6))
		if get(t, plain[0], "publishedAt") == nil {
			t.Error("customer read with status draft lost its publishedAt")
		}

		// Populated targets follow the parent's status.
		q := &query.Query{Type: pr, Populate: []*query.Populate{pop(pr, "blueprint", nil)}, Filters: cond(pr, "id", query.OpIn, list(int64(1), int64(2)))}
		got := f.find(t, q, ro)
		eqIDs(t, "published: program 1 blueprint", related(t, got[0], "blueprint"), ids(2))
		eqIDs(t, "published: program 2's draft blueprint", related(t, got[1], "blueprint"), nil)
		q.Status = query.Draft
		got = f.find(t, q, ro)
		eqIDs(t, "draft: program 2 blueprint", related(t, got[1], "blueprint"), ids(3))
		if v := get(t, get(t, got[1], "blueprint").(*entry.Entry), "publishedAt"); v != nil {
			t.Errorf("populated draft shows publishedAt %v", v)
		}
		cq := &query.Query{Type: ca, Populate: []*query.Populate{pop(ca, "blueprints", nil)}, Filters: cond(ca, "id", query.OpEq, int64(2))}
		eqIDs(t, "published: category 2 blueprints", related(t, f.find(t, cq, ro)[0], "blueprints"), ids(2))
		cq.Status = query.Draft
		eqIDs(t, "draft: category 2 blueprints", related(t, f.find(t, cq, ro)[0], "blueprints"), ids(1, 3))
		cq.Status = query.Published
		cq.Populate[0].Count = true
		if c := get(t, f.find(t, cq, ro)[0], "blueprints").(entry.Count); c.N != 1 {
			t.Errorf("published count of category 2 blueprints: %d, want 1", c.N)
		}
	})
}

// loaded lists the fields of e that were loaded, in slot order.
func loaded(e *entry.Entry) []string {
	var out []string
	for _, a := range e.Type.Attributes {
		if _, ok := e.Get(a); ok {
			out = append(out, a.Name)
		}
	}
	for _, a := range []*schema.Attribute{schema.SysCreatedAt, schema.SysUpdatedAt, schema.SysPublishedAt} {
		if _, ok := e.Get(a); ok {
			out = append(out, a.Name)
		}
	}
	return out
}

func TestFields(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db)
		cu, us := f.ty("customer"), f.ty("user")
		ro := entry.ReadOptions{}
		check := func(name string, q *query.Query, want []string) {
			t.Helper()
			list := f.find(t, q, ro)
			if len(list) == 0 {
				t.Fatalf("%s: no entries", name)
			}
			e := list[0]
			if got := loaded(e); !equalStrings(got, want) {
				t.Errorf("%s: loaded %v, want %v", name, got, want)
			}
			if e.ID == 0 || len(e.DocumentID) != 24 {
				t.Errorf("%s: id %d documentId %q: both always come back", name, e.ID, e.DocumentID)
			}
		}
		check("all fields", &query.Query{Type: cu},
			[]string{"name", "industry", "contactEmail", "active", "createdAt", "updatedAt", "publishedAt"})
		check("one field", &query.Query{Type: cu, Fields: fields(cu, "name")}, []string{"name"})
		check("a field and a timestamp", &query.Query{Type: cu, Fields: fields(cu, "industry", "createdAt")}, []string{"industry", "createdAt"})
		check("no field", &query.Query{Type: cu, Fields: query.IDsOnly()}, nil)
		if v := get(t, f.find(t, &query.Query{Type: cu, Fields: fields(cu, "name")}, ro)[0], "name"); v != "Acme Corp" {
			t.Errorf("name %v", v)
		}

		f.add("user", vals{"username": "kai", "email": "kai@u.test", "password": "$2a$10$hash", "resetPasswordToken": "tok",
			"confirmationToken": "conf", "provider": "local", "confirmed": true}, nil)
		userFields := []string{"username", "email", "provider", "confirmed", "blocked", "createdAt", "updatedAt", "publishedAt"}
		check("private fields never", &query.Query{Type: us}, userFields)
		check("private fields never, even when named", &query.Query{Type: us, Fields: fields(us, "username", "password", "resetPasswordToken")},
			[]string{"username"})
		check("only private fields named", &query.Query{Type: us, Fields: fields(us, "confirmationToken")}, nil)
	})
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestFindOne(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db)
		pr := f.ty("program")
		q := &query.Query{Type: pr, Populate: []*query.Populate{pop(pr, "customer", nil), pop(pr, "modules", nil)}}
		e, err := f.st.FindOne(ctx, db, q, 1, entry.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if e.ID != 1 || e.DocumentID != f.doc("program", 1) || get(t, e, "title") != "Leadership Basics" {
			t.Errorf("got %d %s %v", e.ID, e.DocumentID, get(t, e, "title"))
		}
		eqIDs(t, "customer", related(t, e, "customer"), ids(1))
		eqIDs(t, "modules", related(t, e, "modules"), ids(1, 2))
		if _, err := f.st.FindOne(ctx, db, q, 99, entry.ReadOptions{}); errs.KindOf(err) != errs.KindNotFound {
			t.Errorf("missing: %v, want NotFound", err)
		}
		q.Filters = cond(pr, "status", query.OpEq, "draft")
		if _, err := f.st.FindOne(ctx, db, q, 1, entry.ReadOptions{}); errs.KindOf(err) != errs.KindNotFound {
			t.Errorf("filtered out: %v, want NotFound", err)
		}
	})
}

func TestResolve(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db)
		cu := f.ty("customer")
		d1, d6 := f.doc("customer", 1), f.doc("customer", 6)
		f.counter.start()
		got, err := f.st.Resolve(ctx, db, cu, []string{d1, "3", d6, "999", "nosuchdocumentidatall000", "0", "-1", "", "1e3", f.doc("program", 2)})
		if err != nil {
			t.Fatal(err)
		}
		if n := f.counter.n(); n != 1 {
			t.Errorf("%d queries, want 1", n)
		}
		want := map[string]int64{d1: 1, "3": 3, d6: 6}
		if len(got) != len(want) {
			t.Errorf("got %v, want %v", got, want)
		}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("%s: got %d, want %d", k, got[k], v)
			}
		}
	})
}

// TestResolveVisible: under a scope, a reference to an entry the scope
// hides resolves to nothing, as one to no entry at all; still one query.
func TestResolveVisible(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db)
		le := f.ty("learner")
		ro := entry.ReadOptions{Scopes: map[*schema.ContentType]*query.Filter{ // learners of customer Acme Corp only: 1 and 2
			le: rel(le, "customer", op("name", query.OpEq, "Acme Corp")),
		}}
		d2, d3 := f.doc("learner", 2), f.doc("learner", 3)
		f.counter.start()
		got, err := f.st.ResolveVisible(ctx, db, le, []string{"1", d2, "3", d3, "999"}, ro)
		if err != nil {
			t.Fatal(err)
		}
		if n := f.counter.n(); n != 1 {
			t.Errorf("%d queries, want 1", n)
		}
		if want := map[string]int64{"1": 1, d2: 2}; !reflect.DeepEqual(got, want) {
			t.Errorf("got %v, want %v", got, want)
		}
		// Without a scope on the type, everything that exists resolves.
		got, err = f.st.ResolveVisible(ctx, db, f.ty("customer"), []string{"1", "2"}, ro)
		if err != nil || len(got) != 2 {
			t.Errorf("unscoped type: %v %v", got, err)
		}
	})
}
