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

// TestLegacyTablesRenamed: a join table Kiln named before it followed
// Strapi's snake_case (item2s_tags2_lnk, its columns item2_id and
// item2_ord), and a table whose collectionName of 60 characters Kiln kept
// whole where Strapi shortens it, are renamed with their links and rows;
// nothing is dropped, and a foreign key to the renamed table holds.
func TestLegacyTablesRenamed(t *testing.T) {
	long := "a_collection_name_of_sixty_characters_that_strapi_shortens_"
	files := map[string]string{
		"item2.yaml": "kind: collectionType\ninfo: {singularName: item2, pluralName: item2s}\nattributes:\n  name: {type: string}\n  tags2: {type: relation, relation: manyToMany, target: tag}\n  box: {type: relation, relation: manyToOne, target: box}\n",
		"tag.yaml":   "kind: collectionType\ninfo: {singularName: tag, pluralName: tags}\nattributes:\n  name: {type: string}\n",
		"box.yaml":   "kind: collectionType\ncollectionName: " + long + "\ninfo: {singularName: box, pluralName: boxes}\nattributes:\n  name: {type: string}\n",
	}
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		migrateTo(t, db, files, migrate.Options{})
		short := "a_collection_name_of_sixty_characters_that_strapi_" // the shortened name's start
		var table string
		for _, n := range tablesOf(t, db) {
			if len(n) == 55 && n[:len(short)] == short {
				table = n
			}
		}
		if table == "" {
			t.Fatalf("no shortened table among %v", tablesOf(t, db))
		}
		exec(t, db, `ALTER TABLE "item_2_s_tags_2_lnk" RENAME TO "item2s_tags2_lnk"`)
		exec(t, db, `ALTER TABLE "item2s_tags2_lnk" RENAME COLUMN "item_2_id" TO "item2_id"`)
		exec(t, db, `ALTER TABLE "item2s_tags2_lnk" RENAME COLUMN "item_2_ord" TO "item2_ord"`)
		exec(t, db, `ALTER TABLE "`+table+`" RENAME TO "`+long+`"`)
		at := "'2026-01-01T00:00:00.000Z'"
		exec(t, db, `INSERT INTO "`+long+`" (document_id, name, created_at, updated_at) VALUES ('b1', 'box', `+at+`, `+at+`)`)
		exec(t, db, `INSERT INTO "tags" (document_id, name, created_at, updated_at) VALUES ('t1', 'tag', `+at+`, `+at+`)`)
		exec(t, db, `INSERT INTO "item2s" (document_id, name, box_id, created_at, updated_at) VALUES ('i1', 'item', 1, `+at+`, `+at+`)`)
		exec(t, db, `INSERT INTO "item2s_tags2_lnk" (item2_id, tag_id, tag_ord, item2_ord) VALUES (1, 1, 1, 1)`)
		plan := migrateTo(t, db, files, migrate.Options{})
		if len(plan.Destructive()) != 0 {
			t.Errorf("destructive steps: %v", descriptions(plan.Destructive()))
		}
		sameList(t, "links", strs(t, db, `SELECT item_2_id || ' ' || tag_id || ' ' || item_2_ord FROM "item_2_s_tags_2_lnk"`), []string{"1 1 1"})
		sameList(t, "boxes", strs(t, db, `SELECT b.name FROM "item2s" i JOIN "`+table+`" b ON b.id = i.box_id`), []string{"box"})
		mustBeEmpty(t, db, files)
	})
}
