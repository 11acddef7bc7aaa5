package coaching

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/reply"
	"github.com/kiln-cms/kiln/core/schema"
)

// learners answers GET /api/coaches/:id/learners: the coach's learners as
// a list endpoint. A coach the caller may not see (another coach, for a
// coach) is a 404.
func (k *coaching) learners(c *fiber.Ctx) error {
	q, err := k.api.Query(c, k.m.Learner)
	if err != nil {
		return err
	}
	ro := k.api.ReadOptions(c)
	coach, err := k.visibleCoach(c.UserContext(), k.api.Content, c.Params("id"), ro)
	if err != nil {
		return err
	}
	return k.listLearners(c, q, coach, ro)
}

// myLearners answers GET /api/coaches/me/learners: the learners of the
// coach linked to the caller's user. GraphQL's myLearners answers the
// same (graphql.go).
func (k *coaching) myLearners(c *fiber.Ctx) error {
	q, err := k.api.Query(c, k.m.Learner)
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

// listLearners writes the page of the coach's learners q asks for.
func (k *coaching) listLearners(c *fiber.Ctx, q *query.Query, coach int64, ro content.ReadOptions) error {
	page, err := k.coachLearners(c.UserContext(), q, coach, ro)
	if err != nil {
		return err
	}
	return reply.List(c, page, q.Pagination)
}

// coachLearners runs q with "coach is this one" ANDed in, under the
// caller's scopes: the coach's learners, for REST's lists and GraphQL's
// myLearners.
func (k *coaching) coachLearners(ctx context.Context, q *query.Query, coach int64, ro content.ReadOptions) (*content.Page, error) {
	q.Filters = query.AndFilters(q.Filters, query.Eq(k.m.LearnerCoach, coach))
	return k.api.Content.Find(ctx, q, ro)
}

// callersCoach is the id of the coach whose user is the caller; a caller
// with no coach record they may see gets a 404 that says so.
func (k *coaching) callersCoach(ctx context.Context, userID int64, ro content.ReadOptions) (int64, error) {
	ids, err := k.candidateIDs(ctx, query.Eq(k.m.CoachUser, userID), ro)
	if err != nil {
		return 0, err
	}
	if len(ids) == 0 {
		return 0, errs.New(errs.KindNotFound, "no coach is linked to your user")
	}
	return ids[0], nil
}

// resolver turns references into the ids of visible entries: the content
// service on the pool, or a transaction.
type resolver interface {
	Resolve(ctx context.Context, ct *schema.ContentType, refs []string, ro content.ReadOptions) (map[string]int64, error)
}

// visibleCoach resolves the coach a path names, in one query under the
// caller's read options; one that does not exist or that the caller may
// not see is the same 404.
func (k *coaching) visibleCoach(ctx context.Context, r resolver, ref string, ro content.ReadOptions) (int64, error) {
	ids, err := r.Resolve(ctx, k.m.Coach, []string{ref}, ro)
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
// learner becomes the coach's, or none does. It refuses an inactive coach,
// and the capacity rule (checkCoachLearners) refuses any request that
// would take the coach past maxLearners. The coach's row is locked for the
// transaction, and the learner rules take the same lock, so concurrent
// assignments are checked one after the other and can never overfill a
// coach together.
func (k *coaching) assign(c *fiber.Ctx) error {
	refs, err := assignBodyOf(c)
	if err != nil {
		return err
	}
	ro := k.api.ReadOptions(c)
	var res assigned
	err = k.api.Content.InTx(c.UserContext(), func(ctx context.Context, tx content.TxDoor) error {
		// The coach and the learners in one statement; a coach the caller
		// may not see is still the 404, before any learner's 400.
		ref := c.Params("id")
		found, err := tx.ResolveMany(ctx, []content.Refs{{Type: k.m.Coach, Refs: []string{ref}}, {Type: k.m.Learner, Refs: refs}}, ro)
		if err != nil {
			return err
		}
		coach, ok := found[0][ref]
		if !ok {
			return errs.NotFound()
		}
		if err := tx.Lock(ctx, k.m.Coach, coach); err != nil {
			return err
		}
		ids, err := learnerIDsOf(found[1], refs)
		if err != nil {
			return err
		}
		res, err = k.place(ctx, tx, coach, ids, ro)
		return err
	})
	if err != nil {
		return err
	}
	return reply.Data(c, fiber.StatusOK, res)
}

// place gives the learners (distinct ids) to the coach inside the
// caller's transaction, under the coach's lock: one write of the coach
// that connects the learners not yet theirs, through the content service,
// so that the capacity rule checks the whole batch once and every other
// hook on coaches runs.
func (k *coaching) place(ctx context.Context, tx content.TxDoor, coach int64, ids []int64, ro content.ReadOptions) (assigned, error) {
	room, err := k.room(ctx, tx, coach)
	if err != nil {
		return assigned{}, err
	}
	if !room.active {
		return assigned{}, bodyErr("learners", "the coach is not active")
	}
	coaches, err := tx.Targets(ctx, k.m.LearnerCoach, ids...)
	if err != nil {
		return assigned{}, err
	}
	res := assigned{Coach: coach, Assigned: []int64{}, AlreadyAssigned: []int64{}, MaxLearners: room.max}
	for _, id := range ids {
		if coaches[id] == coach {
			res.AlreadyAssigned = append(res.AlreadyAssigned, id)
		} else {
			res.Assigned = append(res.Assigned, id)
		}
	}
	slices.Sort(res.AlreadyAssigned)
	res.Learners = room.assigned + int64(len(res.Assigned))
	if len(res.Assigned) == 0 {
		return res, nil
	}
	w := content.NewWrite(k.m.Coach)
	for _, id := range res.Assigned {
		w.Connect(k.m.CoachLearners.Name, content.ID(id))
	}
	_, err = tx.Update(ctx, &query.Query{Type: k.m.Coach, Fields: []*schema.Attribute{schema.SysID}}, content.ID(coach), w, ro)
	if err != nil {
		return assigned{}, err
	}
	for _, id := range res.Assigned {
		if err := k.api.Emit(ctx, tx, EventLearnerAssigned, k.m.Learner, id); err != nil {
			return assigned{}, err
		}
	}
	return res, k.stillVisible(ctx, tx, res.Assigned, ro)
}

// learnerIDs resolves the body's learners, each once, in the order given,
// under the caller's read options: every one that does not exist, or that
// the caller may not see, is named in one 400, with the same message.
func (k *coaching) learnerIDs(ctx context.Context, tx content.TxDoor, refs []string, ro content.ReadOptions) ([]int64, error) {
	found, err := tx.Resolve(ctx, k.m.Learner, refs, ro)
	if err != nil {
		return nil, err
	}
	return learnerIDsOf(found, refs)
}

// learnerIDsOf is learnerIDs once the references are resolved (found).
func learnerIDsOf(found map[string]int64, refs []string) ([]int64, error) {
	var ids []int64
	var missing []errs.FieldError
	for i, ref := range refs {
		id, ok := found[ref]
		if !ok {
			missing = append(missing, errs.FieldAt([]string{"learners", strconv.Itoa(i)},
				"learner "+strconv.Quote(ref)+" does not exist"))
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
// and the transaction rolls back. The write was the coach's, so the
// core's own check saw the coach, not the learners.
func (k *coaching) stillVisible(ctx context.Context, tx content.TxDoor, ids []int64, ro content.ReadOptions) error {
	seen, err := tx.Visible(ctx, k.m.Learner, ids, ro)
	if err != nil {
		return err
	}
	if len(seen) != len(ids) {
		return errs.New(errs.KindForbidden, "Forbidden")
	}
	return nil
}

// unassign answers DELETE /api/coaches/:id/learners/:learnerId: the
// learner no longer has a coach. A learner that is not this coach's, or
// that the caller may not see, is a 404. The learner's row is locked
// before its coach is compared, so a concurrent move cannot slip between
// the comparison and the write. The write is the learner's, through the
// content service: its hooks run, and the core refuses (403) a result the
// caller's scope would not show them. The answer is the learner as it is
// now (fields and populate apply).
func (k *coaching) unassign(c *fiber.Ctx) error {
	q, err := k.api.Query(c, k.m.Learner)
	if err != nil {
		return err
	}
	ro := k.api.ReadOptions(c)
	var e *content.Entry
	err = k.api.Content.InTx(c.UserContext(), func(ctx context.Context, tx content.TxDoor) error {
		coach, err := k.visibleCoach(ctx, tx, c.Params("id"), ro)
		if err != nil {
			return err
		}
		learner, err := k.learnerOf(ctx, tx, coach, c.Params("learnerId"), ro)
		if err != nil {
			return err
		}
		e, err = tx.Update(ctx, q, content.ID(learner), content.NewWrite(k.m.Learner).SetRelation(k.m.LearnerCoach.Name), ro)
		return err
	})
	if err != nil {
		return err
	}
	return reply.Entry(c, fiber.StatusOK, e)
}

// learnerOf resolves the learner ref names and locks their row, if they
// are the coach's and the caller may see them; anything else is the same
// 404.
func (k *coaching) learnerOf(ctx context.Context, tx content.TxDoor, coach int64, ref string, ro content.ReadOptions) (int64, error) {
	ids, err := tx.Resolve(ctx, k.m.Learner, []string{ref}, ro)
	if err != nil {
		return 0, err
	}
	notHers := errs.New(errs.KindNotFound, "the learner is not assigned to this coach")
	learner, ok := ids[ref]
	if !ok {
		return 0, notHers
	}
	if err := tx.Lock(ctx, k.m.Learner, learner); err != nil {
		return 0, err
	}
	coaches, err := tx.Targets(ctx, k.m.LearnerCoach, learner)
	if err != nil {
		return 0, err
	}
	if coaches[learner] != coach {
		return 0, notHers
	}
	return learner, nil
}

// assignBodyOf reads {"learners": [...]}: one to maxMatches references.
func assignBodyOf(c *fiber.Ctx) ([]string, error) {
	var raw map[string]any
	if err := reply.DecodeBody(c, &raw); err != nil {
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
			return nil, errs.Fields([]errs.FieldError{errs.FieldAt([]string{"learners", strconv.Itoa(i)},
				"must be a learner's id or documentId").WithValue(jsonValue(v))})
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

// EventLearnerAssigned is the event webhooks get for each learner this
// plugin gives a coach, inside the assignment's transaction.
const EventLearnerAssigned = "learner.assigned"
