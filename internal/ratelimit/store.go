// Package ratelimit counts requests per caller in fixed windows and says
// when a caller is over its limit.
//
// The counting lives behind Store so that one process can keep it in memory
// (NewMemoryStore) while several instances behind a load balancer share it
// in Redis (NewRedisStore): a limit that each instance enforced on its own
// would multiply by the number of instances. Limiter turns a count into a
// Result (the X-RateLimit-* headers and, past the limit, a KindRateLimit
// error the HTTP layer writes as a 429), and Middleware wires it into fiber.
//
// A window starts at a key's first hit and lasts the configured duration;
// the next hit after it ends starts a new one. That is what Redis gives with
// INCR plus an expiry set on the first hit, and the memory store does the
// same so that both behave alike. Windows of different keys are not
// aligned, so callers do not all come back at the same instant.
//
// Keys are the caller's business (see Middleware): "user:<id>" for a
// signed-in user, "addr:<ip>" (AddressKey) for everybody else. A key must
// name the caller, never the request: no path, no body field.
package ratelimit

import (
	"context"
	"time"
)

// Store counts hits per key in fixed windows.
//
// Hit must be atomic: two hits on the same key, from two goroutines or two
// instances sharing the store, never see the same count.
type Store interface {
	// Hit adds one to key's counter in its current window, starting a new
	// window of the given length if none is running, and returns the new
	// count and when the window ends.
	Hit(ctx context.Context, key string, window time.Duration) (count int64, resetAt time.Time, err error)
}
