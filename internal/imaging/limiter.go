package imaging

import (
	"context"
	"io"
	"runtime"
)

// Limiter bounds how many decodes run at once. Decoding and resizing a
// photo keeps a core busy for a good fraction of a second and holds tens
// of megabytes; without a bound, a burst of large uploads would take
// every core and starve the API's other requests.
type Limiter struct {
	slots chan struct{}
}

// NewLimiter lets n decodes run at once; n < 1 means the default, half
// of GOMAXPROCS and at least 1, which leaves the other half to the API.
func NewLimiter(n int) *Limiter {
	if n < 1 {
		n = max(runtime.GOMAXPROCS(0)/2, 1)
	}
	return &Limiter{slots: make(chan struct{}, n)}
}

// Do runs fn once a slot is free. While it waits it watches ctx: an
// upload whose request is gone returns ctx.Err() without running fn.
func (l *Limiter) Do(ctx context.Context, fn func() error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	select {
	case l.slots <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-l.slots }()
	return fn()
}

// Formats is Formats run under the limiter.
func (l *Limiter) Formats(ctx context.Context, src io.Reader, bps []Breakpoint) (info Info, fs []Format, err error) {
	err = l.Do(ctx, func() error {
		info, fs, err = Formats(ctx, src, bps)
		return err
	})
	return info, fs, err
}
