package app_test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"regexp"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/metrics"
)

const metricsToken = "scrape-token-0123456789"

func metricsApp(t *testing.T, d database.Dialect, m config.Metrics, perAddress int) *apptest.Harness {
	cfg := apptest.Config(t, d)
	cfg.Server.Metrics = m
	cfg.RateLimit.PerAddress = perAddress
	return apptest.NewWith(t, cfg)
}

// scrape reads /metrics with the token and parses it as Prometheus does.
func scrape(t *testing.T, h *apptest.Harness) map[string]*dto.MetricFamily {
	t.Helper()
	r := h.Do("GET", "/metrics", nil, "Authorization", "Bearer "+metricsToken)
	if r.Status != 200 || r.Header.Get("Content-Type") != "text/plain; version=0.0.4; charset=utf-8" {
		t.Fatalf("scrape: %d %v %s", r.Status, r.Header, r.Body)
	}
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(bytes.NewReader(r.Body))
	if err != nil {
		t.Fatalf("parsing the scrape: %v\n%s", err, r.Body)
	}
	return fams
}

// series is a family's metrics keyed by their labels, "k=v,k=v" sorted.
func series(f *dto.MetricFamily) map[string]*dto.Metric {
	out := map[string]*dto.Metric{}
	if f == nil {
		return out
	}
	for _, m := range f.Metric {
		var ls []string
		for _, l := range m.Label {
			ls = append(ls, l.GetName()+"="+l.GetValue())
		}
		sort.Strings(ls)
		out[strings.Join(ls, ",")] = m
	}
	return out
}

// TestMetrics: after a known set of requests, the scrape counts each by
// method, route pattern (never the raw path) and status, exactly; the
// latency histograms count the same requests; the database pool, the
// rate limiter's refusals, webhook deliveries and the Go runtime and
// process are there.
func TestMetrics(t *testing.T) {
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			h := metricsApp(t, d, config.Metrics{Enabled: true, Token: metricsToken}, 2)
			h.Create("/api/customers", map[string]any{"name": "Acme", "industry": "Retail"})
			for _, path := range []string{"/api/customers/1", "/api/customers/1", "/api/v1/customers/1", "/api/customers/999",
				"/api/customers?filters[name][$eq]=Acme", "/nothing-here", "/_health"} {
				h.Do("GET", path, nil)
			}
			h.Do("HEAD", "/api/customers/1", nil)
			for range 3 { // the per-address limit is 2: the third is refused before routing
				h.Do("GET", "/api/categories", nil, "Authorization", apptest.Anonymous)
			}
			h.App.Metrics.WebhookDelivery(metrics.WebhookDelivered, 20*time.Millisecond)
			h.App.Metrics.WebhookDelivery(metrics.WebhookRetry, 3*time.Second)
			h.App.Metrics.WebhookDelivery("typo", time.Second)

			fams := scrape(t, h)
			want := map[string]float64{
				"method=POST,route=/api/customers,status=201":       1,
				"method=GET,route=/api/customers/:id,status=200":    2,
				"method=GET,route=/api/customers/:id,status=404":    1,
				"method=GET,route=/api/v1/customers/:id,status=200": 1,
				"method=HEAD,route=/api/customers/:id,status=200":   1,
				"method=GET,route=/api/customers,status=200":        1,
				"method=GET,route=(none),status=404":                1,
				"method=GET,route=/_health,status=200":              1,
				"method=GET,route=/api/categories,status=200":       2,
				"method=GET,route=(none),status=429":                1,
			}
			got := series(fams["kiln_http_requests_total"])
			if len(got) != len(want) {
				t.Errorf("kiln_http_requests_total has %d series, want %d: %v", len(got), len(want), keys(got))
			}
			for labels, n := range want {
				if m := got[labels]; m == nil || m.GetCounter().GetValue() != n {
					t.Errorf("kiln_http_requests_total{%s} = %v, want %v", labels, m.GetCounter(), n)
				}
			}
			rawID := regexp.MustCompile(`/\d+(/|$)`)
			for labels := range got {
				if rawID.MatchString(labels) {
					t.Errorf("a raw path in a label: %s", labels)
				}
			}
			lat := series(fams["kiln_http_request_duration_seconds"])
			if m := lat["method=GET,route=/api/customers/:id"]; m.GetHistogram().GetSampleCount() != 3 ||
				len(m.GetHistogram().GetBucket()) != 14 {
				t.Errorf("latency of GET /api/customers/:id: %v", m.GetHistogram())
			}
			if n := fams["kiln_ratelimit_refusals_total"].GetMetric()[0].GetCounter().GetValue(); n != 1 {
				t.Errorf("kiln_ratelimit_refusals_total = %v, want 1", n)
			}
			wh := series(fams["kiln_webhook_deliveries_total"])
			for labels, n := range map[string]float64{"outcome=delivered": 1, "outcome=retry": 1, "outcome=failed": 0, "outcome=other": 1} {
				if wh[labels].GetCounter().GetValue() != n {
					t.Errorf("kiln_webhook_deliveries_total{%s} = %v, want %v", labels, wh[labels].GetCounter(), n)
				}
			}
			if m := series(fams["kiln_webhook_delivery_duration_seconds"])["outcome=retry"]; m.GetHistogram().GetSampleSum() != 3 {
				t.Errorf("webhook duration of retries: %v", m.GetHistogram())
			}
			if max := fams["kiln_db_max_open_connections"]; max == nil || max.GetMetric()[0].GetGauge().GetValue() < 1 {
				t.Errorf("kiln_db_max_open_connections: %v", max)
			}
			for _, name := range []string{"kiln_db_open_connections", "kiln_db_in_use_connections", "kiln_db_idle_connections",
				"kiln_db_wait_count_total", "kiln_db_wait_duration_seconds_total", "kiln_db_closed_connections_total",
				"go_goroutines", "go_memstats_heap_alloc_bytes", "process_cpu_seconds_total", "process_open_fds"} {
				if fams[name] == nil {
					t.Errorf("%s is missing", name)
				}
			}
			// The scrape before is counted now, not in its own answer.
			after := series(scrape(t, h)["kiln_http_requests_total"])
			if n := after["method=GET,route=/metrics,status=200"].GetCounter().GetValue(); n != 1 {
				t.Errorf("scrapes counted: %v, want 1", n)
			}
		})
	}
}

// TestMetricsProtected: off, /metrics is the API's 404; on, a scrape
// without the token or with another one is a 401 in the error envelope,
// outside the rate limit; open: true serves it to anybody.
func TestMetricsProtected(t *testing.T) {
	off := metricsApp(t, database.SQLite, config.Metrics{}, 1<<30)
	r := off.Do("GET", "/metrics", nil, "Authorization", "Bearer "+metricsToken)
	if st, name, _, _ := off.ErrorOf(r); st != 404 || name != "NotFoundError" {
		t.Errorf("metrics off: %d %s", st, name)
	}
	if off.App.Metrics != nil {
		t.Error("metrics off, yet App.Metrics is set")
	}
	off.App.Metrics.WebhookDelivery(metrics.WebhookDelivered, time.Second) // nil records nothing, and does not panic

	on := metricsApp(t, database.SQLite, config.Metrics{Enabled: true, Token: metricsToken}, 1)
	for _, auth := range []string{apptest.Anonymous, "Bearer wrong-token-0123456789", "Basic " + metricsToken, "Bearer " + metricsToken + "x", "Bearer " + on.AdminToken} {
		r := on.Do("GET", "/metrics", nil, "Authorization", auth)
		st, name, msg, _ := on.ErrorOf(r)
		if st != 401 || name != "UnauthorizedError" || msg != "Missing or invalid credentials" ||
			r.Header.Get("WWW-Authenticate") != `Bearer realm="metrics"` || r.Header.Get("X-RateLimit-Limit") != "" {
			t.Errorf("Authorization %q: %d %s %q %v", auth, st, name, msg, r.Header)
		}
	}
	scrape(t, on)

	open := metricsApp(t, database.SQLite, config.Metrics{Enabled: true, Open: true}, 1<<30)
	open.Do("GET", "/_health", nil)
	if r := open.Do("GET", "/metrics", nil, "Authorization", apptest.Anonymous); r.Status != 200 ||
		!bytes.Contains(r.Body, []byte("# TYPE kiln_http_requests_total counter")) {
		t.Errorf("open: %d %.200s", r.Status, r.Body)
	}
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestMetricsCountRealDeliveries: the webhook worker of an app with
// metrics on reports to them, so a delivery to a real receiver that
// fails once and then succeeds shows as one retry and one delivered.
func TestMetricsCountRealDeliveries(t *testing.T) {
	var calls atomic.Int32
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) == 1 {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	defer receiver.Close()
	t.Setenv("KILN_TEST_HOOK_SECRET", "a-receiver-secret-0123456789")
	cfg := apptest.Config(t, database.SQLite)
	cfg.Server.Metrics = config.Metrics{Enabled: true, Token: metricsToken}
	cfg.Webhooks.AllowPrivate = true
	cfg.Webhooks.Backoff, cfg.Webhooks.MaxBackoff = 10*time.Millisecond, 20*time.Millisecond
	cfg.Webhooks.PollInterval = 20 * time.Millisecond
	cfg.Webhooks.Hooks = []config.Webhook{{Name: "receiver", URL: receiver.URL, Events: []string{"entry.create"}, Types: []string{"customer"},
		SecretEnv: "KILN_TEST_HOOK_SECRET"}}
	h := apptest.NewWith(t, cfg)
	if r := h.Do("POST", "/api/customers", map[string]any{"data": map[string]any{"name": "Acme"}}); r.Status != 201 {
		t.Fatalf("create: %d %s", r.Status, r.Body)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		wh := series(scrape(t, h)["kiln_webhook_deliveries_total"])
		if wh["outcome=delivered"].GetCounter().GetValue() == 1 {
			if n := wh["outcome=retry"].GetCounter().GetValue(); n != 1 {
				t.Errorf("retries counted: %v, want 1", n)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("no delivery counted after 10s; receiver called %d times; deliveries %v", calls.Load(), wh)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
