package app_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/internal/app"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/rest"
)

// served is an App answering on a loopback port through App.Serve, the
// way kiln serve runs it; stop is SIGTERM.
type served struct {
	h    *apptest.Harness
	addr string
	stop context.CancelFunc
	done chan struct{} // closed when Serve returned, with err
	err  error
}

func serveApp(t *testing.T, cfg config.Config, plugins ...plugin.Plugin) *served {
	t.Helper()
	h := apptest.NewWith(t, cfg, plugins...)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &served{h: h, addr: ln.Addr().String(), stop: cancel, done: make(chan struct{})}
	go func() {
		s.err = h.App.Serve(ctx, ln)
		close(s.done)
	}()
	t.Cleanup(func() {
		cancel()
		select {
		case <-s.done:
		case <-time.After(cfg.Server.ShutdownTimeout + 5*time.Second):
			t.Error("Serve did not return")
		}
	})
	return s
}

// blocker is a plugin route, GET /api/slow/wait, that tells entered when
// its handler runs, waits for release, then uses the database and answers
// 200 with a 256 KiB body. It records whether the database answered and
// when the handler returned.
type blocker struct {
	entered, release chan struct{}
	app              **app.App
	dbErr            atomic.Value
	returned         atomic.Bool
}

func newBlocker(a **app.App) *blocker {
	return &blocker{entered: make(chan struct{}, 4), release: make(chan struct{}), app: a}
}

func (b *blocker) Name() string { return "slow" }
func (b *blocker) Register(api *plugin.API) error {
	return api.Route(plugin.Route{
		Method: "GET", Path: "/slow/wait", Action: "slow.wait", Tag: "Content", Summary: "waits for the test",
		Response: map[string]any{"type": "object"},
		Handler: func(c *fiber.Ctx) error {
			defer b.returned.Store(true)
			b.entered <- struct{}{}
			<-b.release
			b.dbErr.Store(fmt.Sprint((*b.app).DB.Ping(c.UserContext())))
			return rest.WriteData(c, fiber.StatusOK, strings.Repeat("x", 256<<10))
		},
	})
}

// rawGet sends a keep-alive GET on c and reads its answer.
func rawGet(t *testing.T, c net.Conn, path string) *http.Response {
	t.Helper()
	fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: kiln\r\n\r\n", path)
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp
}

func dialT(t *testing.T, addr string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// closedWithin reports how the server ended c: the bytes it wrote before
// closing, and whether it closed within d.
func closedWithin(c net.Conn, d time.Duration) ([]byte, bool) {
	c.SetReadDeadline(time.Now().Add(d))
	got, err := io.ReadAll(c)
	var ne net.Error
	return got, !(errors.As(err, &ne) && ne.Timeout())
}

// TestShutdownClosesIdleConnectionsAndFinishesRequests is SIGTERM (the
// context's end) with four connections open: one idle after a request,
// one that never sent a byte, one half-way through its first request
// head, and one inside a handler. The idle one is closed at once, with
// nothing written; the two new ones keep their grace: the half-sent
// request, finished after the SIGTERM, is answered (Connection: close),
// and the silent one is closed when its grace ends, with nothing written;
// new connections are refused; the running request gets its whole answer
// (with Connection: close) and its handler could still use the database;
// Serve returns only after that handler returned, and well within the
// shutdown timeout. On both databases, since the handler uses its
// database during the shutdown.
func TestShutdownClosesIdleConnectionsAndFinishesRequests(t *testing.T) {
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) { shutdownClosesIdleConnectionsAndFinishesRequests(t, d) })
	}
}

func shutdownClosesIdleConnectionsAndFinishesRequests(t *testing.T, d database.Dialect) {
	var a *app.App
	b := newBlocker(&a)
	cfg := apptest.Config(t, d)
	cfg.Server.ShutdownTimeout = 10 * time.Second
	cfg.Server.NewConnectionGrace = 700 * time.Millisecond
	s := serveApp(t, cfg, b)
	a = s.h.App

	idle := dialT(t, s.addr)
	if r := rawGet(t, idle, "/_health"); r.StatusCode != 200 {
		t.Fatalf("/_health: %d", r.StatusCode)
	}
	never := dialT(t, s.addr)
	half := dialT(t, s.addr)
	newAt := time.Now()
	io.WriteString(half, "GET /_health HTTP/1.1\r\nHost: kiln\r\n")

	type answer struct {
		status int
		close  bool
		body   []byte
		err    error
	}
	answered := make(chan answer, 1)
	go func() {
		req, _ := http.NewRequest("GET", "http://"+s.addr+"/api/slow/wait", nil)
		req.Header.Set("Authorization", "Bearer "+s.h.AdminToken)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			answered <- answer{err: err}
			return
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		answered <- answer{status: resp.StatusCode, close: resp.Close, body: body, err: err}
	}()
	select {
	case <-b.entered:
	case <-time.After(5 * time.Second):
		t.Fatal("the slow request never reached its handler")
	}

	start := time.Now()
	s.stop()
	if got, closed := closedWithin(idle, time.Second); !closed || len(got) != 0 {
		t.Errorf("idle connection: closed %v, wrote %q; want closed at once with nothing written", closed, got)
	}
	// The half-sent request arrives whole: answered, and the connection
	// closed after it.
	io.WriteString(half, "\r\n")
	resp, err := http.ReadResponse(bufio.NewReader(half), nil)
	if err != nil || resp.StatusCode != 200 || !resp.Close {
		t.Fatalf("the request finished after SIGTERM: %v, %v", resp, err)
	}
	if got, closed := closedWithin(never, cfg.Server.NewConnectionGrace+time.Second); !closed || len(got) != 0 {
		t.Errorf("never-used connection: closed %v, wrote %q; want closed at its grace's end with nothing written", closed, got)
	} else if took := time.Since(newAt); took < cfg.Server.NewConnectionGrace-100*time.Millisecond {
		t.Errorf("never-used connection closed %v after its accept, within its grace of %v", took, cfg.Server.NewConnectionGrace)
	}
	if c, err := net.DialTimeout("tcp", s.addr, time.Second); err == nil {
		c.Close()
		t.Error("a new connection was accepted while shutting down")
	}
	select {
	case <-s.done:
		t.Fatalf("Serve returned while a request was running: %v", s.err)
	case <-time.After(200 * time.Millisecond):
	}

	close(b.release)
	got := <-answered
	var env struct{ Data string }
	if got.err != nil || got.status != 200 || !got.close || json.Unmarshal(got.body, &env) != nil || len(env.Data) != 256<<10 {
		t.Fatalf("the running request: %d, Connection: close %v, %d bytes, %v", got.status, got.close, len(got.body), got.err)
	}
	select {
	case <-s.done:
		took := time.Since(start)
		if err := s.err; err != nil {
			t.Fatalf("Serve: %v", err)
		}
		if !b.returned.Load() {
			t.Fatal("Serve returned before the handler did: the database would close under it")
		}
		if dbErr := b.dbErr.Load(); dbErr != "<nil>" {
			t.Fatalf("the handler could not use the database during the shutdown: %v", dbErr)
		}
		if took > 3*time.Second {
			t.Errorf("shutdown took %v", took)
		}
		t.Logf("shutdown took %v (the new connections' grace and 200ms of waiting on the running request in it)", took)
	case <-time.After(3 * time.Second):
		t.Fatal("Serve did not return after the last request finished")
	}
}

// TestShutdownTimeout: a handler that outlives ShutdownTimeout makes Serve
// return ErrShutdownTimeout when it ends, with its connection closed, so
// that kiln serve exits without closing the database under it.
func TestShutdownTimeout(t *testing.T) {
	var a *app.App
	b := newBlocker(&a)
	cfg := apptest.Config(t, database.SQLite)
	cfg.Server.ShutdownTimeout = 300 * time.Millisecond
	s := serveApp(t, cfg, b)
	a = s.h.App
	defer close(b.release)
	failed := make(chan error, 1)
	go func() {
		req, _ := http.NewRequest("GET", "http://"+s.addr+"/api/slow/wait", nil)
		req.Header.Set("Authorization", "Bearer "+s.h.AdminToken)
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		failed <- err
	}()
	<-b.entered
	start := time.Now()
	s.stop()
	select {
	case <-s.done:
		if err := s.err; !errors.Is(err, app.ErrShutdownTimeout) || !strings.Contains(err.Error(), ": 1 after 300ms") {
			t.Fatalf("Serve: %v, want ErrShutdownTimeout with 1 request", s.err)
		}
		if took := time.Since(start); took < 300*time.Millisecond || took > 2*time.Second {
			t.Errorf("returned after %v, want the 300ms timeout", took)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Serve did not return at the shutdown timeout")
	}
	if err := <-failed; err == nil {
		t.Error("the client of the unfinished request got an answer")
	}
}
