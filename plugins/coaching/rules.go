package coaching

import (
	"context"
	"fmt"
	"slices"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/core/schema"
)

// registerHooks attaches the plugin's rules to every write, whoever makes
// it (the generated routes, other plugins, this plugin's own routes, the
// content service): a coach never gets more learners than maxLearners, an
// availability rule ends after it starts, and a time zone is one the
// server knows. They run in the write's transaction, so the check and the
// write are one step.
func (k *coaching) registerHooks() {
	m := k.m
	for _, action := range []hook.Action{hook.Create, hook.Update} {
		k.api.Before(action, m.Learner, k.checkCapacity)
		k.api.Before(action, m.Coach, k.checkCoachLearners)
		k.api.Before(action, m.Learner, k.checkZone(m.LearnerTimezone))
		k.api.Before(action, m.Coach, k.checkZone(m.CoachTimezone))
		k.api.Before(action, m.Availability, k.checkRule)
	}
}

// checkCapacity refuses a learner write that gives the learner a coach
// who is full. Keeping or dropping a coach is always allowed, even for a
// coach whose maxLearners was lowered below their learners since. It
// counts every learner of the coach, seen or not by the writer: the rule
// holds for all.
func (k *coaching) checkCapacity(ctx context.Context, ev *hook.Event) error {
	current, after, err := k.api.Content.ToOne(ctx, ev, k.m.LearnerCoach)
	if err != nil || after == 0 || after == current {
		return err
	}
	tx := k.api.Content.TxOf(ev)
	if err := tx.Lock(ctx, k.m.Coach, after); err != nil {
		return err
	}
	r, err := k.room(ctx, tx, after)
	if err != nil || r.assigned < r.max {
		return err
	}
	return capacityErr(k.m.LearnerCoach.Name, after, r, 1)
}

// checkCoachLearners is checkCapacity for the other side of the
// relation: a coach write that hands it learners (coach.learners connect
// or set) may not leave it with more than maxLearners, as that write
// would have it. Dropping learners is always allowed. This is also the
// check of POST /coaches/:id/learners, which hands the coach a whole batch
// in one such write: checked once, for the batch, each learner counted
// once however often it is named or whether it already was the coach's.
func (k *coaching) checkCoachLearners(ctx context.Context, ev *hook.Event) error {
	ch, ok := ev.Data.Relations[k.m.CoachLearners]
	if !ok || (len(ch.Connect) == 0 && len(ch.Set) == 0) {
		return nil
	}
	tx := k.api.Content.TxOf(ev)
	var current []int64
	if ev.ID != 0 {
		if err := tx.Lock(ctx, k.m.Coach, ev.ID); err != nil {
			return err
		}
		var err error
		if current, err = k.learnersOf(ctx, tx, ev.ID); err != nil {
			return err
		}
	}
	after := current
	if ch.SetGiven {
		// A set from a writer with a scope on learners replaces only the
		// learners they can see: the hidden ones stay the coach's.
		hidden, err := k.hiddenFrom(ctx, tx, current, ch.Writer)
		if err != nil {
			return err
		}
		after = slices.Concat(ch.Set, hidden)
	}
	after = slices.DeleteFunc(slices.Concat(after, ch.Connect), func(id int64) bool { return slices.Contains(ch.Disconnect, id) })
	slices.Sort(after)
	after = slices.Compact(after)
	r := capacity{max: k.capacityOf(ev.Value(k.m.CoachMax)), assigned: int64(len(current))}
	grows := slices.ContainsFunc(after, func(id int64) bool { return !slices.Contains(current, id) })
	if grows && int64(len(after)) > r.max {
		return capacityErr(k.m.CoachLearners.Name, ev.ID, r, int64(len(after))-r.assigned)
	}
	return nil
}

// learnersOf are the ids of every learner of the coach, in id order: the
// rule's own read, which sees every row.
func (k *coaching) learnersOf(ctx context.Context, tx content.TxDoor, coach int64) ([]int64, error) {
	return tx.Statement(content.ReadOptions{}).W("SELECT ").ID("l").W(" FROM ").From(k.m.Learner, "l").
		W(" WHERE ").Col("l", k.m.LearnerCoach).W(" = ").Int(coach).W(" ORDER BY ").ID("l").Ints64(ctx)
}

// hiddenFrom are the learners among ids that the writer may not see; none
// when they see every learner. At most one query.
func (k *coaching) hiddenFrom(ctx context.Context, tx content.TxDoor, ids []int64, writer content.ReadOptions) ([]int64, error) {
	visible, err := tx.Visible(ctx, k.m.Learner, ids, writer)
	if err != nil || len(visible) == len(ids) {
		return nil, err
	}
	return slices.DeleteFunc(slices.Clone(ids), func(id int64) bool { return slices.Contains(visible, id) }), nil
}

// capacity is a coach's room, read under the coach's lock.
type capacity struct {
	max, assigned int64
	active        bool
}

// room reads the coach's maxLearners, active flag and the number of all
// their learners, in one statement.
func (k *coaching) room(ctx context.Context, tx content.TxDoor, coach int64) (capacity, error) {
	m := k.m
	var maxLearners, active any
	var r capacity
	err := tx.Statement(content.ReadOptions{}).W("SELECT ").Col("c", m.CoachMax).W(", ").Col("c", m.CoachActive).
		W(", (SELECT COUNT(*) FROM ").From(m.Learner, "l").W(" WHERE ").Col("l", m.LearnerCoach).W(" = ").ID("c").W(")").
		W(" FROM ").From(m.Coach, "c").W(" WHERE ").ID("c").W(" = ").Int(coach).
		QueryRow(ctx, &maxLearners, &active, &r.assigned)
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
		"errors":      []errs.FieldError{errs.Field(field, msg)},
		"coach":       coach,
		"maxLearners": r.max,
		"assigned":    r.assigned,
		"requested":   requested,
		"free":        free,
	})
}

// checkZone refuses a time zone that is not an IANA name the server knows
// (the names are embedded in the binary), when the write sets one.
func (k *coaching) checkZone(a *schema.Attribute) hook.Func {
	return func(_ context.Context, ev *hook.Event) error {
		name, _ := ev.Data.Values[a].(string)
		if _, err := zoneOf(name); err != nil {
			return bodyErr(a.Name, a.Name+" must be an IANA time zone name such as Europe/Berlin, not "+quote(name))
		}
		return nil
	}
}

// checkRule refuses a weekly rule whose end is not after its start (a
// rule is within one day of the coach's own time).
func (k *coaching) checkRule(_ context.Context, ev *hook.Event) error {
	start, _ := ev.Value(k.m.AvStart).(string)
	end, _ := ev.Value(k.m.AvEnd).(string)
	from, err1 := parseClock(start)
	until, err2 := parseClock(end)
	if err1 == nil && err2 == nil && until <= from {
		return bodyErr(k.m.AvEnd.Name, "endTime must be after startTime")
	}
	return nil
}
