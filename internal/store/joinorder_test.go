package store_test

import (
	"testing"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/store/storetest"
)

// TestJoinOrderOfOlderLinks: links from before the order columns (NULL
// places) keep their order, by target id, ahead of what is connected
// later; a positioned connect renumbers the whole list.
func TestJoinOrderOfOlderLinks(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db)
		exec(t, db, `DELETE FROM events_learners_lnk WHERE event_id = 3`)
		exec(t, db, `INSERT INTO events_learners_lnk (event_id, learner_id) VALUES (3, 4), (3, 2)`)
		eqIDs(t, "older links, by id", f.relOf(t, "event", 3, "learners"), ids(2, 4))
		f.mustChange(t, "event", 3, "learners", connect(1))
		eqIDs(t, "connected after them", f.relOf(t, "event", 3, "learners"), ids(2, 4, 1))
		f.mustChange(t, "event", 3, "learners", entry.RelationChange{Connect: []int64{3}, Positions: map[int64]entry.Position{3: {After: 2}}})
		eqIDs(t, "placed among them", f.relOf(t, "event", 3, "learners"), ids(2, 3, 4, 1))
		sameList(t, "renumbered", strs(t, db, `SELECT CAST(learner_id AS TEXT) || '/' || CAST(learner_ord AS TEXT) FROM events_learners_lnk WHERE event_id = 3 ORDER BY learner_ord`),
			[]string{"2/1", "3/2", "4/3", "1/4"})
		err := f.change(t, "event", 3, "learners", entry.RelationChange{Connect: []int64{1}, Positions: map[int64]entry.Position{1: {Before: 99}}})
		if err == nil {
			t.Error("a position next to an entry not in the list was accepted")
		}
		eqIDs(t, "unchanged after the refusal", f.relOf(t, "event", 3, "learners"), ids(2, 3, 4, 1))
	})
}
