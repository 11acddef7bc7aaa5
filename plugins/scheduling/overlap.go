package scheduling

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/core/store"
)

// maxClashes caps how many clashing events a refusal lists: enough to act
// on, and a refusal stays small however crowded the calendar.
const maxClashes = 10

// registerHooks attaches the event rules to every write of an event,
// whoever makes it: the generated routes, other plugins, imports through
// the content service. They run inside the write's transaction, so the
// check and the write are one atomic step. Every update of an event is a
// revision (its iCalendar SEQUENCE), and the revision goes with a deleted
// event; a deleted user's feed token goes with them.
func (s *sched) registerHooks() {
	s.api.Hooks.BeforeCreate("event", s.checkEvent)
	s.api.Hooks.BeforeUpdate("event", s.checkEvent)
	s.api.Hooks.AfterUpdate("event", s.revised)
	s.api.Hooks.BeforeDelete("event", s.forgetRevision)
	// An event also changes coach when a write of the coach names its
	// events (the inverse side of event.coach): the same rule applies.
	s.api.Hooks.BeforeCreate("coach", s.checkCoachEvents)
	s.api.Hooks.BeforeUpdate("coach", s.checkCoachEvents)
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
	if err := s.lockEvent(ctx, ev); err != nil {
		return err
	}
	start, _ := ev.Value(s.m.evStart).(time.Time)
	end, _ := ev.Value(s.m.evEnd).(time.Time)
	if start.IsZero() || end.IsZero() {
		return nil // required fields: the content service already refused a missing one
	}
	if !end.After(start) {
		return errs.Fields([]errs.FieldError{{Path: []string{"endAt"}, Name: "ValidationError",
			Message: "endAt must be after startAt"}})
	}
	if status, _ := ev.Value(s.m.evStatus).(string); status != statusScheduled {
		return nil
	}
	_, coach, err := s.api.Content.ToOne(ctx, ev, s.m.evCoach)
	if err != nil || coach == 0 {
		return err
	}
	// Every write that could book this coach takes the same lock first, so
	// the search below and the write that follows it are not interleaved
	// with another booking of the coach.
	if err := s.lock(ctx, ev.Conn, lockCoach, coach); err != nil {
		return err
	}
	clashes, err := s.clashes(ctx, ev.Conn, coach, start, end, []int64{ev.ID})
	if err != nil || len(clashes) == 0 {
		return err
	}
	return s.refusal(ctx, ev, "startAt", clashes)
}

// lockEvent takes an updated event's row lock before anything of it is
// read, then reads it again: the entry the hook was handed was read before
// the lock, and a concurrent write (a coach handed this event, its times
// moved) may have committed since. Every write that can book an event
// locks the event's row before its coach's lock (checkCoachEvents too), so
// lock orders never cross.
func (s *sched) lockEvent(ctx context.Context, ev *hook.Event) error {
	if ev.ID == 0 || s.api.Content.DB.Dialect != store.Postgres {
		return nil
	}
	if err := store.LockRow(ctx, ev.Conn, store.Postgres, s.m.event, ev.ID); err != nil {
		return err
	}
	fresh, err := s.api.Content.Store.FindOne(ctx, ev.Conn, &query.Query{Type: s.m.event, Status: query.Draft}, ev.ID, store.ReadOptions{})
	if err != nil {
		return err
	}
	ev.Entry = fresh
	return nil
}

// refusal is the double-booking refusal as the writer may see it. The
// rule counts every scheduled event of the coach, whoever may see it (a
// coach is never double-booked); the refusal names and counts only the
// clashing events the writer may see, since one they may not see does not
// exist for them. (That the slot is taken is the refusal itself.)
func (s *sched) refusal(ctx context.Context, ev *hook.Event, field string, clashes []clash) error {
	ids := make([]int64, len(clashes))
	for i, c := range clashes {
		ids[i] = c.ID
	}
	seen, err := s.api.Visible(ctx, ev.Conn, s.m.event, ids, ev.Writer)
	if err != nil {
		return err
	}
	ok := set(seen)
	shown := []clash{}
	for _, c := range clashes {
		if ok[c.ID] {
			shown = append(shown, c)
		}
	}
	return clashError(field, shown)
}

// clashError is the double-booking refusal, its message on field.
func clashError(field string, clashes []clash) error {
	msg := "the coach already has a scheduled event at that time"
	if len(clashes) > 1 {
		msg = fmt.Sprintf("the coach already has %d scheduled events at that time", len(clashes))
	}
	return errs.New(errs.KindValidation, msg).WithDetails(map[string]any{
		"errors":  []errs.FieldError{{Path: []string{field}, Name: "ValidationError", Message: msg}},
		"clashes": clashes,
	})
}

// checkCoachEvents applies the double-booking rule to a create or update
// of a coach that hands it events through coach.events (connect, or a
// set): each scheduled event it receives may overlap neither another one
// it receives nor, unless a set replaces them all, the coach's scheduled
// events that stay. Without it, PUT /api/coaches/1 {"events":
// {"connect": [7]}} would double-book coach 1 past the event hook, which
// only sees writes of events.
func (s *sched) checkCoachEvents(ctx context.Context, ev *hook.Event) error {
	ch, ok := ev.Data.Relations[s.m.coachEvents]
	if !ok {
		return nil
	}
	incoming := slices.Clone(ch.Connect)
	if ch.SetGiven {
		incoming = append(incoming, ch.Set...)
	}
	slices.Sort(incoming)
	incoming = slices.Compact(incoming)
	if len(incoming) == 0 {
		return nil
	}
	// The incoming events' rows first, in id order, as every write of an
	// event takes its own row before its coach's lock: a concurrent write
	// moving one of them then waits for this one to finish (or this one
	// for it, and reads its new times), and lock orders never cross.
	if err := store.LockRows(ctx, ev.Conn, s.api.Content.DB.Dialect, s.m.event, incoming); err != nil {
		return err
	}
	if ev.ID != 0 {
		if err := s.lock(ctx, ev.Conn, lockCoach, ev.ID); err != nil {
			return err
		}
	}
	list, err := s.scheduledEvents(ctx, ev.Conn, incoming)
	if err != nil {
		return err
	}
	// The events the coach keeps besides the incoming ones are not to be
	// compared with when a set replaces them all, or when they leave by a
	// disconnect in the same write.
	exclude := append(slices.Clone(incoming), ch.Disconnect...)
	for i, e := range list {
		var clashes []clash
		for j, o := range list {
			if j != i && o.start.Before(e.end) && o.end.After(e.start) {
				clashes = append(clashes, o.clash)
			}
		}
		if ev.ID != 0 && !ch.SetGiven {
			more, err := s.clashes(ctx, ev.Conn, ev.ID, e.start, e.end, exclude)
			if err != nil {
				return err
			}
			clashes = append(clashes, more...)
		}
		if len(clashes) > 0 {
			slices.SortFunc(clashes, func(a, b clash) int {
				if c := strings.Compare(a.StartAt, b.StartAt); c != 0 {
					return c
				}
				return int(a.ID - b.ID)
			})
			return s.refusal(ctx, ev, s.m.coachEvents.Name, clashes[:min(len(clashes), maxClashes)])
		}
	}
	return nil
}

// timedClash is a clash with its times as instants, for comparing.
type timedClash struct {
	clash
	start, end time.Time
}

// scheduledEvents loads the scheduled events among ids, earliest first.
func (s *sched) scheduledEvents(ctx context.Context, conn store.Conn, ids []int64) ([]timedClash, error) {
	m := s.m
	b := s.stmt().w("SELECT ", idCol, ", ", store.Ident(schema.ColDocumentID), ", ", col(m.evTitle), ", ", col(m.evStart), ", ", col(m.evEnd),
		" FROM ", tbl(m.event), " WHERE ", idCol, " IN ").ids(ids).
		w(" AND ", col(m.evStatus), " = ").str(statusScheduled).
		w(" ORDER BY ", col(m.evStart), ", ", idCol)
	rows, err := b.Query(ctx, conn)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []timedClash
	for rows.Next() {
		var c timedClash
		var title sql.NullString
		var st, en any
		if err := rows.Scan(&c.ID, &c.DocumentID, &title, &st, &en); err != nil {
			return nil, err
		}
		c.Title = title.String
		var ok1, ok2 bool
		c.start, ok1 = decodeTime(st)
		c.end, ok2 = decodeTime(en)
		if !ok1 || !ok2 {
			continue // a required time missing: nothing to compare
		}
		c.StartAt, c.EndAt = timeText(c.start), timeText(c.end)
		out = append(out, c)
	}
	return out, rows.Err()
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
// other than those in exclude (the event being written; 0 stands for
// none), earliest first. Two half-open intervals overlap when each starts before the other
// ends; the startAt index narrows the search.
func (s *sched) clashes(ctx context.Context, conn store.Conn, coach int64, start, end time.Time, exclude []int64) ([]clash, error) {
	m := s.m
	b := s.stmt().w("SELECT ", idCol, ", ", store.Ident(schema.ColDocumentID), ", ", col(m.evTitle), ", ", col(m.evStart), ", ", col(m.evEnd),
		" FROM ", tbl(m.event), " WHERE ", col(m.evCoach), " = ").id(coach).
		w(" AND ", col(m.evStatus), " = ").str(statusScheduled).
		w(" AND ", col(m.evStart), " < ").at(end).
		w(" AND ", col(m.evEnd), " > ").at(start)
	if exclude = slices.DeleteFunc(slices.Clone(exclude), func(id int64) bool { return id == 0 }); len(exclude) > 0 {
		b.w(" AND ", idCol, " NOT IN ").ids(exclude)
	}
	b.w(" ORDER BY ", col(m.evStart), ", ", idCol, fmt.Sprintf(" LIMIT %d", maxClashes))
	rows, err := b.Query(ctx, conn)
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
