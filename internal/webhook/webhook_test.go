package webhook_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/internal/app"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/migrate"
	"github.com/kiln-cms/kiln/internal/store/storetest"
	"github.com/kiln-cms/kiln/internal/testmain"
	"github.com/kiln-cms/kiln/internal/webhook"
	"github.com/kiln-cms/kiln/internal/webhook/webhooktest"
)

const secretVar, secret = webhooktest.SecretVar, webhooktest.Secret

// fastConfig delivers to url the events of types, with short waits.
func fastConfig(t *testing.T, d database.Dialect, url string, events []string, types ...string) config.Config {
	return webhooktest.WithHook(t, apptest.Config(t, d), url, events, types...)
}

// each runs fn on SQLite and, when configured, PostgreSQL.
func each(t *testing.T, fn func(t *testing.T, d database.Dialect)) {
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			if d == database.Postgres && storePG() == "" {
				testmain.Skip(t, testmain.Postgres, "PostgreSQL tests skipped: KILN_TEST_POSTGRES_URL is not set")
			}
			fn(t, d)
		})
	}
}

// verified checks a request as docs/webhooks.md tells a receiver to, and
// returns its payload.
func verified(t *testing.T, r webhooktest.Received) webhook.Payload {
	t.Helper()
	if err := webhook.Verify(secret, r.Header.Get("X-Kiln-Signature"), r.Body, 5*time.Minute); err != nil {
		t.Fatalf("signature: %v (header %q)", err, r.Header.Get("X-Kiln-Signature"))
	}
	var p webhook.Payload
	if err := json.Unmarshal(r.Body, &p); err != nil {
		t.Fatal(err)
	}
	if r.Header.Get("X-Kiln-Event") != p.Event || r.Header.Get("X-Kiln-Delivery") == "" ||
		r.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("headers %v for event %s", r.Header, p.Event)
	}
	return p
}

func TestPayloadSignedAsTheAPIAnswers(t *testing.T) {
	each(t, func(t *testing.T, d database.Dialect) {
		rcv := webhooktest.NewReceiver(t)
		h := apptest.NewWith(t, fastConfig(t, d, rcv.URL, []string{"entry.create", "entry.update", "entry.delete"}, "customer", "user"))
		r := h.Do("POST", "/api/customers", map[string]any{"data": map[string]any{"name": "Acme", "industry": "tools"}})
		if r.Status != 201 {
			t.Fatalf("create: %d %s", r.Status, r.Body)
		}
		var created struct{ Data json.RawMessage }
		json.Unmarshal(r.Body, &created)
		id := h.IDOf(r.JSON(t)["data"])
		h.Do("PUT", fmt.Sprintf("/api/customers/%d", id), map[string]any{"data": map[string]any{"industry": "hammers"}})
		var before struct{ Data json.RawMessage }
		json.Unmarshal(h.Do("GET", fmt.Sprintf("/api/customers/%d", id), nil).Body, &before)
		if r := h.Do("DELETE", fmt.Sprintf("/api/customers/%d", id), nil); r.Status/100 != 2 {
			t.Fatalf("delete: %d", r.Status)
		}
		// The harness's admin user is a user created too.
		h.CreateUser("someone", "someone@kiln.test", "authenticated")
		webhooktest.WaitFor(t, "five deliveries", func() bool { return len(rcv.Requests()) == 5 })

		got := map[string]webhook.Payload{}
		users := 0
		for _, req := range rcv.Requests() {
			p := verified(t, req)
			if _, err := time.Parse("2006-01-02T15:04:05.000Z", p.CreatedAt); err != nil {
				t.Errorf("createdAt %q: %v", p.CreatedAt, err)
			}
			if p.Model == "user" && p.UID == "plugin::users-permissions.user" {
				// Private fields never: a user's password is not in it.
				users++
				if p.Event != "entry.create" || strings.Contains(string(p.Entry), "password") || !strings.Contains(string(p.Entry), `"email"`) {
					t.Errorf("user payload %s", req.Body)
				}
				continue
			}
			if p.Model != "customer" || p.UID != "api::customer.customer" {
				t.Errorf("model %q, uid %q", p.Model, p.UID)
			}
			got[p.Event] = p
		}
		if users != 2 || len(got) != 3 {
			t.Fatalf("%d user and %d customer events", users, len(got))
		}
		// The entry is the API's answer to an admin, byte for byte.
		if string(got["entry.create"].Entry) != string(created.Data) {
			t.Errorf("create's entry\n%s\nthe API answered\n%s", got["entry.create"].Entry, created.Data)
		}
		// A delete's entry is the entry as it was, as a GET answered it.
		if string(got["entry.delete"].Entry) != string(before.Data) {
			t.Errorf("delete's entry\n%s\nthe API answered\n%s", got["entry.delete"].Entry, before.Data)
		}
		var upd map[string]any
		json.Unmarshal(got["entry.update"].Entry, &upd)
		if upd["industry"] != "hammers" {
			t.Errorf("update's entry %s", got["entry.update"].Entry)
		}
	})
}

func TestRetriesWithBackoffThenDelivers(t *testing.T) {
	each(t, func(t *testing.T, d database.Dialect) {
		rcv := webhooktest.NewReceiver(t)
		rcv.Fail.Store(3)
		cfg := fastConfig(t, d, rcv.URL, []string{"entry.create"}, "customer")
		h := apptest.NewWith(t, cfg)
		var mu sync.Mutex
		outcomes := map[string]int{}
		h.App.Webhooks.OnDelivery = func(o string, _ time.Duration) { mu.Lock(); outcomes[o]++; mu.Unlock() }
		h.Create("/api/customers", map[string]any{"name": "Retry"})
		webhooktest.WaitFor(t, "four attempts", func() bool { return len(rcv.Requests()) == 4 })
		reqs := rcv.Requests()
		for i := 1; i < len(reqs); i++ {
			if reqs[i].Header.Get("X-Kiln-Delivery") != reqs[0].Header.Get("X-Kiln-Delivery") {
				t.Fatalf("attempt %d has another delivery id", i+1)
			}
			// Equal jitter: at least half of backoff·2^(n-1).
			if gap, least := reqs[i].At.Sub(reqs[i-1].At), cfg.Webhooks.Backoff<<(i-1)/2; gap < least {
				t.Errorf("attempt %d came %v after the previous, before %v", i+1, gap, least)
			}
		}
		list := webhooktest.Deliveries(t, h)
		webhooktest.WaitFor(t, "the delivered state", func() bool { list = webhooktest.Deliveries(t, h); return list[0]["status"] == "delivered" })
		if len(list) != 1 || list[0]["attempts"] != 4.0 || list[0]["lastStatus"] != 204.0 || list[0]["deliveredAt"] == nil {
			t.Errorf("delivery log %v", list)
		}
		mu.Lock()
		defer mu.Unlock()
		if outcomes["retry"] != 3 || outcomes["delivered"] != 1 || outcomes["failed"] != 0 {
			t.Errorf("OnDelivery heard %v", outcomes)
		}
	})
}

func TestFailsAfterMaxAttempts(t *testing.T) {
	each(t, func(t *testing.T, d database.Dialect) {
		rcv := webhooktest.NewReceiver(t)
		rcv.Fail.Store(100)
		cfg := fastConfig(t, d, rcv.URL, []string{"entry.create"}, "customer")
		cfg.Webhooks.MaxAttempts = 3
		h := apptest.NewWith(t, cfg)
		h.Create("/api/customers", map[string]any{"name": "Doomed"})
		var list []map[string]any
		webhooktest.WaitFor(t, "the failed state", func() bool {
			list = webhooktest.Deliveries(t, h)
			return len(list) == 1 && list[0]["status"] == "failed"
		})
		if list[0]["attempts"] != 3.0 || list[0]["lastStatus"] != 500.0 || !strings.Contains(fmt.Sprint(list[0]["lastError"]), "500") ||
			list[0]["nextAttemptAt"] != nil {
			t.Errorf("delivery %v", list[0])
		}
		time.Sleep(200 * time.Millisecond)
		if n := len(rcv.Requests()); n != 3 {
			t.Errorf("the receiver got %d requests, want 3", n)
		}
	})
}

func TestRolledBackWriteSendsNothing(t *testing.T) {
	each(t, func(t *testing.T, d database.Dialect) {
		rcv := webhooktest.NewReceiver(t)
		h := apptest.NewWith(t, fastConfig(t, d, rcv.URL, []string{"entry.create"}, "customer"))
		ct := h.App.Schema.Type("customer")
		boom := errors.New("boom")
		err := h.App.Content.InTx(context.Background(), func(ctx context.Context, tx *content.Tx) error {
			if _, err := tx.Create(ctx, &query.Query{Type: ct}, content.NewWrite(ct).Set("name", "Ghost"), entry.ReadOptions{}); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatal(err)
		}
		// A refused write (a duplicate name) rolls back too.
		h.Create("/api/customers", map[string]any{"name": "Real"})
		if r := h.Do("POST", "/api/customers", map[string]any{"data": map[string]any{"name": "Real"}}); r.Status != 400 {
			t.Fatalf("duplicate: %d", r.Status)
		}
		webhooktest.WaitFor(t, "one delivery", func() bool { return len(rcv.Requests()) >= 1 })
		time.Sleep(300 * time.Millisecond) // several polls
		reqs := rcv.Requests()
		if len(reqs) != 1 || !strings.Contains(string(reqs[0].Body), `"name":"Real"`) {
			t.Fatalf("the receiver got %d requests, first %s", len(reqs), reqs[0].Body)
		}
		if n := countRows(t, h.App.DB); n != 1 {
			t.Errorf("%d outbox rows, want 1", n)
		}
	})
}

func countRows(t *testing.T, db *database.DB) int64 {
	t.Helper()
	var n int64
	if err := db.QueryRowContext(context.Background(), "SELECT COUNT(*) FROM "+migrate.DeliveriesTable).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func TestCommittedBeforeACrashIsDeliveredAfterRestart(t *testing.T) {
	each(t, func(t *testing.T, d database.Dialect) {
		rcv := webhooktest.NewReceiver(t)
		cfg := fastConfig(t, d, rcv.URL, []string{"entry.create"}, "customer")
		first, err := app.New(context.Background(), cfg, quiet())
		if err != nil {
			t.Fatal(err)
		}
		// The worker dies; the write commits after it: nobody sends it.
		if err := first.Webhooks.Close(context.Background()); err != nil {
			t.Fatal(err)
		}
		_, err = first.Content.Create(context.Background(), &query.Query{Type: first.Schema.Type("customer")},
			content.NewWrite(first.Schema.Type("customer")).Set("name", "Survivor"), entry.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		time.Sleep(200 * time.Millisecond)
		if n := len(rcv.Requests()); n != 0 {
			t.Fatalf("delivered %d without a worker", n)
		}
		first.Close()

		second, err := app.New(context.Background(), cfg, quiet())
		if err != nil {
			t.Fatal(err)
		}
		defer second.Close()
		webhooktest.WaitFor(t, "the delivery after the restart", func() bool { return len(rcv.Requests()) == 1 })
		if p := verified(t, rcv.Requests()[0]); !strings.Contains(string(p.Entry), "Survivor") {
			t.Errorf("payload %s", p.Entry)
		}
	})
}

func TestTwoInstancesDeliverEachOnce(t *testing.T) {
	each(t, func(t *testing.T, d database.Dialect) {
		rcv := webhooktest.NewReceiver(t)
		cfg := fastConfig(t, d, rcv.URL, []string{"entry.create"}, "customer")
		var apps []*app.App
		for range 2 {
			a, err := app.New(context.Background(), cfg, quiet())
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { a.Close() })
			apps = append(apps, a)
		}
		const perApp = 150
		var wg sync.WaitGroup
		for i, a := range apps {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for n := range perApp {
					_, err := a.Content.Create(context.Background(), &query.Query{Type: a.Schema.Type("customer")},
						content.NewWrite(a.Schema.Type("customer")).Set("name", fmt.Sprintf("c-%d-%d", i, n)), entry.ReadOptions{})
					if err != nil {
						t.Error(err)
						return
					}
				}
			}()
		}
		wg.Wait()
		webhooktest.WaitFor(t, "every delivery", func() bool { return len(rcv.Requests()) >= 2*perApp })
		time.Sleep(300 * time.Millisecond) // a second send would come by now
		seen := map[string]int{}
		for _, r := range rcv.Requests() {
			seen[r.Header.Get("X-Kiln-Delivery")]++
		}
		if len(rcv.Requests()) != 2*perApp || len(seen) != 2*perApp {
			t.Fatalf("%d requests for %d deliveries, want %d of each", len(rcv.Requests()), len(seen), 2*perApp)
		}
	})
}

func TestPrivateAddressRefusedAfterResolution(t *testing.T) {
	each(t, func(t *testing.T, d database.Dialect) {
		rcv := webhooktest.NewReceiver(t)
		// "localhost" is a name: it is refused once resolved to 127.0.0.1.
		url := strings.Replace(rcv.URL, "127.0.0.1", "localhost", 1)
		cfg := fastConfig(t, d, url, []string{"entry.create"}, "customer")
		cfg.Webhooks.AllowPrivate = false
		h := apptest.NewWith(t, cfg)
		h.Create("/api/customers", map[string]any{"name": "Probe"})
		var list []map[string]any
		webhooktest.WaitFor(t, "the refusal", func() bool {
			list = webhooktest.Deliveries(t, h)
			return len(list) == 1 && list[0]["status"] == "failed"
		})
		if list[0]["attempts"] != 1.0 || !strings.Contains(fmt.Sprint(list[0]["lastError"]), "not a public address") {
			t.Errorf("delivery %v", list[0])
		}
		if n := len(rcv.Requests()); n != 0 {
			t.Errorf("the receiver got %d requests", n)
		}
	})
}

func TestPrivateAddressAllowedWhenConfigured(t *testing.T) {
	rcv := webhooktest.NewReceiver(t)
	url := strings.Replace(rcv.URL, "127.0.0.1", "localhost", 1)
	h := apptest.NewWith(t, fastConfig(t, database.SQLite, url, []string{"entry.create"}, "customer"))
	h.Create("/api/customers", map[string]any{"name": "Local"})
	webhooktest.WaitFor(t, "the delivery", func() bool { return len(rcv.Requests()) == 1 })
}

func storePG() string { return storetest.PostgresURL() }
