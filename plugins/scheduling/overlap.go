package scheduling

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/core/schema"
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
	m := s.m
	s.api.Before(hook.Create, m.Event, s.checkEvent)
	s.api.Before(hook.Update, m.Event, s.checkEvent)
	s.api.After(hook.Update, m.Event, s.revised)
	s.api.After(hook.Create, m.Event, s.emitCreated)
	s.api.Before(hook.Update, m.Event, s.emitStatus)
	s.api.Before(hook.Delete, m.Event, s.forgetRevision)
	// An event also changes coach when a write of the coach names its
	// events (the inverse side of event.coach): the same rule applies.
	s.api.Before(hook.Create, m.Coach, s.checkCoachEvents)
	s.api.Before(hook.Update, m.Coach, s.checkCoachEvents)
	// Before, not after, the delete: same transaction, and the core's
	// after-delete hook re-reads the deleted user unless a before-delete
	// hook loaded it first, and fails with a 404.
	s.api.Before(hook.Delete, m.User, s.forgetToken)
}

// checkEvent enforces, on the event as it will be after the write (the
// input merged over the stored entry for an update): endAt after startAt,
// and no other scheduled event of the same coach overlapping it. Events
// that only touch (one ends when the other starts) do not overlap;
// cancelled and completed events hold no slot. An update that names none
// of the four fields the rule reads (a title, the learners, a sync's
// syncedAt) leaves the event's slot as it was, so it is not checked and
// takes no lock.
func (s *sched) checkEvent(ctx context.Context, ev *hook.Event) error {
	if !s.movesSlot(ev) {
		return nil
	}
	tx := s.api.Content.TxOf(ev)
	if err := s.lockEvent(ctx, tx, ev); err != nil {
		return err
	}
	start, _ := ev.Value(s.m.EvStart).(time.Time)
	end, _ := ev.Value(s.m.EvEnd).(time.Time)
	if start.IsZero() || end.IsZero() {
		return nil // required fields: the content service already refused a missing one
	}
	if !end.After(start) {
		return errs.Fields([]errs.FieldError{errs.Field("endAt", "endAt must be after startAt")})
	}
	if status, _ := ev.Value(s.m.EvStatus).(string); status != statusScheduled {
		return nil
	}
	_, coach, err := s.api.Content.ToOne(ctx, ev, s.m.EvCoach)
	if err != nil || coach == 0 {
		return err
	}
	// Every write that could book this coach takes the same lock (see
	// underCoachLock), so the search and the write that follows it are not
	// interleaved with another booking of the coach. Where the no-overlap
	// constraint holds, it decides at commit whether the coach is free, and
	// a booking that gets the lock at once does not search: the search
	// only names the clashes for the 400, on the run again after its
	// commit broke the constraint.
	return s.underCoachLock(ctx, tx, coach, true, func() error {
		clashes, err := s.clashes(ctx, tx, coach, start, end, []int64{ev.ID})
		if err != nil || len(clashes) == 0 {
			return err
		}
		return s.refusal(ctx, ev, "startAt", clashes)
	})
}

// movesSlot reports whether a write may change where the event sits in its
// coach's calendar: every create, and an update naming its start, end,
// status or coach.
func (s *sched) movesSlot(ev *hook.Event) bool {
	if ev.Action != hook.Update || ev.Data == nil {
		return true
	}
	m := s.m
	for _, a := range []*schema.Attribute{m.EvStart, m.EvEnd, m.EvStatus} {
		if _, ok := ev.Data.Values[a]; ok {
			return true
		}
	}
	_, ok := ev.Data.Relations[m.EvCoach]
	return ok
}

// lockEvent takes an updated event's row lock before anything of it is
// read, then reads it again: the entry the hook was handed was read before
// the lock, and a concurrent write (a coach handed this event, its times
// moved) may have committed since. Every write that can book an event
// locks the event's row before its coach's lock (checkCoachEvents too), so
// lock orders never cross.
//
// Where the no-overlap constraint holds the row is locked all the same,
// for that order (the UPDATE would take the lock anyway, but after the
// coach's), but not read again: a check made on a stale row that misses a
// clash is caught at commit and run again.
func (s *sched) lockEvent(ctx context.Context, tx content.TxDoor, ev *hook.Event) error {
	if ev.ID == 0 || !s.locksWait() {
		return nil
	}
	if err := tx.Lock(ctx, s.m.Event, ev.ID); err != nil {
		return err
	}
	if guarded, err := s.constraintHeld(ctx, tx); err != nil || guarded {
		return err
	}
	return tx.Reload(ctx, ev)
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
	seen, err := s.api.Content.TxOf(ev).Visible(ctx, s.m.Event, ids, ev.Writer)
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
		"errors":  []errs.FieldError{errs.Field(field, msg)},
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
	ch, ok := ev.Data.Relations[s.m.CoachEvents]
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
	tx := s.api.Content.TxOf(ev)
	// The incoming events' rows first, in id order, as every write of an
	// event takes its own row before its coach's lock: a concurrent write
	// moving one of them then waits for this one to finish (or this one
	// for it, and reads its new times), and lock orders never cross.
	if err := tx.Lock(ctx, s.m.Event, incoming...); err != nil {
		return err
	}
	list, err := s.scheduledEvents(ctx, tx, incoming)
	if err != nil {
		return err
	}
	// The events the coach keeps besides the incoming ones are not to be
	// compared with when a set replaces them all, or when they leave by a
	// disconnect in the same write.
	exclude := append(slices.Clone(incoming), ch.Disconnect...)
	check := func() error {
		for i, e := range list {
			clashes := overlapping(list, i)
			if ev.ID != 0 && !ch.SetGiven {
				more, err := s.clashes(ctx, tx, ev.ID, e.start, e.end, exclude)
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
				return s.refusal(ctx, ev, s.m.CoachEvents.Name, clashes[:min(len(clashes), maxClashes)])
			}
		}
		return nil
	}
	if ev.ID == 0 { // a new coach has no other booking to wait for
		return check()
	}
	return s.underCoachLock(ctx, tx, ev.ID, false, check)
}

// overlapping lists the events of list, other than list[i], that overlap
// it.
func overlapping(list []timedClash, i int) []clash {
	var out []clash
	for j, o := range list {
		if j != i && o.start.Before(list[i].end) && o.end.After(list[i].start) {
			out = append(out, o.clash)
		}
	}
	return out
}

// timedClash is a clash with its times as instants, for comparing.
type timedClash struct {
	clash
	start, end time.Time
}

// clash is one event a booking collides with, as a refusal lists it.
type clash struct {
	ID         int64  `json:"id"`
	DocumentID string `json:"documentId"`
	Title      string `json:"title"`
	StartAt    string `json:"startAt"`
	EndAt      string `json:"endAt"`
}

// eventRows starts a statement listing events as clashes: id, documentId,
// title and times, from every event (a coach is never double-booked,
// whoever may see the other event: the refusal tells the writer only of
// those they may see).
func (s *sched) eventRows(tx content.TxDoor) *content.Statement {
	m := s.m
	return tx.Statement(content.ReadOptions{}).W("SELECT ").ID("e").W(", ").Col("e", schema.SysDocumentID).W(", ").
		Col("e", m.EvTitle).W(", ").Col("e", m.EvStart).W(", ").Col("e", m.EvEnd).W(" FROM ").From(m.Event, "e")
}

// scanClashes runs a statement of eventRows and reads its rows; a row
// without both times is left out when complete is set (nothing to compare).
func scanClashes(ctx context.Context, st *content.Statement, complete bool) ([]timedClash, error) {
	rows, err := st.Query(ctx)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []timedClash
	for rows.Next() {
		var c timedClash
		var title sql.NullString
		var from, to any
		if err := rows.Scan(&c.ID, &c.DocumentID, &title, &from, &to); err != nil {
			return nil, err
		}
		c.Title = title.String
		var ok1, ok2 bool
		if c.start, ok1 = instant(from); ok1 {
			c.StartAt = timeText(c.start)
		}
		if c.end, ok2 = instant(to); ok2 {
			c.EndAt = timeText(c.end)
		}
		if complete && !(ok1 && ok2) {
			continue
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// scheduledEvents loads the scheduled events among ids, earliest first.
func (s *sched) scheduledEvents(ctx context.Context, tx content.TxDoor, ids []int64) ([]timedClash, error) {
	m := s.m
	st := s.eventRows(tx).W(" WHERE ").ID("e").W(" IN ").Ints(ids).
		W(" AND ").Col("e", m.EvStatus).W(" = ").Str(statusScheduled).
		W(" ORDER BY ").Col("e", m.EvStart).W(", ").ID("e")
	return scanClashes(ctx, st, true)
}

// clashes lists the coach's scheduled events that overlap [start, end),
// other than those in exclude (the event being written; 0 stands for
// none), earliest first. Two half-open intervals overlap when each starts
// before the other ends; the startAt index narrows the search. Where the
// no-overlap constraint holds, the same test is also written as its
// ranges' overlap, so that the constraint's index finds the coach's
// clashes directly: the startAt index alone walks every event of the
// coach that starts before end, a list that grows with the calendar.
func (s *sched) clashes(ctx context.Context, tx content.TxDoor, coach int64, start, end time.Time, exclude []int64) ([]clash, error) {
	m := s.m
	st := s.eventRows(tx).W(" WHERE ").Col("e", m.EvCoach).W(" = ").Int(coach).
		W(" AND ").Col("e", m.EvStatus).W(" = ").Str(statusScheduled).
		W(" AND ").Col("e", m.EvStart).W(" < ").At(end).
		W(" AND ").Col("e", m.EvEnd).W(" > ").At(start)
	if guarded, err := s.dbGuards(ctx, tx); err != nil {
		return nil, err
	} else if guarded {
		st.W(" AND tstzrange(").Col("e", m.EvStart).W(", ").Col("e", m.EvEnd).W(", '[)') && tstzrange(").
			At(start).W(", ").At(end).W(", '[)')")
	}
	if exclude = slices.DeleteFunc(slices.Clone(exclude), func(id int64) bool { return id == 0 }); len(exclude) > 0 {
		st.W(" AND ").ID("e").W(" NOT IN ").Ints(exclude)
	}
	st.W(" ORDER BY ").Col("e", m.EvStart).W(", ").ID("e").W(fmt.Sprintf(" LIMIT %d", maxClashes))
	list, err := scanClashes(ctx, st, false)
	if err != nil {
		return nil, err
	}
	out := make([]clash, len(list))
	for i, c := range list {
		out[i] = c.clash
	}
	return out, nil
}
