package app_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"runtime"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/internal/app"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// TestMeasureRevocation prints the window of docs/identity-cache.md ("The
// window on other nodes"): from a block's commit to each other node's
// first refusal of the blocked user's token, one HTTP request through
// app.Test included, over KILN_MEASURE_NODES apps (3 unless set) in this
// process, on one PostgreSQL database. Each of KILN_MEASURE_ROUNDS rounds
// (40 unless set) blocks a user through node 0's API (the others
// measured) and another by SQL outside Kiln (every node measured), each
// user first answered from every node's cache. The nodes are asked in
// turn without a pause, as clients would keep asking. It runs only when
// KILN_MEASURE=1:
//
//	KILN_MEASURE=1 KILN_TEST_POSTGRES_URL=... go test -run TestMeasureRevocation -v ./internal/app
func TestMeasureRevocation(t *testing.T) {
	if os.Getenv("KILN_MEASURE") != "1" {
		t.Skip("set KILN_MEASURE=1 to measure")
	}
	n := 3
	if v := os.Getenv("KILN_MEASURE_NODES"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n < 2 {
			t.Fatalf("KILN_MEASURE_NODES=%q: want 2 or more", v)
		}
	}
	rounds := 40
	if v := os.Getenv("KILN_MEASURE_ROUNDS"); v != "" {
		var err error
		if rounds, err = strconv.Atoi(v); err != nil || rounds < 1 {
			t.Fatalf("KILN_MEASURE_ROUNDS=%q: want 1 or more", v)
		}
	}
	cfg := apptest.Config(t, database.Postgres)
	cfg.Database.URL = apptest.DatabaseURL(t, cfg) // every node on one database
	first := apptest.NewWith(t, cfg)
	nodes := []*apptest.Harness{first}
	for len(nodes) < n {
		a, err := app.New(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { a.Close() })
		nodes = append(nodes, &apptest.Harness{T: t, App: a, AdminToken: first.AdminToken})
	}
	for _, h := range nodes {
		waitFor(t, "the listener up", 5*time.Second, h.App.Security.Principals.Trusted)
	}
	other, err := database.Open(context.Background(), cfg.Database.URL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { other.Close() })
	users := first.App.Schema.Type("user")
	block := "UPDATE " + database.Ident(users.Table) + " SET " + database.Ident(users.Attr("blocked").Column) + " = $1 WHERE id = $2"

	status := func(h *apptest.Harness, token string) int {
		return h.Do("GET", "/api/users/me", nil, apptest.As(token)...).Status
	}
	// refusals asks the nodes in turn until each has refused token once,
	// and answers each one's time from since.
	refusals := func(token string, since time.Time, hs []*apptest.Harness) []time.Duration {
		out := make([]time.Duration, len(hs))
		left := len(hs)
		for left > 0 {
			for i, h := range hs {
				if out[i] == 0 && status(h, token) == 401 {
					out[i] = time.Since(since)
					left--
				}
			}
			if time.Since(since) > 5*time.Second {
				t.Fatalf("not every node refuses after 5 s: %v", out)
			}
		}
		return out
	}
	// user makes a user whom every node answers from its cache.
	user := func(name string) (int64, string) {
		token := first.CreateUser(name, name+"@kiln.test", "authenticated")
		for _, h := range nodes {
			// A notice of the user's creation may land after a use
			// cached it, evicting it: a few tries of a use and a hit.
			var hits, h2 int64
			for try := 0; try < 5 && (try == 0 || h2 != hits+1); try++ {
				status(h, token)
				hits, _ = h.App.Security.Principals.Stats()
				if s := status(h, token); s != 200 {
					t.Fatalf("a new user: %d", s)
				}
				h2, _ = h.App.Security.Principals.Stats()
			}
			if h2 != hits+1 {
				t.Fatalf("a node does not answer from its cache (hits %d → %d)", hits, h2)
			}
		}
		return userID(t, first, token), token
	}
	var api, sql []time.Duration
	for i := range rounds {
		// A block raises the token version: a user per block.
		id, token := user("api" + strconv.Itoa(i))
		if r := first.Do("PUT", "/api/users/"+strconv.FormatInt(id, 10), map[string]any{"blocked": true}); r.Status != 200 {
			t.Fatalf("block: %d %s", r.Status, r.Body)
		}
		api = append(api, refusals(token, time.Now(), nodes[1:])...)
		id, token = user("sql" + strconv.Itoa(i))
		if _, err := other.SQL().ExecContext(context.Background(), block, true, id); err != nil {
			t.Fatal(err)
		}
		sql = append(sql, refusals(token, time.Now(), nodes)...)
	}
	load, _ := os.ReadFile("/proc/loadavg") // the machine's load, for the record
	t.Logf("%d nodes, %d rounds, GOMAXPROCS %d, load average %s", n, rounds, runtime.GOMAXPROCS(0), load)
	t.Log(summary("blocked through node 0's API, the other nodes", api))
	t.Log(summary("blocked by SQL outside Kiln, every node", sql))
	t.Log(summary("all", append(api, sql...)))
}

// summary is a line of the durations' count, median, 90th and 99th
// percentiles and maximum.
func summary(what string, ds []time.Duration) string {
	s := slices.Clone(ds)
	slices.Sort(s)
	at := func(p float64) time.Duration { return s[min(len(s)-1, int(p*float64(len(s))))] }
	r := func(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }
	return fmt.Sprintf("%s: n %d, median %s, p90 %s, p99 %s, max %s", what, len(s), r(at(0.5)), r(at(0.9)), r(at(0.99)), r(s[len(s)-1]))
}
