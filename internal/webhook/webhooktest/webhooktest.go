// Package webhooktest holds what the webhooks' tests share, in
// internal/webhook and in internal/rest: a real HTTP receiver that records
// what it gets, a config with one fast webhook, and the delivery log read
// through the admin route.
package webhooktest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/internal/apptest"
)

// SecretVar names the variable that holds Secret, the config's webhook's
// signing secret.
const SecretVar, Secret = "KILN_TEST_WEBHOOK_SECRET", "a-test-secret-of-some-length"

// Received is one request the receiver got.
type Received struct {
	Header http.Header
	Body   []byte
	At     time.Time
}

// Receiver is a real HTTP server that records what it gets and fails the
// first Fail requests with a 500.
type Receiver struct {
	*httptest.Server
	Fail atomic.Int64
	mu   sync.Mutex
	got  []Received
}

// NewReceiver starts a receiver; it stops with the test.
func NewReceiver(t testing.TB) *Receiver {
	r := &Receiver{}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		r.got = append(r.got, Received{Header: req.Header.Clone(), Body: body, At: time.Now()})
		r.mu.Unlock()
		if r.Fail.Add(-1) >= 0 {
			http.Error(w, "not now", http.StatusInternalServerError)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(r.Close)
	return r
}

// Requests are the requests received so far, in order.
func (r *Receiver) Requests() []Received {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Received(nil), r.got...)
}

// WaitFor polls until cond holds, failing the test after 15s.
func WaitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// WithHook is cfg with fast delivery settings and one webhook of the
// config file, "receiver", sending url the events about types, signed
// with Secret; its database URL is fixed, so a test can restart the app on
// it.
func WithHook(t *testing.T, cfg config.Config, url string, events []string, types ...string) config.Config {
	t.Setenv(SecretVar, Secret)
	cfg.Webhooks.AllowPrivate = true
	cfg.Webhooks.Backoff, cfg.Webhooks.MaxBackoff = 20*time.Millisecond, 80*time.Millisecond
	cfg.Webhooks.PollInterval = 50 * time.Millisecond
	cfg.Webhooks.Timeout, cfg.Webhooks.ConnectTimeout = 3*time.Second, time.Second
	cfg.Webhooks.Hooks = []config.Webhook{{Name: "receiver", URL: url, Events: events, Types: types, SecretEnv: SecretVar}}
	cfg.Database.URL = apptest.DatabaseURL(t, cfg)
	return cfg
}

// Deliveries is the delivery log of the config's webhook, through the
// admin route.
func Deliveries(t testing.TB, h *apptest.Harness) []map[string]any {
	t.Helper()
	r := h.Do("GET", "/api/admin/webhooks", nil)
	var hooks struct{ Data []map[string]any }
	json.Unmarshal(r.Body, &hooks)
	if r.Status != 200 || len(hooks.Data) == 0 {
		t.Fatalf("webhooks: %d %s", r.Status, r.Body)
	}
	r = h.Do("GET", fmt.Sprintf("/api/admin/webhooks/%v/deliveries", hooks.Data[0]["id"]), nil)
	var out struct{ Data []map[string]any }
	json.Unmarshal(r.Body, &out)
	if r.Status != 200 {
		t.Fatalf("deliveries: %d %s", r.Status, r.Body)
	}
	return out.Data
}
