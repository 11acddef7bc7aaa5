package principal

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/kiln-cms/kiln/internal/database"
)

// Timing of the listener. Probe: how often the connection is proven
// alive end to end (a NOTIFY sent through the pool must come back), and
// how long the answer may take; a connection that fails a probe is
// dropped, and the cache is not trusted until a new one answers. The
// backoff between attempts doubles up to MaxBackoff.
type Timing struct {
	ProbeEvery, ProbeTimeout time.Duration
	MinBackoff, MaxBackoff   time.Duration
}

// DefaultTiming is what Watch uses for a zero Timing.
var DefaultTiming = Timing{ProbeEvery: 5 * time.Second, ProbeTimeout: 3 * time.Second,
	MinBackoff: 100 * time.Millisecond, MaxBackoff: 10 * time.Second}

// Watcher keeps a Cache trusted while its LISTEN connection hears the
// identity channel (database.IdentityChannel).
type Watcher struct {
	// AppName is the listening connection's application_name, unique to
	// this node (what an operator sees in pg_stat_activity).
	AppName string

	db     *database.DB
	cache  *Cache
	log    *slog.Logger
	timing Timing
	schema string

	stop     context.CancelFunc
	done     chan struct{}
	mu       sync.Mutex
	connects int
}

// Watch starts listening for db's identity notifications in the
// background: the cache is trusted from the moment the listener is
// proven to hear them until it is lost. PostgreSQL only. Close stops it.
func Watch(db *database.DB, c *Cache, log *slog.Logger, t Timing) *Watcher {
	if t.ProbeEvery <= 0 {
		t = DefaultTiming
	}
	w := &Watcher{AppName: "kiln-identity-" + nonce()[:8], db: db, cache: c, log: log, timing: t, done: make(chan struct{})}
	ctx, stop := context.WithCancel(context.Background())
	w.stop = stop
	go w.run(ctx)
	return w
}

// Connects is how many times the listener came up (tests wait for a
// reconnect with it).
func (w *Watcher) Connects() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.connects
}

// Close stops listening; the cache is left untrusted.
func (w *Watcher) Close() error {
	w.stop()
	<-w.done
	return nil
}

func (w *Watcher) run(ctx context.Context) {
	defer close(w.done)
	defer w.cache.SetTrusted(false)
	backoff := w.timing.MinBackoff
	for {
		up, err := w.session(ctx)
		w.cache.SetTrusted(false)
		if ctx.Err() != nil {
			return
		}
		if up {
			backoff = w.timing.MinBackoff
		}
		w.log.Warn("identity cache: the notification listener is down; every request reads its user until it is back",
			"err", err, "retry_in", backoff)
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff):
		}
		backoff = min(backoff*2, w.timing.MaxBackoff)
	}
}

var errNoAnswer = errors.New("the listener did not hear its probe in time")

// session is one listening connection: it trusts the cache once its
// first probe comes back, and ends (up tells whether it got there) when
// the connection fails or a probe goes unanswered.
func (w *Watcher) session(ctx context.Context) (up bool, err error) {
	if w.schema == "" {
		if w.schema, err = w.db.CurrentSchema(ctx); err != nil {
			return false, err
		}
	}
	ln, err := w.db.ListenIdentity(ctx, w.AppName)
	if err != nil {
		return false, err
	}
	defer ln.Close()
	msgs, errc, quit := make(chan string), make(chan error, 1), make(chan struct{})
	defer close(quit)
	go func() {
		for {
			payload, err := ln.Receive(ctx)
			if err != nil {
				errc <- err
				return
			}
			select {
			case msgs <- payload:
			case <-quit:
				return
			}
		}
	}()
	// The probes of this session. Until the first comes back they are
	// sent again, at first after a few milliseconds, then less and less
	// often, up to every ProbeTimeout/20: LISTEN takes effect only once
	// the server has read it, which a probe sent at once may beat, and the
	// cache is untrusted (every request reads its user) until one is heard.
	prefix := "probe:" + nonce() + ":"
	seq := 0
	probe := func() {
		seq++
		w.probe(ctx, prefix+strconv.Itoa(seq))
	}
	deadline := time.NewTimer(w.timing.ProbeTimeout)
	defer deadline.Stop()
	resendAfter := min(5*time.Millisecond, w.timing.ProbeTimeout/20)
	resend := time.NewTimer(resendAfter)
	defer resend.Stop()
	tick := time.NewTicker(w.timing.ProbeEvery)
	defer tick.Stop()
	waiting := true
	probe()
	for {
		select {
		case <-ctx.Done():
			return up, ctx.Err()
		case err := <-errc:
			return up, err
		case <-deadline.C:
			return up, errNoAnswer
		case <-resend.C:
			if !up {
				probe()
				resendAfter = min(resendAfter*2, w.timing.ProbeTimeout/20)
				resend.Reset(resendAfter)
			}
		case p := <-msgs:
			if !strings.HasPrefix(p, prefix) {
				w.handle(p)
				continue
			}
			if waiting {
				waiting = false
				deadline.Stop()
			}
			if !up {
				// Heard: every change from now on will be too. What was
				// missed before is flushed by SetTrusted.
				up = true
				resend.Stop()
				w.cache.SetTrusted(true)
				w.mu.Lock()
				w.connects++
				w.mu.Unlock()
			}
		case <-tick.C:
			if !waiting {
				waiting = true
				deadline.Reset(w.timing.ProbeTimeout)
				probe()
			}
		}
	}
}

// probe sends payload, which only this node expects, through the pool, in
// the background: a busy pool must not hold up the invalidations
// meanwhile. A probe that cannot be sent is one that does not come back
// in time.
func (w *Watcher) probe(ctx context.Context, payload string) {
	go func() {
		ctx, cancel := context.WithTimeout(ctx, w.timing.ProbeTimeout)
		defer cancel()
		if err := w.db.NotifyIdentity(ctx, payload); err != nil {
			w.log.Debug("identity cache: sending a probe", "err", err)
		}
	}()
}

// handle forgets what a payload names (see database.IdentityChannel); a
// payload of this schema it cannot read forgets everyone.
func (w *Watcher) handle(p string) {
	rest, ok := strings.CutPrefix(p, w.schema+":")
	if !ok {
		return // a probe, or another schema's
	}
	if s, ok := strings.CutPrefix(rest, "u:"); ok {
		if id, err := strconv.ParseInt(s, 10, 64); err == nil {
			w.cache.Invalidate(id)
			return
		}
	}
	switch rest {
	case "all":
		w.cache.InvalidateAll()
	case "tokens":
		w.cache.InvalidateTokens()
	default:
		w.cache.InvalidateAll()
		w.cache.InvalidateTokens()
	}
}

func nonce() string {
	b := make([]byte, 12)
	rand.Read(b)
	return hex.EncodeToString(b)
}
