package webhook_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/internal/app"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/migrate"
)

// TestMeasureDelivery prints the delivery latency (commit to receiver)
// and the outbox's throughput to a local receiver. It runs only when
// KILN_MEASURE=1 (docs/webhooks.md, "Measured"):
//
//	KILN_MEASURE=1 KILN_TEST_POSTGRES_URL=... go test -run TestMeasureDelivery -v ./internal/webhook
func TestMeasureDelivery(t *testing.T) {
	if os.Getenv("KILN_MEASURE") != "1" {
		t.Skip("set KILN_MEASURE=1 to measure")
	}
	each(t, func(t *testing.T, d database.Dialect) {
		got := make(chan time.Time, 1<<16)
		var n atomic.Int64
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			n.Add(1)
			got <- time.Now()
			w.WriteHeader(http.StatusNoContent)
		}))
		defer srv.Close()
		cfg := fastConfig(t, d, srv.URL, []string{"entry.create"}, "customer")
		cfg.Webhooks.PollInterval = time.Second // the wake-up, not the poll, must carry the latency
		a, err := app.New(context.Background(), cfg, quiet())
		if err != nil {
			t.Fatal(err)
		}
		defer a.Close()
		q := &query.Query{Type: a.Schema.Type("customer")}
		create := func(name string) {
			if _, err := a.Content.Create(context.Background(), q, content.NewWrite(q.Type).Set("name", name), entry.ReadOptions{}); err != nil {
				t.Fatal(err)
			}
		}

		// Latency: one write at a time, from the commit (the write's
		// call returned) to the receiver's handler.
		const rounds = 300
		lat := make([]time.Duration, 0, rounds)
		for i := range rounds {
			create(fmt.Sprintf("lat-%d", i))
			committed := time.Now()
			at := <-got
			lat = append(lat, max(at.Sub(committed), 0))
		}
		slices.Sort(lat)
		t.Logf("%s latency commit→receiver over %d writes: p50 %v, p90 %v, p99 %v, max %v", d, rounds,
			lat[rounds/2], lat[rounds*9/10], lat[rounds*99/100], lat[rounds-1])

		// Throughput: the worker stopped, N deliveries committed, then a
		// new app's worker drains them.
		const total = 5000
		if err := a.Webhooks.Close(context.Background()); err != nil {
			t.Fatal(err)
		}
		for i := range total {
			create(fmt.Sprintf("tp-%d", i))
		}
		for _, workers := range []int{4, 16} {
			if workers == 16 {
				// Again, with more workers.
				if _, err := a.DB.ExecContext(context.Background(), "UPDATE "+migrate.DeliveriesTable+" SET status = 'pending', attempts = 0"); err != nil {
					t.Fatal(err)
				}
			}
			for len(got) > 0 {
				<-got
			}
			n.Store(0)
			c := cfg
			c.Webhooks.Workers = workers
			start := time.Now()
			b, err := app.New(context.Background(), c, quiet())
			if err != nil {
				t.Fatal(err)
			}
			want := int64(total)
			if workers == 16 {
				want = total + rounds
			}
			for n.Load() < want {
				time.Sleep(time.Millisecond)
			}
			took := time.Since(start)
			b.Close()
			t.Logf("%s throughput, %d workers: %d deliveries in %v = %.0f/s", d, workers, want, took.Round(time.Millisecond),
				float64(want)/took.Seconds())
		}
	})
}
