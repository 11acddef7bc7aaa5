package conns

import (
	"errors"
	"io"
	"net"
	"net/netip"
	"sync"
	"sync/atomic"
	"time"
)

// LingerTimeout bounds a graceful close (see Linger): how long what the
// client still sends is read and dropped before the connection is closed.
const LingerTimeout = 5 * time.Second

// Conn is a connection the Listener accepted. The server sees it as a
// plain net.Conn; Begin, End, Linger and Abort find it behind that.
type Conn struct {
	net.Conn
	l    *Listener
	addr netip.Addr // counted against MaxPerAddress when valid

	gotBytes atomic.Bool // the client has sent something
	linger   atomic.Bool // close gracefully (Linger)

	accepted time.Time // when the listener took it: its grace counts from here

	mu    sync.Mutex
	busy  bool        // a handler is running or its answer is being written
	begun bool        // a request has begun on it (Begin)
	shot  bool        // closed by the listener: no handler may start
	grace *time.Timer // Drain's end of a new connection's grace

	closeOnce sync.Once
}

func (c *Conn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	if n > 0 && !c.gotBytes.Load() {
		c.gotBytes.Store(true)
	}
	return n, err
}

// ReadFrom hands what the server streams (an answer spilled to a file,
// internal/rest's answer buffer) to the connection's own ReadFrom: a TCP
// connection's is sendfile. Without it the server's buffered writer
// copied the file in reads and writes of 4 KiB, 66 of each for a
// populated list's 264 KB.
func (c *Conn) ReadFrom(r io.Reader) (int64, error) {
	if rf, ok := c.Conn.(io.ReaderFrom); ok {
		return rf.ReadFrom(r)
	}
	return io.Copy(struct{ io.Writer }{c.Conn}, r)
}

// SetDeadline, SetReadDeadline and SetWriteDeadline ignore the error of a
// connection already closed (by Drain, CloseAll or Abort, by a timeout of
// the server): fasthttp panics on any error there, and the next read or
// write fails anyway, which it handles.
func (c *Conn) SetDeadline(t time.Time) error      { return ignoreClosed(c.Conn.SetDeadline(t)) }
func (c *Conn) SetReadDeadline(t time.Time) error  { return ignoreClosed(c.Conn.SetReadDeadline(t)) }
func (c *Conn) SetWriteDeadline(t time.Time) error { return ignoreClosed(c.Conn.SetWriteDeadline(t)) }

func ignoreClosed(err error) error {
	if errors.Is(err, net.ErrClosed) {
		return nil
	}
	return err
}

// Close closes the connection and stops counting it; gracefully when
// Linger asked for it. Later calls do nothing.
func (c *Conn) Close() error {
	var err error
	c.closeOnce.Do(func() {
		c.mu.Lock()
		graceful := c.linger.Load() && !c.shot
		if c.grace != nil {
			c.grace.Stop()
		}
		c.mu.Unlock()
		if graceful {
			lingerClose(c.Conn, LingerTimeout)
		} else {
			err = c.Conn.Close()
		}
		c.l.forget(c)
	})
	return err
}

// What Drain did with a connection.
const (
	drainClosed = iota
	drainRunning
	drainWaiting
)

// drain is Drain's decision for c: left open while inside a request;
// given the rest of its grace (from its accept) while no request has
// begun on it, then closed unless one has; else closed at once.
func (c *Conn) drain(grace time.Duration) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch left := grace - time.Since(c.accepted); {
	case c.busy:
		return drainRunning
	case c.grace != nil && !c.shot:
		return drainWaiting // drained twice: as it was accepted, and by Drain
	case !c.begun && left > 0:
		c.grace = time.AfterFunc(left, func() { c.shutIfIdle() })
		return drainWaiting
	}
	c.shot = true
	c.Conn.Close()
	return drainClosed
}

// shutIfIdle closes c at once unless it is inside a request, and reports
// whether it did.
func (c *Conn) shutIfIdle() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.busy {
		return false
	}
	c.shot = true
	c.Conn.Close()
	return true
}

// shut closes c at once. The server still calls Close later, which then
// only stops counting it.
func (c *Conn) shut() {
	c.mu.Lock()
	c.shot = true
	c.mu.Unlock()
	c.Conn.Close()
}

// Begin marks nc as inside a request, so that Drain leaves it open until
// its answer is written. It returns false when the listener already closed
// nc: the handler must not run. A connection not from a Listener (fiber's
// app.Test) is always let through.
func Begin(nc net.Conn) bool {
	c, ok := nc.(*Conn)
	if !ok {
		return true
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.shot {
		return false
	}
	c.busy, c.begun = true, true
	return true
}

// End marks nc as between requests again: its answer was written. While
// the listener drains, that closes it.
func End(nc net.Conn) {
	c, ok := nc.(*Conn)
	if !ok {
		return
	}
	c.mu.Lock()
	c.busy = false
	c.mu.Unlock()
	if c.l.draining.Load() {
		c.shutIfIdle()
	}
}

// Draining reports whether nc's listener is shutting down (Drain), after
// which nc closes once its answer is written.
func Draining(nc net.Conn) bool {
	c, ok := nc.(*Conn)
	return ok && c.l.draining.Load()
}

// Linger asks for nc to be closed gracefully: the server is about to
// answer an error and close while the client may still be sending (a body
// or head too large, a malformed request). Closing a socket with unread
// data makes the kernel reset the connection, and a client that has not
// read the answer yet loses it; so Close first ends the write side (the
// answer is then followed by a FIN), reads and drops what arrives until
// the client closes or LingerTimeout passes, and only then closes.
func Linger(nc net.Conn) {
	if c, ok := nc.(*Conn); ok {
		c.linger.Store(true)
	}
}

// Abort closes nc at once, with nothing more written: for a connection
// that is gone or that sent nothing to answer.
func Abort(nc net.Conn) {
	if c, ok := nc.(*Conn); ok {
		c.shut()
	}
}

// NothingReceived reports whether the client of nc has not sent a single
// byte (false for a connection not from a Listener).
func NothingReceived(nc net.Conn) bool {
	c, ok := nc.(*Conn)
	return ok && !c.gotBytes.Load()
}

// lingerClose ends the write side of c, drops what the client sends until
// it closes or the timeout passes, and closes c.
func lingerClose(c net.Conn, timeout time.Duration) {
	if cw, ok := c.(interface{ CloseWrite() error }); ok {
		cw.CloseWrite()
	}
	c.SetReadDeadline(time.Now().Add(timeout))
	io.Copy(io.Discard, c)
	c.Close()
}
