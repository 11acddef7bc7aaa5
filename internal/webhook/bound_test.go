package webhook_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/internal/app"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/migrate"
	"github.com/kiln-cms/kiln/internal/webhook/webhooktest"
)

// slowReceiver is a real HTTP server that holds every request until the
// test lets it go (one at a time, or all), counting the requests open at
// once and the most ever open.
type slowReceiver struct {
	*httptest.Server
	one chan struct{} // a send lets one held request answer
	all chan struct{} // closed: every request answers at once

	mu      sync.Mutex
	open    int
	peak    int
	got     []string // X-Kiln-Delivery of each request, in arrival order
	allOnce sync.Once
}

func newSlowReceiver(t *testing.T) *slowReceiver {
	r := &slowReceiver{one: make(chan struct{}), all: make(chan struct{})}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		r.mu.Lock()
		r.open++
		r.peak = max(r.peak, r.open)
		r.got = append(r.got, req.Header.Get("X-Kiln-Delivery"))
		r.mu.Unlock()
		select {
		case <-r.one:
		case <-r.all:
		case <-req.Context().Done():
		}
		r.mu.Lock()
		r.open--
		r.mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(func() { r.releaseAll(); r.Close() })
	return r
}

// state is the requests open now, the most ever open, and how many came.
func (r *slowReceiver) state() (open, peak, got int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.open, r.peak, len(r.got)
}

// ids counts the requests of each delivery id.
func (r *slowReceiver) ids() map[string]int {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := map[string]int{}
	for _, id := range r.got {
		out[id]++
	}
	return out
}

// releaseOne lets one held request answer, failing the test if none is
// held within 15s.
func (r *slowReceiver) releaseOne(t *testing.T) {
	t.Helper()
	select {
	case r.one <- struct{}{}:
	case <-time.After(15 * time.Second):
		t.Fatal("no request held to release")
	}
}

func (r *slowReceiver) releaseAll() { r.allOnce.Do(func() { close(r.all) }) }

// slowConfig is a webhook config for the slow receiver: a timeout far
// longer than the test holds a request, so that no attempt fails.
func slowConfig(t *testing.T, d database.Dialect, url string, workers int) config.Config {
	cfg := fastConfig(t, d, url, []string{"entry.create"}, "customer")
	cfg.Webhooks.Workers = workers
	cfg.Webhooks.Timeout = time.Minute
	return cfg
}

// startApps builds n apps on cfg's database, closed at the test's end.
func startApps(t *testing.T, cfg config.Config, n int) []*app.App {
	t.Helper()
	var apps []*app.App
	for range n {
		a, err := app.New(context.Background(), cfg, quiet())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { a.Close() })
		apps = append(apps, a)
	}
	return apps
}

// trickle creates n customers one transaction at a time, the apps taking
// turns, as writes come in while the receiver is slow: every commit wakes
// its app's worker. The first `bound` deliveries have free workers and
// must reach the receiver before the next commit; past the bound none
// may, and nothing can signal a send that must not happen, so each later
// commit is given a short while to show one.
func trickle(t *testing.T, apps []*app.App, rcv *slowReceiver, prefix string, n, bound int) {
	t.Helper()
	for i := 1; i <= n; i++ {
		a := apps[(i-1)%len(apps)]
		_, err := a.Content.Create(context.Background(), &query.Query{Type: a.Schema.Type("customer")},
			content.NewWrite(a.Schema.Type("customer")).Set("name", fmt.Sprintf("%s-%d", prefix, i)), entry.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		sent := func() bool { _, _, got := rcv.state(); return got >= i }
		if i <= bound {
			webhooktest.WaitFor(t, fmt.Sprintf("delivery %d", i), sent)
			continue
		}
		for end := time.Now().Add(excessWindow); !sent() && time.Now().Before(end); {
			time.Sleep(5 * time.Millisecond)
		}
	}
}

// excessWindow is how long a commit past the bound is given to show a
// send too many: a worker that sends it does so within milliseconds.
const excessWindow = 100 * time.Millisecond

// TestSendsBoundedByWorkers: however many commits wake the worker, one
// process has at most `workers` deliveries open at once against a
// receiver that is slow to answer, and a cluster of three at most three
// times that; each delivery comes once.
func TestSendsBoundedByWorkers(t *testing.T) {
	for _, c := range []struct {
		instances, workers, deliveries int
	}{
		{instances: 1, workers: 3, deliveries: 9},
		{instances: 3, workers: 2, deliveries: 12},
	} {
		t.Run(fmt.Sprintf("%d instances", c.instances), func(t *testing.T) {
			each(t, func(t *testing.T, d database.Dialect) {
				rcv := newSlowReceiver(t)
				apps := startApps(t, slowConfig(t, d, rcv.URL, c.workers), c.instances)
				bound := c.instances * c.workers

				trickle(t, apps, rcv, "slow", c.deliveries, bound)
				// Let the requests answer one at a time: each freed slot
				// takes the next delivery.
				for released := 1; released <= c.deliveries; released++ {
					rcv.releaseOne(t)
					want := min(c.deliveries, released+bound)
					webhooktest.WaitFor(t, fmt.Sprintf("request %d", want), func() bool { _, _, got := rcv.state(); return got >= want })
				}
				_, peak, got := rcv.state()
				if peak != bound {
					t.Errorf("%d sends open at once, want %d (%d instances × %d workers)", peak, bound, c.instances, c.workers)
				}
				ids := rcv.ids()
				if got != c.deliveries || len(ids) != c.deliveries {
					t.Errorf("%d requests for %d deliveries, want %d of each", got, len(ids), c.deliveries)
				}
			})
		})
	}
}

// TestCrashResendsOnlyWhatWasInFlight: an instance dies with deliveries
// claimed and committed but unsent; once their claims run out another
// instance sends every delivery, and only the ones the dead instance had
// in flight (at most `workers`) reach the receiver twice.
func TestCrashResendsOnlyWhatWasInFlight(t *testing.T) {
	each(t, func(t *testing.T, d database.Dialect) {
		const workers, deliveries = 2, 8
		rcv := newSlowReceiver(t)
		cfg := slowConfig(t, d, rcv.URL, workers)
		dead := startApps(t, cfg, 1)[0]
		trickle(t, []*app.App{dead}, rcv, "crash", deliveries, workers)

		// The crash: the instance loses its database (nothing it sent is
		// recorded) and its worker stops.
		if err := dead.DB.Close(); err != nil {
			t.Fatal(err)
		}
		stopped, cancel := context.WithCancel(context.Background())
		cancel()
		dead.Webhooks.Close(stopped)
		rcv.releaseAll()
		webhooktest.WaitFor(t, "the dead instance's sends to end", func() bool { open, _, _ := rcv.state(); return open == 0 })
		_, _, inFlight := rcv.state()

		// The claims run out (as after `lease`), and another instance
		// takes over. The claims end before it starts: ended after, the
		// UPDATE would also end the claims of sends it already began.
		expire, err := database.Open(context.Background(), cfg.Database.URL)
		if err != nil {
			t.Fatal(err)
		}
		_, err = expire.ExecContext(context.Background(), "UPDATE "+migrate.DeliveriesTable+" SET locked_until = 0")
		expire.Close()
		if err != nil {
			t.Fatal(err)
		}
		next := startApps(t, cfg, 1)[0]
		next.Webhooks.Wake()
		webhooktest.WaitFor(t, "every delivery recorded", func() bool {
			var n int
			err := next.DB.QueryRowContext(context.Background(),
				"SELECT COUNT(*) FROM "+migrate.DeliveriesTable+" WHERE status = 'delivered'").Scan(&n)
			return err == nil && n == deliveries
		})
		twice := 0
		for id, n := range rcv.ids() {
			switch {
			case n == 2:
				twice++
			case n != 1:
				t.Errorf("delivery %s came %d times", id, n)
			}
		}
		if len(rcv.ids()) != deliveries || inFlight != workers || twice != inFlight {
			t.Errorf("%d deliveries came, %d in flight at the crash, %d came twice; want %d, %d (workers), %d",
				len(rcv.ids()), inFlight, twice, deliveries, workers, workers)
		}
	})
}
