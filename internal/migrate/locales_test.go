package migrate_test

import (
	"testing"

	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/migrate"
	"github.com/kiln-cms/kiln/internal/store/storetest"
)

// guideDrafts is a draft & publish type with a unique field, before and
// after it is localized.
const guideDrafts = `kind: collectionType
info: {singularName: guide, pluralName: guides}
options: {draftAndPublish: true}
attributes:
  title: {type: string}
  code: {type: string, unique: true}
`

// TestMigrateLocalizeType: making a type localized (pluginOptions.i18n)
// adds its locale column, and every row it had — a note, both versions of
// a guide — becomes the default locale's, none lost; the unique indexes
// (document_id and a unique field) are made again with the locale, so
// the same value may then be held once per locale.
func TestMigrateLocalizeType(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		v1 := map[string]string{"note.yaml": noteYAML, "guide.yaml": guideDrafts}
		migrateTo(t, db, v1, migrate.Options{})
		addNote(t, db, "d1", "kept", 12)
		addNote(t, db, "d2", "also kept", 3)
		exec(t, db, `INSERT INTO guides (document_id, title, code, created_at, updated_at, published_at) VALUES ('g1', 'G draft', 'X', `+at0+`, `+at0+`, NULL)`)
		exec(t, db, `INSERT INTO guides (document_id, title, code, created_at, updated_at, published_at) VALUES ('g1', 'G', 'X', `+at0+`, `+at0+`, `+at0+`)`)

		localized := "pluginOptions: {i18n: {localized: true}}\n"
		v2 := map[string]string{"note.yaml": noteYAML + localized, "guide.yaml": guideDrafts + localized}
		s := mustLoad(t, v2)
		s.SetLocales([]string{"fr", "de"}, "fr")
		plan, err := migrate.Run(t.Context(), db, s, migrate.Options{})
		if err != nil {
			t.Fatalf("migrate: %v\n%s", err, plan)
		}
		for _, st := range plan.Steps {
			if st.Destructive {
				t.Errorf("localizing planned a destructive step: %s", st.Description)
			}
		}
		sameList(t, "notes", strs(t, db, `SELECT document_id || '/' || title || '/' || locale FROM notes ORDER BY id`),
			[]string{"d1/kept/fr", "d2/also kept/fr"})
		sameList(t, "guides", strs(t, db, `SELECT document_id || '/' || title || '/' || locale FROM guides ORDER BY id`),
			[]string{"g1/G draft/fr", "g1/G/fr"})
		sameList(t, "note indexes", indexesOf(t, db, "notes"), []string{"notes_document_id_locale_uq", "notes_published_at_idx"})
		sameList(t, "guide indexes", indexesOf(t, db, "guides"), []string{
			"guides_code_locale_draft_uq", "guides_code_locale_pub_uq",
			"guides_document_id_locale_draft_uq", "guides_document_id_locale_pub_uq", "guides_published_at_idx"})

		// The same document and code in another locale: allowed now.
		exec(t, db, `INSERT INTO guides (document_id, title, code, locale, created_at, updated_at, published_at) VALUES ('g1', 'G de', 'X', 'de', `+at0+`, `+at0+`, NULL)`)
		if _, err := db.ExecContext(t.Context(), `INSERT INTO guides (document_id, title, code, locale, created_at, updated_at, published_at) VALUES ('g2', 'G2', 'X', 'de', `+at0+`, `+at0+`, NULL)`); !database.IsUnique(err) {
			t.Errorf("a second X in de: %v, want a unique violation", err)
		}
		m := mustLoad(t, v2)
		m.SetLocales([]string{"fr", "de"}, "fr")
		if plan, err := migrate.Run(t.Context(), db, m, migrate.Options{}); err != nil || !plan.Empty() {
			t.Fatalf("the next migration is not a no-op (err %v):\n%s", err, plan)
		}
	})
}
