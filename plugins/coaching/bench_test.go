package coaching_test

import (
	"context"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/dataset"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/plugins/coaching"
)

// BenchmarkCoaching times matching and the availability routes, as the
// admin through the whole stack, over the seed's data set: the large
// scale by default (200 coaches with about 1,000 weekly rules, 20,000
// learners, 50,000 events), or KILN_BENCH_SCALE=small. It runs on SQLite
// and, when KILN_TEST_POSTGRES_URL is set, on PostgreSQL. "Now" is the
// data set's reference time, so the fortnight matching looks at holds
// real events.
//
//	go test -run '^$' -bench . -benchtime 50x ./plugins/coaching/
func BenchmarkCoaching(b *testing.B) {
	scale, err := dataset.BenchScale()
	if err != nil {
		b.Fatal(err)
	}
	set := dataset.Generate(scale, 1)
	p := &coaching.Plugin{Now: func() time.Time { return dataset.Reference }}
	from := dataset.Reference.Format(time.DateOnly)
	twoWeeks := dataset.Reference.AddDate(0, 0, 14).Format(time.DateOnly)
	ninetyDays := dataset.Reference.AddDate(0, 0, 90).Format(time.DateOnly)
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		b.Run(d.String(), func(b *testing.B) {
			h := apptest.New(b, d, p)
			if err := dataset.LoadAnalyzed(context.Background(), h.App.Content, set, h.App.Accounts.RoleIDs); err != nil {
				b.Fatal(err)
			}
			for _, ep := range []struct {
				name, method, path string
				body               any
			}{
				{"match", "POST", "/api/coaches/match", map[string]any{"learner": 1}},
				{"match-program", "POST", "/api/coaches/match", map[string]any{"learner": 1, "program": 1}},
				{"available-2w", "GET", "/api/coaches/available?from=" + from + "&to=" + twoWeeks + "&duration=60", nil},
				{"availability-90d", "GET", "/api/coaches/1/availability?from=" + from + "&to=" + ninetyDays + "&duration=60", nil},
				{"learners", "GET", "/api/coaches/1/learners?populate=customer", nil},
			} {
				b.Run(ep.name, func(b *testing.B) {
					for b.Loop() {
						if r := h.Do(ep.method, ep.path, ep.body); r.Status != 200 {
							b.Fatalf("%s %s: %d %s", ep.method, ep.path, r.Status, r.Body)
						}
					}
				})
			}
		})
	}
}
