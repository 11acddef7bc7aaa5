package metrics

import (
	"database/sql"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"
)

// TestOwnRegistry: two Metrics count apart (neither uses the global
// registry), an unknown webhook outcome is counted as "other" rather than
// as a new series, and the pool and refusal sources are read at scrape.
func TestOwnRegistry(t *testing.T) {
	refused := int64(0)
	a := New(Sources{DBStats: func() sql.DBStats { return sql.DBStats{MaxOpenConnections: 4, InUse: 3, WaitCount: 9} },
		RateLimitRefusals: func() int64 { return refused }})
	b := New(Sources{})
	a.Request("GET", "/api/programs/:id", 200, time.Millisecond)
	a.Request("GET", "/api/programs/:id", 200, time.Millisecond)
	a.WebhookDelivery(WebhookFailed, time.Second)
	a.WebhookDelivery("Delivered", time.Second)
	refused = 5
	if n := testutil.ToFloat64(a.requests.WithLabelValues("GET", "/api/programs/:id", "200")); n != 2 {
		t.Errorf("a counted %v requests, want 2", n)
	}
	if n := testutil.CollectAndCount(b.requests); n != 0 {
		t.Errorf("b has %d request series, want 0", n)
	}
	for outcome, want := range map[string]float64{WebhookFailed: 1, WebhookDelivered: 0, WebhookRetry: 0, "other": 1} {
		if n := testutil.ToFloat64(a.webhooks.WithLabelValues(outcome)); n != want {
			t.Errorf("webhook %s = %v, want %v", outcome, n, want)
		}
	}
	got, err := testutil.GatherAndCount(a.reg, "kiln_db_in_use_connections", "kiln_ratelimit_refusals_total", "kiln_db_closed_connections_total")
	if err != nil || got != 5 {
		t.Errorf("gathered %d series (%v), want 5", got, err)
	}
	if n, err := testutil.GatherAndCount(b.reg, "kiln_db_in_use_connections", "kiln_ratelimit_refusals_total"); err != nil || n != 0 {
		t.Errorf("b without sources has %d such series (%v)", n, err)
	}
}

// BenchmarkRequest is what counting one request costs.
func BenchmarkRequest(b *testing.B) {
	m := New(Sources{})
	b.ReportAllocs()
	for range b.N {
		m.Request("GET", "/api/programs/:id", 200, time.Millisecond)
	}
}
