package coaching

import (
	"context"
	"slices"
	"strconv"

	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/core/store"
)

// registerHooks attaches the plugin's rules to every write, whoever makes
// it (the generated routes, other plugins, the content service): a coach
// never gets more learners than maxLearners, an availability rule ends
// after it starts, and a time zone is one the server knows. They run in
// the write's transaction, so the check and the write are one step.
func (k *coaching) registerHooks() {
	h := k.api.Hooks
	for _, on := range []func(string, hook.Func){h.BeforeCreate, h.BeforeUpdate} {
		on("learner", k.checkCapacity)
		on("coach", k.checkCoachLearners)
		on("learner", k.checkZone(k.m.learnerTimezone))
		on("coach", k.checkZone(k.m.coachTimezone))
		on("availability", k.checkRule)
	}
}

// checkCapacity refuses a learner write that gives the learner a coach
// who is full. Keeping or dropping a coach is always allowed, even for a
// coach whose maxLearners was lowered below their learners since.
func (k *coaching) checkCapacity(ctx context.Context, ev *hook.Event) error {
	current, after, err := k.api.Content.ToOne(ctx, ev, k.m.learnerCoach)
	if err != nil || after == 0 || after == current {
		return err
	}
	if err := store.LockRow(ctx, ev.Conn, k.api.Content.DB.Dialect, k.m.coach, after); err != nil {
		return err
	}
	r, err := k.room(ctx, ev.Conn, after)
	if err != nil || r.assigned < r.max {
		return err
	}
	return capacityErr(k.m.learnerCoach.Name, after, r, 1)
}

// checkCoachLearners is checkCapacity for the other side of the
// relation: a coach write that hands it learners (coach.learners connect
// or set) may not leave it with more than maxLearners, as that write
// would have it. Dropping learners is always allowed.
func (k *coaching) checkCoachLearners(ctx context.Context, ev *hook.Event) error {
	ch, ok := ev.Data.Relations[k.m.coachLearners]
	if !ok || (len(ch.Connect) == 0 && len(ch.Set) == 0) {
		return nil
	}
	var current []int64
	if ev.ID != 0 {
		if err := store.LockRow(ctx, ev.Conn, k.api.Content.DB.Dialect, k.m.coach, ev.ID); err != nil {
			return err
		}
		var err error
		current, err = k.stmt().W("SELECT ", idCol, " FROM ", store.Table(k.m.learner), " WHERE ", store.Col(k.m.learnerCoach), " = ").
			ID(ev.ID).Int64s(ctx, ev.Conn)
		if err != nil {
			return err
		}
	}
	after := current
	if ch.SetGiven {
		hidden, err := k.hiddenFrom(ctx, ev.Conn, current, ch)
		if err != nil {
			return err
		}
		// A set from a writer with a scope on learners replaces only the
		// learners they can see: the hidden ones stay the coach's.
		after = slices.Concat(ch.Set, hidden)
	}
	after = slices.DeleteFunc(slices.Concat(after, ch.Connect), func(id int64) bool { return slices.Contains(ch.Disconnect, id) })
	slices.Sort(after)
	after = slices.Compact(after)
	r := capacity{max: k.capacityOf(ev.Value(k.m.coachMax)), assigned: int64(len(current))}
	grows := slices.ContainsFunc(after, func(id int64) bool { return !slices.Contains(current, id) })
	if grows && int64(len(after)) > r.max {
		return capacityErr(k.m.coachLearners.Name, ev.ID, r, int64(len(after))-r.assigned)
	}
	return nil
}

// hiddenFrom are the learners among ids that the writer (ch.Writer) may
// not see; none when they see every learner. One query.
func (k *coaching) hiddenFrom(ctx context.Context, conn store.Conn, ids []int64, ch store.RelationChange) ([]int64, error) {
	if !ch.Writer.Limited(k.m.learner) || len(ids) == 0 {
		return nil, nil
	}
	refs := make([]string, len(ids))
	for i, id := range ids {
		refs[i] = strconv.FormatInt(id, 10)
	}
	visible, err := k.api.Content.Store.ResolveVisible(ctx, conn, k.m.learner, refs, ch.Writer)
	if err != nil {
		return nil, err
	}
	var hidden []int64
	for i, ref := range refs {
		if _, ok := visible[ref]; !ok {
			hidden = append(hidden, ids[i])
		}
	}
	return hidden, nil
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
	start, _ := ev.Value(k.m.avStart).(string)
	end, _ := ev.Value(k.m.avEnd).(string)
	from, err1 := parseClock(start)
	until, err2 := parseClock(end)
	if err1 == nil && err2 == nil && until <= from {
		return bodyErr(k.m.avEnd.Name, "endTime must be after startTime")
	}
	return nil
}
