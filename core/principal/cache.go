// Package principal keeps what authentication needs of a user (role type,
// blocked, token version) in memory, so that a request with a token needs
// no read of the user's row. The cache is trusted only while something
// tells it of every change: on PostgreSQL a LISTEN connection that hears
// the user and role tables' triggers (Watch). Until then, and whenever
// that connection is lost, every lookup reads the database as if there
// were no cache. docs/identity-cache.md has the design.
package principal

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"

	"github.com/kiln-cms/kiln/core/store"
)

// DefaultSize bounds the users a cache holds when New is given no size.
const DefaultSize = 10000

// Load reads a user as store.Principal (errs.NotFound when gone).
type Load func(ctx context.Context, id int64) (*store.Principal, error)

// Cache maps user ids to what authentication needs of them. Its zero
// value is not usable; New makes one, untrusted.
type Cache struct {
	load Load
	size int

	// trusted is set while invalidations are certain to arrive.
	trusted atomic.Bool

	mu sync.Mutex
	m  map[int64]*store.Principal
	// epoch counts invalidations: a read that began before one must not
	// store what it read (it may predate the change).
	epoch   uint64
	flights map[flightKey]*flight

	hits, loads atomic.Int64
}

type flightKey struct {
	id    int64
	epoch uint64
}

// flight is one read of a user that concurrent misses share.
type flight struct {
	done chan struct{}
	p    *store.Principal
	err  error
}

// New returns an untrusted cache of at most size users (DefaultSize when
// size <= 0) filled by load.
func New(load Load, size int) *Cache {
	if size <= 0 {
		size = DefaultSize
	}
	return &Cache{load: load, size: size, m: map[int64]*store.Principal{}, flights: map[flightKey]*flight{}}
}

// Get returns the user's principal: from memory when the cache is trusted
// and holds it, else read (once for all the concurrent misses of one
// user). Only ID, RoleType, Blocked and TokenVersion are set: secrets are
// never kept.
func (c *Cache) Get(ctx context.Context, id int64) (*store.Principal, error) {
	if !c.trusted.Load() {
		c.loads.Add(1)
		return c.read(ctx, id)
	}
	c.mu.Lock()
	if p, ok := c.m[id]; ok {
		c.mu.Unlock()
		c.hits.Add(1)
		return p, nil
	}
	k := flightKey{id, c.epoch}
	if f, ok := c.flights[k]; ok {
		c.mu.Unlock()
		select {
		case <-f.done:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		if f.err != nil && isCanceled(f.err) && ctx.Err() == nil {
			// The reader's request went away, not ours: read ourselves.
			c.loads.Add(1)
			return c.read(ctx, id)
		}
		return f.p, f.err
	}
	f := &flight{done: make(chan struct{})}
	c.flights[k] = f
	c.mu.Unlock()

	c.loads.Add(1)
	f.p, f.err = c.read(ctx, id)
	c.mu.Lock()
	delete(c.flights, k)
	// Not found is not kept: a user created later with this id must not
	// be refused, and a token of a missing user is rare.
	if f.err == nil && c.epoch == k.epoch && c.trusted.Load() {
		if len(c.m) >= c.size {
			for victim := range c.m { // any one: map order is random
				delete(c.m, victim)
				break
			}
		}
		c.m[id] = f.p
	}
	c.mu.Unlock()
	close(f.done)
	return f.p, f.err
}

func (c *Cache) read(ctx context.Context, id int64) (*store.Principal, error) {
	p, err := c.load(ctx, id)
	if err != nil {
		return nil, err
	}
	return &store.Principal{ID: p.ID, RoleType: p.RoleType, Blocked: p.Blocked, TokenVersion: p.TokenVersion}, nil
}

func isCanceled(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// Invalidate forgets the users (after a change to them is committed).
func (c *Cache) Invalidate(ids ...int64) {
	if c == nil {
		return
	}
	c.mu.Lock()
	for _, id := range ids {
		delete(c.m, id)
	}
	c.epoch++
	c.mu.Unlock()
}

// InvalidateAll forgets every user (a role changed, or changes may have
// been missed).
func (c *Cache) InvalidateAll() {
	if c == nil {
		return
	}
	c.mu.Lock()
	clear(c.m)
	c.epoch++
	c.mu.Unlock()
}

// SetTrusted says whether every change from now on will be invalidated.
// Either way the cache is emptied: what it held may have missed changes
// while it was untrusted, and a read in flight may predate them.
func (c *Cache) SetTrusted(on bool) {
	if c == nil {
		return
	}
	if !on {
		c.trusted.Store(false)
	}
	c.InvalidateAll()
	if on {
		c.trusted.Store(true)
	}
}

// Trusted reports whether lookups are answered from memory.
func (c *Cache) Trusted() bool { return c != nil && c.trusted.Load() }

// Stats are the lookups answered from memory and the database reads made.
func (c *Cache) Stats() (hits, loads int64) {
	if c == nil {
		return 0, 0
	}
	return c.hits.Load(), c.loads.Load()
}

// Len is how many users the cache holds.
func (c *Cache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.m)
}
