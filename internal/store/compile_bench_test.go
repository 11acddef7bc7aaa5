package store

import (
	"testing"

	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/dialect/sqlitedialect"
	bunschema "github.com/uptrace/bun/schema"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/query/querytest"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/sqlgen"
)

// BenchmarkParseAndCompile measures the whole way from a query string to
// the SQL text a database receives, without a database: parse and check
// (core/query), build the page and count statements (internal/sqlgen), and
// let bun format the bound values for the dialect.
func BenchmarkParseAndCompile(b *testing.B) {
	s, err := schema.LoadDir("../../content-types")
	if err != nil {
		b.Fatal(err)
	}
	ct := s.Type("learner")
	dialects := map[database.Dialect]bunschema.QueryGen{
		database.SQLite:   bunschema.NewQueryGen(sqlitedialect.New()),
		database.Postgres: bunschema.NewQueryGen(pgdialect.New()),
	}
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		b.Run(d.String(), func(b *testing.B) {
			gen := dialects[d]
			compile := func() int {
				q, err := query.Parse(ct, querytest.ComplexLearnerList, query.DefaultOptions())
				if err != nil {
					b.Fatal(err)
				}
				page, _ := sqlgen.Find(d, q, entry.ReadOptions{})
				count := sqlgen.Count(d, q, entry.ReadOptions{})
				return len(gen.FormatQuery(page.SQL(), page.Args()...)) +
					len(gen.FormatQuery(count.SQL(), count.Args()...))
			}
			if compile() == 0 {
				b.Fatal("no SQL")
			}
			b.ReportAllocs()
			for b.Loop() {
				compile()
			}
		})
	}
}
