package ratelimit

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"os"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/internal/testmain"
)

// redisURL returns KILN_TEST_REDIS_URL or skips the test. Use a database
// of its own (redis://127.0.0.1:6379/15): the tests only ever delete keys
// under their own random prefix, but they still write there.
func redisURL(t testing.TB) string {
	t.Helper()
	u := os.Getenv("KILN_TEST_REDIS_URL")
	if u == "" {
		testmain.Skip(t, testmain.Redis, "KILN_TEST_REDIS_URL not set (e.g. redis://127.0.0.1:6379/15): skipping the Redis store tests")
	}
	return u
}

// newRedisStore opens a store and returns a key namespace unique to this
// test; when the test ends every key under it is deleted, and nothing else.
func newRedisStore(t testing.TB) (*RedisStore, string) {
	t.Helper()
	s, err := NewRedisStore(redisURL(t))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := s.Ping(ctx); err != nil {
		t.Fatalf("KILN_TEST_REDIS_URL is set but Redis does not answer: %v", err)
	}
	b := make([]byte, 8)
	rand.Read(b)
	ns := "test-" + hex.EncodeToString(b) + ":"
	t.Cleanup(func() {
		defer s.Close()
		iter := s.c.Scan(ctx, 0, RedisKeyPrefix+ns+"*", 100).Iterator()
		for iter.Next(ctx) {
			s.c.Del(ctx, iter.Val())
		}
		if err := iter.Err(); err != nil {
			t.Errorf("cleaning up %s*: %v", ns, err)
		}
	})
	return s, ns
}

func TestRedisStoreCounts(t *testing.T) {
	s, ns := newRedisStore(t)
	ctx := context.Background()
	before := time.Now()
	for want := int64(1); want <= 3; want++ {
		n, reset, err := s.Hit(ctx, ns+"k", time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if n != want {
			t.Fatalf("hit %d: count %d", want, n)
		}
		if reset.Before(before.Add(time.Minute-time.Second)) || reset.After(time.Now().Add(time.Minute)) {
			t.Fatalf("hit %d: reset %v, want about a minute from %v", want, reset, before)
		}
	}
	if n, _, _ := s.Hit(ctx, ns+"other", time.Minute); n != 1 {
		t.Fatalf("another key: count %d, want 1", n)
	}
	// The key is where the brief says, with an expiry.
	ttl, err := s.c.PTTL(ctx, RedisKeyPrefix+ns+"k").Result()
	if err != nil || ttl <= 0 || ttl > time.Minute {
		t.Fatalf("PTTL of %sk: %v, %v", RedisKeyPrefix+ns, ttl, err)
	}
}

func TestRedisStoreExpires(t *testing.T) {
	s, ns := newRedisStore(t)
	ctx := context.Background()
	const window = 150 * time.Millisecond
	s.Hit(ctx, ns+"k", window)
	if n, _, _ := s.Hit(ctx, ns+"k", window); n != 2 {
		t.Fatalf("count %d, want 2", n)
	}
	time.Sleep(window + 50*time.Millisecond)
	n, reset, err := s.Hit(ctx, ns+"k", window)
	if err != nil || n != 1 {
		t.Fatalf("after the window: count %d, %v; want 1", n, err)
	}
	if d := time.Until(reset); d <= 0 || d > window {
		t.Fatalf("new window ends in %v, want within %v", d, window)
	}
}

// A counter left without an expiry (written by something else, or an
// expiry lost) would lock its caller out for good: Hit gives it one.
func TestRedisStoreRepairsMissingExpiry(t *testing.T) {
	s, ns := newRedisStore(t)
	ctx := context.Background()
	if err := s.c.Set(ctx, RedisKeyPrefix+ns+"k", 5, 0).Err(); err != nil {
		t.Fatal(err)
	}
	n, reset, err := s.Hit(ctx, ns+"k", time.Minute)
	if err != nil || n != 6 {
		t.Fatalf("count %d, %v; want 6", n, err)
	}
	if d := time.Until(reset); d <= 0 || d > time.Minute {
		t.Fatalf("reset in %v", d)
	}
	if ttl := s.c.PTTL(ctx, RedisKeyPrefix+ns+"k").Val(); ttl <= 0 {
		t.Fatalf("PTTL %v: still no expiry", ttl)
	}
}

// Two instances, each with its own client and Limiter, share one counter.
func TestRedisTwoInstancesShareCounter(t *testing.T) {
	s1, ns := newRedisStore(t)
	s2, err := NewRedisStore(redisURL(t))
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	a, b := New(s1, time.Minute), New(s2, time.Minute)
	ctx := context.Background()
	key := ns + "user:7"

	var remaining []int
	for i, l := range []*Limiter{a, b, a, b} {
		r, err := l.Check(ctx, key, 3)
		if err != nil {
			t.Fatal(err)
		}
		if r.Allowed != (i < 3) {
			t.Fatalf("request %d: allowed %v", i+1, r.Allowed)
		}
		remaining = append(remaining, r.Remaining)
	}
	if want := []int{2, 1, 0, 0}; !equalInts(remaining, want) {
		t.Fatalf("remaining %v, want %v", remaining, want)
	}
}

func TestRedisLimiterConcurrentExact(t *testing.T) {
	s, ns := newRedisStore(t)
	l := New(s, time.Minute)
	if got := concurrentAllowed(t, l, ns+"user:42", 200, 100); got != 100 {
		t.Fatalf("200 concurrent requests, limit 100: %d allowed", got)
	}
}

// An unreachable Redis fails fast, and the limiter lets requests through
// (fail-open) or refuses them (fail-closed). Needs no Redis.
func TestRedisUnreachable(t *testing.T) {
	s, err := NewRedisStore("redis://127.0.0.1:1/0")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	l := New(s, time.Minute)
	l.Logger = slog.New(slog.DiscardHandler)
	start := time.Now()
	r, err := l.Check(context.Background(), "user:1", 10)
	if err != nil || !r.Allowed {
		t.Fatalf("fail-open: %+v, %v", r, err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("a refused connection took %v", d)
	}
	l.FailClosed = true
	if r, err := l.Check(context.Background(), "user:1", 10); err == nil || r.Allowed {
		t.Fatalf("fail-closed: %+v, %v", r, err)
	}
}

func TestNewRedisStoreBadURL(t *testing.T) {
	if _, err := NewRedisStore("http://example.com"); err == nil {
		t.Fatal("no error for an http URL")
	}
}

func TestNewRedisStoreDefaults(t *testing.T) {
	s, _ := NewRedisStore("redis://127.0.0.1:6379/0")
	defer s.Close()
	o := s.c.Options()
	if o.DialTimeout != redisDialTimeout || o.ReadTimeout != redisIOTimeout || o.MaxRetries != redisMaxRetries {
		t.Fatalf("defaults not applied: %+v", o)
	}
	s2, _ := NewRedisStore("redis://127.0.0.1:6379/0?read_timeout=3s&max_retries=5")
	defer s2.Close()
	if o := s2.c.Options(); o.ReadTimeout != 3*time.Second || o.MaxRetries != 5 {
		t.Fatalf("URL settings overridden: read %v, retries %d", o.ReadTimeout, o.MaxRetries)
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
