package app_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/database/pgtest"
)

// lockedBuffer is a log sink safe for the server's goroutines.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// answer is one request of the load and what it got.
type answer struct {
	name       string
	status     int
	start, end time.Time
}

// TestDatabaseRestartUnderWriteLoad restarts a PostgreSQL cluster of the
// test's own (fast shutdown: sessions ended) while four clients create
// entries and read them back without pause. No answer is a 500; every
// entry answered 201 is in the database; every request that starts once
// the database accepts connections again succeeds, the first one
// included, although the pool still held connections to the old server;
// and the outage is logged once, with a count, not once per request.
func TestDatabaseRestartUnderWriteLoad(t *testing.T) {
	c := pgtest.Start(t)
	cfg := apptest.Config(t, database.SQLite) // then pointed at the cluster
	cfg.Database.URL = c.URL()
	var logs lockedBuffer
	h := apptest.NewLogged(t, cfg, slog.New(slog.NewTextHandler(&logs, nil)))

	var mu sync.Mutex
	var answers []answer
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				a := send(h, w, i)
				mu.Lock()
				answers = append(answers, a...)
				mu.Unlock()
			}
		}()
	}
	time.Sleep(time.Second)
	down := time.Now()
	c.Restart()
	back := time.Now()
	time.Sleep(2 * time.Second)
	close(stop)
	wg.Wait()

	statuses := map[int]int{}
	var created []string
	var during, after, failedAfter int
	firstOK := time.Duration(-1)
	for _, a := range answers {
		statuses[a.status]++
		if a.status == 201 {
			created = append(created, a.name)
		}
		if a.end.After(down) && a.start.Before(back) {
			during++
		}
		if a.start.After(back) {
			after++
			if a.status >= 300 {
				failedAfter++
				t.Errorf("%s started %v after the database was back and got %d", a.name, a.start.Sub(back), a.status)
			}
			if firstOK < 0 && a.status < 300 {
				firstOK = a.end.Sub(back)
			}
		}
	}
	for st := range statuses {
		if st != 200 && st != 201 && st != 503 {
			t.Errorf("%d answers were %d", statuses[st], st)
		}
	}
	if missing := missingCustomers(t, h, created); len(missing) > 0 {
		t.Errorf("%d entries answered 201 are not in the database: %v", len(missing), missing)
	}
	if after == 0 {
		t.Fatal("no request started after the restart")
	}
	if n := strings.Count(logs.String(), `msg="database unavailable"`); statuses[503] > 0 && n != 1 {
		t.Errorf("the outage was logged %d times for %d answers of 503; want once", n, statuses[503])
	}
	t.Logf("answers: %v; %d overlapped the %v restart; %d started after it, the first answered %v after the database was back",
		statuses, during, back.Sub(down).Round(time.Millisecond), after, firstOK.Round(time.Millisecond))
}

// send creates one customer and reads the list back, as client w's i-th
// round; it never fails the test, so it may run on any goroutine.
func send(h *apptest.Harness, w, i int) []answer {
	name := fmt.Sprintf("w%d-%d", w, i)
	body, _ := json.Marshal(map[string]any{"data": map[string]any{"name": name}})
	out := make([]answer, 0, 2)
	for _, r := range []struct{ method, path string }{{"POST", "/api/customers"}, {"GET", "/api/customers?pagination[pageSize]=1"}} {
		req := httptest.NewRequest(r.method, r.path, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+h.AdminToken)
		a := answer{name: name, start: time.Now(), status: -1}
		if resp, err := h.App.Fiber.Test(req, -1); err == nil {
			a.status = resp.StatusCode
			resp.Body.Close()
		}
		a.end = time.Now()
		out = append(out, a)
	}
	return out
}

// missingCustomers are the names not found in the customers table.
func missingCustomers(t *testing.T, h *apptest.Harness, names []string) []string {
	t.Helper()
	rows, err := h.App.DB.QueryContext(context.Background(), "SELECT name FROM customers")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	have := map[string]bool{}
	for rows.Next() {
		var n string
		rows.Scan(&n)
		have[n] = true
	}
	var missing []string
	for _, n := range names {
		if !have[n] {
			missing = append(missing, n)
		}
	}
	return missing
}

// TestRestartBehindAnIdlePool: the pool holds idle connections to a
// server that restarts while nobody asks anything. Every request after
// the restart succeeds — the dead connections are found before use and
// dropped, instead of failing one request each.
func TestRestartBehindAnIdlePool(t *testing.T) {
	c := pgtest.Start(t)
	cfg := apptest.Config(t, database.SQLite) // then pointed at the cluster
	cfg.Database.URL = c.URL()
	h := apptest.NewWith(t, cfg)
	round := func(r, n int) map[int]int {
		var mu sync.Mutex
		statuses := map[int]int{}
		var wg sync.WaitGroup
		for i := 0; i < n; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for _, a := range send(h, i, r) {
					mu.Lock()
					statuses[a.status]++
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		return statuses
	}
	if s := round(0, 20); s[201] != 20 { // twenty connections opened and left idle
		t.Fatalf("warm-up: %v", s)
	}
	stats := h.App.DB.Stats()
	c.Restart()
	for r := 1; r <= 3; r++ {
		if s := round(r, 20); s[200] != 20 || s[201] != 20 {
			t.Errorf("round %d after the restart (the pool held %d idle connections): %v", r, stats.Idle, s)
		}
	}
}

// TestRequestDeadline: a request still running at its deadline is a 503
// ServiceUnavailableError with Retry-After, on both databases.
func TestRequestDeadline(t *testing.T) {
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			cfg := apptest.Config(t, d)
			cfg.Server.RequestTimeout = time.Nanosecond
			h := apptest.NewWith(t, cfg)
			r := h.Do("GET", "/api/customers", nil)
			_, name, msg, _ := h.ErrorOf(r)
			if r.Status != 503 || name != "ServiceUnavailableError" || r.Header.Get("Retry-After") != "2" ||
				msg != "The request took longer than the server allows: try again, or ask for less" {
				t.Errorf("%d %s %q Retry-After %q", r.Status, name, msg, r.Header.Get("Retry-After"))
			}
		})
	}
}

// TestExhaustedPool: with every pooled connection taken, a request waits
// for one no longer than its deadline and then answers 503; once the
// connections are back, requests are served again.
func TestExhaustedPool(t *testing.T) {
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			cfg := apptest.Config(t, d)
			cfg.Server.RequestTimeout = 300 * time.Millisecond
			h := apptest.NewWith(t, cfg)
			ctx := context.Background()
			max := h.App.DB.Stats().MaxOpenConnections
			var held []interface{ Close() error }
			for i := 0; i < max; i++ {
				c, err := h.App.DB.SQL().Conn(ctx)
				if err != nil {
					t.Fatal(err)
				}
				held = append(held, c)
			}
			start := time.Now()
			r := h.Do("GET", "/api/customers", nil)
			took := time.Since(start)
			if _, name, _, _ := h.ErrorOf(r); r.Status != 503 || name != "ServiceUnavailableError" || took > 2*time.Second {
				t.Errorf("with the pool's %d connections taken: %d %s after %v", max, r.Status, name, took)
			}
			for _, c := range held {
				c.Close()
			}
			if r := h.Do("GET", "/api/customers", nil); r.Status != 200 {
				t.Errorf("with the connections back: %d %s", r.Status, r.Body)
			}
		})
	}
}
