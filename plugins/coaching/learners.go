package coaching

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

// learners answers GET /api/coaches/:id/learners: the coach's learners as
// a list endpoint. A coach the caller may not see (another coach, for a
// coach) is a 404.
func (k *coaching) learners(c *fiber.Ctx) error {
	q, err := k.api.Query(c, k.m.learner)
	if err != nil {
		return err
	}
	ro := k.api.ReadOptions(c)
	coach, err := k.visibleCoach(c.UserContext(), k.api.Content.DB.Bun, c.Params("id"), ro)
	if err != nil {
		return err
	}
	return k.listLearners(c, q, coach, ro)
}

// myLearners answers GET /api/coaches/me/learners: the learners of the
// coach linked to the caller's user.
func (k *coaching) myLearners(c *fiber.Ctx) error {
	q, err := k.api.Query(c, k.m.learner)
	if err != nil {
		return err
	}
	ro := k.api.ReadOptions(c)
	coach, err := k.callersCoach(c.UserContext(), k.api.Caller(c).UserID, ro)
	if err != nil {
		return err
	}
	return k.listLearners(c, q, coach, ro)
}

// listLearners runs q with "coach is this one" ANDed in, under the
// caller's scopes, and writes the page.
func (k *coaching) listLearners(c *fiber.Ctx, q *query.Query, coach int64, ro store.ReadOptions) error {
	mine, err := query.ParseFilter(k.m.learner, map[string]any{k.m.learnerCoach.Name: map[string]any{
		"id": map[string]any{"$eq": strconv.FormatInt(coach, 10)}}}, query.DefaultOptions())
	if err != nil {
		return err
	}
	q.Filters = query.AndFilters(q.Filters, mine)
	page, err := k.api.Content.Find(c.UserContext(), q, ro)
	if err != nil {
		return err
	}
	return rest.WriteList(c, page, q.Pagination)
}

// callersCoach is the id of the coach whose user is the caller; a caller
// with no coach record they may see gets a 404 that says so.
func (k *coaching) callersCoach(ctx context.Context, userID int64, ro store.ReadOptions) (int64, error) {
	f, err := query.ParseFilter(k.m.coach, map[string]any{k.m.coachUser.Name: map[string]any{
		"id": map[string]any{"$eq": strconv.FormatInt(userID, 10)}}}, query.DefaultOptions())
	if err != nil {
		return 0, err
	}
	ids, err := k.candidateIDs(ctx, f, ro)
	if err != nil {
		return 0, err
	}
	if len(ids) == 0 {
		return 0, errs.New(errs.KindNotFound, "no coach is linked to your user")
	}
	return ids[0], nil
}

// visibleCoach resolves the coach a path names, in one query under the
// caller's read options; one that does not exist or that the caller may
// not see is the same 404.
func (k *coaching) visibleCoach(ctx context.Context, conn store.Conn, ref string, ro store.ReadOptions) (int64, error) {
	ids, err := k.api.Content.Store.ResolveVisible(ctx, conn, k.m.coach, []string{ref}, ro)
	if err != nil {
		return 0, err
	}
	id, ok := ids[ref]
	if !ok {
		return 0, errs.NotFound()
	}
	return id, nil
}

// assigned is POST /api/coaches/:id/learners's answer.
type assigned struct {
	Coach int64 `json:"coach"`
	// Assigned are the learners this request gave the coach (some may
	// have come from another coach); AlreadyAssigned were the coach's.
	Assigned        []int64 `json:"assigned"`
	AlreadyAssigned []int64 `json:"alreadyAssigned"`
	// Learners is how many learners the coach has now.
	Learners    int64 `json:"learners"`
	MaxLearners int64 `json:"maxLearners"`
}

// assign answers POST /api/coaches/:id/learners {learners: [...]}: every
// learner becomes the coach's, or none does. It refuses an inactive coach
// and any request that would take the coach past maxLearners. The coach's
// row is locked for the transaction, and the learner rules take the same
// lock, so concurrent assignments are checked one after the other and
// can never overfill a coach together.
func (k *coaching) assign(c *fiber.Ctx) error {
	refs, err := assignBodyOf(c)
	if err != nil {
		return err
	}
	ro := k.api.ReadOptions(c)
	var res assigned
	err = k.api.Content.InTx(c.UserContext(), func(ctx context.Context, tx store.Conn) error {
		coach, err := k.visibleCoach(ctx, tx, c.Params("id"), ro)
		if err != nil {
			return err
		}
		if err := store.LockRow(ctx, tx, k.api.Content.DB.Dialect, k.m.coach, coach); err != nil {
			return err
		}
		ids, err := k.learnerIDs(ctx, tx, refs, ro)
		if err != nil {
			return err
		}
		if res, err = k.place(ctx, tx, coach, ids); err != nil {
			return err
		}
		return k.stillVisible(ctx, tx, res.Assigned, ro)
	})
	if err != nil {
		return err
	}
	return rest.WriteData(c, fiber.StatusOK, res)
}

// place gives the learners (distinct ids) to the coach inside the
// caller's transaction, after the capacity check.
func (k *coaching) place(ctx context.Context, tx store.Conn, coach int64, ids []int64) (assigned, error) {
	m := k.m
	room, err := k.room(ctx, tx, coach)
	if err != nil {
		return assigned{}, err
	}
	if !room.active {
		return assigned{}, bodyErr("learners", "the coach is not active")
	}
	already, err := k.stmt().W("SELECT ", idCol, " FROM ", store.Table(m.learner), " WHERE ", store.Col(m.learnerCoach), " = ").ID(coach).
		W(" AND ", idCol, " IN ").IDs(ids).W(" ORDER BY ", idCol).Int64s(ctx, tx)
	if err != nil {
		return assigned{}, err
	}
	var fresh []int64
	for _, id := range ids {
		if !slices.Contains(already, id) {
			fresh = append(fresh, id)
		}
	}
	res := assigned{Coach: coach, Assigned: fresh, AlreadyAssigned: already, Learners: room.assigned + int64(len(fresh)), MaxLearners: room.max}
	if res.Assigned == nil {
		res.Assigned = []int64{}
	}
	if res.AlreadyAssigned == nil {
		res.AlreadyAssigned = []int64{}
	}
	if res.Learners > room.max {
		return assigned{}, capacityErr("learners", coach, room, int64(len(fresh)))
	}
	if len(fresh) == 0 {
		return res, nil
	}
	_, err = k.stmt().W("UPDATE ", store.Table(m.learner), " SET ", store.Col(m.learnerCoach), " = ").ID(coach).
		W(", ", store.Ident(schema.ColUpdatedAt), " = ").At(storeNow()).
		W(" WHERE ", idCol, " IN ").IDs(fresh).Exec(ctx, tx)
	return res, err
}

// capacity is a coach's room, read under the coach's lock.
type capacity struct {
	max, assigned int64
	active        bool
}

// room reads the coach's maxLearners, active flag and learner count.
func (k *coaching) room(ctx context.Context, tx store.Conn, coach int64) (capacity, error) {
	m := k.m
	var maxLearners, active any
	var r capacity
	err := k.stmt().W("SELECT c.", store.Col(m.coachMax), ", c.", store.Col(m.coachActive),
		", (SELECT COUNT(*) FROM ", store.Table(m.learner), " l WHERE l.", store.Col(m.learnerCoach), " = c.", idCol, ")",
		" FROM ", store.Table(m.coach), " c WHERE c.", idCol, " = ").ID(coach).
		QueryRow(ctx, tx).Scan(&maxLearners, &active, &r.assigned)
	if err != nil {
		return r, fmt.Errorf("reading coach %d: %w", coach, err)
	}
	r.max = k.capacityOf(maxLearners)
	r.active, _ = decoded(schema.Boolean, active).(bool)
	if active == nil {
		r.active = true // a null flag is the field's default
	}
	return r, nil
}

// capacityErr is the refusal past maxLearners, with the numbers.
func capacityErr(field string, coach int64, r capacity, requested int64) error {
	free := max(r.max-r.assigned, 0)
	msg := fmt.Sprintf("the coach has room for %d more learner(s), %d asked", free, requested)
	return errs.New(errs.KindValidation, msg).WithDetails(map[string]any{
		"errors":      []errs.FieldError{{Path: []string{field}, Message: msg, Name: "ValidationError"}},
		"coach":       coach,
		"maxLearners": r.max,
		"assigned":    r.assigned,
		"requested":   requested,
		"free":        free,
	})
}

// learnerIDs resolves the body's learners, each once, in the order given,
// under the caller's read options: every one that does not exist, or that
// the caller may not see, is named in one 400, with the same message.
func (k *coaching) learnerIDs(ctx context.Context, tx store.Conn, refs []string, ro store.ReadOptions) ([]int64, error) {
	found, err := k.api.Content.Store.ResolveVisible(ctx, tx, k.m.learner, refs, ro)
	if err != nil {
		return nil, err
	}
	var ids []int64
	var missing []errs.FieldError
	for i, ref := range refs {
		id, ok := found[ref]
		if !ok {
			missing = append(missing, errs.FieldError{Path: []string{"learners", strconv.Itoa(i)},
				Message: "learner " + strconv.Quote(ref) + " does not exist", Name: "ValidationError"})
			continue
		}
		if !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	if len(missing) > 0 {
		return nil, errs.Fields(missing)
	}
	return ids, nil
}

// stillVisible refuses, inside the write's transaction, a change that
// moves learners out of what the caller may see (a scope on learners by
// coach, and the learner given to another coach), as the core refuses
// any write whose result the writer's scope would not show them: 403,
// and the transaction rolls back.
func (k *coaching) stillVisible(ctx context.Context, tx store.Conn, ids []int64, ro store.ReadOptions) error {
	seen, err := k.api.Visible(ctx, tx, k.m.learner, ids, ro)
	if err != nil {
		return err
	}
	if len(seen) != len(ids) {
		return errs.New(errs.KindForbidden, "Forbidden")
	}
	return nil
}

// unassign answers DELETE /api/coaches/:id/learners/:learnerId: the
// learner no longer has a coach. A learner that is not this coach's is a
// 404. The answer is the learner as it is now (fields and populate apply).
func (k *coaching) unassign(c *fiber.Ctx) error {
	q, err := k.api.Query(c, k.m.learner)
	if err != nil {
		return err
	}
	ro := k.api.ReadOptions(c)
	var learner int64
	err = k.api.Content.InTx(c.UserContext(), func(ctx context.Context, tx store.Conn) error {
		coach, err := k.visibleCoach(ctx, tx, c.Params("id"), ro)
		if err != nil {
			return err
		}
		// A learner the caller may not see is one that does not exist:
		// both are "not assigned to this coach".
		ids, err := k.api.Content.Store.ResolveVisible(ctx, tx, k.m.learner, []string{c.Params("learnerId")}, ro)
		if err != nil {
			return err
		}
		learner = ids[c.Params("learnerId")]
		n, err := k.stmt().W("UPDATE ", store.Table(k.m.learner), " SET ", store.Col(k.m.learnerCoach), " = NULL, ",
			store.Ident(schema.ColUpdatedAt), " = ").At(storeNow()).
			W(" WHERE ", idCol, " = ").ID(learner).W(" AND ", store.Col(k.m.learnerCoach), " = ").ID(coach).Exec(ctx, tx)
		if err == nil && n == 0 {
			return errs.New(errs.KindNotFound, "the learner is not assigned to this coach")
		}
		if err != nil {
			return err
		}
		return k.stillVisible(ctx, tx, []int64{learner}, ro)
	})
	if err != nil {
		return err
	}
	e, err := k.api.Content.Store.FindOne(c.UserContext(), k.api.Content.DB.Bun, q, learner, ro)
	if err != nil {
		return err
	}
	return rest.WriteEntry(c, fiber.StatusOK, e)
}

// assignBodyOf reads {"learners": [...]}: one to maxMatches references.
func assignBodyOf(c *fiber.Ctx) ([]string, error) {
	var raw map[string]any
	if err := rest.DecodeBody(c, &raw); err != nil {
		return nil, err
	}
	for key := range raw {
		if key != "learners" {
			return nil, errs.InvalidKey(key, key, "body", "")
		}
	}
	list, ok := raw["learners"].([]any)
	if !ok || len(list) == 0 || len(list) > maxMatches {
		return nil, bodyErr("learners", "learners must be a list of 1 to 100 learner ids or documentIds")
	}
	refs := make([]string, len(list))
	for i, v := range list {
		if refs[i], ok = refOf(v); !ok {
			return nil, errs.Fields([]errs.FieldError{{Path: []string{"learners", strconv.Itoa(i)},
				Message: "must be a learner's id or documentId", Name: "ValidationError", Value: jsonValue(v)}})
		}
	}
	return refs, nil
}

// jsonValue echoes a scalar of the body in an error, nothing bigger.
func jsonValue(v any) any {
	switch v.(type) {
	case json.Number, string, bool:
		return v
	}
	return nil
}

// storeNow is updatedAt for the plugin's own writes, at the millisecond
// precision the store keeps.
func storeNow() time.Time { return time.Now().UTC().Truncate(time.Millisecond) }
