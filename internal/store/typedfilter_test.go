package store_test

import (
	"reflect"
	"testing"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/query/filtertest"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/store"
)

// TestConstructedFiltersWriteTheParsedSQL: a filter built with core/query's
// constructors writes, on both dialects, the same SQL text and arguments
// as the same filter parsed from text, for every case of
// core/query/filtertest (every type, field and operator of the platform's
// schema, the logical operators and the relation hops). The filter is
// written as a scope, through Stmt.From: the one way to the filter SQL
// that needs no database.
func TestConstructedFiltersWriteTheParsedSQL(t *testing.T) {
	t.Parallel()
	compared := 0
	for _, c := range filtertest.Cases(loadSchema(t)) {
		built, ok := tryBuild(c.Build)
		if !ok {
			continue // core/query's tests check the parser refuses it too
		}
		for _, text := range c.Texts {
			parsed, err := query.ParseFilter(c.Type, text, query.DefaultOptions())
			if err != nil {
				t.Fatalf("%s: %v", c.Name, err)
			}
			for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
				bs, ba := filterSQL(d, c.Type, built)
				ps, pa := filterSQL(d, c.Type, parsed)
				if bs != ps || !reflect.DeepEqual(ba, pa) {
					t.Errorf("%s on %s:\nbuilt:  %s %#v\nparsed: %s %#v", c.Name, d, bs, ba, ps, pa)
				}
				compared++
			}
		}
	}
	if compared < 4000 {
		t.Fatalf("compared %d statements: the cases are not being generated", compared)
	}
}

// tryBuild runs a constructor call, reporting whether it built.
func tryBuild(fn func() *query.Filter) (f *query.Filter, ok bool) {
	defer func() {
		if recover() != nil {
			f, ok = nil, false
		}
	}()
	return fn(), true
}

// filterSQL is the statement text and arguments of f as ct's scope.
func filterSQL(d database.Dialect, ct *schema.ContentType, f *query.Filter) (string, []any) {
	st := store.NewStmt(d).W("SELECT 1 FROM ").From(ct, "t", entry.ReadOptions{Scopes: map[*schema.ContentType]*query.Filter{ct: f}})
	return st.SQL(), st.Args()
}
