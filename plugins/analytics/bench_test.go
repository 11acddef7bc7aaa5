package analytics_test

import (
	"context"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/dataset"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/plugins/analytics"
)

// BenchmarkAnalytics times each endpoint, as the admin through the whole
// stack, over the seed's data set loaded with the store's bulk loader
// (BulkInsert/BulkLink): the large scale by default (50 customers, 2,000
// programs, 40,000 enrollments, 50,000 events, 100,000 attendances), or
// KILN_BENCH_SCALE=small. It runs on SQLite and, when
// KILN_TEST_POSTGRES_URL is set, on PostgreSQL. "Now" is the data set's
// reference time, so the next-7-days and last-30-days figures count real
// rows. Customer 1 has 40 programs at the large scale; coach 1 about 250
// events. Each op is one request through fiber, authentication (one
// query) included.
//
//	go test -run '^$' -bench . -benchtime 50x ./plugins/analytics/
func BenchmarkAnalytics(b *testing.B) {
	scale, err := dataset.BenchScale()
	if err != nil {
		b.Fatal(err)
	}
	set := dataset.Generate(scale, 1)
	p := analytics.New()
	p.Now = func() time.Time { return dataset.Reference }
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		b.Run(d.String(), func(b *testing.B) {
			h := apptest.New(b, d, p)
			start := time.Now()
			if err := dataset.LoadAnalyzed(context.Background(), h.App.Content, set, h.App.Accounts.RoleIDs); err != nil {
				b.Fatal(err)
			}
			b.Logf("%s: loaded and analyzed the %s set in %s", d, scale.Name, time.Since(start).Round(time.Millisecond))
			for _, ep := range []struct{ name, path string }{
				{"dashboard", "/api/analytics/dashboard"},
				{"program", "/api/analytics/programs/1"},
				{"customer", "/api/analytics/customers/1"},
				{"coach", "/api/analytics/coaches/1"},
				{"dashboard-window", "/api/analytics/dashboard?from=2026-05-01&to=2026-05-31"},
			} {
				b.Run(ep.name, func(b *testing.B) {
					for b.Loop() {
						if r := h.Do("GET", ep.path, nil); r.Status != 200 {
							b.Fatalf("GET %s: %d %s", ep.path, r.Status, r.Body)
						}
					}
				})
			}
		})
	}
}
