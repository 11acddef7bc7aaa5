package webhook

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"github.com/kiln-cms/kiln/internal/database"
)

// Start runs the worker until ctx ends or Close: it delivers what is due
// at once (deliveries a previous process committed and never sent
// included), then whenever a commit wrote deliveries, and every
// pollInterval in any case.
func (w *Service) Start(ctx context.Context) error {
	ctx, w.stop = context.WithCancel(ctx)
	w.done = make(chan struct{})
	go w.loop(ctx)
	return nil
}

// Close stops claiming deliveries and waits, within ctx, for those being
// sent.
func (w *Service) Close(ctx context.Context) error {
	if w.stop == nil {
		return nil
	}
	w.stop()
	select {
	case <-w.done:
	case <-ctx.Done():
		return ctx.Err()
	}
	idle := make(chan struct{})
	go func() { w.running.Wait(); close(idle) }()
	select {
	case <-idle:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Wake asks the worker to look for due deliveries now.
func (w *Service) Wake() { w.Committed() }

func (w *Service) loop(ctx context.Context) {
	defer close(w.done)
	poll := time.NewTicker(w.cfg.PollInterval)
	defer poll.Stop()
	for {
		w.drain(ctx)
		select {
		case <-ctx.Done():
			return
		case <-w.wake:
		case <-poll.C:
			if err := w.reload(ctx); err != nil && ctx.Err() == nil {
				w.log.Warn("webhooks: reading the webhooks", "err", err)
			}
		}
	}
}

// lease is how long a claimed delivery stays with its worker: longer
// than an attempt can take, so only a worker that died loses it.
func (w *Service) lease() time.Duration { return w.cfg.Timeout + w.cfg.ConnectTimeout + 30*time.Second }

// drain sends due deliveries until none is due, within the process's
// Workers slots: the sends of an earlier drain still hold theirs, so a
// drain started by the next commit claims only what is left free.
func (w *Service) drain(ctx context.Context) {
	slots := w.slots
	for ctx.Err() == nil {
		// Wait for a free slot before claiming, so a claimed delivery
		// never waits out its lease in a queue.
		free := 0
		select {
		case slots <- struct{}{}:
			free = 1
		case <-ctx.Done():
			return
		}
		for free < w.cfg.Workers {
			select {
			case slots <- struct{}{}:
				free++
				continue
			default:
			}
			break
		}
		list, err := w.claim(ctx, w.now(), w.lease(), free)
		if err != nil {
			if ctx.Err() == nil {
				w.log.Warn("webhooks: claiming deliveries", "err", err)
			}
			list = nil
		}
		for range free - len(list) {
			<-slots
		}
		if len(list) == 0 {
			return
		}
		for _, d := range list {
			w.running.Add(1)
			go func() {
				defer func() { <-slots; w.running.Done() }()
				w.deliver(context.WithoutCancel(ctx), d)
			}()
		}
	}
}

// deliver sends one claimed delivery and records the outcome.
func (w *Service) deliver(ctx context.Context, d claimed) {
	w.mu.RLock()
	h := w.hooks[d.WebhookID]
	w.mu.RUnlock()
	if h == nil {
		if err := w.reload(ctx); err == nil {
			w.mu.RLock()
			h = w.hooks[d.WebhookID]
			w.mu.RUnlock()
		}
	}
	start := w.now()
	var res result
	switch {
	case h == nil:
		res = result{err: errors.New("the webhook no longer exists"), final: true}
	case !h.Enabled:
		res = result{err: errors.New("the webhook is disabled"), final: true}
	default:
		res = w.sender.send(ctx, h, d, start)
	}
	took := w.now().Sub(start)
	o := attemptOutcome{Duration: took, At: w.now(), HTTPStatus: res.status, NextAt: w.now()}
	outcome := OutcomeDelivered
	switch {
	case res.err == nil:
		o.Status = DeliveryDelivered
	case res.final || d.Attempt >= w.cfg.MaxAttempts:
		o.Status, o.Error, outcome = DeliveryFailed, res.err.Error(), OutcomeFailed
	default:
		o.Status, o.Error, outcome = DeliveryPending, res.err.Error(), OutcomeRetry
		o.NextAt = w.now().Add(w.backoff(d.Attempt))
	}
	err := w.db.RunInTx(ctx, func(ctx context.Context, tx database.Conn) error { return finishDelivery(ctx, tx, d.ID, o) })
	if err != nil {
		// The claim runs out and the delivery is tried again: a receiver
		// may see it twice, with the same X-Kiln-Delivery.
		w.log.Error("webhooks: recording a delivery", "delivery", d.ID, "err", err)
	}
	if outcome != OutcomeDelivered {
		w.log.Warn("webhooks: delivery failed", "delivery", d.ID, "webhook", d.WebhookID, "attempt", d.Attempt,
			"outcome", outcome, "err", res.err)
	}
	if w.OnDelivery != nil {
		w.OnDelivery(outcome, took)
	}
}

// backoff is the wait after the attempt-th failed attempt: backoff
// doubled per attempt up to maxBackoff, then a random part of its second
// half taken off ("equal jitter"), so that deliveries that failed together
// do not all come back together.
func (w *Service) backoff(attempt int) time.Duration {
	d := w.cfg.Backoff
	for i := 1; i < attempt && d < w.cfg.MaxBackoff; i++ {
		d *= 2
	}
	d = min(d, w.cfg.MaxBackoff)
	return d/2 + rand.N(d/2+1)
}

// claim takes up to n due deliveries in a transaction of its own
// (claimDeliveries), run again from the start when PostgreSQL aborts it
// for another worker's.
func (w *Service) claim(ctx context.Context, now time.Time, lease time.Duration, n int) ([]claimed, error) {
	var out []claimed
	err := w.db.RunInTx(ctx, func(ctx context.Context, tx database.Conn) (err error) {
		out, err = claimDeliveries(ctx, tx, w.db.Dialect, now, lease, n)
		return err
	})
	return out, err
}
