// Package principal keeps what authentication needs of a user (role type,
// blocked, token version) and of an API token in memory, so that a
// request with a token needs no read of its row. The cache is trusted only while something
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

	"github.com/kiln-cms/kiln/internal/account"
	"github.com/kiln-cms/kiln/internal/apitoken"
)

// DefaultSize bounds the users, and the API tokens, a cache holds when
// New is given no size.
const DefaultSize = 10000

// Load reads a user as account.Principal (errs.NotFound when gone).
type Load func(ctx context.Context, id int64) (*account.Principal, error)

// LoadToken reads an API token by its hash (errs.NotFound when none).
type LoadToken func(ctx context.Context, hash string) (*apitoken.Token, error)

// Cache maps user ids to what authentication needs of them, and API
// token hashes to their rows. Its zero value is not usable; New makes
// one, untrusted.
type Cache struct {
	load Load
	// LoadToken fills the tokens' side; nil leaves Token reading always.
	LoadToken LoadToken

	// trusted is set while invalidations are certain to arrive.
	trusted atomic.Bool

	mu sync.Mutex
	// epoch counts invalidations: a read that began before one must not
	// store what it read (it may predate the change).
	epoch  uint64
	users  table[int64, *account.Principal]
	tokens table[string, *apitoken.Token]

	hits, loads atomic.Int64
}

// table is one side of the cache: entries and the reads in flight.
type table[K comparable, V any] struct {
	size    int
	m       map[K]V
	flights map[flightKey[K]]*flight[V]
}

type flightKey[K comparable] struct {
	key   K
	epoch uint64
}

// flight is one read that concurrent misses of one key share.
type flight[V any] struct {
	done chan struct{}
	v    V
	err  error
}

func newTable[K comparable, V any](size int) table[K, V] {
	return table[K, V]{size: size, m: map[K]V{}, flights: map[flightKey[K]]*flight[V]{}}
}

// New returns an untrusted cache of at most size users (DefaultSize when
// size <= 0) filled by load.
func New(load Load, size int) *Cache {
	if size <= 0 {
		size = DefaultSize
	}
	return &Cache{load: load, users: newTable[int64, *account.Principal](size), tokens: newTable[string, *apitoken.Token](size)}
}

// Get returns the user's principal: from memory when the cache is trusted
// and holds it, else read (once for all the concurrent misses of one
// user). Only ID, RoleType, Blocked and TokenVersion are set: secrets are
// never kept.
func (c *Cache) Get(ctx context.Context, id int64) (*account.Principal, error) {
	return get(c, &c.users, ctx, id, func(ctx context.Context, id int64) (*account.Principal, error) {
		p, err := c.load(ctx, id)
		if err != nil {
			return nil, err
		}
		return &account.Principal{ID: p.ID, RoleType: p.RoleType, Blocked: p.Blocked, TokenVersion: p.TokenVersion}, nil
	})
}

// Token returns the API token whose hash is hash, as Get does a user.
// Its last-used time is the one read when it was cached.
func (c *Cache) Token(ctx context.Context, hash string) (*apitoken.Token, error) {
	return get(c, &c.tokens, ctx, hash, c.LoadToken)
}

func get[K comparable, V any](c *Cache, t *table[K, V], ctx context.Context, key K, read func(context.Context, K) (V, error)) (V, error) {
	if !c.trusted.Load() {
		c.loads.Add(1)
		return read(ctx, key)
	}
	c.mu.Lock()
	if v, ok := t.m[key]; ok {
		c.mu.Unlock()
		c.hits.Add(1)
		return v, nil
	}
	k := flightKey[K]{key, c.epoch}
	if f, ok := t.flights[k]; ok {
		c.mu.Unlock()
		select {
		case <-f.done:
		case <-ctx.Done():
			var zero V
			return zero, ctx.Err()
		}
		if f.err != nil && isCanceled(f.err) && ctx.Err() == nil {
			// The reader's request went away, not ours: read ourselves.
			c.loads.Add(1)
			return read(ctx, key)
		}
		return f.v, f.err
	}
	f := &flight[V]{done: make(chan struct{})}
	t.flights[k] = f
	c.mu.Unlock()

	c.loads.Add(1)
	f.v, f.err = read(ctx, key)
	c.mu.Lock()
	delete(t.flights, k)
	// Not found is not kept: a row created later must not be refused.
	if f.err == nil && c.epoch == k.epoch && c.trusted.Load() {
		if len(t.m) >= t.size {
			for victim := range t.m { // any one: map order is random
				delete(t.m, victim)
				break
			}
		}
		t.m[key] = f.v
	}
	c.mu.Unlock()
	close(f.done)
	return f.v, f.err
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
		delete(c.users.m, id)
	}
	c.epoch++
	c.mu.Unlock()
}

// InvalidateAll forgets every user (a role changed).
func (c *Cache) InvalidateAll() {
	if c == nil {
		return
	}
	c.mu.Lock()
	clear(c.users.m)
	c.epoch++
	c.mu.Unlock()
}

// InvalidateTokens forgets every API token (one was revoked).
func (c *Cache) InvalidateTokens() {
	if c == nil {
		return
	}
	c.mu.Lock()
	clear(c.tokens.m)
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
	c.mu.Lock()
	clear(c.users.m)
	clear(c.tokens.m)
	c.epoch++
	c.mu.Unlock()
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
	return len(c.users.m)
}
