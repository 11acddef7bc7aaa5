package main

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"
	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/internal/app"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/plugins/all"
)

// The database's own ceiling, the second floor of a read scenario: the
// statements Kiln sends for one request, recorded from Kiln itself (an
// app of Kiln's built in this process on the same database and config,
// its database observed while it answers the request once), then sent
// again by the database client alone — -connections clients, each
// sending one request's statements after the other in a closed loop,
// prepared, through the same driver, every row read and nothing encoded,
// no HTTP. Requests a second at that ceiling are what the database can
// serve; Kiln's share of it is how near Kiln comes to the limit the
// database sets (pgbench -M prepared does the same for one statement).

// statement is one statement Kiln sent, as sent: placeholders numbered
// for the dialect, values beside.
type statement struct {
	text string
	args []any
}

// request is one request whose statements are recorded and served again
// by the bare HTTP server: a GET of a path (the REST reads), or a POST of
// a body (GraphQL's reads, all to the one endpoint).
type request struct {
	method, path string
	body         []byte
}

// key tells requests apart: two GraphQL reads share their method and
// path, not their body.
func (r request) key() string { return r.method + " " + r.path + "\x00" + string(r.body) }

// getRequest is a GET of path.
func getRequest(path string) request { return request{method: "GET", path: path} }

// getAll is a GET of each path.
func getAll(paths ...string) []request {
	out := make([]request, len(paths))
	for i, p := range paths {
		out[i] = getRequest(p)
	}
	return out
}

// recordStatements answers each request once with an app of Kiln's own
// built from env (the same content types, config and database as the
// server measured), as the holder of token or, without one, signed in
// as the demo admin with password, and returns the statements each
// answer sent. A request is answered until two runs in a
// row send the same statements, so that one a background worker sent in
// between is not taken for the request's.
func recordStatements(env []string, password, token string, reqs []request) ([][]statement, error) {
	stmts, _, err := recordAnswers(env, password, token, reqs)
	return stmts, err
}

// recordAnswers is recordStatements that also returns each request's
// answer, as Kiln wrote it.
func recordAnswers(env []string, password, token string, reqs []request) ([][]statement, [][]byte, error) {
	vars := map[string]string{}
	for _, kv := range env {
		if k, v, ok := strings.Cut(kv, "="); ok {
			vars[k] = v
		}
	}
	cfg, err := config.Load(func(k string) string { return vars[k] })
	if err != nil {
		return nil, nil, err
	}
	if _, err := cfg.EnsureSecret(); err != nil { // the server's, kept in the data folder
		return nil, nil, err
	}
	if err := cfg.CheckPlugins(all.Names()); err != nil {
		return nil, nil, err
	}
	enabled, err := all.Enabled(cfg.Plugins.Enabled(), nil)
	if err != nil {
		return nil, nil, err
	}
	a, err := app.New(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), enabled...)
	if err != nil {
		return nil, nil, err
	}
	defer a.Close()
	if token == "" {
		test := func(req *http.Request) (*http.Response, error) { return a.Fiber.Test(req, -1) }
		if token, err = signInWith(test, "", password); err != nil {
			return nil, nil, err
		}
	}
	return recordOn(a, token, reqs)
}

// recordOn answers each request with a as the holder of token (see
// recordStatements).
func recordOn(a *app.App, token string, reqs []request) ([][]statement, [][]byte, error) {
	var (
		mu   sync.Mutex
		seen []statement
	)
	a.DB.Observe(func(q string, args []any) {
		mu.Lock()
		seen = append(seen, statement{q, slices.Clone(args)})
		mu.Unlock()
	})
	out := make([][]statement, len(reqs))
	answers := make([][]byte, len(reqs))
	for i, p := range reqs {
		var last []statement
		for try := 0; try < 5; try++ {
			mu.Lock()
			seen = nil
			mu.Unlock()
			req := httptest.NewRequest(p.method, p.path, bytes.NewReader(p.body))
			req.Header.Set("Authorization", "Bearer "+token)
			if p.body != nil {
				req.Header.Set("Content-Type", "application/json")
			}
			res, err := a.Fiber.Test(req, -1)
			if err != nil {
				return nil, nil, err
			}
			answers[i], err = io.ReadAll(res.Body)
			res.Body.Close()
			if err != nil {
				return nil, nil, err
			}
			if res.StatusCode != 200 {
				return nil, nil, fmt.Errorf("recording %s %s: status %d: %.300s", p.method, p.path, res.StatusCode, answers[i])
			}
			mu.Lock()
			got := seen
			mu.Unlock()
			if last != nil && sameStatements(got, last) {
				break
			}
			last = got
		}
		out[i] = last
	}
	return out, answers, nil
}

func sameStatements(a, b []statement) bool {
	return slices.EqualFunc(a, b, func(x, y statement) bool { return x.text == y.text && fmt.Sprint(x.args) == fmt.Sprint(y.args) })
}

// ceiling runs one request's statements as the database's own ceiling:
// conns clients in a closed loop for d on the pool of db (sized as
// Kiln's own), each statement prepared once per connection.
func ceiling(db *database.DB, stmts []statement, conns int, d time.Duration) (result, error) {
	if len(stmts) == 0 {
		return result{}, fmt.Errorf("no statements recorded")
	}
	for _, s := range stmts {
		if w, _, _ := strings.Cut(strings.TrimSpace(s.text), " "); !strings.EqualFold(w, "SELECT") && !strings.EqualFold(w, "WITH") {
			return result{}, fmt.Errorf("the ceiling runs reads only, not %q", w)
		}
	}
	pool := db.SQL() // sized as Kiln's: 20 connections on PostgreSQL, 4 on SQLite
	// One run first, so that every statement is prepared on a connection
	// and any error shows before the clock starts.
	if err := runStatements(context.Background(), pool, stmts); err != nil {
		return result{}, err
	}
	tallies := make([]tally, conns)
	deadline := time.Now().Add(d)
	var wg sync.WaitGroup
	start := time.Now()
	for i := range tallies {
		tallies[i].hist = hdrhistogram.New(1, int64(time.Minute/time.Microsecond), 3)
		wg.Add(1)
		go func(t *tally) {
			defer wg.Done()
			for time.Now().Before(deadline) {
				sent := time.Now()
				if err := runStatements(context.Background(), pool, stmts); err != nil {
					t.socket++
					continue
				}
				t.answers++
				t.hist.RecordValue(max(int64(time.Since(sent)/time.Microsecond), 1))
			}
		}(&tallies[i])
	}
	wg.Wait()
	return summarise(tallies, time.Since(start)), nil
}

// runStatements sends one request's statements and reads every row.
func runStatements(ctx context.Context, pool *sql.DB, stmts []statement) error {
	for _, s := range stmts {
		rows, err := pool.QueryContext(ctx, s.text, s.args...)
		if err != nil {
			return err
		}
		cols, err := rows.Columns()
		if err != nil {
			rows.Close()
			return err
		}
		raw := make([]sql.RawBytes, len(cols))
		dst := make([]any, len(cols))
		for i := range raw {
			dst[i] = &raw[i]
		}
		for rows.Next() {
			if err := rows.Scan(dst...); err != nil {
				rows.Close()
				return err
			}
		}
		if err := rows.Close(); err != nil {
			return err
		}
		if err := rows.Err(); err != nil {
			return err
		}
	}
	return nil
}

// ceilingOf records req's statements on the app env describes and runs
// them as the database's ceiling on db; it returns the result and the
// report's column.
func ceilingOf(o options, env []string, token string, db *database.DB, req request, kiln result) (result, string, error) {
	rec, err := recordStatements(env, o.password, token, []request{req})
	if err != nil {
		return result{}, "", fmt.Errorf("recording Kiln's statements: %w", err)
	}
	r, err := ceiling(db, rec[0], o.connections, o.duration)
	if err != nil {
		return result{}, "", err
	}
	share := 0.0
	if r.rps > 0 {
		share = kiln.rps / r.rps
	}
	return r, fmt.Sprintf(" | database %8.0f req/s (%d statements) p99 %-8s err %d | %3.0f%%", r.rps, len(rec[0]), ms(r.p99), r.errs, 100*share), nil
}

// httpCeiling serves each recorded path the cheapest way an HTTP server
// can: its statements run as the ceiling runs them, then the answer Kiln
// gave, copied as bytes. Measured with the same loader as Kiln, it is
// the limit any server reaches on this machine, where the load
// generator, the server and the database share the cores; the database
// alone leaves out the first two.
//
// Both maps are by request.key: a GraphQL read is told apart by its body.
func httpCeiling(pool *sql.DB, stmts map[string][]statement, answers map[string][]byte) (base string, stop func(), err error) {
	app := fiber.New(fiber.Config{DisableStartupMessage: true})
	app.Use(func(c *fiber.Ctx) error {
		key := request{method: c.Method(), path: c.OriginalURL(), body: c.Body()}.key()
		s, ok := stmts[key]
		if !ok {
			return fiber.ErrNotFound
		}
		if err := runStatements(c.UserContext(), pool, s); err != nil {
			return err
		}
		c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSONCharsetUTF8)
		return c.Send(answers[key])
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	go app.Listener(ln)
	return "http://" + ln.Addr().String(), func() { app.Shutdown() }, nil
}
