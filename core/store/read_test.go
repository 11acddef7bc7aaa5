package store_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/uptrace/bun"

	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/core/store"
	"github.com/kiln-cms/kiln/core/store/storetest"
)

func loadSchema(t testing.TB) *schema.Schema {
	t.Helper()
	s, err := schema.LoadDir("../../content-types")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// createAll builds every table on an empty database.
func createAll(t testing.TB, db *store.DB, s *schema.Schema) {
	t.Helper()
	for _, stmt := range store.CreateStatements(db.Dialect, s) {
		if _, err := db.Bun.ExecContext(context.Background(), stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
}

// queryCounter counts the statements a database runs.
type queryCounter struct{ n int }

func (q *queryCounter) BeforeQuery(ctx context.Context, _ *bun.QueryEvent) context.Context {
	return ctx
}
func (q *queryCounter) AfterQuery(context.Context, *bun.QueryEvent) { q.n++ }

func insert(t testing.TB, st *store.Store, ct *schema.ContentType, values map[string]any, rels map[string][]int64) int64 {
	t.Helper()
	d := store.Data{Values: map[*schema.Attribute]any{}, Relations: map[*schema.Attribute]store.RelationChange{}}
	for k, v := range values {
		d.Values[ct.Attr(k)] = v
	}
	for k, v := range rels {
		d.Relations[ct.Attr(k)] = store.RelationChange{Set: v, SetGiven: true}
	}
	e, err := st.Insert(context.Background(), st.DB.Bun, ct, d, true)
	if err != nil {
		t.Fatal(err)
	}
	return e.ID
}

// TestListQueriesAreBatched proves the design rule: a list of 25 with two
// populated relations (one nested) is one page query plus one query per
// relation per level, whatever the page size; the count is one more.
func TestListQueriesAreBatched(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s := loadSchema(t)
		createAll(t, db, s)
		st := &store.Store{DB: db}
		customer, program, module, session := s.Type("customer"), s.Type("program"), s.Type("module"), s.Type("session")
		c := insert(t, st, customer, map[string]any{"name": "Acme"}, nil)
		for i := 0; i < 30; i++ {
			p := insert(t, st, program, map[string]any{"title": "P"}, map[string][]int64{"customer": {c}})
			for m := 0; m < 2; m++ {
				mod := insert(t, st, module, map[string]any{"title": "M"}, map[string][]int64{"program": {p}})
				insert(t, st, session, map[string]any{"title": "S"}, map[string][]int64{"module": {mod}, "program": {p}})
			}
		}
		q, err := query.Parse(program, "populate[customer]=true&populate[modules][populate][sessions]=true&pagination[pageSize]=25", query.DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		counter := &queryCounter{}
		db.Bun.AddQueryHook(counter)
		list, err := st.Find(context.Background(), db.Bun, q, store.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Count(context.Background(), db.Bun, q, store.ReadOptions{}); err != nil {
			t.Fatal(err)
		}
		if len(list) != 25 {
			t.Fatalf("%d entries, want 25", len(list))
		}
		// page + customer + modules + modules.sessions + count
		if counter.n != 5 {
			t.Errorf("%d queries, want 5", counter.n)
		}
		mods, _ := list[0].Get(program.Attr("modules"))
		if got := len(mods.([]*store.Entry)); got != 2 {
			t.Errorf("first program has %d modules, want 2", got)
		}
		sess, _ := mods.([]*store.Entry)[0].Get(module.Attr("sessions"))
		if got := len(sess.([]*store.Entry)); got != 1 {
			t.Errorf("first module has %d sessions, want 1", got)
		}
	})
}

// TestScopeAppliesInPopulate: the server's scope filters the top level and
// every populated relation of the scoped type.
func TestScopeAppliesInPopulate(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s := loadSchema(t)
		createAll(t, db, s)
		st := &store.Store{DB: db}
		event, learner := s.Type("event"), s.Type("learner")
		l1 := insert(t, st, learner, map[string]any{"name": "A", "email": "a@x.test"}, nil)
		l2 := insert(t, st, learner, map[string]any{"name": "B", "email": "b@x.test"}, nil)
		insert(t, st, event, map[string]any{"title": "E"}, map[string][]int64{"learners": {l1, l2}})
		onlyA, err := query.ParseFilter(learner, map[string]any{"name": "A"}, query.DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		ro := store.ReadOptions{Scope: func(ct *schema.ContentType) *query.Filter {
			if ct == learner {
				return onlyA
			}
			return nil
		}}
		q, _ := query.Parse(event, "populate=learners", query.DefaultOptions())
		list, err := st.Find(context.Background(), db.Bun, q, ro)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := list[0].Get(event.Attr("learners"))
		var names []string
		for _, e := range got.([]*store.Entry) {
			v, _ := e.Get(learner.Attr("name"))
			names = append(names, v.(string))
		}
		if !reflect.DeepEqual(names, []string{"A"}) {
			t.Errorf("populated learners %v, want [A]", names)
		}
		lq, _ := query.Parse(learner, "", query.DefaultOptions())
		if n, _ := st.Count(context.Background(), db.Bun, lq, ro); n != 1 {
			t.Errorf("scoped count %d, want 1", n)
		}
	})
}
