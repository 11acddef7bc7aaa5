package ratelimit

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/sony/gobreaker/v2"
)

// Breaker defaults: after BreakerFailures failures in a row the shared
// store is left alone for BreakerCooldown, then one request probes it.
const (
	DefaultBreakerFailures = 3
	DefaultBreakerCooldown = 30 * time.Second
)

// BreakerStore puts a circuit breaker in front of a shared store (Redis):
// while the shared store answers, it counts there; after a few failures
// in a row (a timeout each, when Redis is frozen) it stops asking it for a
// cooldown and counts in a per-instance fallback instead, so that requests
// neither wait on a dead Redis nor go unlimited; then one request probes
// the shared store again, and a success brings it back. A request whose
// shared hit fails is counted in the fallback too. Each change of state is
// logged once, never a line per request.
type BreakerStore struct {
	shared, local Store
	cb            *gobreaker.CircuitBreaker[hit]
}

type hit struct {
	count int64
	reset time.Time
}

// BreakerConfig sets a BreakerStore; zero values take the defaults.
type BreakerConfig struct {
	// Failures in a row that open the breaker. Default: 3.
	Failures int
	// Cooldown is how long the shared store is left alone once open.
	// Default: 30s.
	Cooldown time.Duration
	// Logger receives the state changes; nil is slog.Default().
	Logger *slog.Logger
}

// NewBreakerStore counts in shared, falling back to local (a MemoryStore)
// while shared is failing.
func NewBreakerStore(shared, local Store, cfg BreakerConfig) *BreakerStore {
	if cfg.Failures <= 0 {
		cfg.Failures = DefaultBreakerFailures
	}
	if cfg.Cooldown <= 0 {
		cfg.Cooldown = DefaultBreakerCooldown
	}
	log := cfg.Logger
	if log == nil {
		log = slog.Default()
	}
	failures := uint32(cfg.Failures)
	return &BreakerStore{shared: shared, local: local, cb: gobreaker.NewCircuitBreaker[hit](gobreaker.Settings{
		Name:        "rate-limit store",
		MaxRequests: 1, // one probe at a time when half-open
		Timeout:     cfg.Cooldown,
		ReadyToTrip: func(c gobreaker.Counts) bool { return c.ConsecutiveFailures >= failures },
		// A request its client gave up on says nothing about Redis.
		IsExcluded: func(err error) bool { return errors.Is(err, context.Canceled) },
		OnStateChange: func(_ string, from, to gobreaker.State) {
			switch to {
			case gobreaker.StateOpen:
				log.Warn("rate-limit store unavailable: counting per instance", "retry_in", cfg.Cooldown.String(), "was", from.String())
			case gobreaker.StateClosed:
				log.Info("rate-limit store back: counting in it again")
			}
		},
	})}
}

// Hit implements Store.
func (b *BreakerStore) Hit(ctx context.Context, key string, window time.Duration) (int64, time.Time, error) {
	h, err := b.cb.Execute(func() (hit, error) {
		n, reset, err := b.shared.Hit(ctx, key, window)
		return hit{n, reset}, err
	})
	if err == nil {
		return h.count, h.reset, nil
	}
	return b.local.Hit(ctx, key, window)
}

// Open reports whether the breaker is keeping requests away from the
// shared store (open, or half-open with its probe out).
func (b *BreakerStore) Open() bool { return b.cb.State() != gobreaker.StateClosed }
