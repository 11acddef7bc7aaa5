package store_test

import (
	"testing"

	"github.com/kiln-cms/kiln/core/database"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/store"
	"github.com/kiln-cms/kiln/core/store/storetest"
)

// TestMigrateAddsJoinOrder: a join table from before the order columns
// gets them, and the index of a target's last place, by additive steps;
// its links stay, their places NULL.
func TestMigrateAddsJoinOrder(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		v2 := map[string]string{"note.yaml": noteYAML + "  tags: {type: relation, relation: manyToMany, target: tag}\n", "tag.yaml": tagYAML}
		migrate(t, db, v2, store.MigrateOptions{})
		addNote(t, db, "d1", "n", 1)
		for _, tag := range []string{"1", "2", "3"} {
			exec(t, db, `INSERT INTO tags (document_id, name, created_at, updated_at) VALUES (?, ?, `+at0+`, `+at0+`)`, "t"+tag, tag)
		}
		exec(t, db, `INSERT INTO notes_tags_lnk (note_id, tag_id) VALUES (1, 3), (1, 1), (1, 2)`)
		exec(t, db, `DROP INDEX notes_tags_lnk_note_ord_idx`)
		exec(t, db, `ALTER TABLE notes_tags_lnk DROP COLUMN tag_ord`)
		exec(t, db, `ALTER TABLE notes_tags_lnk DROP COLUMN note_ord`)
		plan := migrate(t, db, v2, store.MigrateOptions{})
		sameList(t, "steps", descriptions(plan.Steps), []string{"add column notes_tags_lnk.tag_ord", "add column notes_tags_lnk.note_ord",
			"create index notes_tags_lnk_note_ord_idx on notes_tags_lnk (tag_id, note_ord)"})
		for _, s := range plan.Steps {
			if s.Destructive {
				t.Errorf("destructive step %s", s.Description)
			}
		}
		sameList(t, "links", strs(t, db, `SELECT CAST(tag_id AS TEXT) || '/' || COALESCE(CAST(tag_ord AS TEXT), 'null') FROM notes_tags_lnk ORDER BY id`),
			[]string{"3/null", "1/null", "2/null"})
		mustBeEmpty(t, db, v2)
	})
}

// TestJoinOrderOfOlderLinks: links from before the order columns (NULL
// places) keep their order, by target id, ahead of what is connected
// later; a positioned connect renumbers the whole list.
func TestJoinOrderOfOlderLinks(t *testing.T) {
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
