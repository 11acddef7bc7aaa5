package scheduling

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/rest"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/core/store"
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
	err = s.api.Content.InTx(c.UserContext(), func(ctx context.Context, tx store.Conn) error {
		ev, err := s.visibleEvent(ctx, tx, c.Params("id"), ro)
		if err != nil {
			return err
		}
		if st, _ := ev.Get(s.m.evStatus); st != statusScheduled {
			return errs.Fields([]errs.FieldError{{Path: []string{"status"}, Name: "ValidationError",
				Message: fmt.Sprintf("only scheduled events are synced; this one is %v", st)}})
		}
		var want []int64
		if given {
			if want, err = s.learnersByRef(ctx, tx, refs, ro); err != nil {
				return err
			}
		} else {
			fks, err := s.api.Content.Store.ForeignKeys(ctx, tx, s.m.evProgram, []*store.Entry{ev})
			if err != nil {
				return err
			}
			// A program the caller may not see is no program of theirs.
			var program []int64
			if fks[ev.ID] != 0 {
				if program, err = s.api.Visible(ctx, tx, s.m.program, []int64{fks[ev.ID]}, ro); err != nil {
					return err
				}
			}
			if len(program) == 0 {
				return errs.Fields([]errs.FieldError{{Path: []string{"learners"}, Name: "ValidationError",
					Message: "the event belongs to no program: give its learners"}})
			}
			if want, err = s.activeLearners(ctx, tx, fks[ev.ID], ro); err != nil {
				return err
			}
		}
		res, err = s.syncOne(ctx, tx, ev, want, ro)
		return err
	})
	if err != nil {
		return err
	}
	return rest.WriteData(c, fiber.StatusOK, res)
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
	err := s.api.Content.InTx(c.UserContext(), func(ctx context.Context, tx store.Conn) error {
		program, err := s.visible(ctx, tx, s.m.program, c.Params("id"), ro, nil)
		if err != nil {
			return err
		}
		want, err := s.activeLearners(ctx, tx, program.ID, ro)
		if err != nil {
			return err
		}
		f, err := query.ParseFilter(s.m.event, map[string]any{
			s.m.evProgram.Name: map[string]any{"id": map[string]any{"$eq": strconv.FormatInt(program.ID, 10)}},
			s.m.evStatus.Name:  map[string]any{"$eq": statusScheduled},
		}, query.DefaultOptions())
		if err != nil {
			return err
		}
		// In id order, so two program syncs take their event locks in the
		// same order and cannot deadlock.
		q := &query.Query{Type: s.m.event, Filters: f, Fields: []*schema.Attribute{s.m.evStatus, s.m.evSyncedAt},
			Sort: []query.SortKey{{Path: []*schema.Attribute{schema.SysID}}}}
		events, err := s.api.Content.Store.Find(ctx, tx, q, ro)
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
	return rest.WriteData(c, fiber.StatusOK, res)
}

// syncOne makes one event's learners and attendance rows match want,
// inside tx, as far as the caller (ro) may see: want holds only learners
// they may see, and a learner they may not see is left exactly as it is —
// neither added nor removed, their link and attendance row untouched — the
// rule the core applies to a relation "set" by a scoped writer
// (store.RelationChange.Writer). It writes nothing when the visible part
// already matches and the event was synced before, so a second run
// changes nothing at all — not even updatedAt, nor the iCalendar SEQUENCE
// (the event's revision). syncedAt records the last sync that found the
// event out of line (or its first).
func (s *sched) syncOne(ctx context.Context, tx store.Conn, ev *store.Entry, want []int64, ro store.ReadOptions) (syncResult, error) {
	var res syncResult
	m := s.m
	// One sync of an event at a time: two at once would both see a learner
	// without a row and both add one.
	if err := s.lock(ctx, tx, lockEvent, ev.ID); err != nil {
		return res, err
	}
	linked, err := s.stmt().w("SELECT ", store.Ident(m.evLearners.JoinTarget), " FROM ", store.Ident(m.evLearners.JoinTable),
		" WHERE ", store.Ident(m.evLearners.JoinSelf), " = ").id(ev.ID).w(" ORDER BY ", store.Ident(m.evLearners.JoinTarget)).int64s(ctx, tx)
	if err != nil {
		return res, err
	}
	if linked, err = s.api.Visible(ctx, tx, m.learner, linked, ro); err != nil {
		return res, err
	}
	rows, err := s.attendanceRows(ctx, tx, ev.ID, ro)
	if err != nil {
		return res, err
	}
	wanted := make(map[int64]bool, len(want))
	for _, l := range want {
		wanted[l] = true
	}
	kept := map[int64]bool{}
	var drop []int64
	for _, r := range rows { // oldest first: a duplicate's first row keeps the answer
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
			res.Unchanged++
		}
	}
	if len(drop) > 0 {
		if err := s.stmt().w("DELETE FROM ", tbl(m.attendance), " WHERE ", idCol, " IN ").ids(drop).exec(ctx, tx); err != nil {
			return res, err
		}
	}
	for _, l := range want {
		if kept[l] {
			continue
		}
		// Through the content service with the caller's read options: the
		// row is checked, other plugins' hooks run, and a row the caller's
		// scope would not show them is refused as any write of theirs is.
		_, err := s.api.Content.CreateTx(ctx, tx, m.attendance, map[string]any{
			m.attEvent.Name: ev.ID, m.attLearner.Name: l, m.attStatus.Name: attInvited}, true, ro)
		if err != nil {
			return res, err
		}
		res.Created++
	}
	res.Removed = len(drop)

	data := store.Data{Values: map[*schema.Attribute]any{}, Relations: map[*schema.Attribute]store.RelationChange{}}
	if !sameSet(linked, want) {
		// Writer: the set replaces the learners the caller may see and
		// keeps the others linked.
		data.Relations[m.evLearners] = store.RelationChange{Set: want, SetGiven: true, Writer: ro}
	}
	synced, _ := ev.Get(m.evSyncedAt)
	if len(data.Relations) == 0 && res.Created == 0 && res.Removed == 0 && synced != nil {
		return res, nil
	}
	data.Values[m.evSyncedAt] = s.now().UTC().Truncate(time.Millisecond)
	// The store directly, not the content service: it has no update inside
	// a caller's transaction, and the event rules have nothing to check
	// here (times, status and coach are untouched). So the revision the
	// update hook would count is counted here: the event was written.
	if err := s.api.Content.Store.Update(ctx, tx, m.event, ev.ID, data); err != nil {
		return res, err
	}
	return res, s.bumpRevision(ctx, tx, ev.ID)
}

// attRow is one attendance row of an event; hidden when the caller may
// not see the row or its learner.
type attRow struct {
	id, learner int64
	hidden      bool
}

// attendanceRows lists an event's attendance rows, oldest first, each
// marked hidden when ro hides the row or its learner.
func (s *sched) attendanceRows(ctx context.Context, conn store.Conn, eventID int64, ro store.ReadOptions) ([]attRow, error) {
	m := s.m
	b := s.stmt().w("SELECT ", idCol, ", ", col(m.attLearner), " FROM ", tbl(m.attendance),
		" WHERE ", col(m.attEvent), " = ").id(eventID).w(" ORDER BY ", idCol)
	rows, err := b.Query(ctx, conn)
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
	seenRows, err := s.api.Visible(ctx, conn, m.attendance, ids, ro)
	if err != nil {
		return nil, err
	}
	seenLearners, err := s.api.Visible(ctx, conn, m.learner, learners, ro)
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
// through the store, which applies ro at each hop (learner, enrollment,
// program).
func (s *sched) activeLearners(ctx context.Context, conn store.Conn, programID int64, ro store.ReadOptions) ([]int64, error) {
	f, err := query.ParseFilter(s.m.learner, map[string]any{s.m.learnerEnrollments.Name: map[string]any{
		s.m.enrProgram.Name: map[string]any{"id": map[string]any{"$eq": strconv.FormatInt(programID, 10)}},
		s.m.enrStatus.Name:  map[string]any{"$eq": "active"},
	}}, query.DefaultOptions())
	if err != nil {
		return nil, err
	}
	q := &query.Query{Type: s.m.learner, Filters: f, Fields: []*schema.Attribute{}}
	list, err := s.api.Content.Store.Find(ctx, conn, q, ro)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, len(list))
	for i, e := range list {
		ids[i] = e.ID
	}
	return ids, nil
}

// learnersByRef resolves a body's learner references (ids or documentIds)
// to ids, in the order given, under the caller's read options: a
// reference to a learner they may not see is refused exactly like one to
// nothing, so the answer tells a coach nothing about other coaches'
// learners. One query.
func (s *sched) learnersByRef(ctx context.Context, conn store.Conn, refs []string, ro store.ReadOptions) ([]int64, error) {
	ids, err := s.api.Content.Store.ResolveVisible(ctx, conn, s.m.learner, refs, ro)
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
	return errs.Fields([]errs.FieldError{{Path: []string{"learners"}, Name: "ValidationError",
		Message: fmt.Sprintf("learners: no learner with id or documentId %q", ref)}})
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
	if err := rest.DecodeBody(c, &body); err != nil {
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
		return nil, false, errs.Fields([]errs.FieldError{{Path: []string{"learners"}, Name: "ValidationError",
			Message: "learners must be a list of learner ids or documentIds"}})
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
			return nil, false, errs.Fields([]errs.FieldError{{Path: []string{"learners"}, Name: "ValidationError",
				Message: "learners must be a list of learner ids or documentIds"}})
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

// visibleEvent loads the event ref names (id or documentId) with its
// status and syncedAt, if the caller's scopes let them see it; otherwise
// 404, as if it did not exist.
func (s *sched) visibleEvent(ctx context.Context, conn store.Conn, ref string, ro store.ReadOptions) (*store.Entry, error) {
	return s.visible(ctx, conn, s.m.event, ref, ro, []*schema.Attribute{s.m.evStatus, s.m.evSyncedAt})
}

// visible loads one entry of ct by reference, with the given fields
// besides id and documentId, through the caller's scopes: an entry they
// may not see is a 404, as if it did not exist.
func (s *sched) visible(ctx context.Context, conn store.Conn, ct *schema.ContentType, ref string, ro store.ReadOptions, fields []*schema.Attribute) (*store.Entry, error) {
	ids, err := s.api.Content.Store.Resolve(ctx, conn, ct, []string{ref})
	if err != nil {
		return nil, err
	}
	id, ok := ids[ref]
	if !ok {
		return nil, errs.NotFound()
	}
	if fields == nil {
		fields = []*schema.Attribute{} // nil would mean every field
	}
	return s.api.Content.Store.FindOne(ctx, conn, &query.Query{Type: ct, Fields: fields, Status: query.Draft}, id, ro)
}
