package app

import (
	"context"
	"errors"
	"fmt"
	"net"
	"runtime/debug"
	"time"

	"github.com/kiln-cms/kiln/internal/clientip"
	"github.com/kiln-cms/kiln/internal/conns"
	"github.com/kiln-cms/kiln/internal/rest"
)

// ErrShutdownTimeout is Serve's error when requests were still running at
// the end of the shutdown timeout. Their handlers may still be using the
// database: do not Close the App, exit.
var ErrShutdownTimeout = errors.New("requests still running at the end of the shutdown timeout")

// RetryAfter is the Retry-After, in seconds, of a connection refused at a
// cap: connections are freed within seconds (the read-header timeout, the
// end of a request).
const RetryAfter = 1

// Serve answers requests on ln, within the connection limits of the
// config (docs/operations.md), until ctx is done; then it shuts down:
//
//  1. it stops accepting, and closes at once every connection between two
//     requests (idle after an answer, or sending its next request);
//  2. the requests running go on and their answers are written (with
//     Connection: close), each connection closing as its answer is out;
//     a connection accepted but not yet into its first request has until
//     NewConnectionGrace after its accept to get there (its request is on
//     its way), and is closed then if it has not;
//  3. it returns nil once the last handler has returned and the last new
//     connection is answered or closed, so the caller may Close the App
//     (the database) — or, when ShutdownTimeout passes first, closes
//     every connection and returns ErrShutdownTimeout if a request was
//     still running.
//
// It returns early with the server's error if serving fails.
func (a *App) Serve(ctx context.Context, ln net.Listener) error {
	s := a.Config.Server
	if s.MemoryLimit > 0 {
		// Process-wide, so set where the process serves, not in New
		// (tests build many Apps in one process).
		debug.SetMemoryLimit(int64(s.MemoryLimit))
	}
	l := conns.Wrap(ln, conns.Options{
		Max: s.MaxConnections, MaxPerAddress: s.MaxConnectionsPerAddress, Exempt: clientip.Trusted(s.TrustProxy).Contains,
		Full: rest.RawErrorAnswer(503, "ServiceUnavailableError",
			"The server has too many open connections; try again later", RetryAfter),
		AddressFull: rest.RawErrorAnswer(429, "RateLimitError",
			"Too many open connections from your address; try again later", RetryAfter),
		Log: a.Log, NewConnGrace: s.NewConnectionGrace,
	})
	served := make(chan error, 1)
	go func() { served <- a.Fiber.Listener(l) }()
	go a.docs.Warm()
	select {
	case err := <-served:
		l.CloseAll()
		return fmt.Errorf("serving: %w", err)
	case <-ctx.Done():
	}
	start := time.Now()
	closed, running, waiting := l.Drain()
	a.Log.Info("shutting down: closed the idle connections, waiting for the requests running and the new connections' first requests",
		"closed", closed, "running", running, "new", waiting, "timeout", s.ShutdownTimeout)
	sctx, cancel := context.WithTimeout(context.Background(), s.ShutdownTimeout)
	defer cancel()
	// fasthttp's shutdown waits until every connection it serves is done:
	// every handler has returned and its answer is written.
	err := a.Fiber.ShutdownWithContext(sctx)
	<-served
	if n := l.Running(); err != nil && n > 0 {
		l.CloseAll()
		return fmt.Errorf("%w: %d after %s", ErrShutdownTimeout, n, s.ShutdownTimeout)
	}
	// Past the timeout with no request running, only new connections
	// that never began one were left (a grace longer than the timeout):
	// closing them loses nothing.
	l.CloseAll() // connections still closing gracefully after an error answer
	a.Log.Info("every request finished", "took", time.Since(start).Round(time.Millisecond))
	return nil
}
