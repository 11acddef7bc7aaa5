package scheduling

import (
	"context"

	"github.com/kiln-cms/kiln/core/hook"
)

// The events the plugin emits to webhooks (docs/webhooks.md), inside the
// write's transaction: delivered only if it commits, with the event as it
// is at the end of it.
const (
	EventScheduled = "event.scheduled"
	EventCancelled = "event.cancelled"
)

// emitCreated tells webhooks of an event created scheduled.
func (s *sched) emitCreated(ctx context.Context, ev *hook.Event) error {
	if st, _ := ev.Value(s.m.EvStatus).(string); st != statusScheduled {
		return nil
	}
	return s.api.Emit(ctx, s.api.Content.TxOf(ev), EventScheduled, s.m.Event, ev.ID)
}

// emitStatus tells webhooks of an event whose status an update moves to
// cancelled, or back to scheduled. It runs before the write, when both
// the stored and the new status are known; the entry is read when the
// transaction ends.
func (s *sched) emitStatus(ctx context.Context, ev *hook.Event) error {
	if ev.Data == nil || ev.Entry == nil {
		return nil
	}
	next, given := ev.Data.Values[s.m.EvStatus].(string)
	old, _ := ev.Entry.Get(s.m.EvStatus)
	if !given || next == old {
		return nil
	}
	switch next {
	case statusCancelled:
		return s.api.Emit(ctx, s.api.Content.TxOf(ev), EventCancelled, s.m.Event, ev.ID)
	case statusScheduled:
		return s.api.Emit(ctx, s.api.Content.TxOf(ev), EventScheduled, s.m.Event, ev.ID)
	}
	return nil
}
