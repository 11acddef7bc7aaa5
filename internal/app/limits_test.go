package app_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// envelope is the error envelope of a body.
func envelope(t *testing.T, body []byte) (status int, name, message string) {
	t.Helper()
	var e struct {
		Data  any `json:"data"`
		Error struct {
			Status  int            `json:"status"`
			Name    string         `json:"name"`
			Message string         `json:"message"`
			Details map[string]any `json:"details"`
		} `json:"error"`
	}
	if err := json.Unmarshal(body, &e); err != nil || e.Data != nil || e.Error.Details == nil {
		t.Fatalf("not the error envelope (%v): %s", err, body)
	}
	return e.Error.Status, e.Error.Name, e.Error.Message
}

// TestTimeouts, each over its own connection: one that never sends a byte
// is closed after readHeaderTimeout with nothing written; a slowloris
// sending a head byte a second is answered 408 and closed at the same
// deadline (bytes do not extend it); a body that stops coming is a 408
// readTimeout after its head; a kept-alive connection is closed after
// idleTimeout with nothing written; an answer its client does not read is
// cut off writeTimeout after its handler returned.
func TestTimeouts(t *testing.T) {
	cfg := apptest.Config(t, database.SQLite)
	cfg.Server.ReadHeaderTimeout = 2 * time.Second
	cfg.Server.ReadTimeout = time.Second
	cfg.Server.IdleTimeout = time.Second
	cfg.Server.WriteTimeout = time.Second
	cfg.API.MaxAnswerBytes = 64 << 20
	s := serveApp(t, cfg, bigAnswer{})
	// within checks that c is closed between lo and hi from start, and
	// returns what was written to it.
	within := func(t *testing.T, c net.Conn, start time.Time, lo, hi time.Duration) []byte {
		t.Helper()
		got, closed := closedWithin(c, hi-time.Since(start))
		took := time.Since(start)
		if !closed || took < lo {
			t.Fatalf("closed %v after %v, want between %v and %v", closed, took, lo, hi)
		}
		t.Logf("closed after %v", took.Round(10*time.Millisecond))
		return got
	}
	t.Run("never sends", func(t *testing.T) {
		t.Parallel()
		c := dialT(t, s.addr)
		if got := within(t, c, time.Now(), 1900*time.Millisecond, 4*time.Second); len(got) != 0 {
			t.Errorf("wrote %q to a connection that asked nothing", got)
		}
	})
	t.Run("slowloris", func(t *testing.T) {
		t.Parallel()
		c := dialT(t, s.addr)
		start := time.Now()
		go func() {
			for _, b := range []byte("GET /_health HTTP/1.1\r\nHost: kiln\r\n\r\n") {
				if _, err := c.Write([]byte{b}); err != nil {
					return
				}
				time.Sleep(time.Second)
			}
		}()
		got := within(t, c, start, 1900*time.Millisecond, 4*time.Second)
		resp, err := http.ReadResponse(bufio.NewReader(bytes.NewReader(got)), nil)
		if err != nil {
			t.Fatalf("no answer: %v: %q", err, got)
		}
		body, _ := io.ReadAll(resp.Body)
		if st, name, _ := envelope(t, body); resp.StatusCode != 408 || st != 408 || name != "RequestTimeoutError" {
			t.Errorf("slowloris: %d %s", resp.StatusCode, body)
		}
	})
	t.Run("slow body", func(t *testing.T) {
		t.Parallel()
		c := dialT(t, s.addr)
		io.WriteString(c, "POST /api/auth/local HTTP/1.1\r\nHost: kiln\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"identifier\":")
		got := within(t, c, time.Now(), 900*time.Millisecond, 3*time.Second)
		resp, err := http.ReadResponse(bufio.NewReader(bytes.NewReader(got)), nil)
		if err != nil {
			t.Fatalf("no answer: %v: %q", err, got)
		}
		body, _ := io.ReadAll(resp.Body)
		if st, name, _ := envelope(t, body); resp.StatusCode != 408 || st != 408 || name != "RequestTimeoutError" {
			t.Errorf("slow body: %d %s", resp.StatusCode, body)
		}
	})
	t.Run("write", func(t *testing.T) {
		t.Parallel()
		c := dialT(t, s.addr)
		fmt.Fprintf(c, "GET /api/big/answer HTTP/1.1\r\nHost: kiln\r\nAuthorization: Bearer %s\r\n\r\n", s.h.AdminToken)
		// The write timeout runs from the answer's first write, which
		// comes after the handler has built 32 MiB (seconds under -race):
		// the client waits for the first byte, then stops reading for
		// longer than the timeout.
		c.SetReadDeadline(time.Now().Add(30 * time.Second))
		first := make([]byte, 1)
		if _, err := io.ReadFull(c, first); err != nil {
			t.Fatalf("no answer: %v", err)
		}
		time.Sleep(2500 * time.Millisecond) // not reading, past the write timeout
		c.SetReadDeadline(time.Now().Add(5 * time.Second))
		resp, err := http.ReadResponse(bufio.NewReader(io.MultiReader(bytes.NewReader(first), c)), nil)
		if err != nil {
			t.Fatalf("no answer head: %v", err)
		}
		n, err := io.Copy(io.Discard, resp.Body)
		if resp.StatusCode != 200 || n >= bigAnswerBytes || !errors.Is(err, io.ErrUnexpectedEOF) {
			t.Fatalf("%d: read %d of %d bytes, %v; want the answer cut short", resp.StatusCode, n, bigAnswerBytes, err)
		}
		t.Logf("the answer was cut after %d of %d bytes: %v", n, bigAnswerBytes, err)
	})
	t.Run("idle", func(t *testing.T) {
		t.Parallel()
		c := dialT(t, s.addr)
		// The idle time runs from the answer's end, which comes after the
		// request is sent and before the client has read it (later under
		// load): timed from the sending, the connection lasts at least
		// the idle timeout.
		sent := time.Now()
		if r := rawGet(t, c, "/_health"); r.StatusCode != 200 || r.Close {
			t.Fatalf("/_health: %d, close %v", r.StatusCode, r.Close)
		}
		if got := within(t, c, sent, 900*time.Millisecond, 3*time.Second); len(got) != 0 {
			t.Errorf("wrote %q to an idle connection", got)
		}
	})
}

// bigAnswer is a plugin route, GET /api/big/answer, that answers 32 MiB:
// more than the socket buffers hold while the client does not read.
type bigAnswer struct{}

const bigAnswerBytes = 32 << 20

func (bigAnswer) Name() string { return "big" }
func (bigAnswer) Register(api *plugin.API) error {
	return api.Route(plugin.Route{
		Method: "GET", Path: "/big/answer", Action: "big.answer", Tag: "Content", Summary: "a big answer",
		Response: map[string]any{"type": "string"},
		Handler: func(c *fiber.Ctx) error {
			return c.Send(bytes.Repeat([]byte("x"), bigAnswerBytes))
		},
	})
}

// TestHeadAndBodyLimits over real connections: a 15 KB head is answered;
// the limit is exactly maxHeaderBytes (16384 bytes of head pass, one more
// is a 431 in the error envelope); a 10 MB body is a 413 in the envelope
// for net/http's client, with and without Expect: 100-continue, and for a
// client that writes its whole body before reading — none is reset.
func TestHeadAndBodyLimits(t *testing.T) {
	s := serveApp(t, apptest.Config(t, database.SQLite))
	client := &http.Client{Timeout: 30 * time.Second}
	get := func(t *testing.T, pad int) (*http.Response, []byte) {
		t.Helper()
		req, _ := http.NewRequest("GET", "http://"+s.addr+"/_health", nil)
		req.Header.Set("X-Pad", strings.Repeat("p", pad))
		resp, err := client.Do(req)
		if err != nil {
			t.Fatalf("head with %d bytes of padding: %v", pad, err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp, body
	}
	if resp, body := get(t, 15<<10); resp.StatusCode != 200 {
		t.Errorf("15 KB head: %d %s", resp.StatusCode, body)
	}
	resp, body := get(t, 17<<10)
	if st, name, msg := envelope(t, body); resp.StatusCode != 431 || st != 431 || name != "BadRequestError" ||
		msg != "Request header fields too large" || resp.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("17 KB head: %d %s", resp.StatusCode, body)
	}

	// The exact edge, over a raw connection: a head of n bytes.
	head := func(n int) int {
		c := dialT(t, s.addr)
		start := "GET /_health HTTP/1.1\r\nHost: kiln\r\nX-Pad: "
		pad := n - len(start) - len("\r\n\r\n")
		fmt.Fprintf(c, "%s%s\r\n\r\n", start, strings.Repeat("p", pad))
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatalf("head of %d bytes: %v", n, err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if a, b := head(16384), head(16385); a != 200 || b != 431 {
		t.Errorf("head of 16384 bytes: %d, of 16385: %d; want 200, 431", a, b)
	}

	// A client that writes all its body before it reads (most do, unless
	// they use Expect) must not be reset by the server closing with the
	// body unread; net/http's client reads while it writes, but loses the
	// race against a reset too. Five tries each.
	post := func(t *testing.T, expect bool) {
		t.Helper()
		req, _ := http.NewRequest("POST", "http://"+s.addr+"/api/programs", bytes.NewReader(make([]byte, 10<<20)))
		req.Header.Set("Content-Type", "application/json")
		tr := &http.Transport{}
		if expect {
			req.Header.Set("Expect", "100-continue")
			tr.ExpectContinueTimeout = 5 * time.Second
		}
		defer tr.CloseIdleConnections()
		resp, err := (&http.Client{Transport: tr, Timeout: 30 * time.Second}).Do(req)
		if err != nil {
			t.Fatalf("the client got no answer: %v", err)
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatalf("reading the answer: %v", err)
		}
		if st, name, msg := envelope(t, body); resp.StatusCode != 413 || st != 413 || name != "PayloadTooLargeError" || msg != "Entity too large" {
			t.Errorf("%d %s", resp.StatusCode, body)
		}
	}
	for range 5 {
		post(t, false)
		post(t, true)
		c := dialT(t, s.addr)
		c.SetDeadline(time.Now().Add(30 * time.Second))
		_, werr := c.Write(append([]byte("POST /api/programs HTTP/1.1\r\nHost: kiln\r\nContent-Type: application/json\r\n"+
			"Content-Length: 10485760\r\n\r\n"), make([]byte, 10<<20)...))
		resp, rerr := http.ReadResponse(bufio.NewReader(c), nil)
		if werr != nil || rerr != nil {
			t.Fatalf("write-then-read client: write %v, read %v", werr, rerr)
		}
		body, _ := io.ReadAll(resp.Body)
		if st, _, _ := envelope(t, body); resp.StatusCode != 413 || st != 413 || !resp.Close {
			t.Errorf("write-then-read client: %d close %v %s", resp.StatusCode, resp.Close, body)
		}
	}
}

// TestConnectionCaps: past maxConnections a client gets 503 with
// Retry-After: 1 and the error envelope, from a connection that never
// reaches the server; past maxConnectionsPerAddress, 429 likewise. Both
// are answered again once a connection closes.
func TestConnectionCaps(t *testing.T) {
	for _, tc := range []struct {
		max, perAddress int
		status          int
		name            string
	}{
		{3, 0, 503, "ServiceUnavailableError"},
		{0, 2, 429, "RateLimitError"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := apptest.Config(t, database.SQLite)
			cfg.Server.MaxConnections, cfg.Server.MaxConnectionsPerAddress = tc.max, tc.perAddress
			s := serveApp(t, cfg)
			var held []net.Conn
			for range max(tc.max, tc.perAddress) {
				c := dialT(t, s.addr)
				rawGet(t, c, "/_health") // accepted and kept alive
				held = append(held, c)
			}
			client := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
			resp, err := client.Get("http://" + s.addr + "/_health")
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			st, name, msg := envelope(t, body)
			if resp.StatusCode != tc.status || st != tc.status || name != tc.name || resp.Header.Get("Retry-After") != "1" ||
				!strings.HasSuffix(msg, "try again later") || !resp.Close {
				t.Fatalf("past the cap: %d Retry-After %q close %v %s", resp.StatusCode, resp.Header.Get("Retry-After"), resp.Close, body)
			}
			held[0].Close()
			// The server notices the close at its next read; retry briefly.
			deadline := time.Now().Add(2 * time.Second)
			for {
				resp, err := client.Get("http://" + s.addr + "/_health")
				if err == nil {
					resp.Body.Close()
				}
				if err == nil && resp.StatusCode == 200 {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("still refused after a connection closed: %v", err)
				}
				time.Sleep(50 * time.Millisecond)
			}
		})
	}
}
