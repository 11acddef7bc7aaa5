package store

import (
	"strings"
	"testing"

	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/dialect/sqlitedialect"
	bunschema "github.com/uptrace/bun/schema"

	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// complexListQuery is a dashboard's list request: an $or over relation
// filters, a deep relation filter through a to-many, nested populate with
// fields, filters, sort and count, field selection, a sort through a
// relation and pagination.
var complexListQuery = strings.Join([]string{
	"filters[$or][0][coach][name][$containsi]=ann",
	"filters[$or][1][customer][industry][$eq]=tech",
	"filters[$or][2][customer][name][$in][0]=Acme&filters[$or][2][customer][name][$in][1]=Globex",
	"filters[enrollments][program][status][$eq]=published",
	"filters[enrollments][progress][$gte]=50",
	"filters[createdAt][$gte]=2024-01-01T00:00:00.000Z",
	"populate[enrollments][populate][program][fields][0]=title",
	"populate[enrollments][filters][status][$ne]=dropped",
	"populate[enrollments][sort]=enrolledAt:desc",
	"populate[coach][fields][0]=name&populate[coach][fields][1]=email",
	"populate[events][count]=true",
	"fields[0]=name&fields[1]=email&fields[2]=timezone",
	"sort[0]=name:asc&sort[1]=customer.name:desc",
	"pagination[page]=2&pagination[pageSize]=50",
}, "&")

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
	dialects := map[Dialect]bunschema.QueryGen{
		SQLite:   bunschema.NewQueryGen(sqlitedialect.New()),
		Postgres: bunschema.NewQueryGen(pgdialect.New()),
	}
	for _, d := range []Dialect{SQLite, Postgres} {
		b.Run(d.String(), func(b *testing.B) {
			st := &Store{DB: &DB{Dialect: d}}
			gen := dialects[d]
			compile := func() int {
				q, err := query.Parse(ct, complexListQuery, query.DefaultOptions())
				if err != nil {
					b.Fatal(err)
				}
				page := st.selectSQL(q, ReadOptions{}, selection(q), nil)
				page.page(q.Pagination)
				count := &sqlb{d: d}
				count.w("SELECT COUNT(*) FROM ", Ident(q.Type.Table), " ", root)
				count.whereClause(q, ReadOptions{}, root, nil)
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
