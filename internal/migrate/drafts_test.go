package migrate_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/migrate"
	"github.com/kiln-cms/kiln/internal/store"
	"github.com/kiln-cms/kiln/internal/store/storetest"
)

// guideTypes is a draft & publish type with a unique slug, an owned
// to-one, a many-to-many and a type without draft & publish pointing at
// it; onePerDocument is the same set as Kiln kept it before, one row per
// document (its indexes were those of a type without the option).
func guideTypes(dp bool) map[string]string {
	opt := "false"
	if dp {
		opt = "true"
	}
	return map[string]string{
		"guide.yaml": `kind: collectionType
info: {singularName: guide, pluralName: guides}
options: {draftAndPublish: ` + opt + `}
attributes:
  title: {type: string}
  slug: {type: uid, targetField: title}
  shelf: {type: relation, relation: manyToOne, target: shelf, inversedBy: guides}
  tags: {type: relation, relation: manyToMany, target: tag}
`,
		"shelf.yaml": `kind: collectionType
info: {singularName: shelf, pluralName: shelves}
attributes:
  name: {type: string}
  guides: {type: relation, relation: oneToMany, target: guide, mappedBy: shelf}
`,
		"tag.yaml": `kind: collectionType
info: {singularName: tag, pluralName: tags}
attributes:
  name: {type: string}
`,
		"reader.yaml": `kind: collectionType
info: {singularName: reader, pluralName: readers}
attributes:
  name: {type: string}
  favourite: {type: relation, relation: manyToOne, target: guide}
`,
	}
}

// TestMigrateToTwoRows converts a database with one row per document: each
// published row gets its draft copy (fields and owned foreign key), drafts
// stay as they are, the links become per version (the draft's copies of
// the published row's), the unique indexes become per version, nothing is
// lost, and a second run does nothing.
func TestMigrateToTwoRows(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		migrateTo(t, db, guideTypes(false), migrate.Options{})
		exec(t, db, `INSERT INTO shelves (document_id, name, created_at, updated_at, published_at) VALUES ('s1', 'Top', `+at0+`, `+at0+`, `+at0+`)`)
		exec(t, db, `INSERT INTO tags (document_id, name, created_at, updated_at, published_at) VALUES ('t1', 'go', `+at0+`, `+at0+`, `+at0+`)`)
		exec(t, db, `INSERT INTO guides (document_id, title, slug, shelf_id, created_at, updated_at, published_at) VALUES
			('g1', 'Published', 'published', 1, `+at0+`, `+at0+`, `+at0+`),
			('g2', 'Draft', 'draft', 1, `+at0+`, `+at0+`, NULL)`)
		exec(t, db, `INSERT INTO guides_tags_lnk (guide_id, tag_id) VALUES (1, 1), (2, 1)`)
		exec(t, db, `INSERT INTO readers (document_id, name, favourite_id, created_at, updated_at, published_at) VALUES ('r1', 'Ann', 1, `+at0+`, `+at0+`, `+at0+`)`)

		plan, err := migrate.Run(ctx, db, mustLoad(t, guideTypes(true)), migrate.Options{DryRun: true})
		if err != nil || !strings.Contains(plan.String(), "give the 1 published guides without one their draft version") {
			t.Fatalf("dry run (%v):\n%s", err, plan)
		}
		if len(plan.Destructive()) != 0 {
			t.Fatalf("destructive steps:\n%s", plan)
		}
		migrateTo(t, db, guideTypes(true), migrate.Options{})

		type row struct {
			id               int64
			doc, title, slug string
			shelf            int64
			published        bool
		}
		rows, err := db.QueryContext(ctx, `SELECT id, document_id, title, slug, shelf_id, published_at IS NOT NULL FROM guides ORDER BY id`)
		if err != nil {
			t.Fatal(err)
		}
		var got []row
		for rows.Next() {
			var r row
			if err := rows.Scan(&r.id, &r.doc, &r.title, &r.slug, &r.shelf, &r.published); err != nil {
				t.Fatal(err)
			}
			got = append(got, r)
		}
		rows.Close()
		want := []row{{1, "g1", "Published", "published", 1, true}, {2, "g2", "Draft", "draft", 1, false}, {3, "g1", "Published", "published", 1, false}}
		if len(got) != len(want) {
			t.Fatalf("rows %v, want %v", got, want)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("row %d: %v, want %v", i, got[i], want[i])
			}
		}
		// Links per version: g1's draft (3) gets the published row's tag,
		// and the reader links both versions of g1, its draft in the
		// column of drafts.
		sameList(t, "guides_tags_lnk", strs(t, db, `SELECT guide_id || '-' || tag_id FROM guides_tags_lnk ORDER BY guide_id`),
			[]string{"1-1", "2-1", "3-1"})
		sameList(t, "readers", strs(t, db, `SELECT favourite_id || '/' || favourite_draft_id FROM readers`), []string{"1/3"})
		if !strings.Contains(plan.String(), "keep the links of guide.tags per version") ||
			!strings.Contains(plan.String(), "keep the links of reader.favourite per version") {
			t.Errorf("dry run does not say the links are kept per version:\n%s", plan)
		}
		mustBeEmpty(t, db, guideTypes(true))

		// The store reads one version per document, and the slug may be the
		// same in the two versions of g1 but not across documents.
		s := mustLoad(t, guideTypes(true))
		st := &store.Store{DB: db}
		guide := s.Type("guide")
		for status, want := range map[query.Status]int64{query.Published: 1, query.Draft: 2} {
			if n, err := st.Count(ctx, db, &query.Query{Type: guide, Status: status}, entry.ReadOptions{}); err != nil || n != want {
				t.Errorf("count %v: %d (%v), want %d", status, n, err, want)
			}
		}
		_, err = db.ExecContext(ctx, `INSERT INTO guides (document_id, title, slug, created_at, updated_at) VALUES ('g3', 'x', 'published', `+at0+`, `+at0+`)`)
		if err == nil {
			t.Error("a second document's draft took the slug of another's draft")
		}
		d, err := st.FindDocument(ctx, db, guide, "g1", "")
		if err != nil || d.Draft != 3 || d.Published != 1 || d.Link() != 1 {
			t.Errorf("document g1: %+v (%v)", d, err)
		}
	})
}

// versionTypes is a draft & publish guide related to a draft & publish
// box (a manyToOne and a manyToMany), to a plain tag (manyToMany) and
// from a plain reader (manyToOne): every kind of link that is kept per
// version.
var versionTypes = map[string]string{
	"guide.yaml": `kind: collectionType
info: {singularName: guide, pluralName: guides}
options: {draftAndPublish: true}
attributes:
  title: {type: string}
  box: {type: relation, relation: manyToOne, target: box, inversedBy: guides}
  boxes: {type: relation, relation: manyToMany, target: box}
  tags: {type: relation, relation: manyToMany, target: tag}
`,
	"box.yaml": `kind: collectionType
info: {singularName: box, pluralName: boxes}
options: {draftAndPublish: true}
attributes:
  name: {type: string}
  guides: {type: relation, relation: oneToMany, target: guide, mappedBy: box}
`,
	"tag.yaml": `kind: collectionType
info: {singularName: tag, pluralName: tags}
attributes:
  name: {type: string}
`,
	"reader.yaml": `kind: collectionType
info: {singularName: reader, pluralName: readers}
attributes:
  name: {type: string}
  favourite: {type: relation, relation: manyToOne, target: guide}
`,
}

// asBeforeVersions turns a database migrated to versionTypes back into
// what the previous Kiln left: no column of drafts' links on readers, and
// a snapshot that says nothing of links per version.
func asBeforeVersions(t *testing.T, db *database.DB) {
	t.Helper()
	exec(t, db, `DROP INDEX readers_favourite_draft_id_idx`)
	exec(t, db, `ALTER TABLE readers DROP COLUMN favourite_draft_id`)
	for _, row := range strs(t, db, `SELECT name FROM kiln_schema_state`) {
		def := strs(t, db, `SELECT def FROM kiln_schema_state WHERE name = ?`, row)[0]
		var m map[string]any
		if err := json.Unmarshal([]byte(def), &m); err != nil {
			t.Fatal(err)
		}
		delete(m, "Links")
		cols, _ := m["Columns"].([]any)
		kept := cols[:0]
		for _, c := range cols {
			c := c.(map[string]any)
			delete(c, "Links")
			if c["Name"] != "favourite_draft_id" {
				kept = append(kept, c)
			}
		}
		m["Columns"] = kept
		idx, _ := m["Indexes"].([]any)
		keptIdx := idx[:0]
		for _, ix := range idx {
			if ix.(map[string]any)["Name"] != "readers_favourite_draft_id_idx" {
				keptIdx = append(keptIdx, ix)
			}
		}
		m["Indexes"] = keptIdx
		if f, ok := m["Fields"].(map[string]any); ok {
			delete(f, "favourite_draft_id")
		}
		b, _ := json.Marshal(m)
		exec(t, db, `UPDATE kiln_schema_state SET def = ? WHERE name = ?`, string(b), row)
	}
}

// TestMigrateLinksPerVersion converts a database of the previous layout,
// where every link named one row per document (its published row once
// there was one, else its draft), to links per version: each version
// links the other side's row of its own version, a plain row links both
// versions (its draft's in the new column), and no link is lost. The dry
// run says so, and a second run has nothing to do.
func TestMigrateLinksPerVersion(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		migrateTo(t, db, versionTypes, migrate.Options{})
		asBeforeVersions(t, db)
		row := func(table, doc, name string, id int, published bool) {
			pub := "NULL"
			if published {
				pub = at0
			}
			exec(t, db, `INSERT INTO `+table+` (id, document_id, `+name+`, created_at, updated_at, published_at) VALUES (?, ?, ?, `+at0+`, `+at0+`, `+pub+`)`, id, doc, doc)
		}
		// b1: draft 1, published 2; b2: a draft only (3).
		row("boxes", "b1", "name", 1, false)
		row("boxes", "b1", "name", 2, true)
		row("boxes", "b2", "name", 3, false)
		// g1: draft 1, published 2, in box b1 (its link row, 2); g2: a
		// draft only (3), in box b2 (3).
		row("guides", "g1", "title", 1, false)
		row("guides", "g1", "title", 2, true)
		row("guides", "g2", "title", 3, false)
		exec(t, db, `UPDATE guides SET box_id = 2 WHERE document_id = 'g1'`)
		exec(t, db, `UPDATE guides SET box_id = 3 WHERE document_id = 'g2'`)
		row("tags", "t1", "name", 1, true)
		exec(t, db, `INSERT INTO guides_tags_lnk (guide_id, tag_id, tag_ord, guide_ord) VALUES (2, 1, 1, 1), (3, 1, 1, 2)`)
		exec(t, db, `INSERT INTO guides_boxes_lnk (guide_id, box_id, box_ord, guide_ord) VALUES (2, 2, 1, 1), (2, 3, 2, 1), (3, 2, 1, 2)`)
		// r1 likes g1 (its link row, 2), r2 the draft-only g2 (3).
		row("readers", "r1", "name", 1, true)
		row("readers", "r2", "name", 2, true)
		exec(t, db, `UPDATE readers SET favourite_id = 2 WHERE id = 1`)
		exec(t, db, `UPDATE readers SET favourite_id = 3 WHERE id = 2`)

		plan, err := migrate.Run(ctx, db, mustLoad(t, versionTypes), migrate.Options{DryRun: true})
		if err != nil {
			t.Fatal(err)
		}
		sameList(t, "steps", descriptions(plan.Steps), []string{
			"add column readers.favourite_draft_id",
			"create index readers_favourite_draft_id_idx on readers (favourite_draft_id)",
			"keep the links of guide.box per version (draft & publish)",
			"keep the links of reader.favourite per version (draft & publish)",
			"keep the links of guide.boxes per version (draft & publish)",
			"keep the links of guide.boxes per version (draft & publish)",
			"keep the links of guide.tags per version (draft & publish)",
		})
		if len(plan.Destructive()) != 0 {
			t.Fatalf("destructive steps:\n%s", plan)
		}
		migrateTo(t, db, versionTypes, migrate.Options{})

		// Each version in its own box: g1's draft in b1's draft (1), its
		// published row in b1's (2); g2's draft in b2's draft (3).
		sameList(t, "guides.box_id", strs(t, db, `SELECT id || ':' || box_id FROM guides ORDER BY id`), []string{"1:1", "2:2", "3:3"})
		// The draft links drafts; g1's published row keeps b1's published
		// row and loses b2, which has no published version (its draft
		// keeps it).
		sameList(t, "guides_boxes_lnk", strs(t, db, `SELECT guide_id || '-' || box_id FROM guides_boxes_lnk ORDER BY guide_id, box_id`),
			[]string{"1-1", "1-3", "2-2", "3-1"})
		sameList(t, "guides_tags_lnk", strs(t, db, `SELECT guide_id || '-' || tag_id FROM guides_tags_lnk ORDER BY guide_id`),
			[]string{"1-1", "2-1", "3-1"})
		// r1 links both versions of g1; r2 only g2's draft, its one version.
		sameList(t, "readers", strs(t, db, `SELECT id || ':' || COALESCE(favourite_id, 0) || '/' || favourite_draft_id FROM readers ORDER BY id`),
			[]string{"1:2/1", "2:0/3"})
		mustBeEmpty(t, db, versionTypes)
	})
}
