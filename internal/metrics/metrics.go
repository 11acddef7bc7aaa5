// Package metrics keeps Kiln's Prometheus metrics in a registry of its own
// (never the global one, so that tests and several apps in one process do
// not share counters) and writes them in Prometheus' text format for GET
// /metrics.
//
// HTTP requests are labelled by route pattern (/api/programs/:id), method
// and status, never by raw path: a label per id would grow without bound.
// The database pool, the rate limiter and the Go runtime are read when
// scraped; webhook deliveries are counted by the webhook worker through
// WebhookDelivery.
package metrics

import (
	"bytes"
	"database/sql"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/common/expfmt"
)

// Sources are what the metrics read when scraped. A nil one is left out.
type Sources struct {
	// DBStats is the database pool's state (database.DB.Stats).
	DBStats func() sql.DBStats
	// RateLimitRefusals is how many requests the rate limiter refused
	// (ratelimit.Limiter.Refused).
	RateLimitRefusals func() int64
}

// NoRoute is the route label of a request no route answered: a 404, a
// CORS preflight, or one the /api middleware refused before routing it
// (a bad token's 401, a 429).
const NoRoute = "(none)"

// The outcomes of a webhook delivery attempt (WebhookDelivery).
const (
	WebhookDelivered = "delivered"
	WebhookRetry     = "retry"
	WebhookFailed    = "failed"
	// webhookOther stands for any other outcome, so that a caller's typo
	// cannot add series.
	webhookOther = "other"
)

// Metrics is one registry and the collectors Kiln updates. A nil
// *Metrics records nothing, so callers need not check whether metrics
// are on.
type Metrics struct {
	reg             *prometheus.Registry
	requests        *prometheus.CounterVec
	latency         *prometheus.HistogramVec
	webhooks        *prometheus.CounterVec
	webhookDuration *prometheus.HistogramVec
}

// New registers Kiln's metrics, the Go runtime's and the process's.
func New(src Sources) *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "kiln_http_requests_total",
			Help: "HTTP requests answered, by method, route pattern and status.",
		}, []string{"method", "route", "status"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "kiln_http_request_duration_seconds",
			Help:    "Time from a request's head to its answer, by method and route pattern.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"method", "route"}),
		webhooks: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "kiln_webhook_deliveries_total",
			Help: "Webhook delivery attempts, by outcome: delivered, retry (failed, tried again later), failed (given up).",
		}, []string{"outcome"}),
		webhookDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "kiln_webhook_delivery_duration_seconds",
			Help:    "Time of one webhook delivery attempt, by outcome.",
			Buckets: []float64{.01, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
		}, []string{"outcome"}),
	}
	for _, o := range []string{WebhookDelivered, WebhookRetry, WebhookFailed} {
		m.webhooks.WithLabelValues(o)
		m.webhookDuration.WithLabelValues(o)
	}
	m.reg.MustRegister(m.requests, m.latency, m.webhooks, m.webhookDuration,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	if src.DBStats != nil {
		m.reg.MustRegister(dbCollector{src.DBStats})
	}
	if src.RateLimitRefusals != nil {
		m.reg.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "kiln_ratelimit_refusals_total",
			Help: "Requests refused with 429 by the per-user and per-address rate limits.",
		}, func() float64 { return float64(src.RateLimitRefusals()) }))
	}
	return m
}

// Registry is the registry the metrics live in, for a caller adding its
// own collectors.
func (m *Metrics) Registry() *prometheus.Registry { return m.reg }

// Request records one answered request: route is its route pattern
// (fiber's c.Route().Path), or NoRoute.
func (m *Metrics) Request(method, route string, status int, d time.Duration) {
	if m == nil {
		return
	}
	m.requests.WithLabelValues(method, route, strconv.Itoa(status)).Inc()
	m.latency.WithLabelValues(method, route).Observe(d.Seconds())
}

// WebhookDelivery records one delivery attempt of a webhook: outcome is
// WebhookDelivered, WebhookRetry or WebhookFailed, d how long the attempt
// took.
func (m *Metrics) WebhookDelivery(outcome string, d time.Duration) {
	if m == nil {
		return
	}
	switch outcome {
	case WebhookDelivered, WebhookRetry, WebhookFailed:
	default:
		outcome = webhookOther
	}
	m.webhooks.WithLabelValues(outcome).Inc()
	m.webhookDuration.WithLabelValues(outcome).Observe(d.Seconds())
}

// textFormat is Prometheus' text exposition format, version 0.0.4, which
// every Prometheus-compatible scraper reads.
var textFormat = expfmt.NewFormat(expfmt.TypeTextPlain)

// TextFormat is the media type of Text's answer.
var TextFormat = string(textFormat)

// Text is the metrics in the text format (TextFormat), as GET /metrics
// answers them (internal/app serves it).
func (m *Metrics) Text() ([]byte, error) {
	families, err := m.reg.Gather()
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	enc := expfmt.NewEncoder(&buf, textFormat)
	for _, f := range families {
		if err := enc.Encode(f); err != nil {
			return nil, err
		}
	}
	return buf.Bytes(), nil
}
