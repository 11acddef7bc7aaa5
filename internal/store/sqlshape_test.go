package store_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/store/storetest"
)

var update = flag.Bool("update", false, "rewrite testdata/sql/*.txt from the statements the store runs")

// TestSQLShapes keeps the statements of a few representative reads in
// golden files, one per dialect (testdata/sql/<dialect>.txt; -update
// rewrites them): the shape of the SQL is reviewed like code, and a change
// to it shows in the diff.
func TestSQLShapes(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db)
		pr, se, cu, co, ev := f.ty("program"), f.ty("session"), f.ty("customer"), f.ty("coach"), f.ty("event")
		counted := pop(cu, "programs", nil)
		counted.Count = true
		cases := []struct {
			name string
			q    *query.Query
		}{
			{"list: filters, sort through a relation, page, fields", &query.Query{Type: pr,
				Filters:    and(cond(pr, "status", query.OpEq, "published"), cond(pr, "capacity", query.OpGte, int64(10))),
				Sort:       []query.SortKey{by(pr, "customer.name", true), by(pr, "title", false)},
				Pagination: query.Pagination{Page: 2, PageSize: 10},
				Fields:     fields(pr, "title", "capacity"),
			}},
			{"relation filters: depth 3, to-many $null, case-sensitive contains", &query.Query{Type: se,
				Filters: or(rel(se, "program.customer", op("name", query.OpContains, "50%_")), cond(se, "events", query.OpNull, true)),
			}},
			{"relation filter through a manyToMany, case-insensitive", &query.Query{Type: ev,
				Filters: rel(ev, "learners", op("name", query.OpStartsWithi, "LE")),
			}},
			{"populate manyToMany, sorted, nested to-one", &query.Query{Type: pr, Populate: []*query.Populate{
				pop(pr, "coaches", &query.Query{Sort: []query.SortKey{by(co, "name", false)}, Fields: fields(co, "name")}),
				pop(pr, "customer", &query.Query{Fields: fields(cu, "name")}),
			}}},
			{"populate count", &query.Query{Type: cu, Fields: fields(cu, "name"), Populate: []*query.Populate{counted}}},
		}
		var out strings.Builder
		for _, c := range cases {
			f.counter.start()
			if _, _, err := f.st.FindPage(ctx, db, c.q, entry.ReadOptions{}, true); err != nil {
				t.Fatal(err)
			}
			out.WriteString("== " + c.name + "\n")
			for _, s := range f.counter.sql {
				out.WriteString(s + "\n")
			}
			out.WriteString("\n")
		}
		// findOne: a draft by the id of its published row, scoped.
		bp := f.ty("blueprint")
		f.counter.start()
		if _, err := f.st.FindRef(ctx, db, &query.Query{Type: bp, Status: query.Draft, Fields: fields(bp, "title")}, "2",
			entry.ReadOptions{Scopes: map[*schema.ContentType]*query.Filter{bp: cond(bp, "level", query.OpNe, "advanced")}}); err != nil {
			t.Fatal(err)
		}
		out.WriteString("== findOne: a draft by its published row's id, scoped\n" + strings.Join(f.counter.sql, "\n") + "\n")
		path := filepath.Join("testdata", "sql", db.Dialect.String()+".txt")
		if *update {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(out.String()), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run with -update to create it)", err)
		}
		if got := out.String(); got != string(want) {
			t.Errorf("SQL of %s differs from %s (run with -update to accept):\n%s", db.Dialect, path, got)
		}
	})
}
