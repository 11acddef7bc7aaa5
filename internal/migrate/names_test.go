package migrate_test

import (
	"testing"

	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/migrate"
	"github.com/kiln-cms/kiln/internal/store/storetest"
)

// TestLegacyColumnRenamed: a database from before Kiln named columns as
// Strapi does (title2, not title_2) has the column renamed, its values
// kept, in an additive step; nothing is dropped.
func TestLegacyColumnRenamed(t *testing.T) {
	files := map[string]string{"a.yaml": "kind: collectionType\ninfo: {singularName: a, pluralName: as}\nattributes:\n  title2: {type: string}\n  myURLField: {type: string}\n  owner2: {type: relation, relation: manyToOne, target: b}\n",
		"b.yaml": "kind: collectionType\ninfo: {singularName: b, pluralName: bs}\nattributes:\n  name: {type: string}\n"}
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		migrateTo(t, db, files, migrate.Options{})
		exec(t, db, `ALTER TABLE "as" RENAME COLUMN "title_2" TO "title2"`)
		exec(t, db, `ALTER TABLE "as" RENAME COLUMN "my_url_field" TO "my_u_r_l_field"`)
		exec(t, db, `ALTER TABLE "as" RENAME COLUMN "owner_2_id" TO "owner2_id"`)
		exec(t, db, `INSERT INTO "bs" (document_id, name, created_at, updated_at) VALUES ('b1', 'b', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`)
		exec(t, db, `INSERT INTO "as" (document_id, title2, my_u_r_l_field, owner2_id, created_at, updated_at) VALUES ('d1', 'kept', 'url', 1, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`)
		plan := migrateTo(t, db, files, migrate.Options{})
		sameList(t, "steps", descriptions(plan.Steps), []string{
			"rename column as.title2 to title_2",
			"rename column as.my_u_r_l_field to my_url_field",
			"rename column as.owner2_id to owner_2_id",
		})
		if len(plan.Destructive()) != 0 {
			t.Errorf("destructive steps: %v", descriptions(plan.Destructive()))
		}
		sameList(t, "values", strs(t, db, `SELECT title_2 || ' ' || my_url_field || ' ' || owner_2_id FROM "as"`), []string{"kept url 1"})
		mustBeEmpty(t, db, files)
	})
}
