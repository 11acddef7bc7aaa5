package migrate_test

import (
	"testing"

	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/migrate"
	"github.com/kiln-cms/kiln/internal/store/storetest"
)

// TestMigrateAddsJoinOrder: a join table from before the order columns
// gets them, and the index of a target's last place, by additive steps;
// its links stay, their places NULL.
func TestMigrateAddsJoinOrder(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		v2 := map[string]string{"note.yaml": noteYAML + "  tags: {type: relation, relation: manyToMany, target: tag}\n", "tag.yaml": tagYAML}
		migrateTo(t, db, v2, migrate.Options{})
		addNote(t, db, "d1", "n", 1)
		for _, tag := range []string{"1", "2", "3"} {
			exec(t, db, `INSERT INTO tags (document_id, name, created_at, updated_at) VALUES (?, ?, `+at0+`, `+at0+`)`, "t"+tag, tag)
		}
		exec(t, db, `INSERT INTO notes_tags_lnk (note_id, tag_id) VALUES (1, 3), (1, 1), (1, 2)`)
		exec(t, db, `DROP INDEX notes_tags_lnk_note_ord_idx`)
		exec(t, db, `ALTER TABLE notes_tags_lnk DROP COLUMN tag_ord`)
		exec(t, db, `ALTER TABLE notes_tags_lnk DROP COLUMN note_ord`)
		plan := migrateTo(t, db, v2, migrate.Options{})
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
