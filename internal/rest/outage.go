package rest

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/internal/database"
)

// RetryAfterSeconds is the Retry-After of a 503: the database comes back
// from a restart in about that long, and clients that wait it out do not
// hammer it while it starts.
const RetryAfterSeconds = 2

// outageLogEvery bounds the log of an outage to a line per interval, with
// the count of the answers it stands for: a database that is down fails
// every request, and a line per request would bury everything else.
const outageLogEvery = 10 * time.Second

// unavailable turns an error that says the database cannot serve right
// now — or that the request's deadline passed, or its client left — into
// the 503 every client may retry; other errors are returned as they are.
func unavailable(ctx context.Context, err error) (reason string, out error) {
	switch {
	// Only the request's own deadline counts from ctx: by the time the
	// error handler runs, Deadline's cancel has ended the context anyway.
	case errors.Is(err, context.Canceled):
		return "", errs.New(errs.KindUnavailable, "The request was cancelled")
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(ctx.Err(), context.DeadlineExceeded):
		return "request deadline passed",
			errs.New(errs.KindUnavailable, "The request took longer than the server allows: try again, or ask for less").Wrap(err)
	case database.Unavailable(err):
		if e, ok := errs.As(err); ok {
			return "database unavailable", e
		}
		return "database unavailable", errs.New(errs.KindUnavailable, "The database is unavailable: try again shortly").Wrap(err)
	}
	return "", err
}

// outageLog counts 503s per reason and logs each reason at most once per
// outageLogEvery.
type outageLog struct {
	log  *slog.Logger
	mu   sync.Mutex
	last map[string]time.Time
	n    map[string]int
}

func newOutageLog(log *slog.Logger) *outageLog {
	return &outageLog{log: log, last: map[string]time.Time{}, n: map[string]int{}}
}

// note counts one answer of the reason and logs when the interval is up.
func (o *outageLog) note(reason string, err error) {
	if reason == "" {
		return
	}
	o.mu.Lock()
	o.n[reason]++
	now := time.Now()
	if now.Sub(o.last[reason]) < outageLogEvery {
		o.mu.Unlock()
		return
	}
	count := o.n[reason]
	o.n[reason], o.last[reason] = 0, now
	o.mu.Unlock()
	o.log.Warn(reason, "answers_503", count, "err", err, "next_line_in", outageLogEvery.String())
}

// Deadline gives each request a context that ends after d: every statement
// the request runs stops there (the driver gives up, the database stops
// the statement), and the error handler answers 503.
//
// An upload (POST /api/upload) gets upload instead, when it is longer: a
// large file is stored, and an image waits its turn to be resized, for
// longer than a request of the API should take.
func Deadline(d time.Duration, upload ...time.Duration) fiber.Handler {
	long := d
	for _, u := range upload {
		long = max(long, u)
	}
	return func(c *fiber.Ctx) error {
		d := d
		if long > d && c.Method() == fiber.MethodPost && c.Path() == "/api"+PathUpload {
			d = long
		}
		ctx, cancel := context.WithTimeout(c.UserContext(), d)
		defer cancel()
		c.SetUserContext(ctx)
		return c.Next()
	}
}
