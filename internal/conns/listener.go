// Package conns keeps the server's connections within bounds, so that no
// client can take Kiln down by how it uses them:
//
//   - A failing accept (the process is out of file descriptors, EMFILE or
//     ENFILE) is retried with a backoff, as net/http's server does, and
//     logged once per interval, never ending the server.
//   - At most Options.Max connections are open at once (and at most
//     Options.MaxPerAddress from one client address); a connection past
//     either cap is answered with a canned "try later" (503 or 429 with
//     Retry-After) and closed, without ever reaching a handler.
//   - A connection the server closes after an error answer (a body or a
//     head too large, a malformed request) is closed gracefully: the write
//     side first, then what the client still sends is read and dropped for
//     a while, so that the kernel does not reset the connection and make
//     the client lose the answer.
//   - On shutdown, Drain closes at once every connection between two
//     requests (an idle keep-alive one, or one half-way through sending its
//     next request), lets the requests running finish, and gives a
//     connection accepted but not yet into its first request until
//     Options.NewConnGrace after its accept to get there: its request is
//     on its way, and a client does not retry a request whose new
//     connection was reset.
//
// Wrap makes the listener; Install ties it to fasthttp's server (fiber's),
// which calls Begin when a handler is about to run and End when the answer
// has been written.
package conns

import (
	"errors"
	"log/slog"
	"net"
	"net/netip"
	"sync"
	"sync/atomic"
	"time"
)

// Options are the listener's limits.
type Options struct {
	// Max is the most connections open at once; 0 means no cap.
	Max int
	// MaxPerAddress is the most connections open at once from one client
	// address (an IPv6 client counts as its /64); 0 means no cap.
	MaxPerAddress int
	// Exempt tells which peers MaxPerAddress does not apply to: the
	// trusted proxies, whose connections carry many clients.
	Exempt func(netip.Addr) bool
	// Full and AddressFull are the whole HTTP answers a connection refused
	// by Max and by MaxPerAddress gets.
	Full, AddressFull []byte
	// Log gets the accept failures and refusals, once per LogEvery
	// (default 10s) while they last.
	Log      *slog.Logger
	LogEvery time.Duration
	// NewConnGrace is how long after its accept a connection that has not
	// begun its first request is kept open by Drain (see Drain); 0
	// closes it at once.
	NewConnGrace time.Duration
}

// Listener is a net.Listener that applies Options. It is safe for
// concurrent use; Accept is meant to be called by one goroutine (the
// server's accept loop).
type Listener struct {
	net.Listener
	o Options

	mu       sync.Mutex
	open     map[*Conn]struct{}
	perAddr  map[netip.Addr]int
	draining atomic.Bool

	closed    chan struct{}
	closeOnce sync.Once

	// Accept's goroutine only: the accept errors and refusals, logged
	// once per interval.
	failures rateLog
	refusals rateLog
	// failedSince counts the accept errors since the last "accepting
	// again" line; owed says an error line was logged since then, so the
	// recovery is logged too.
	failedSince int
	owed        bool
	refusing    atomic.Int32
}

// Backoff after a failing accept, as net/http's server does it: 5ms,
// doubled on each failure in a row, at most a second.
const (
	firstBackoff = 5 * time.Millisecond
	maxBackoff   = time.Second
)

// Wrap returns ln with o's limits.
func Wrap(ln net.Listener, o Options) *Listener {
	if o.LogEvery <= 0 {
		o.LogEvery = 10 * time.Second
	}
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	l := &Listener{Listener: ln, o: o, open: map[*Conn]struct{}{}, perAddr: map[netip.Addr]int{}, closed: make(chan struct{})}
	l.failures = rateLog{every: o.LogEvery}
	l.refusals = rateLog{every: o.LogEvery}
	l.warnFileLimit()
	return l
}

// Accept returns the next connection within the caps. A temporary error
// (out of file descriptors, a connection aborted before it was accepted)
// is retried after a backoff and never returned; the first one is logged,
// then at most one line per LogEvery while they go on, and one line when
// accepting works again.
func (l *Listener) Accept() (net.Conn, error) {
	var delay time.Duration
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			if l.isClosed() {
				// Whatever the listener said last: a closed one reports
				// net.ErrClosed, which ends the server's loop.
				return nil, net.ErrClosed
			}
			if !temporary(err) {
				return nil, err
			}
			if delay == 0 {
				delay = firstBackoff
			} else {
				delay = min(2*delay, maxBackoff)
			}
			l.failedSince++
			if n, ok := l.failures.note(); ok {
				l.owed = true
				l.o.Log.Error("accepting connections fails; retrying with a backoff", "err", err,
					"failures", n, "open", l.Open(), "retry_in", delay)
			}
			t := time.NewTimer(delay)
			select {
			case <-t.C:
			case <-l.closed:
				t.Stop()
				return nil, net.ErrClosed
			}
			continue
		}
		delay = 0
		if l.owed {
			l.o.Log.Info("accepting connections again", "failures", l.failedSince, "open", l.Open())
			l.owed, l.failedSince = false, 0
		}
		if kc := l.admit(c); kc != nil {
			return kc, nil
		}
	}
}

// temporary reports whether an accept error is one to retry: EMFILE,
// ENFILE, ENOBUFS, ECONNABORTED and the like, which the net package marks
// Temporary (the check net/http's server makes).
func temporary(err error) bool {
	var te interface{ Temporary() bool }
	return errors.As(err, &te) && te.Temporary()
}

// admit tracks c, or refuses it when a cap is reached or the listener is
// draining.
func (l *Listener) admit(c net.Conn) *Conn {
	addr, counted := l.countedAs(peer(c))
	l.mu.Lock()
	switch {
	case l.o.Max > 0 && len(l.open) >= l.o.Max:
		n := len(l.open)
		l.mu.Unlock()
		l.refuse(c, l.o.Full, "the server's connection cap is reached", "open", n, "max", l.o.Max)
		return nil
	case counted && l.perAddr[addr] >= l.o.MaxPerAddress:
		l.mu.Unlock()
		l.refuse(c, l.o.AddressFull, "an address reached its connection cap", "address", addr.String(), "max", l.o.MaxPerAddress)
		return nil
	}
	kc := &Conn{Conn: c, l: l, accepted: time.Now()}
	if counted {
		kc.addr = addr
		l.perAddr[addr]++
	}
	l.open[kc] = struct{}{}
	l.mu.Unlock()
	if l.draining.Load() && kc.drain(l.o.NewConnGrace) == drainClosed {
		// Accepted as Drain stopped the listener, with no grace to give
		// (a connection accepted then gets the grace of any new one).
		kc.Close()
		return nil
	}
	return kc
}

// forget stops tracking c once it is closed.
func (l *Listener) forget(c *Conn) {
	l.mu.Lock()
	if _, ok := l.open[c]; ok {
		delete(l.open, c)
		if c.addr.IsValid() {
			if l.perAddr[c.addr]--; l.perAddr[c.addr] <= 0 {
				delete(l.perAddr, c.addr)
			}
		}
	}
	l.mu.Unlock()
}

// peer is the connection's remote address, IPv4-mapped ones as IPv4;
// invalid when it is not an IP peer.
func peer(c net.Conn) netip.Addr {
	ap, err := netip.ParseAddrPort(c.RemoteAddr().String())
	if err != nil {
		return netip.Addr{}
	}
	return ap.Addr().Unmap().WithZone("")
}

// countedAs says whether a connection from a counts against
// MaxPerAddress, and under which key: not when there is no cap, a is not
// an IP address, or a is exempt (asked of the whole address).
func (l *Listener) countedAs(a netip.Addr) (netip.Addr, bool) {
	if l.o.MaxPerAddress <= 0 || !a.IsValid() || (l.o.Exempt != nil && l.o.Exempt(a)) {
		return netip.Addr{}, false
	}
	return perAddressKey(a), true
}

// perAddressKey is what the per-address cap counts a peer under: IPv4 as
// is, IPv6 as its /64, since one subscriber usually gets a whole /64.
func perAddressKey(a netip.Addr) netip.Addr {
	if a.Is6() {
		p, _ := a.Prefix(64)
		return p.Addr()
	}
	return a
}

// Close stops accepting. Connections already open stay open (see Drain).
// It may be called more than once.
func (l *Listener) Close() error {
	var err error
	l.closeOnce.Do(func() {
		close(l.closed)
		err = l.Listener.Close()
	})
	return err
}

func (l *Listener) isClosed() bool {
	select {
	case <-l.closed:
		return true
	default:
		return false
	}
}

// Drain starts the shutdown: it stops accepting; closes at once every
// open connection between two requests (idle after an answer, or sending
// its next request: nothing of it has run, and clients retry a request on
// a kept-alive connection that closes); leaves the requests running to
// finish; and keeps a connection that has not begun its first request
// open until NewConnGrace after its accept, as Go's http.Server.Shutdown
// does, so that a request on its way is answered — closed then if it has
// not begun. From then on each connection closes as soon as its answer is
// written. It returns how many connections it closed, how many requests
// are running, and how many new connections it gave the grace.
func (l *Listener) Drain() (closed, running, waiting int) {
	l.mu.Lock()
	l.draining.Store(true)
	all := l.snapshot()
	l.mu.Unlock()
	l.Close()
	for _, c := range all {
		switch c.drain(l.o.NewConnGrace) {
		case drainClosed:
			closed++
		case drainRunning:
			running++
		case drainWaiting:
			waiting++
		}
	}
	return closed, running, waiting
}

// CloseAll closes every open connection at once, inside a request or
// not: the end of a shutdown, or its timeout.
func (l *Listener) CloseAll() {
	l.mu.Lock()
	l.draining.Store(true)
	all := l.snapshot()
	l.mu.Unlock()
	for _, c := range all {
		c.shut()
	}
}

// Open is the number of connections open now.
func (l *Listener) Open() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.open)
}

// Running is the number of connections inside a request now.
func (l *Listener) Running() int {
	l.mu.Lock()
	all := l.snapshot()
	l.mu.Unlock()
	n := 0
	for _, c := range all {
		c.mu.Lock()
		if c.busy {
			n++
		}
		c.mu.Unlock()
	}
	return n
}

// snapshot copies the open connections; l.mu must be held.
func (l *Listener) snapshot() []*Conn {
	all := make([]*Conn, 0, len(l.open))
	for c := range l.open {
		all = append(all, c)
	}
	return all
}

// rateLog counts events and says when to log them: the first, and then
// at most one line per interval while they go on.
type rateLog struct {
	every  time.Duration
	n      int // events since the last line
	logged time.Time
}

// note counts an event; when a line is due it returns true and the number
// of events since the last line.
func (r *rateLog) note() (int, bool) {
	r.n++
	now := time.Now()
	if !r.logged.IsZero() && now.Sub(r.logged) < r.every {
		return 0, false
	}
	n := r.n
	r.n, r.logged = 0, now
	return n, true
}

// fileReserve is what the process needs besides connections: the
// database's files and sockets, Redis, SMTP, refusals in progress.
const fileReserve = 64 + maxRefusing

// warnFileLimit warns when the open-file limit is below the connection cap
// plus a reserve: the process would run out of descriptors (and accept
// fail, and be retried) before the cap refuses anyone, and the database
// might fail to open a connection meanwhile.
func (l *Listener) warnFileLimit() {
	limit, ok := fileLimit()
	if !ok || l.o.Max <= 0 || limit >= uint64(l.o.Max+fileReserve) {
		return
	}
	l.o.Log.Warn("the open-file limit is below maxConnections plus a reserve; raise it (ulimit -n, LimitNOFILE) or lower maxConnections",
		"limit", limit, "maxConnections", l.o.Max, "reserve", fileReserve)
}
