package ratelimit

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/internal/clientip"
)

// testErrorHandler stands in for internal/rest's: KindRateLimit as a 429 with
// Retry-After from the details, anything else a 500.
func testErrorHandler(c *fiber.Ctx, err error) error {
	e, ok := errs.As(err)
	if !ok || e.Kind != errs.KindRateLimit {
		return c.Status(500).JSON(fiber.Map{"error": err.Error()})
	}
	c.Set(fiber.HeaderRetryAfter, strconv.Itoa(e.Details["retryAfter"].(int)))
	return c.Status(429).JSON(fiber.Map{"data": nil, "error": fiber.Map{
		"status": 429, "name": "RateLimitError", "message": e.Message, "details": e.Details,
	}})
}

// newTestApp is an app limited by address, /_health left out, as Kiln's,
// behind the given trusted proxies (addresses or ranges).
func newTestApp(l *Limiter, proxies ...string) *fiber.App {
	app := fiber.New(fiber.Config{ErrorHandler: testErrorHandler})
	var trusted clientip.Trusted
	for _, p := range proxies {
		trusted = append(trusted, netip.MustParsePrefix(p))
	}
	app.Use(clientip.Middleware(trusted))
	app.Use(Middleware(l, func(c *fiber.Ctx) (string, int, bool) {
		if c.Path() == "/_health" {
			return "", 0, false
		}
		return AddressKey(c), 3, true
	}))
	app.Get("/_health", func(c *fiber.Ctx) error { return c.SendString("ok") })
	app.All("/*", func(c *fiber.Ctx) error { return c.SendString(c.IP()) })
	return app
}

func do(t *testing.T, app *fiber.App, req *http.Request) *http.Response {
	t.Helper()
	resp, err := app.Test(req, -1)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

func TestMiddleware(t *testing.T) {
	l, clk := newTestLimiter(time.Hour)
	app := newTestApp(l)
	reset := strconv.FormatInt(clk.Now().Add(time.Hour).Unix(), 10)

	for i := 1; i <= 3; i++ {
		resp := do(t, app, httptest.NewRequest("GET", "/api/articles", nil))
		if resp.StatusCode != 200 {
			t.Fatalf("request %d: status %d", i, resp.StatusCode)
		}
		h := resp.Header
		if h.Get("X-RateLimit-Limit") != "3" || h.Get("X-RateLimit-Remaining") != strconv.Itoa(3-i) ||
			h.Get("X-RateLimit-Reset") != reset || h.Get("Retry-After") != "" {
			t.Fatalf("request %d: headers %v", i, h)
		}
	}

	clk.Advance(59*time.Minute + 30*time.Second)
	resp := do(t, app, httptest.NewRequest("GET", "/api/articles", nil))
	if resp.StatusCode != 429 {
		t.Fatalf("request 4: status %d", resp.StatusCode)
	}
	h := resp.Header
	if h.Get("X-RateLimit-Limit") != "3" || h.Get("X-RateLimit-Remaining") != "0" ||
		h.Get("X-RateLimit-Reset") != reset || h.Get("Retry-After") != "30" {
		t.Fatalf("429 headers: %v", h)
	}
	var body struct {
		Data  any
		Error struct {
			Status  int
			Name    string
			Message string
			Details map[string]any
		}
	}
	raw, _ := io.ReadAll(resp.Body)
	if err := json.Unmarshal(raw, &body); err != nil {
		t.Fatal(err)
	}
	if body.Error.Status != 429 || body.Error.Message != ErrorMessage || body.Error.Details["retryAfter"] != 30.0 {
		t.Fatalf("429 body: %s", raw)
	}

	// Left out: neither counted nor refused, and no headers.
	resp = do(t, app, httptest.NewRequest("GET", "/_health", nil))
	if resp.StatusCode != 200 || resp.Header.Get("X-RateLimit-Limit") != "" {
		t.Fatalf("/_health: status %d, headers %v", resp.StatusCode, resp.Header)
	}

	// The next window.
	clk.Advance(30 * time.Second)
	if resp := do(t, app, httptest.NewRequest("GET", "/api/articles", nil)); resp.StatusCode != 200 ||
		resp.Header.Get("X-RateLimit-Remaining") != "2" {
		t.Fatalf("new window: status %d, headers %v", resp.StatusCode, resp.Header)
	}
}

// The known ways around a rate limit: a spoofed X-Forwarded-For with no
// trusted proxy, path spellings and body fields all land on one counter.
func TestMiddlewareBypassAttempts(t *testing.T) {
	l, _ := newTestLimiter(time.Hour)
	app := newTestApp(l)

	reqs := []*http.Request{
		httptest.NewRequest("POST", "/api/auth/local", strings.NewReader(`{"identifier":"a@x"}`)),
		httptest.NewRequest("POST", "/api/Auth/Local", strings.NewReader(`{"identifier":"A@x"}`)),
		httptest.NewRequest("POST", "/api/auth/local/", strings.NewReader(`{"identifier":"b@x"}`)),
		httptest.NewRequest("POST", "//api/auth/local", nil),
		httptest.NewRequest("POST", "/api/auth/./local", nil),
	}
	for i, xff := range []string{"203.0.113.1", "203.0.113.2", "203.0.113.3", "198.51.100.7, 10.0.0.1", ""} {
		if xff != "" {
			reqs[i].Header.Set("X-Forwarded-For", xff)
			reqs[i].Header.Set("X-Real-IP", xff)
		}
	}
	var statuses []int
	for _, r := range reqs {
		statuses = append(statuses, do(t, app, r).StatusCode)
	}
	want := []int{200, 200, 200, 429, 429}
	for i := range want {
		if statuses[i] != want[i] {
			t.Fatalf("statuses %v, want %v", statuses, want)
		}
	}
}

// With a trusted proxy, the proxy's header does name the client: the
// counterpart of the test above, showing it tests what it claims.
func TestMiddlewareTrustedProxy(t *testing.T) {
	l, _ := newTestLimiter(time.Hour)
	// app.Test's connection comes from 0.0.0.0: that is the proxy here.
	app := newTestApp(l, "0.0.0.0/32")
	for i := range 5 {
		req := httptest.NewRequest("GET", "/api/articles", nil)
		req.Header.Set("X-Forwarded-For", "203.0.113."+strconv.Itoa(i+1))
		if resp := do(t, app, req); resp.StatusCode != 200 || resp.Header.Get("X-RateLimit-Remaining") != "2" {
			t.Fatalf("client %d behind the proxy: status %d, headers %v", i, resp.StatusCode, resp.Header)
		}
	}
	// The client's own entries left of what the proxy appended change
	// nothing: 198.51.100.9 is counted whatever it claims.
	for i, want := range []int{200, 200, 200, 429} {
		req := httptest.NewRequest("GET", "/api/articles", nil)
		req.Header.Set("X-Forwarded-For", "203.0.113."+strconv.Itoa(100+i)+", 198.51.100.9")
		if resp := do(t, app, req); resp.StatusCode != want {
			t.Fatalf("spoofed left entry %d: status %d, want %d", i, resp.StatusCode, want)
		}
	}
	// A header that is not an address falls back to the connection's.
	for i := range 4 {
		req := httptest.NewRequest("GET", "/api/articles", nil)
		req.Header.Set("X-Forwarded-For", "junk-"+strconv.Itoa(i))
		want := 200
		if i == 3 {
			want = 429
		}
		if resp := do(t, app, req); resp.StatusCode != want {
			t.Fatalf("junk header %d: status %d, want %d", i, resp.StatusCode, want)
		}
	}

	// A proxy that is not trusted is not believed.
	l2, _ := newTestLimiter(time.Hour)
	app = newTestApp(l2, "10.0.0.1/32")
	for i, want := range []int{200, 200, 200, 429} {
		req := httptest.NewRequest("GET", "/api/articles", nil)
		req.Header.Set("X-Forwarded-For", "203.0.113."+strconv.Itoa(i+1))
		if resp := do(t, app, req); resp.StatusCode != want {
			t.Fatalf("untrusted proxy, request %d: status %d, want %d", i, resp.StatusCode, want)
		}
	}
}

func TestMiddlewareFailClosed(t *testing.T) {
	l := New(failingStore{io.ErrUnexpectedEOF}, time.Hour)
	l.FailClosed = true
	app := newTestApp(l)
	if resp := do(t, app, httptest.NewRequest("GET", "/api/articles", nil)); resp.StatusCode != 500 {
		t.Fatalf("fail-closed: status %d", resp.StatusCode)
	}
	l.FailClosed = false
	l.Logger = slog.New(slog.DiscardHandler)
	resp := do(t, app, httptest.NewRequest("GET", "/api/articles", nil))
	if resp.StatusCode != 200 || resp.Header.Get("X-RateLimit-Limit") != "" {
		t.Fatalf("fail-open: status %d, headers %v", resp.StatusCode, resp.Header)
	}
}

func TestCanonicalAddr(t *testing.T) {
	for in, want := range map[string]string{
		"192.0.2.1":                 "192.0.2.1",
		"::ffff:192.0.2.1":          "192.0.2.1",
		"2001:db8:1:2:aaaa::1":      "2001:db8:1:2::/64",
		"2001:db8:1:2:bbbb::9":      "2001:db8:1:2::/64",
		"2001:DB8:1:3::1":           "2001:db8:1:3::/64",
		"fe80::1%eth0":              "fe80::/64",
		"2001:0db8:0001:0002::0001": "2001:db8:1:2::/64",
	} {
		a, err := netip.ParseAddr(in)
		if err != nil {
			t.Fatal(err)
		}
		if got := canonicalAddr(a); got != want {
			t.Errorf("%s: got %s, want %s", in, got, want)
		}
	}
}
