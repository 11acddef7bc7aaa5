package content

import (
	"context"
	"slices"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/core/schema"
)

// ToOne tells a before hook where an owning to-one relation a (an event's
// coach, a learner's coach) points now and where it will point after the
// write, 0 for nowhere. It follows the store's rules: the last connected
// id wins, else the last of a set (an empty set clears it), else a
// disconnect of the current target clears it, else the current one stays.
func (s *Service) ToOne(ctx context.Context, ev *hook.Event, a *schema.Attribute) (current, after int64, err error) {
	known := false
	if ev.Entry != nil && ev.Entry.ID == ev.ID { // read with the entry, when it was
		current, known = ev.Entry.ForeignKey(a)
	}
	if ev.ID != 0 && !known {
		fks, err := s.TxOf(ev).Targets(ctx, a, ev.ID)
		if err != nil {
			return 0, 0, err
		}
		current = fks[ev.ID]
	}
	var ch entry.RelationChange
	var given bool
	if ev.Data != nil {
		ch, given = ev.Data.Relations[a]
	}
	switch {
	case !given:
		return current, current, nil
	case len(ch.Connect) > 0:
		return current, ch.Connect[len(ch.Connect)-1], nil
	case ch.SetGiven && len(ch.Set) > 0:
		return current, ch.Set[len(ch.Set)-1], nil
	case ch.SetGiven, slices.Contains(ch.Disconnect, current):
		return current, 0, nil
	}
	return current, current, nil
}
