package storage_test

import (
	"bytes"
	"context"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/internal/storage"
	"github.com/kiln-cms/kiln/internal/storage/s3test"
)

// clock is a time the tests set and the providers read, as a request's
// goroutine would.
type clock struct{ ns atomic.Int64 }

func (c *clock) set(t time.Time)  { c.ns.Store(t.UnixNano()) }
func (c *clock) now() time.Time   { return time.Unix(0, c.ns.Load()).UTC() }
func newClock(t time.Time) *clock { c := &clock{}; c.set(t); return c }
func amzDate(t time.Time) string  { return t.UTC().Format("20060102T150405Z") }
func query(t *testing.T, u string) url.Values {
	t.Helper()
	p, err := url.Parse(u)
	if err != nil {
		t.Fatal(err)
	}
	return p.Query()
}

// signedBy makes a signing provider of cfg on clk, as each instance of a
// cluster makes its own.
func signedBy(t *testing.T, cfg storage.S3Config, clk *clock) storage.Signer {
	t.Helper()
	cfg.Now = clk.now
	_, signer := signingS3(t, cfg)
	return signer
}

// signingS3 is cfg's bucket with signedUrls on, and its signer.
func signingS3(t *testing.T, cfg storage.S3Config) (*storage.S3, storage.Signer) {
	t.Helper()
	cfg.SignedURLs = true
	s, err := storage.NewS3(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	signer, ok := storage.SignerFor(s)
	if !ok {
		t.Fatal("a bucket with signedUrls does not sign")
	}
	return s, signer
}

func sign(t *testing.T, s storage.Signer, key string, ttl time.Duration) string {
	t.Helper()
	u, err := s.SignedURL(context.Background(), key, ttl)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// TestS3SignedURLWindow: two providers made apart from the same settings
// sign a key to the same URL anywhere in a window — signed at its start,
// valid for the TTL plus the window — and to another one in the next
// window; S3's 7 days bound the TTL and shrink the window.
func TestS3SignedURLWindow(t *testing.T) {
	cfg := storage.S3Config{Bucket: "media", Region: "eu-west-1", Endpoint: "http://127.0.0.1:9000",
		AccessKeyID: "kiln-a", SecretAccessKey: "kiln-s", ForcePathStyle: true, SignedURLTTL: 15 * time.Minute}
	// 12:07:30 starts a window of 7m30s: a day holds 192 of them.
	start := time.Date(2026, 3, 1, 12, 7, 30, 0, time.UTC)
	clkA, clkB := newClock(start), newClock(start)
	a, b := signedBy(t, cfg, clkA), signedBy(t, cfg, clkB)

	first := sign(t, a, "photo_a1.jpg", 0)
	if !strings.HasPrefix(first, "http://127.0.0.1:9000/media/photo_a1.jpg?") {
		t.Fatalf("signed URL %s is not the object's", first)
	}
	q := query(t, first)
	if q.Get("X-Amz-Date") != "20260301T120730Z" || q.Get("X-Amz-Expires") != "1350" ||
		q.Get("X-Amz-Credential") != "kiln-a/20260301/eu-west-1/s3/aws4_request" ||
		q.Get("X-Amz-SignedHeaders") != "host" || len(q.Get("X-Amz-Signature")) != 64 {
		t.Fatalf("signed at the window's start for 15m + 7m30s, got %v", q)
	}
	for _, at := range []time.Duration{0, time.Second, 7*time.Minute + 29*time.Second, 7*time.Minute + 30*time.Second - time.Nanosecond} {
		clkA.set(start.Add(at))
		clkB.set(start.Add(7*time.Minute + 30*time.Second - time.Nanosecond - at))
		if u, v := sign(t, a, "photo_a1.jpg", 0), sign(t, b, "photo_a1.jpg", 0); u != first || v != first {
			t.Errorf("at +%v and its mirror in the window: %s and %s, want %s", at, u, v, first)
		}
	}
	clkA.set(start.Add(7*time.Minute + 30*time.Second))
	next := sign(t, a, "photo_a1.jpg", 0)
	if next == first || query(t, next).Get("X-Amz-Date") != "20260301T121500Z" {
		t.Errorf("the next window signs %s, want a URL of 12:15:00", next)
	}
	// A provider with another secret signs the same window differently:
	// the signature is the secret's, not the window's alone.
	other := cfg
	other.SecretAccessKey = "kiln-other"
	clkA.set(start)
	if u := sign(t, signedBy(t, other, clkA), "photo_a1.jpg", 0); u == first ||
		strings.Split(u, "X-Amz-Signature=")[0] != strings.Split(first, "X-Amz-Signature=")[0] {
		t.Errorf("another secret: %s, want %s with another signature", u, first)
	}

	// URLs handed out at 12:07:31 with each TTL: when they are signed and
	// how long they last (never less than the TTL from 12:07:31).
	now := start.Add(time.Second)
	for _, c := range []struct {
		ttl     time.Duration
		date    time.Time
		expires string
	}{
		{time.Hour, time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC), "5400"},
		{90 * time.Second, time.Date(2026, 3, 1, 12, 7, 30, 0, time.UTC), "135"},
		{1500 * time.Millisecond, now, "1"},                                                       // a second: no window
		{5 * 24 * time.Hour, time.Date(2026, 2, 28, 0, 0, 0, 0, time.UTC), "604800"},              // window 2 days, not 2.5
		{7 * 24 * time.Hour, now, "604800"},                                                       // no room for a window
		{30 * 24 * time.Hour, now, "604800"},                                                      // S3's limit
		{7*24*time.Hour - 3*time.Second, time.Date(2026, 3, 1, 12, 7, 30, 0, time.UTC), "604800"}, // window 3 s
	} {
		clkA.set(now)
		q := query(t, sign(t, a, "photo_a1.jpg", c.ttl))
		if q.Get("X-Amz-Date") != amzDate(c.date) || q.Get("X-Amz-Expires") != c.expires {
			t.Errorf("ttl %v at %v: signed %s for %s s, want %s for %s s", c.ttl, now,
				q.Get("X-Amz-Date"), q.Get("X-Amz-Expires"), amzDate(c.date), c.expires)
		}
	}
}

// TestS3SignedURLWindowServed: the server (SeaweedFS, on the wall clock)
// serves a windowed URL signed now, and one handed out at the very end
// of its window most of a TTL ago — older than the TTL, valid for its
// window; it refuses one whose TTL and window have passed, and one whose
// date was moved.
func TestS3SignedURLWindowServed(t *testing.T) {
	cfg := s3test.Start(t)
	body := []byte("private bytes")
	ctx := context.Background()
	plain, err := storage.NewS3(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := plain.Put(ctx, "secret_w1.txt", bytes.NewReader(body), int64(len(body)), "text/plain"); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	// A TTL whose window (half of it) has the wall clock in its middle
	// half, so that each URL below keeps at least a quarter window (5 s)
	// between the server's clock and its expiry.
	var w time.Duration
	for w = 20 * time.Second; ; w += time.Second {
		if in := now.Sub(now.Truncate(w)); in >= w/4 && in <= 3*w/4 {
			break
		}
	}
	cfg.SignedURLTTL = 2 * w
	clk := newClock(now)
	s := signedBy(t, cfg, clk)

	if st, got := get(t, sign(t, s, "secret_w1.txt", 0)); st != http.StatusOK || !bytes.Equal(got, body) {
		t.Fatalf("GET a URL signed now: %d %q", st, got)
	}

	// Handed out at the last instant of the window before last: signed
	// at its start, between 2.25 and 2.75 windows (1.1 to 1.4 TTLs) ago.
	cur := now.Truncate(w)
	clk.set(cur.Add(-w - time.Nanosecond))
	late := sign(t, s, "secret_w1.txt", 0)
	if q := query(t, late); q.Get("X-Amz-Date") != amzDate(cur.Add(-2*w)) {
		t.Fatalf("the URL %s is not signed at %s", late, amzDate(cur.Add(-2*w)))
	}
	if st, got := get(t, late); st != http.StatusOK || !bytes.Equal(got, body) {
		t.Fatalf("GET a URL handed out %v ago, signed %v ago, TTL %v: %d %q",
			time.Since(cur.Add(-w)).Round(time.Second), time.Since(cur.Add(-2*w)).Round(time.Second), 2*w, st, got)
	}

	// Handed out a window earlier still: its TTL and window ended about
	// a window ago.
	clk.set(cur.Add(-2*w - time.Nanosecond))
	if st, got := get(t, sign(t, s, "secret_w1.txt", 0)); st != http.StatusForbidden || !bytes.Contains(got, []byte("<Message>Request has expired</Message>")) {
		t.Fatalf("GET an expired URL: %d %q, want 403 Request has expired", st, got)
	}
	// The date is signed: moving it a window on to lengthen the URL
	// breaks the signature.
	moved := strings.Replace(late, "X-Amz-Date="+amzDate(cur.Add(-2*w)), "X-Amz-Date="+amzDate(cur.Add(-w)), 1)
	if st, got := get(t, moved); moved == late || st != http.StatusForbidden || !bytes.Contains(got, []byte("<Code>SignatureDoesNotMatch</Code>")) {
		t.Fatalf("GET a URL with its date moved: %d %q, want 403 SignatureDoesNotMatch", st, got)
	}
}
