package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/store"
	"github.com/kiln-cms/kiln/internal/store/storetest"
)

// benchData is the benchmark's data set: 50 customers, 20 coaches, 2,000
// programs with two coaches each, three modules per program and two
// sessions per module (12,000 sessions).
const (
	benchCustomers = 50
	benchCoaches   = 20
	benchPrograms  = 2000
)

// seedBench loads the benchmark's data set with BulkInsert.
func seedBench(b *testing.B, db *database.DB) *schema.Schema {
	b.Helper()
	s := loadSchema(b)
	createAll(b, db, s)
	st := &store.Store{DB: db}
	created := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	rows := func(ct *schema.ContentType, n int, names []string, row func(i int) []any) entry.BulkRows {
		r := entry.BulkRows{Type: ct}
		for _, name := range names {
			r.Fields = append(r.Fields, ct.Field(name))
		}
		for i := 1; i <= n; i++ {
			r.IDs = append(r.IDs, int64(i))
			r.DocumentIDs = append(r.DocumentIDs, store.NewDocumentID())
			r.CreatedAt = append(r.CreatedAt, created.Add(time.Duration(i)*time.Minute))
			r.Values = append(r.Values, row(i))
		}
		return r
	}
	statuses := []string{"draft", "published", "archived"}
	loads := []entry.BulkRows{
		rows(s.Type("customer"), benchCustomers, []string{"name", "industry", "active"}, func(i int) []any {
			return []any{fmt.Sprintf("Customer %03d", i), "Industry", i%3 != 0}
		}),
		rows(s.Type("coach"), benchCoaches, []string{"name", "email", "rating"}, func(i int) []any {
			return []any{fmt.Sprintf("Coach %02d", i), fmt.Sprintf("coach%d@c.test", i), float64(i%5) + 0.5}
		}),
		rows(s.Type("program"), benchPrograms, []string{"title", "status", "startDate", "capacity", "customer"}, func(i int) []any {
			return []any{fmt.Sprintf("Program %04d", i), statuses[i%3], created.AddDate(0, 0, i%365).Format("2006-01-02"),
				int64(5 + i%40), int64(1 + i%benchCustomers)}
		}),
		rows(s.Type("module"), 3*benchPrograms, []string{"title", "order", "program"}, func(i int) []any {
			return []any{fmt.Sprintf("Module %d", i), int64(i % 3), int64(1 + (i-1)/3)}
		}),
		rows(s.Type("session"), 6*benchPrograms, []string{"title", "durationMinutes", "module", "program"}, func(i int) []any {
			m := 1 + (i-1)/2
			return []any{fmt.Sprintf("Session %d", i), int64(30 + i%4*15), int64(m), int64(1 + (m-1)/3)}
		}),
	}
	err := db.RunInTx(ctx, func(ctx context.Context, tx database.Conn) error {
		for _, r := range loads {
			if err := st.BulkInsert(ctx, tx, r); err != nil {
				return err
			}
		}
		var pairs [][2]int64
		for p := 1; p <= benchPrograms; p++ {
			pairs = append(pairs, [2]int64{int64(p), int64(1 + p%benchCoaches)}, [2]int64{int64(p), int64(1 + (p+7)%benchCoaches)})
		}
		return st.BulkLink(ctx, tx, s.Type("program").Attr("coaches"), pairs)
	})
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// BenchmarkFindWithPopulate reads a page of 25 programs the way a list
// request does, on SQLite (and on PostgreSQL when configured), with the
// 2,000-program data set.
func BenchmarkFindWithPopulate(b *testing.B) {
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		b.Run(d.String(), func(b *testing.B) {
			db := storetest.Open(b, d)
			s := seedBench(b, db)
			st := &store.Store{DB: db}
			pr, mo, se := s.Type("program"), s.Type("module"), s.Type("session")
			page := query.Pagination{Page: 3, PageSize: 25}
			cases := []struct {
				name    string
				q       *query.Query
				entries int
			}{
				{"page", &query.Query{Type: pr, Pagination: page}, 25},
				{"page+customer+modules+coaches", &query.Query{Type: pr, Pagination: page, Populate: []*query.Populate{
					pop(pr, "customer", nil), pop(pr, "modules", nil), pop(pr, "coaches", nil),
				}}, 25},
				{"page+modules.sessions", &query.Query{Type: pr, Pagination: page, Populate: []*query.Populate{
					pop(pr, "modules", &query.Query{Populate: []*query.Populate{pop(mo, "sessions", nil)}}),
				}}, 25},
				{"filter depth 2+sort+customer", &query.Query{Type: se, Pagination: page,
					Filters:  rel(se, "program.customer", op("name", query.OpEq, "Customer 007")),
					Sort:     []query.SortKey{by(se, "title", true)},
					Populate: []*query.Populate{pop(se, "program", nil)},
				}, 25},
			}
			for _, c := range cases {
				b.Run(c.name, func(b *testing.B) {
					b.ReportAllocs()
					for b.Loop() {
						list, err := st.Find(ctx, db, c.q, entry.ReadOptions{})
						if err != nil {
							b.Fatal(err)
						}
						if len(list) != c.entries {
							b.Fatalf("%d entries, want %d", len(list), c.entries)
						}
					}
				})
			}
		})
	}
}
