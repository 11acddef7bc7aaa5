package store_test

import (
	"testing"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/store/storetest"
)

// TestPublish: the first publish of a draft (Lead 201, row 3, which
// program 2 links) creates its published row and moves the links to it;
// publishing again updates that row in place, keeping its id, with the
// draft's values.
func TestPublish(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db)
		bp := f.ty("blueprint")
		pub, err := f.st.Publish(ctx, db, f.s, bp, 3)
		if err != nil || pub != 7 {
			t.Fatalf("first publish: row %d (%v), want 7", pub, err)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM programs WHERE id = 2 AND blueprint_id = 7`); n != 1 {
			t.Error("program 2 still links the draft row")
		}
		exec(t, db, `UPDATE blueprints SET title = 'Lead 202' WHERE id = 3`)
		if again, err := f.st.Publish(ctx, db, f.s, bp, 3); err != nil || again != 7 {
			t.Fatalf("second publish: row %d (%v), want 7", again, err)
		}
		e, err := f.st.FindOne(ctx, db, &query.Query{Type: bp}, 7, entry.ReadOptions{})
		if err != nil || get(t, e, "title") != "Lead 202" || get(t, e, "publishedAt") == nil {
			t.Fatalf("published row: %v (%v)", e, err)
		}
		d, err := f.st.FindDocument(ctx, db, bp, f.doc("blueprint", 3), "")
		if err != nil || d.Draft != 3 || d.Published != 7 {
			t.Errorf("document: %+v (%v)", d, err)
		}
		if err := f.st.DeleteDocument(ctx, db, bp, d.ID, ""); err != nil {
			t.Fatal(err)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM blueprints WHERE id IN (3, 7)`); n != 0 {
			t.Errorf("%d rows of the deleted document left", n)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM programs WHERE id = 2 AND blueprint_id IS NULL`); n != 1 {
			t.Error("program 2 still links the deleted document")
		}
	})
}

// TestBulkLoadedDocuments: a published row written alone (a bulk load)
// reads as both versions, and its first draft write adds the draft row,
// leaving the published version as it was.
func TestBulkLoadedDocuments(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db)
		bp := f.ty("blueprint")
		exec(t, db, `INSERT INTO blueprints (id, document_id, title, created_at, updated_at, published_at) VALUES (50, 'bulk', 'Loaded', `+at0+`, `+at0+`, `+at0+`)`)
		for _, st := range []query.Status{query.Published, query.Draft} {
			list := f.find(t, &query.Query{Type: bp, Status: st, Filters: cond(bp, "documentId", query.OpEq, "bulk")}, entry.ReadOptions{})
			eqIDs(t, "bulk-loaded "+st.String(), idsOf(list), ids(50))
		}
		d, err := f.st.FindDocument(ctx, db, bp, "bulk", "")
		if err != nil || d.Draft != 0 || d.Published != 50 || d.Version(query.Draft) != 50 {
			t.Fatalf("document: %+v (%v)", d, err)
		}
		draft, err := f.st.AddDraft(ctx, db, bp, 50)
		if err != nil || draft == 0 {
			t.Fatal(draft, err)
		}
		exec(t, db, `UPDATE blueprints SET title = 'Changed' WHERE id = ?`, draft)
		pub := f.find(t, &query.Query{Type: bp, Filters: cond(bp, "documentId", query.OpEq, "bulk")}, entry.ReadOptions{})
		drafts := f.find(t, &query.Query{Type: bp, Status: query.Draft, Filters: cond(bp, "documentId", query.OpEq, "bulk")}, entry.ReadOptions{})
		if len(pub) != 1 || get(t, pub[0], "title") != "Loaded" || len(drafts) != 1 || drafts[0].ID != draft || get(t, drafts[0], "title") != "Changed" {
			t.Errorf("after the draft: published %v, drafts %v", pub, drafts)
		}
	})
}
