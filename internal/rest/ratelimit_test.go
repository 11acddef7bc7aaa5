package rest_test

import (
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/testmain"
)

// TestRateLimits: headers on every limited response, the 429 past the
// limit with Retry-After, separate counters for users and addresses, and
// the operations endpoints never counted.
func TestRateLimits(t *testing.T) {
	t.Parallel()
	cfg := apptest.Config(t, database.SQLite)
	cfg.RateLimit.PerAddress, cfg.RateLimit.PerUser = 3, 5
	h := apptest.NewWith(t, cfg)
	start := time.Now().Unix()
	for i := 1; i <= 3; i++ {
		r := h.Do("GET", "/api/blueprints", nil, anon...)
		if r.Status != 200 || r.Header.Get("X-RateLimit-Limit") != "3" || r.Header.Get("X-RateLimit-Remaining") != strconv.Itoa(3-i) {
			t.Fatalf("request %d: %d limit %q remaining %q", i, r.Status, r.Header.Get("X-RateLimit-Limit"), r.Header.Get("X-RateLimit-Remaining"))
		}
		reset, _ := strconv.ParseInt(r.Header.Get("X-RateLimit-Reset"), 10, 64)
		if reset < start+3590 || reset > start+3602 {
			t.Errorf("X-RateLimit-Reset %d is not an hour from now (%d)", reset, start)
		}
	}
	r := h.Do("GET", "/api/blueprints", nil, anon...)
	st, name, msg := errorOf(t, r)
	if r.Status != 429 || st != 429 || name != "RateLimitError" || msg != "Too many requests, please try again later." {
		t.Fatalf("past the limit: %d %s", r.Status, r.Body)
	}
	if ra, _ := strconv.Atoi(r.Header.Get("Retry-After")); ra < 3500 || r.Header.Get("X-RateLimit-Remaining") != "0" {
		t.Errorf("Retry-After %q, remaining %q", r.Header.Get("Retry-After"), r.Header.Get("X-RateLimit-Remaining"))
	}
	// A bad token is counted against the address too: it cannot be used to
	// reset or dodge the counter.
	if r := h.Do("GET", "/api/blueprints", nil, "Authorization", "Bearer forged.token.here"); r.Status != 429 {
		t.Errorf("a bad token past the address limit: %d", r.Status)
	}
	// A signed-in user has a counter of their own, with the user limit.
	r = h.Do("GET", "/api/programs", nil)
	if r.Status != 200 || r.Header.Get("X-RateLimit-Limit") != "5" || r.Header.Get("X-RateLimit-Remaining") != "4" {
		t.Errorf("user counter: %d limit %q remaining %q", r.Status, r.Header.Get("X-RateLimit-Limit"), r.Header.Get("X-RateLimit-Remaining"))
	}
	for _, p := range []string{"/_health", "/_ready"} {
		if r := h.Do("GET", p, nil, anon...); r.Status != 200 || r.Header.Get("X-RateLimit-Limit") != "" {
			t.Errorf("%s: %d, limited %q", p, r.Status, r.Header.Get("X-RateLimit-Limit"))
		}
	}
}

// TestRateLimitSharedInRedis: two instances on one Redis share a counter.
func TestRateLimitSharedInRedis(t *testing.T) {
	t.Parallel()
	url := os.Getenv("KILN_TEST_REDIS_URL")
	if url == "" {
		testmain.Skip(t, testmain.Redis, "Redis tests skipped: KILN_TEST_REDIS_URL is not set")
	}
	instance := func() *apptest.Harness {
		cfg := apptest.Config(t, database.SQLite) // each its own database, one Redis
		cfg.RateLimit.PerAddress, cfg.RateLimit.RedisURL = 4, url
		cfg.RateLimit.Window = 2 * time.Second
		return apptest.NewWith(t, cfg)
	}
	one, two := instance(), instance()
	time.Sleep(2100 * time.Millisecond) // let any earlier run's window end
	got := []int{}
	for i := 0; i < 6; i++ {
		h := one
		if i%2 == 1 {
			h = two
		}
		got = append(got, h.Do("GET", "/api/blueprints", nil, anon...).Status)
	}
	want := []int{200, 200, 200, 200, 429, 429}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("statuses across two instances %v, want %v", got, want)
		}
	}
}
