package coaching

import (
	"context"

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
