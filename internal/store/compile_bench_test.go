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
)

// BenchmarkParseAndCompile measures the whole way from a query string to
// the SQL text a database receives, without a database: parse and check
// (core/query), build the page and count statements (this package), and
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
			st := &Store{DB: &database.DB{Dialect: d}}
			gen := dialects[d]
			compile := func() int {
				q, err := query.Parse(ct, querytest.ComplexLearnerList, query.DefaultOptions())
				if err != nil {
					b.Fatal(err)
				}
				page := st.selectSQL(q, entry.ReadOptions{}, selection(q), nil)
				page.page(q.Pagination)
				count := st.sql(entry.ReadOptions{}, q.Status)
				count.w("SELECT COUNT(*) FROM ", database.Ident(q.Type.Table), " ", root)
				count.whereClause(q, root, nil)
				return len(gen.FormatQuery(page.sb.String(), page.args...)) +
					len(gen.FormatQuery(count.sb.String(), count.args...))
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
