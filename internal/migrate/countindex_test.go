package migrate_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/migrate"
	"github.com/kiln-cms/kiln/internal/store/storetest"
)

const taskV1 = `kind: collectionType
info: {singularName: task, pluralName: tasks}
attributes:
  title: {type: string}
`

// taskV2 adds an enumeration and a boolean to a type with rows, and a
// draft & publish type with both.
const taskV2 = taskV1 + `  state: {type: enumeration, enum: [open, doing, done]}
  urgent: {type: boolean}
`

const storyDrafts = `kind: collectionType
info: {singularName: story, pluralName: stories}
options: {draftAndPublish: true}
attributes:
  title: {type: string}
  kind: {type: enumeration, enum: [news, feature]}
  pinned: {type: boolean}
`

// TestMigrateCountIndexes: an enumeration or a boolean gets the index a
// filtered list counts its total from — (column) on a plain type,
// (column, published_at) on a draft & publish one — added to a database
// that had none, additively, shown by the dry run, and a second run finds
// nothing to do. On PostgreSQL the planner counts a filtered list from
// it instead of reading every row of the table.
func TestMigrateCountIndexes(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		migrateTo(t, db, map[string]string{"task.yaml": taskV1}, migrate.Options{})
		exec(t, db, `INSERT INTO tasks (document_id, title, created_at, updated_at, published_at) VALUES ('t1', 'kept', `+at0+`, `+at0+`, `+at0+`)`)
		v2 := map[string]string{"task.yaml": taskV2, "story.yaml": storyDrafts}
		dry, err := migrate.Run(t.Context(), db, mustLoad(t, v2), migrate.Options{DryRun: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"create index tasks_state_idx on tasks (state)", "create index tasks_urgent_idx on tasks (urgent)",
			"create index stories_kind_idx on stories (kind, published_at)", "create index stories_pinned_idx on stories (pinned, published_at)"} {
			if !strings.Contains(dry.String(), want) {
				t.Errorf("the dry run does not show %q:\n%s", want, dry)
			}
		}
		plan := migrateTo(t, db, v2, migrate.Options{})
		for _, st := range plan.Steps {
			if st.Destructive {
				t.Errorf("a destructive step: %s", st.Description)
			}
		}
		sameList(t, "task indexes", indexesOf(t, db, "tasks"), []string{"tasks_document_id_uq", "tasks_published_at_idx", "tasks_state_idx", "tasks_urgent_idx"})
		sameList(t, "tasks", strs(t, db, `SELECT title FROM tasks`), []string{"kept"})
		if again := migrateTo(t, db, v2, migrate.Options{}); len(again.Steps) != 0 {
			t.Errorf("a second run plans %d steps:\n%s", len(again.Steps), again)
		}
		if db.Dialect != database.Postgres {
			return
		}
		var values []string
		for i := 0; i < 3000; i++ {
			values = append(values, fmt.Sprintf("('d%d', 'T', '%s', %v, %s, %s, %s)", i, []string{"open", "doing", "done"}[i%3], i%7 == 0, at0, at0, at0))
		}
		exec(t, db, `INSERT INTO tasks (document_id, title, state, urgent, created_at, updated_at, published_at) VALUES `+strings.Join(values, ", "))
		exec(t, db, `VACUUM ANALYZE tasks`)
		for q, index := range map[string]string{`SELECT COUNT(*) FROM tasks t0 WHERE t0.state = 'done'`: "tasks_state_idx",
			`SELECT COUNT(*) FROM tasks t0 WHERE t0.urgent = TRUE`: "tasks_urgent_idx"} {
			plan := strings.Join(strs(t, db, `EXPLAIN `+q), "\n")
			if !strings.Contains(plan, index) || strings.Contains(plan, "Seq Scan") {
				t.Errorf("%s is not counted from %s:\n%s", q, index, plan)
			}
		}
	})
}
