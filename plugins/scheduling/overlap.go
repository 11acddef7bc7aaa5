package scheduling

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"time"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/core/store"
)

// maxClashes caps how many clashing events a refusal lists: enough to act
// on, and a refusal stays small however crowded the calendar.
const maxClashes = 10

// registerHooks attaches the event rules to every write of an event,
// whoever makes it: the generated routes, other plugins, imports through
// the content service. They run inside the write's transaction, so the
// check and the write are one atomic step. A deleted user's feed token
// goes with them.
func (s *sched) registerHooks() {
	s.api.Hooks.BeforeCreate("event", s.checkEvent)
	s.api.Hooks.BeforeUpdate("event", s.checkEvent)
	// Before, not after, the delete: same transaction, and the core's
	// after-delete hook re-reads the deleted user unless a before-delete
	// hook loaded it first, and fails with a 404.
	s.api.Hooks.BeforeDelete("user", s.forgetToken)
}

// checkEvent enforces, on the event as it will be after the write (the
// input merged over the stored entry for an update): endAt after startAt,
// and no other scheduled event of the same coach overlapping it. Events
// that only touch (one ends when the other starts) do not overlap;
// cancelled and completed events hold no slot.
func (s *sched) checkEvent(ctx context.Context, ev *hook.Event) error {
	start, _ := s.merged(ev, s.m.evStart).(time.Time)
	end, _ := s.merged(ev, s.m.evEnd).(time.Time)
	if start.IsZero() || end.IsZero() {
		return nil // required fields: the content service already refused a missing one
	}
	if !end.After(start) {
		return errs.Fields([]errs.FieldError{{Path: []string{"endAt"}, Name: "ValidationError",
			Message: "endAt must be after startAt"}})
	}
	if status, _ := s.merged(ev, s.m.evStatus).(string); status != statusScheduled {
		return nil
	}
	coach, err := s.coachAfter(ctx, ev)
	if err != nil || coach == 0 {
		return err
	}
	// Every write that could book this coach takes the same lock first, so
	// the search below and the write that follows it are not interleaved
	// with another booking of the coach.
	if err := s.lock(ctx, ev.Conn, lockCoach, coach); err != nil {
		return err
	}
	clashes, err := s.clashes(ctx, ev.Conn, coach, start, end, ev.ID)
	if err != nil || len(clashes) == 0 {
		return err
	}
	msg := "the coach already has a scheduled event at that time"
	if len(clashes) > 1 {
		msg = fmt.Sprintf("the coach already has %d scheduled events at that time", len(clashes))
	}
	return errs.New(errs.KindValidation, msg).WithDetails(map[string]any{
		"errors":  []errs.FieldError{{Path: []string{"startAt"}, Name: "ValidationError", Message: msg}},
		"clashes": clashes,
	})
}

// merged is a field's value after the write: the input's when it names the
// field, else the stored entry's (ev.Entry, loaded by the content service
// before an update's hooks run), else nil on a create.
func (s *sched) merged(ev *hook.Event, a *schema.Attribute) any {
	if v, ok := ev.Data.Values[a]; ok {
		return v
	}
	if ev.Entry != nil {
		v, _ := ev.Entry.Get(a)
		return v
	}
	return nil
}

// coachAfter is the event's coach id after the write (0 for none),
// following the store's rules for an owning to-one relation: the last
// connected, else the last of a set (an empty set clears it), else a
// disconnect of the current coach clears it, else the current one stays.
func (s *sched) coachAfter(ctx context.Context, ev *hook.Event) (int64, error) {
	var current int64
	if ev.ID != 0 {
		fks, err := s.api.Content.Store.ForeignKeys(ctx, ev.Conn, s.m.evCoach, []*store.Entry{{ID: ev.ID}})
		if err != nil {
			return 0, err
		}
		current = fks[ev.ID]
	}
	ch, ok := ev.Data.Relations[s.m.evCoach]
	switch {
	case !ok:
		return current, nil
	case len(ch.Connect) > 0:
		return ch.Connect[len(ch.Connect)-1], nil
	case ch.SetGiven && len(ch.Set) > 0:
		return ch.Set[len(ch.Set)-1], nil
	case ch.SetGiven, slices.Contains(ch.Disconnect, current):
		return 0, nil
	}
	return current, nil
}

// clash is one event a booking collides with, as a refusal lists it.
type clash struct {
	ID         int64  `json:"id"`
	DocumentID string `json:"documentId"`
	Title      string `json:"title"`
	StartAt    string `json:"startAt"`
	EndAt      string `json:"endAt"`
}

// clashes lists the coach's scheduled events that overlap [start, end),
// other than the event being written (self, 0 on a create), earliest
// first. Two half-open intervals overlap when each starts before the other
// ends; the startAt index narrows the search.
func (s *sched) clashes(ctx context.Context, conn store.Conn, coach int64, start, end time.Time, self int64) ([]clash, error) {
	m := s.m
	b := s.stmt().w("SELECT ", idCol, ", ", store.Ident(schema.ColDocumentID), ", ", col(m.evTitle), ", ", col(m.evStart), ", ", col(m.evEnd),
		" FROM ", tbl(m.event), " WHERE ", col(m.evCoach), " = ").id(coach).
		w(" AND ", col(m.evStatus), " = ").str(statusScheduled).
		w(" AND ", col(m.evStart), " < ").at(end).
		w(" AND ", col(m.evEnd), " > ").at(start)
	if self != 0 {
		b.w(" AND ", idCol, " <> ").id(self)
	}
	b.w(" ORDER BY ", col(m.evStart), ", ", idCol, fmt.Sprintf(" LIMIT %d", maxClashes))
	rows, err := conn.QueryContext(ctx, b.sb.String(), b.args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []clash
	for rows.Next() {
		var c clash
		var title sql.NullString
		var st, en any
		if err := rows.Scan(&c.ID, &c.DocumentID, &title, &st, &en); err != nil {
			return nil, err
		}
		c.Title = title.String
		if t, ok := decodeTime(st); ok {
			c.StartAt = timeText(t)
		}
		if t, ok := decodeTime(en); ok {
			c.EndAt = timeText(t)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}
