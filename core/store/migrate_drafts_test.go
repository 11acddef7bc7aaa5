package store_test

import (
	"context"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/store"
	"github.com/kiln-cms/kiln/core/store/storetest"
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
// stay as they are, links keep pointing at the published row, the unique
// indexes become per version, nothing is lost, and a second run does
// nothing.
func TestMigrateToTwoRows(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		migrate(t, db, guideTypes(false), store.MigrateOptions{})
		exec(t, db, `INSERT INTO shelves (document_id, name, created_at, updated_at, published_at) VALUES ('s1', 'Top', `+at0+`, `+at0+`, `+at0+`)`)
		exec(t, db, `INSERT INTO tags (document_id, name, created_at, updated_at, published_at) VALUES ('t1', 'go', `+at0+`, `+at0+`, `+at0+`)`)
		exec(t, db, `INSERT INTO guides (document_id, title, slug, shelf_id, created_at, updated_at, published_at) VALUES
			('g1', 'Published', 'published', 1, `+at0+`, `+at0+`, `+at0+`),
			('g2', 'Draft', 'draft', 1, `+at0+`, `+at0+`, NULL)`)
		exec(t, db, `INSERT INTO guides_tags_lnk (guide_id, tag_id) VALUES (1, 1), (2, 1)`)
		exec(t, db, `INSERT INTO readers (document_id, name, favourite_id, created_at, updated_at, published_at) VALUES ('r1', 'Ann', 1, `+at0+`, `+at0+`, `+at0+`)`)

		plan, err := store.Migrate(ctx, db, mustLoad(t, guideTypes(true)), store.MigrateOptions{DryRun: true})
		if err != nil || !strings.Contains(plan.String(), "give the 1 published guides without one their draft version") {
			t.Fatalf("dry run (%v):\n%s", err, plan)
		}
		if len(plan.Destructive()) != 0 {
			t.Fatalf("destructive steps:\n%s", plan)
		}
		migrate(t, db, guideTypes(true), store.MigrateOptions{})

		type row struct {
			id               int64
			doc, title, slug string
			shelf            int64
			published        bool
		}
		rows, err := db.Bun.QueryContext(ctx, `SELECT id, document_id, title, slug, shelf_id, published_at IS NOT NULL FROM guides ORDER BY id`)
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
		if n := count(t, db, `SELECT COUNT(*) FROM guides_tags_lnk WHERE guide_id = 1 AND tag_id = 1`); n != 1 {
			t.Errorf("join row of the published guide: %d", n)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM readers WHERE favourite_id = 1`); n != 1 {
			t.Errorf("the reader's link moved: %d", n)
		}
		mustBeEmpty(t, db, guideTypes(true))

		// The store reads one version per document, and the slug may be the
		// same in the two versions of g1 but not across documents.
		s := mustLoad(t, guideTypes(true))
		st := &store.Store{DB: db}
		guide := s.Type("guide")
		for status, want := range map[query.Status]int64{query.Published: 1, query.Draft: 2} {
			if n, err := st.Count(ctx, db.Bun, &query.Query{Type: guide, Status: status}, store.ReadOptions{}); err != nil || n != want {
				t.Errorf("count %v: %d (%v), want %d", status, n, err, want)
			}
		}
		_, err = db.Bun.ExecContext(ctx, `INSERT INTO guides (document_id, title, slug, created_at, updated_at) VALUES ('g3', 'x', 'published', `+at0+`, `+at0+`)`)
		if err == nil {
			t.Error("a second document's draft took the slug of another's draft")
		}
		d, err := st.FindDocument(ctx, db.Bun, guide, "g1")
		if err != nil || d.Draft != 3 || d.Published != 1 || d.Link() != 1 {
			t.Errorf("document g1: %+v (%v)", d, err)
		}
	})
}
