package conns

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

const answer = "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 9\r\nRetry-After: 1\r\nConnection: close\r\n\r\ntry later"

// serve wraps a loopback listener with o and hands every accepted
// connection to the returned channel, until the test ends.
func serve(t *testing.T, o Options) (*Listener, <-chan net.Conn) {
	t.Helper()
	return serveOn(t, "127.0.0.1:0", o)
}

func serveOn(t *testing.T, addr string, o Options) (*Listener, <-chan net.Conn) {
	t.Helper()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	l := Wrap(ln, o)
	accepted := make(chan net.Conn, 16)
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			accepted <- c
		}
	}()
	t.Cleanup(func() { l.Close(); l.CloseAll() })
	return l, accepted
}

func dial(t *testing.T, l *Listener) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", l.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func next(t *testing.T, accepted <-chan net.Conn) net.Conn {
	t.Helper()
	select {
	case c := <-accepted:
		return c
	case <-time.After(2 * time.Second):
		t.Fatal("no connection was accepted")
		return nil
	}
}

func nothingAccepted(t *testing.T, accepted <-chan net.Conn) {
	t.Helper()
	select {
	case <-accepted:
		t.Fatal("a connection past the cap was accepted")
	case <-time.After(100 * time.Millisecond):
	}
}

// get sends one request with net/http's client and returns the answer.
func get(t *testing.T, l *Listener) (int, http.Header, string) {
	t.Helper()
	client := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	resp, err := client.Get("http://" + l.Addr().String() + "/api/programs")
	if err != nil {
		t.Fatalf("GET: %v", err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, string(body)
}

// TestPerAddressKey: IPv6 clients are counted per /64, IPv4 ones per
// address; the exemption is asked of the whole address (a trusted proxy
// 2001:db8:1:2::5 is exempt, its /64 neighbour is not).
func TestPerAddressKey(t *testing.T) {
	proxy := netip.MustParseAddr("2001:db8:1:2::5")
	l := &Listener{o: Options{MaxPerAddress: 1, Exempt: func(a netip.Addr) bool { return a == proxy }}}
	for in, want := range map[string]string{
		"192.0.2.7": "192.0.2.7", "2001:db8:1:2:aaaa::1": "2001:db8:1:2::", "2001:db8:1:2:bbbb::9": "2001:db8:1:2::",
		"2001:db8:1:2::5": "exempt", "2001:db8:1:2::6": "2001:db8:1:2::",
	} {
		got := "exempt"
		if key, counted := l.countedAs(netip.MustParseAddr(in)); counted {
			got = key.String()
		}
		if got != want {
			t.Errorf("%s: %s, want %s", in, got, want)
		}
	}
	if _, counted := (&Listener{}).countedAs(netip.MustParseAddr("192.0.2.7")); counted {
		t.Error("counted without a per-address cap")
	}
}

// TestCapRefusesTheExcessWithTheAnswer: with Max open, the next client
// gets the Full answer (read by net/http's client as a 503 with
// Retry-After), the server never sees its connection, and once one
// closes a new connection is accepted again.
func TestCapRefusesTheExcessWithTheAnswer(t *testing.T) {
	l, accepted := serve(t, Options{Max: 2, Full: []byte(answer)})
	dial(t, l)
	dial(t, l)
	first := next(t, accepted)
	next(t, accepted)
	status, header, body := get(t, l)
	if status != 503 || header.Get("Retry-After") != "1" || body != "try later" {
		t.Fatalf("past the cap: %d Retry-After %q %q", status, header.Get("Retry-After"), body)
	}
	nothingAccepted(t, accepted)
	if n := l.Open(); n != 2 {
		t.Fatalf("open = %d, want 2", n)
	}
	first.Close()
	dial(t, l)
	next(t, accepted)
}

// TestPerAddressCap: the second connection from 127.0.0.1 is refused with
// the AddressFull answer; an exempt address (a trusted proxy) is not
// counted.
func TestPerAddressCap(t *testing.T) {
	l, accepted := serve(t, Options{MaxPerAddress: 1, AddressFull: []byte(strings.Replace(answer, "503 Service Unavailable", "429 Too Many Requests", 1))})
	dial(t, l)
	held := next(t, accepted)
	if status, _, _ := get(t, l); status != 429 {
		t.Fatalf("second connection from one address: %d, want 429", status)
	}
	nothingAccepted(t, accepted)
	held.Close()
	dial(t, l)
	next(t, accepted)

	l, accepted = serve(t, Options{MaxPerAddress: 1, AddressFull: []byte(answer),
		Exempt: func(a netip.Addr) bool { return a == netip.MustParseAddr("127.0.0.1") }})
	dial(t, l)
	dial(t, l)
	next(t, accepted)
	next(t, accepted)
}

// failing is a listener whose Accept fails with EMFILE, as accept4 does
// when the process is out of file descriptors, the first n times.
type failing struct {
	net.Listener
	mu sync.Mutex
	n  int
}

func (f *failing) Accept() (net.Conn, error) {
	f.mu.Lock()
	fail := f.n > 0
	f.n--
	f.mu.Unlock()
	if fail {
		return nil, &net.OpError{Op: "accept", Net: "tcp", Err: os.NewSyscallError("accept4", syscall.EMFILE)}
	}
	return f.Listener.Accept()
}

// syncBuffer is a log destination safe for the accept goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestAcceptErrorsAreRetriedAndLoggedOncePerInterval: eight EMFILE in a
// row do not end Accept; it backs off (5ms, doubling) and then returns
// the waiting connection. The log has the first failure, at most one line
// per interval after it, and one line for the recovery that counts all
// eight.
func TestAcceptErrorsAreRetriedAndLoggedOncePerInterval(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var logged syncBuffer
	every := 200 * time.Millisecond
	l := Wrap(&failing{Listener: ln, n: 8}, Options{Log: slog.New(slog.NewTextHandler(&logged, nil)), LogEvery: every})
	defer l.Close()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	start := time.Now()
	got, err := l.Accept()
	took := time.Since(start)
	if err != nil {
		t.Fatalf("Accept gave up: %v", err)
	}
	got.Close()
	// 5+10+...+640ms of backoff.
	if took < 1270*time.Millisecond || took > 5*time.Second {
		t.Errorf("eight failures took %v, want the backoff's 1.275s", took)
	}
	out := logged.String()
	lines := strings.Count(out, "accepting connections fails")
	if lines < 2 || lines > 1+int(took/every) || !strings.Contains(out, "too many open files") {
		t.Errorf("%d failure lines in %v (one per %v at most):\n%s", lines, took, every, out)
	}
	if !strings.Contains(out, "msg=\"accepting connections again\" failures=8") {
		t.Errorf("no recovery line counting the 8 failures:\n%s", out)
	}

	// Close ends an Accept that is backing off, at once.
	l2 := Wrap(&failing{Listener: ln, n: 1 << 30}, Options{})
	done := make(chan error, 1)
	go func() { _, err := l2.Accept(); done <- err }()
	time.Sleep(50 * time.Millisecond)
	l2.Close()
	select {
	case err := <-done:
		if !errors.Is(err, net.ErrClosed) {
			t.Errorf("Accept after Close: %v, want net.ErrClosed", err)
		}
	case <-time.After(500 * time.Millisecond):
		t.Error("Accept kept backing off after Close")
	}
}

// closedByServer reports whether the server closed c: a read gets EOF (or
// a reset) within a second.
func closedByServer(c net.Conn) bool {
	c.SetReadDeadline(time.Now().Add(time.Second))
	_, err := c.Read(make([]byte, 1))
	var ne net.Error
	return err != nil && !(errors.As(err, &ne) && ne.Timeout())
}

// TestDrainClosesWhatIsNotInARequest: of three connections, Drain (with
// no grace for new connections) closes the two outside a request at once
// and keeps the one inside; End closes that one when its answer is
// written; a closed connection cannot Begin a request and setting its
// deadline is not an error; the listener accepts no more.
func TestDrainClosesWhatIsNotInARequest(t *testing.T) {
	l, accepted := serve(t, Options{})
	clients := []net.Conn{dial(t, l), dial(t, l), dial(t, l)}
	var server []net.Conn
	for range clients {
		server = append(server, next(t, accepted))
	}
	// Which client is which server connection: match by address.
	busy := server[0]
	if !Begin(busy) {
		t.Fatal("Begin refused an open connection")
	}
	var busyClient net.Conn
	for _, c := range clients {
		if c.LocalAddr().String() == busy.RemoteAddr().String() {
			busyClient = c
		}
	}
	closed, running, waiting := l.Drain()
	if closed != 2 || running != 1 || waiting != 0 {
		t.Fatalf("Drain: closed %d, running %d, waiting %d; want 2, 1, 0 (no grace)", closed, running, waiting)
	}
	for _, c := range clients {
		if c == busyClient {
			continue
		}
		if !closedByServer(c) {
			t.Error("an idle connection survived Drain")
		}
	}
	if Begin(server[1]) {
		t.Error("a request began on a connection Drain closed")
	}
	// fasthttp panics when setting a deadline fails; on a closed
	// connection it does not.
	if err := server[1].SetWriteDeadline(time.Now().Add(time.Second)); err != nil {
		t.Errorf("SetWriteDeadline on a closed connection: %v", err)
	}
	if n := l.Running(); n != 1 {
		t.Errorf("running = %d, want 1", n)
	}
	busyClient.SetReadDeadline(time.Now().Add(100 * time.Millisecond))
	if _, err := busyClient.Read(make([]byte, 1)); err == nil || !strings.Contains(err.Error(), "timeout") {
		t.Fatalf("the connection inside a request was closed: %v", err)
	}
	End(busy)
	if !closedByServer(busyClient) {
		t.Error("the connection stayed open after its request ended during the drain")
	}
	if c, err := net.DialTimeout("tcp", l.Addr().String(), time.Second); err == nil {
		c.Close()
		t.Error("the listener still accepts after Drain")
	}
}

// TestLingerKeepsTheAnswer: a naive client writes a 10 MB body and only
// then reads. The server answers after the head and closes; with Linger
// the client's write goes through (drained) and it reads the answer.
// Without, the close with unread data resets the connection and the
// client's write or read fails.
func TestLingerKeepsTheAnswer(t *testing.T) {
	for _, linger := range []bool{true, false} {
		l, accepted := serve(t, Options{})
		c := dial(t, l)
		s := next(t, accepted)
		go func() {
			readHead(s)
			io.WriteString(s, answer)
			if linger {
				Linger(s)
			}
			s.Close()
		}()
		c.SetDeadline(time.Now().Add(10 * time.Second))
		_, werr := c.Write(append([]byte("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10000000\r\n\r\n"), make([]byte, 10_000_000)...))
		resp, rerr := http.ReadResponse(bufio.NewReader(c), nil)
		if linger {
			if werr != nil || rerr != nil || resp.StatusCode != 503 {
				t.Fatalf("with Linger: write %v, read %v", werr, rerr)
			}
		} else if werr == nil && rerr == nil {
			t.Fatal("without Linger the client got the answer: the test does not show what Linger is for")
		}
	}
}

// countingReaderFrom is a connection whose ReadFrom is counted.
type countingReaderFrom struct {
	net.Conn
	calls int
}

func (c *countingReaderFrom) ReadFrom(r io.Reader) (int64, error) {
	c.calls++
	return io.Copy(c.Conn, r)
}

// TestConnSendsStreamsThroughItsConnection: a stream written to an
// accepted connection (a spilled answer, by the server's buffered writer)
// reaches the client whole, through the underlying connection's ReadFrom
// (a TCP connection's is sendfile) when it has one, and through plain
// writes when it has none.
func TestConnSendsStreamsThroughItsConnection(t *testing.T) {
	body := bytes.Repeat([]byte("0123456789abcdef"), 1<<14) // 256 KiB
	f, err := os.CreateTemp(t.TempDir(), "answer")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.Write(body); err != nil {
		t.Fatal(err)
	}
	for _, wrapped := range []bool{true, false} {
		l, accepted := serve(t, Options{})
		client := dial(t, l)
		server := next(t, accepted).(*Conn)
		counted := &countingReaderFrom{Conn: server.Conn}
		if wrapped {
			server.Conn = counted
		} else {
			server.Conn = struct{ net.Conn }{server.Conn} // no ReadFrom
		}
		got := make(chan []byte)
		go func() {
			b, _ := io.ReadAll(io.LimitReader(client, int64(len(body))))
			got <- b
		}()
		f.Seek(0, io.SeekStart)
		w := bufio.NewWriterSize(server, 4096)
		w.WriteString("HTTP/1.1 200 OK\r\n") // a head in the buffer, as the server writes it
		if n, err := w.ReadFrom(f); err != nil || n != int64(len(body)) {
			t.Fatalf("ReadFrom: %d, %v", n, err)
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		b := <-got
		want := append([]byte("HTTP/1.1 200 OK\r\n"), body...)[:len(body)]
		if !bytes.Equal(b, want) {
			t.Errorf("wrapped %v: the client got %d bytes, not the stream", wrapped, len(b))
		}
		if wrapped && counted.calls != 1 {
			t.Errorf("the connection's ReadFrom ran %d times, want 1", counted.calls)
		}
	}
}
