package ratelimit

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"
)

// fakeClock is a clock tests move by hand, so that windows end without
// sleeping.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func newFakeClock() *fakeClock {
	// A whole second, so that window ends are whole seconds too.
	return &fakeClock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func TestMemoryStoreCountsAndResets(t *testing.T) {
	clk := newFakeClock()
	s := NewMemoryStore(WithClock(clk.Now))
	ctx := context.Background()
	start := clk.Now()

	for want := int64(1); want <= 3; want++ {
		n, reset, err := s.Hit(ctx, "k", time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if n != want || !reset.Equal(start.Add(time.Minute)) {
			t.Fatalf("hit %d: got %d, reset %v; want reset %v", want, n, reset, start.Add(time.Minute))
		}
		clk.Advance(10 * time.Second)
	}

	// Still inside the window a nanosecond before its end...
	clk.Advance(30*time.Second - 1)
	if n, _, _ := s.Hit(ctx, "k", time.Minute); n != 4 {
		t.Fatalf("just before the end: got %d, want 4", n)
	}
	// ...and a new one starts at the end, measured from that hit.
	clk.Advance(1)
	n, reset, _ := s.Hit(ctx, "k", time.Minute)
	if n != 1 || !reset.Equal(clk.Now().Add(time.Minute)) {
		t.Fatalf("after the end: got %d, reset %v; want 1, %v", n, reset, clk.Now().Add(time.Minute))
	}
}

func TestMemoryStoreKeysIndependent(t *testing.T) {
	s := NewMemoryStore()
	ctx := context.Background()
	for range 5 {
		s.Hit(ctx, "a", time.Minute)
	}
	if n, _, _ := s.Hit(ctx, "b", time.Minute); n != 1 {
		t.Fatalf("b after five hits on a: got %d, want 1", n)
	}
	if n, _, _ := s.Hit(ctx, "a", time.Minute); n != 6 {
		t.Fatalf("a: got %d, want 6", n)
	}
}

func TestMemoryStoreRealClock(t *testing.T) {
	s := NewMemoryStore()
	ctx := context.Background()
	s.Hit(ctx, "k", 50*time.Millisecond)
	if n, _, _ := s.Hit(ctx, "k", 50*time.Millisecond); n != 2 {
		t.Fatalf("got %d, want 2", n)
	}
	time.Sleep(60 * time.Millisecond)
	if n, _, _ := s.Hit(ctx, "k", 50*time.Millisecond); n != 1 {
		t.Fatalf("after the window: got %d, want 1", n)
	}
}

func TestMemoryStoreSweepsExpired(t *testing.T) {
	clk := newFakeClock()
	s := NewMemoryStore(WithClock(clk.Now), withShards(4))
	ctx := context.Background()
	for i := range 1000 {
		s.Hit(ctx, fmt.Sprint("k", i), time.Minute)
	}
	if s.Len() != 1000 {
		t.Fatalf("Len = %d, want 1000", s.Len())
	}
	// Two windows on, hits on a few keys sweep every shard they land on;
	// enough distinct keys touch all four shards.
	clk.Advance(2 * time.Minute)
	for i := range 200 {
		s.Hit(ctx, fmt.Sprint("new", i), time.Minute)
	}
	if got := s.Len(); got != 200 {
		t.Fatalf("after a sweep: Len = %d, want 200 (the new keys only)", got)
	}
}

func TestMemoryStoreRejectsBadWindow(t *testing.T) {
	if _, _, err := NewMemoryStore().Hit(context.Background(), "k", 0); err == nil {
		t.Fatal("window 0: no error")
	}
}

func TestMemoryStoreConcurrentHitsExact(t *testing.T) {
	s := NewMemoryStore()
	const n = 1000
	seen := make([]bool, n+1)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			c, _, err := s.Hit(context.Background(), "k", time.Hour)
			if err != nil || c < 1 || c > n {
				t.Errorf("hit: %d, %v", c, err)
				return
			}
			mu.Lock()
			if seen[c] {
				t.Errorf("count %d seen twice", c)
			}
			seen[c] = true
			mu.Unlock()
		})
	}
	wg.Wait()
}
