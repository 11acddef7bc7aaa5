package scheduling

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/reply"
	"github.com/kiln-cms/kiln/core/schema"
)

// syncResult is what a sync did, counted in attendance rows: created for
// learners who joined, removed for those who left (and for duplicate or
// learner-less rows), unchanged for those who stay, answers kept.
type syncResult struct {
	Created   int `json:"created"`
	Removed   int `json:"removed"`
	Unchanged int `json:"unchanged"`
}

// programSyncResult adds how many events a program-wide sync went through.
type programSyncResult struct {
	syncResult
	Events int `json:"events"`
}

// syncEvent answers POST /api/events/:id/sync. The event's learners become
// exactly its program's active enrollments, or the body's learners when it
// names them; everything happens in one transaction. Only scheduled events
// are synced: the attendance of a held or cancelled event is its record.
func (s *sched) syncEvent(c *fiber.Ctx) error {
	refs, given, err := syncBody(c, true)
	if err != nil {
		return err
	}
	ro := s.api.ReadOptions(c)
	var res syncResult
	err = s.api.Content.InTx(c.UserContext(), func(ctx context.Context, tx content.TxDoor) error {
		ev, err := tx.FindOne(ctx, &query.Query{Type: s.m.Event, Fields: []*schema.Attribute{s.m.EvStatus, s.m.EvSyncedAt},
			Status: query.Draft}, content.ParseRef(c.Params("id")), ro)
		if err != nil {
			return err
		}
		if st, _ := ev.Get(s.m.EvStatus); st != statusScheduled {
			return errs.Fields([]errs.FieldError{errs.Field("status",
				fmt.Sprintf("only scheduled events are synced; this one is %v", st))})
		}
		var want []int64
		if given {
			want, err = s.learnersByRef(ctx, tx, refs, ro)
		} else {
			want, err = s.programLearners(ctx, tx, ev.ID, ro)
		}
		if err != nil {
			return err
		}
		res, err = s.syncOne(ctx, tx, ev, want, ro)
		return err
	})
	if err != nil {
		return err
	}
	return reply.Data(c, fiber.StatusOK, res)
}

// programLearners are the learners of the event's program with an active
// enrollment, as the caller (ro) sees them. A program the caller may not
// see is no program of theirs: the event then needs its learners given.
func (s *sched) programLearners(ctx context.Context, tx content.TxDoor, eventID int64, ro content.ReadOptions) ([]int64, error) {
	fks, err := tx.Targets(ctx, s.m.EvProgram, eventID)
	if err != nil {
		return nil, err
	}
	var program []int64
	if fks[eventID] != 0 {
		if program, err = tx.Visible(ctx, s.m.Program, []int64{fks[eventID]}, ro); err != nil {
			return nil, err
		}
	}
	if len(program) == 0 {
		return nil, errs.Fields([]errs.FieldError{errs.Field("learners", "the event belongs to no program: give its learners")})
	}
	return s.activeLearners(ctx, tx, program[0], ro)
}

// syncProgram answers POST /api/programs/:id/events/sync: every scheduled
// event of the program the caller may see (a coach: their own) is synced
// with the program's active enrollments, in ONE transaction, so a failure
// on any event leaves every event as it was.
func (s *sched) syncProgram(c *fiber.Ctx) error {
	if _, _, err := syncBody(c, false); err != nil {
		return err
	}
	ro := s.api.ReadOptions(c)
	var res programSyncResult
	err := s.api.Content.InTx(c.UserContext(), func(ctx context.Context, tx content.TxDoor) error {
		program, err := tx.FindOne(ctx, &query.Query{Type: s.m.Program, Fields: query.IDsOnly(), Status: query.Draft}, content.ParseRef(c.Params("id")), ro)
		if err != nil {
			return err
		}
		want, err := s.activeLearners(ctx, tx, program.ID, ro)
		if err != nil {
			return err
		}
		events, err := s.scheduledOf(ctx, tx, program.ID, ro)
		if err != nil {
			return err
		}
		for _, ev := range events {
			r, err := s.syncOne(ctx, tx, ev, want, ro)
			if err != nil {
				return err
			}
			res.Created += r.Created
			res.Removed += r.Removed
			res.Unchanged += r.Unchanged
			res.Events++
		}
		return nil
	})
	if err != nil {
		return err
	}
	return reply.Data(c, fiber.StatusOK, res)
}

// scheduledOf lists the program's scheduled events the caller may see,
// with syncedAt, in id order, so two program syncs take their event locks in the same order
// and cannot deadlock.
func (s *sched) scheduledOf(ctx context.Context, tx content.TxDoor, programID int64, ro content.ReadOptions) ([]*content.Entry, error) {
	f := query.And(query.Eq(s.m.EvProgram, programID), query.Eq(s.m.EvStatus, statusScheduled))
	q := &query.Query{Type: s.m.Event, Filters: f, Fields: []*schema.Attribute{s.m.EvSyncedAt},
		Sort: []query.SortKey{{Path: []*schema.Attribute{schema.SysID}}}}
	page, err := tx.Find(ctx, q, ro)
	if err != nil {
		return nil, err
	}
	return page.Entries, nil
}

// syncOne makes one event's learners and attendance rows match want,
// inside tx, as far as the caller (ro) may see: want holds only learners
// they may see, and a learner they may not see is left exactly as it is —
// neither added nor removed, their link and attendance row untouched — the
// rule the content service applies to a relation "set" by a scoped writer.
// Every write goes through the service, so every check and hook runs
// (other plugins' attendance hooks, the event's revision). It writes
// nothing when the visible part already matches and the event was synced
// before, so a second run changes nothing at all — not even updatedAt, nor
// the iCalendar SEQUENCE (the event's revision). syncedAt records the last
// sync that found the event out of line (or its first). ev carries
// syncedAt.
func (s *sched) syncOne(ctx context.Context, tx content.TxDoor, ev *content.Entry, want []int64, ro content.ReadOptions) (syncResult, error) {
	var res syncResult
	m := s.m
	// One sync of an event at a time: two at once would both see a learner
	// without a row and both add one. What the sync compares is read after
	// the lock.
	if err := tx.LockKey(ctx, lockEvent, ev.ID); err != nil {
		return res, err
	}
	linked, err := s.linkedLearners(ctx, tx, ev.ID, ro)
	if err != nil {
		return res, err
	}
	rows, err := s.attendanceRows(ctx, tx, ev.ID, ro)
	if err != nil {
		return res, err
	}
	kept, drop, unchanged := keepOrDrop(rows, want)
	for _, id := range drop {
		if _, err := tx.Delete(ctx, &query.Query{Type: m.Attendance, Fields: query.IDsOnly()}, content.ID(id), ro); err != nil {
			return res, err
		}
	}
	res.Removed, res.Unchanged = len(drop), unchanged
	for _, l := range want {
		if kept[l] {
			continue
		}
		// With the caller's read options: a row the caller's scope would
		// not show them is refused as any write of theirs is.
		_, err := tx.Create(ctx, &query.Query{Type: m.Attendance, Fields: query.IDsOnly()}, content.NewWrite(m.Attendance).
			SetRelation(m.AttEvent.Name, content.ID(ev.ID)).SetRelation(m.AttLearner.Name, content.ID(l)).Set(m.AttStatus.Name, attInvited), ro)
		if err != nil {
			return res, err
		}
		res.Created++
	}
	return res, s.markSynced(ctx, tx, ev, linked, want, res, ro)
}

// linkedLearners lists the event's learners the caller may see, by id:
// one read, with the caller's scope on the learners.
func (s *sched) linkedLearners(ctx context.Context, tx content.TxDoor, eventID int64, ro content.ReadOptions) ([]int64, error) {
	return s.learnerIDs(ctx, tx, query.Eq(s.m.LearnerEvents, eventID), ro)
}

// learnerIDs lists the ids of the learners f selects that ro lets the
// reader see.
func (s *sched) learnerIDs(ctx context.Context, tx content.TxDoor, f *query.Filter, ro content.ReadOptions) ([]int64, error) {
	page, err := tx.Find(ctx, &query.Query{Type: s.m.Learner, Filters: f, Fields: query.IDsOnly()}, ro)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, len(page.Entries))
	for i, e := range page.Entries {
		ids[i] = e.ID
	}
	return ids, nil
}

// keepOrDrop decides, row by row (oldest first: a duplicate's first row
// keeps the answer), which attendance rows stay: kept are the learners
// that have a row, drop the rows to remove, unchanged the visible rows
// that stay.
func keepOrDrop(rows []attRow, want []int64) (kept map[int64]bool, drop []int64, unchanged int) {
	wanted := set(want)
	kept = map[int64]bool{}
	for _, r := range rows {
		switch {
		case r.hidden:
			// A row the caller may not see, or a learner they may not
			// see: not theirs to remove. It still stands for its learner,
			// so none is added beside it.
			if r.learner != 0 {
				kept[r.learner] = true
			}
		case r.learner == 0 || !wanted[r.learner] || kept[r.learner]:
			drop = append(drop, r.id)
		default:
			kept[r.learner] = true
			unchanged++
		}
	}
	return kept, drop, unchanged
}

// markSynced writes the event's learners, when the ones the caller may see
// (linked) are not want, and syncedAt, when anything was written or the
// event was never synced — through the service, as an update of the event
// (its hooks count the revision); the set replaces the learners the caller
// may see and keeps the others linked. Nothing else changed: nothing
// written.
func (s *sched) markSynced(ctx context.Context, tx content.TxDoor, ev *content.Entry, linked, want []int64, res syncResult, ro content.ReadOptions) error {
	m := s.m
	w := content.NewWrite(m.Event)
	if !sameSet(linked, want) {
		refs := make([]content.Ref, len(want))
		for i, id := range want {
			refs[i] = content.ID(id)
		}
		w.SetRelation(m.EvLearners.Name, refs...)
	}
	if !w.Has(m.EvLearners.Name) && res.Created == 0 && res.Removed == 0 && get(ev, m.EvSyncedAt) != nil {
		return nil
	}
	w.Set(m.EvSyncedAt.Name, s.now())
	_, err := tx.Update(ctx, &query.Query{Type: m.Event, Fields: query.IDsOnly()}, content.ID(ev.ID), w, ro)
	return err
}

// attRow is one attendance row of an event; hidden when the caller may
// not see the row or its learner.
type attRow struct {
	id, learner int64
	hidden      bool
}

// attendanceRows lists an event's attendance rows, every one of them,
// oldest first, each marked hidden when ro hides the row or its learner.
func (s *sched) attendanceRows(ctx context.Context, tx content.TxDoor, eventID int64, ro content.ReadOptions) ([]attRow, error) {
	m := s.m
	rows, err := tx.Statement(content.ReadOptions{}).W("SELECT ").ID("a").W(", ").Col("a", m.AttLearner).
		W(" FROM ").From(m.Attendance, "a").W(" WHERE ").Col("a", m.AttEvent).W(" = ").Int(eventID).
		W(" ORDER BY ").ID("a").Query(ctx)
	if err != nil {
		return nil, err
	}
	var out []attRow
	var ids, learners []int64
	for rows.Next() {
		var r attRow
		var learner *int64
		if err := rows.Scan(&r.id, &learner); err != nil {
			rows.Close()
			return nil, err
		}
		if learner != nil {
			r.learner = *learner
			learners = append(learners, r.learner)
		}
		out = append(out, r)
		ids = append(ids, r.id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	seenRows, err := tx.Visible(ctx, m.Attendance, ids, ro)
	if err != nil {
		return nil, err
	}
	seenLearners, err := tx.Visible(ctx, m.Learner, learners, ro)
	if err != nil {
		return nil, err
	}
	rowOK, learnerOK := set(seenRows), set(seenLearners)
	for i, r := range out {
		out[i].hidden = !rowOK[r.id] || (r.learner != 0 && !learnerOK[r.learner])
	}
	return out, nil
}

// set is a list of ids as a set.
func set(ids []int64) map[int64]bool {
	out := make(map[int64]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out
}

// activeLearners lists, by id, the learners with an active enrollment in
// the program, as the caller (ro) sees them: a learner they may not see,
// or whose enrollment they may not see, is not among them. One read
// through the service, which applies ro at each hop (learner, enrollment,
// program).
func (s *sched) activeLearners(ctx context.Context, tx content.TxDoor, programID int64, ro content.ReadOptions) ([]int64, error) {
	f := query.Rel(s.m.LearnerEnrollments, query.And(query.Eq(s.m.EnrProgram, programID), query.Eq(s.m.EnrStatus, "active")))
	return s.learnerIDs(ctx, tx, f, ro)
}

// learnersByRef resolves a body's learner references (ids or documentIds)
// to ids, in the order given, under the caller's read options: a
// reference to a learner they may not see is refused exactly like one to
// nothing, so the answer tells a coach nothing about other coaches'
// learners. One query.
func (s *sched) learnersByRef(ctx context.Context, tx content.TxDoor, refs []string, ro content.ReadOptions) ([]int64, error) {
	ids, err := tx.Resolve(ctx, s.m.Learner, refs, ro)
	if err != nil {
		return nil, err
	}
	list := []int64{}
	for _, r := range refs {
		id, ok := ids[r]
		if !ok {
			return nil, noLearner(r)
		}
		if !slices.Contains(list, id) {
			list = append(list, id)
		}
	}
	return list, nil
}

func noLearner(ref string) error {
	return errs.Fields([]errs.FieldError{errs.Field("learners",
		fmt.Sprintf("learners: no learner with id or documentId %q", ref))})
}

// syncBody reads a sync's optional body. The event sync takes
// {"learners": [...]} or {"data": {"learners": [...]}}; the program sync
// takes nothing (an empty body or {}). given says whether learners were
// named; an empty list is a valid list (the event then has no learners).
func syncBody(c *fiber.Ctx, learnersAllowed bool) (refs []string, given bool, err error) {
	if len(c.Body()) == 0 {
		return nil, false, nil
	}
	var body map[string]any
	if err := reply.DecodeBody(c, &body); err != nil {
		return nil, false, err
	}
	if inner, ok := body["data"].(map[string]any); ok && len(body) == 1 {
		body = inner
	}
	for k := range body {
		if k != "learners" || !learnersAllowed {
			return nil, false, errs.InvalidKey(k, k, "body", "")
		}
	}
	raw, ok := body["learners"]
	if !ok {
		return nil, false, nil
	}
	list, ok := raw.([]any)
	if !ok {
		return nil, false, errs.Fields([]errs.FieldError{errs.Field("learners",
			"learners must be a list of learner ids or documentIds")})
	}
	refs = make([]string, 0, len(list))
	for _, it := range list {
		ref := ""
		switch x := it.(type) {
		case json.Number:
			ref = x.String()
		case string:
			ref = x
		}
		if ref == "" {
			return nil, false, errs.Fields([]errs.FieldError{errs.Field("learners",
				"learners must be a list of learner ids or documentIds")})
		}
		refs = append(refs, ref)
	}
	return refs, true, nil
}

// sameSet reports whether two id lists hold the same ids.
func sameSet(a, b []int64) bool {
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(slices.Compact(x), slices.Compact(y))
}
