package ratelimit

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kiln-cms/kiln/core/errs"
)

// ErrorMessage is the message of the 429, as Strapi words it.
const ErrorMessage = "Too many requests, please try again later."

// storeErrorLogEvery bounds how often a failing store is logged: a Redis
// that is down fails every request, and a log line per request would bury
// everything else.
const storeErrorLogEvery = 10 * time.Second

// Limiter decides, per key, whether a request is within its limit for the
// current window.
//
// Set the exported fields after New and before the first Check.
type Limiter struct {
	store  Store
	window time.Duration

	// FailClosed says what happens when the store cannot be reached (Redis
	// down): false, the default, lets the request through unlimited and
	// logs an error; true refuses it, with Check returning the store's error
	// (the app answers 500 and logs it).
	//
	// Kiln chooses fail-open: a rate limit protects the API, and turning a
	// Redis outage into an API outage would do more harm than a few minutes
	// without limits. Deployments that prefer strict limiting (a login
	// endpoint under attack) can set it, on that endpoint's limiter only.
	FailClosed bool

	// Logger receives the store errors in fail-open mode; nil is
	// slog.Default().
	Logger *slog.Logger

	// Now is the clock used to work out Retry-After; nil is time.Now. Give
	// it the clock a MemoryStore was given in tests.
	Now func() time.Time

	// refused counts the requests Check refused (over their limit), for
	// the metrics (Refused).
	refused atomic.Int64

	logMu      sync.Mutex
	lastLog    time.Time
	suppressed int
}

// New returns a limiter counting in store over windows of the given length.
// It panics if window is not positive: that is a configuration error, to
// be caught at start-up, not at the first request.
func New(store Store, window time.Duration) *Limiter {
	if window <= 0 {
		panic("ratelimit: window must be positive, got " + window.String())
	}
	return &Limiter{store: store, window: window}
}

// Window returns the length of the limiter's windows.
func (l *Limiter) Window() time.Duration { return l.window }

// Result is the outcome of one Check.
type Result struct {
	// Limit is the number of requests allowed per window.
	Limit int
	// Remaining is how many more are allowed in this window, never negative.
	Remaining int
	// Reset is when the window ends. Zero when the count is unknown (the
	// store failed and the limiter is fail-open).
	Reset time.Time
	// Allowed says whether this request is within the limit.
	Allowed bool
	// RetryAfter is, when not allowed, how long until the window ends.
	RetryAfter time.Duration
}

// Check counts one request for key and reports whether it is within limit.
//
// A limit below 1 is an error rather than "no limit" or "nothing allowed":
// either reading of a zero from a configuration typo would be a surprise.
// To leave a request unlimited, do not call Check (Middleware's keyOf
// returns ok false).
//
// When the store fails, Check returns an allowed Result with a zero Reset
// and a nil error if the limiter is fail-open, and a refused Result with
// the error if it is fail-closed.
func (l *Limiter) Check(ctx context.Context, key string, limit int) (Result, error) {
	if limit < 1 {
		return Result{Limit: limit}, fmt.Errorf("ratelimit: limit for %q must be at least 1, got %d", key, limit)
	}
	count, reset, err := l.store.Hit(ctx, key, l.window)
	if err != nil {
		if l.FailClosed {
			return Result{Limit: limit}, err
		}
		l.logStoreError(key, err)
		return Result{Limit: limit, Remaining: limit, Allowed: true}, nil
	}
	r := Result{Limit: limit, Reset: reset, Allowed: count <= int64(limit)}
	if r.Allowed {
		r.Remaining = limit - int(count)
	} else {
		r.RetryAfter = max(reset.Sub(l.now()), 0)
		l.refused.Add(1)
	}
	return r, nil
}

// Refused is how many requests Check has refused since New: each one a
// 429 (a fail-closed store error is not counted: it is a 500).
func (l *Limiter) Refused() int64 { return l.refused.Load() }

func (l *Limiter) now() time.Time {
	if l.Now != nil {
		return l.Now()
	}
	return time.Now()
}

// logStoreError logs a store failure, at most once per storeErrorLogEvery,
// saying how many were left out since the last line.
func (l *Limiter) logStoreError(key string, err error) {
	now := time.Now()
	l.logMu.Lock()
	if !l.lastLog.IsZero() && now.Sub(l.lastLog) < storeErrorLogEvery {
		l.suppressed++
		l.logMu.Unlock()
		return
	}
	suppressed := l.suppressed
	l.lastLog, l.suppressed = now, 0
	l.logMu.Unlock()

	log := l.Logger
	if log == nil {
		log = slog.Default()
	}
	log.Error("rate limit store failed; request let through unlimited (fail-open)",
		"key", key, "err", err, "failures_not_logged", suppressed)
}

// retryAfterSeconds is RetryAfter in whole seconds, rounded up and at least
// 1: a client told 0 would retry at once, and rounding down would have it
// come back just before the window ends.
func (r Result) retryAfterSeconds() int {
	s := int((r.RetryAfter + time.Second - 1) / time.Second)
	return max(s, 1)
}

// SetHeaders writes the X-RateLimit-* headers with set and, when the
// request is refused, Retry-After. X-RateLimit-Reset is the Unix time in
// seconds at which the window ends, rounded up so that a client waiting
// until then finds a new window. A Result whose count is unknown (zero
// Reset) writes nothing: invented numbers would be worse than none.
func (r Result) SetHeaders(set func(k, v string)) {
	if r.Reset.IsZero() {
		return
	}
	set("X-RateLimit-Limit", strconv.Itoa(r.Limit))
	set("X-RateLimit-Remaining", strconv.Itoa(max(r.Remaining, 0)))
	reset := r.Reset.Unix()
	if r.Reset.Nanosecond() != 0 {
		reset++
	}
	set("X-RateLimit-Reset", strconv.FormatInt(reset, 10))
	if !r.Allowed {
		set("Retry-After", strconv.Itoa(r.retryAfterSeconds()))
	}
}

// Err returns nil when the request is allowed, else the KindRateLimit
// error the HTTP layer writes as Strapi's 429 RateLimitError, with
// details.retryAfter in seconds (from which it also sets Retry-After).
func (r Result) Err() error {
	if r.Allowed {
		return nil
	}
	return errs.New(errs.KindRateLimit, ErrorMessage).
		WithDetails(map[string]any{"retryAfter": r.retryAfterSeconds()})
}
