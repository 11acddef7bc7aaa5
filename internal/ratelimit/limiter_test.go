package ratelimit

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/core/errs"
)

func newTestLimiter(window time.Duration) (*Limiter, *fakeClock) {
	clk := newFakeClock()
	l := New(NewMemoryStore(WithClock(clk.Now)), window)
	l.Now = clk.Now
	return l, clk
}

func headers(r Result) map[string]string {
	h := map[string]string{}
	r.SetHeaders(func(k, v string) { h[k] = v })
	return h
}

func TestLimiterHeadersAndLimit(t *testing.T) {
	l, clk := newTestLimiter(time.Hour)
	ctx := context.Background()
	end := clk.Now().Add(time.Hour)
	wantReset := strconv.FormatInt(end.Unix(), 10)

	for i := 1; i <= 3; i++ {
		r, err := l.Check(ctx, "user:1", 3)
		if err != nil {
			t.Fatal(err)
		}
		if !r.Allowed || r.Err() != nil {
			t.Fatalf("request %d refused", i)
		}
		h := headers(r)
		want := map[string]string{
			"X-RateLimit-Limit":     "3",
			"X-RateLimit-Remaining": strconv.Itoa(3 - i),
			"X-RateLimit-Reset":     wantReset,
		}
		if !equalMaps(h, want) {
			t.Fatalf("request %d: headers %v, want %v", i, h, want)
		}
		clk.Advance(time.Minute)
	}

	// Request 4, three minutes in: refused until the hour is up.
	r, err := l.Check(ctx, "user:1", 3)
	if err != nil {
		t.Fatal(err)
	}
	if r.Allowed || r.Remaining != 0 || r.RetryAfter != 57*time.Minute {
		t.Fatalf("over the limit: %+v", r)
	}
	want := map[string]string{
		"X-RateLimit-Limit":     "3",
		"X-RateLimit-Remaining": "0",
		"X-RateLimit-Reset":     wantReset,
		"Retry-After":           "3420",
	}
	if h := headers(r); !equalMaps(h, want) {
		t.Fatalf("over the limit: headers %v, want %v", h, want)
	}
	e, ok := errs.As(r.Err())
	if !ok || e.Kind != errs.KindRateLimit || e.Message != "Too many requests, please try again later." {
		t.Fatalf("Err() = %#v", r.Err())
	}
	if ra, ok := e.Details["retryAfter"].(int); !ok || ra != 3420 {
		t.Fatalf("details %#v, want retryAfter int 3420", e.Details)
	}

	// A new window once the hour is over.
	clk.Advance(57 * time.Minute)
	if r, _ := l.Check(ctx, "user:1", 3); !r.Allowed || r.Remaining != 2 {
		t.Fatalf("new window: %+v", r)
	}
}

func TestLimiterKeysIndependent(t *testing.T) {
	l, _ := newTestLimiter(time.Hour)
	ctx := context.Background()
	for range 2 {
		l.Check(ctx, "addr:192.0.2.1", 2)
	}
	if r, _ := l.Check(ctx, "addr:192.0.2.1", 2); r.Allowed {
		t.Fatal("third request of 192.0.2.1 allowed")
	}
	if r, _ := l.Check(ctx, "addr:192.0.2.2", 2); !r.Allowed || r.Remaining != 1 {
		t.Fatalf("another address: %+v", r)
	}
	if r, _ := l.Check(ctx, "user:192.0.2.1", 2); !r.Allowed {
		t.Fatal("a user key shares the address's counter")
	}
	l.Check(ctx, "addr:192.0.2.1", 2)
	if n := l.Refused(); n != 2 {
		t.Fatalf("Refused() = %d after two refusals, want 2", n)
	}
}

func TestResultRetryAfterRounding(t *testing.T) {
	reset := time.Unix(1_700_000_000, 250_000_000)
	for _, tc := range []struct {
		after time.Duration
		want  string
	}{
		{0, "1"},
		{time.Millisecond, "1"},
		{time.Second, "1"},
		{time.Second + time.Millisecond, "2"},
		{90 * time.Second, "90"},
	} {
		r := Result{Limit: 1, Remaining: -3, Reset: reset, RetryAfter: tc.after}
		h := headers(r)
		if h["Retry-After"] != tc.want {
			t.Errorf("RetryAfter %v: header %q, want %q", tc.after, h["Retry-After"], tc.want)
		}
		if h["X-RateLimit-Remaining"] != "0" {
			t.Errorf("negative Remaining written as %q", h["X-RateLimit-Remaining"])
		}
		// A reset between two seconds is rounded up.
		if h["X-RateLimit-Reset"] != "1700000001" {
			t.Errorf("reset %v: header %q, want 1700000001", reset, h["X-RateLimit-Reset"])
		}
		e, _ := errs.As(r.Err())
		if want, _ := strconv.Atoi(tc.want); e.Details["retryAfter"] != want {
			t.Errorf("RetryAfter %v: details %v, want %d", tc.after, e.Details, want)
		}
	}
}

func TestLimiterConcurrentExact(t *testing.T) {
	l := New(NewMemoryStore(), time.Hour)
	if got := concurrentAllowed(t, l, "user:42", 200, 100); got != 100 {
		t.Fatalf("200 concurrent requests, limit 100: %d allowed", got)
	}
}

// concurrentAllowed sends n requests on key at once and counts the allowed.
func concurrentAllowed(t *testing.T, l *Limiter, key string, n, limit int) int {
	t.Helper()
	var allowed atomic.Int64
	var wg sync.WaitGroup
	start := make(chan struct{})
	for range n {
		wg.Go(func() {
			<-start
			r, err := l.Check(context.Background(), key, limit)
			if err != nil {
				t.Error(err)
				return
			}
			if r.Allowed {
				allowed.Add(1)
			}
		})
	}
	close(start)
	wg.Wait()
	return int(allowed.Load())
}

func TestLimiterRejectsBadLimit(t *testing.T) {
	l, _ := newTestLimiter(time.Hour)
	if _, err := l.Check(context.Background(), "k", 0); err == nil {
		t.Fatal("limit 0: no error")
	}
}

func TestNewPanicsOnBadWindow(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("New with window 0 did not panic")
		}
	}()
	New(NewMemoryStore(), 0)
}

type failingStore struct{ err error }

func (f failingStore) Hit(context.Context, string, time.Duration) (int64, time.Time, error) {
	return 0, time.Time{}, f.err
}

func TestLimiterFailOpen(t *testing.T) {
	var buf bytes.Buffer
	l := New(failingStore{errors.New("connection refused")}, time.Hour)
	l.Logger = slog.New(slog.NewTextHandler(&buf, nil))

	for range 3 {
		r, err := l.Check(context.Background(), "user:1", 10)
		if err != nil || !r.Allowed || r.Err() != nil {
			t.Fatalf("fail-open: %+v, %v", r, err)
		}
		if h := headers(r); len(h) != 0 {
			t.Fatalf("fail-open wrote headers with unknown counts: %v", h)
		}
	}
	out := buf.String()
	if strings.Count(out, "level=ERROR") != 1 || !strings.Contains(out, "connection refused") {
		t.Fatalf("want one error line naming the cause, got:\n%s", out)
	}
}

func TestLimiterFailClosed(t *testing.T) {
	cause := errors.New("connection refused")
	l := New(failingStore{cause}, time.Hour)
	l.FailClosed = true
	r, err := l.Check(context.Background(), "user:1", 10)
	if !errors.Is(err, cause) || r.Allowed {
		t.Fatalf("fail-closed: %+v, %v", r, err)
	}
	if n := l.Refused(); n != 0 {
		t.Fatalf("a store failure counted as a refusal: Refused() = %d", n)
	}
}

func equalMaps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}
