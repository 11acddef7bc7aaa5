package app_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// TestShutdownAnswersRequestsOnNewConnections: twelve clients connect,
// SIGTERM comes (the context's end), and only then do they send their
// reads: every one is answered, whole, with Connection: close. A client
// holding an idle kept-alive connection has it closed at once, and Serve
// returns as soon as the twelve are answered — not at the end of the new
// connections' grace (the default, 5s).
func TestShutdownAnswersRequestsOnNewConnections(t *testing.T) {
	cfg := apptest.Config(t, database.SQLite)
	cfg.Server.ShutdownTimeout = 10 * time.Second
	s := serveApp(t, cfg)
	for i := range 30 {
		s.h.Create("/api/customers", map[string]any{"name": fmt.Sprint("Customer ", i), "industry": "Retail"})
	}
	const clients = 12
	conns := make([]net.Conn, clients)
	for i := range conns {
		conns[i] = dialT(t, s.addr)
	}
	// Accept takes connections in the order they came: once a later one
	// is answered, the twelve have reached the server.
	idle := dialT(t, s.addr)
	if r := rawGet(t, idle, "/_health"); r.StatusCode != 200 {
		t.Fatalf("/_health: %d", r.StatusCode)
	}

	s.stop()
	if got, closed := closedWithin(idle, time.Second); !closed || len(got) != 0 {
		t.Fatalf("the idle kept-alive connection: closed %v, wrote %q; want closed at once", closed, got)
	}
	type answer struct {
		status int
		close  bool
		total  float64
		err    error
	}
	answers := make(chan answer, clients)
	var wg sync.WaitGroup
	for _, c := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.SetDeadline(time.Now().Add(5 * time.Second))
			fmt.Fprintf(c, "GET /api/customers?pagination[pageSize]=100&sort=name HTTP/1.1\r\nHost: kiln\r\nAuthorization: Bearer %s\r\n\r\n", s.h.AdminToken)
			resp, err := http.ReadResponse(bufio.NewReader(c), nil)
			if err != nil {
				answers <- answer{err: err}
				return
			}
			defer resp.Body.Close()
			var body struct {
				Data []any
				Meta struct{ Pagination struct{ Total float64 } }
			}
			err = json.NewDecoder(resp.Body).Decode(&body)
			answers <- answer{status: resp.StatusCode, close: resp.Close, total: body.Meta.Pagination.Total, err: err}
		}()
	}
	wg.Wait()
	answered := time.Now()
	close(answers)
	for a := range answers {
		if a.err != nil || a.status != 200 || !a.close || a.total != 30 {
			t.Errorf("a request sent after SIGTERM on a new connection: %d, Connection: close %v, total %v, %v", a.status, a.close, a.total, a.err)
		}
	}
	select {
	case <-s.done:
		if s.err != nil {
			t.Fatalf("Serve: %v", s.err)
		}
		t.Logf("Serve returned %v after the last answer", time.Since(answered).Round(time.Millisecond))
	case <-time.After(2 * time.Second):
		t.Fatal("Serve did not return once every request was answered")
	}
	for i, c := range conns {
		if _, err := c.Read(make([]byte, 1)); err != io.EOF {
			t.Errorf("connection %d after its answer: %v, want EOF", i, err)
		}
	}
}
