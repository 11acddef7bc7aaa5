package principal

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/internal/account"
)

// A trusted cache reads a user once for many concurrent misses, answers
// from memory afterwards, and keeps no secret.
func TestOneReadForConcurrentMisses(t *testing.T) {
	var reads atomic.Int64
	release := make(chan struct{})
	c := New(func(ctx context.Context, id int64) (*account.Principal, error) {
		reads.Add(1)
		<-release
		return &account.Principal{ID: id, RoleType: "editor", PasswordHash: "secret", TokenVersion: 3}, nil
	}, 0)
	c.SetTrusted(true)
	var wg sync.WaitGroup
	for range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p, err := c.Get(context.Background(), 7)
			if err != nil || p.RoleType != "editor" || p.TokenVersion != 3 || p.PasswordHash != "" {
				t.Errorf("got %+v, %v", p, err)
			}
		}()
	}
	time.Sleep(50 * time.Millisecond) // let them all join the one read
	close(release)
	wg.Wait()
	if n := reads.Load(); n != 1 {
		t.Fatalf("%d reads for 50 concurrent misses, want 1", n)
	}
	c.Get(context.Background(), 7)
	if hits, _ := c.Stats(); hits != 1 || reads.Load() != 1 {
		t.Fatalf("warm: %d hits, %d reads", hits, reads.Load())
	}
}

// A read that began before an invalidation does not store what it read,
// and a request after the invalidation does not join it.
func TestReadBeforeInvalidationIsNotKept(t *testing.T) {
	version := atomic.Int64{}
	started, release := make(chan struct{}, 2), make(chan struct{})
	var slow atomic.Bool
	slow.Store(true)
	c := New(func(ctx context.Context, id int64) (*account.Principal, error) {
		v := version.Load()
		if slow.Load() {
			started <- struct{}{}
			<-release
		}
		return &account.Principal{ID: id, TokenVersion: v}, nil
	}, 0)
	c.SetTrusted(true)
	old := make(chan *account.Principal)
	go func() { p, _ := c.Get(context.Background(), 1); old <- p }()
	<-started
	version.Store(1) // the change commits...
	c.Invalidate(1)  // ...and is announced while the old read runs
	slow.Store(false)
	if p, _ := c.Get(context.Background(), 1); p.TokenVersion != 1 {
		t.Fatalf("a request after the invalidation got version %d", p.TokenVersion)
	}
	close(release)
	if p := <-old; p.TokenVersion != 0 {
		t.Fatalf("the old read: %d", p.TokenVersion)
	}
	if p, _ := c.Get(context.Background(), 1); p.TokenVersion != 1 {
		t.Fatalf("the old read was stored: version %d", p.TokenVersion)
	}
}

// Untrusted, every lookup reads and nothing is kept; a gone user is never
// kept; the size is bounded.
func TestUntrustedMissingAndBounded(t *testing.T) {
	var reads atomic.Int64
	c := New(func(ctx context.Context, id int64) (*account.Principal, error) {
		reads.Add(1)
		if id < 0 {
			return nil, errs.NotFound()
		}
		return &account.Principal{ID: id}, nil
	}, 10)
	c.Get(context.Background(), 1)
	c.Get(context.Background(), 1)
	if reads.Load() != 2 || c.Len() != 0 {
		t.Fatalf("untrusted: %d reads, %d kept", reads.Load(), c.Len())
	}
	c.SetTrusted(true)
	for range 2 {
		if _, err := c.Get(context.Background(), -1); errs.KindOf(err) != errs.KindNotFound {
			t.Fatalf("missing user: %v", err)
		}
	}
	if reads.Load() != 4 {
		t.Fatalf("a missing user was kept: %d reads", reads.Load())
	}
	for id := range int64(100) {
		c.Get(context.Background(), id)
	}
	if n := c.Len(); n != 10 {
		t.Fatalf("%d kept, want the bound 10", n)
	}
	c.SetTrusted(false)
	if c.Len() != 0 || c.Trusted() {
		t.Fatal("distrust keeps entries")
	}
}
