package migrate_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/migrate"
	"github.com/kiln-cms/kiln/internal/store/storetest"
)

const commentYAML = `kind: collectionType
info: {singularName: comment, pluralName: comments}
attributes:
  text: {type: string}
  note: {type: relation, relation: manyToOne, target: note}
`

// TestMigrateTypeChange turns an indexed integer into a string and back.
// The change waits for AllowDestructive; applied, it converts the values,
// keeps the index, the rows pointing at the table (SQLite rebuilds it) and
// the id counter. A value that cannot convert stops the whole migration,
// which leaves everything as it was.
func TestMigrateTypeChange(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		indexed := strings.Replace(noteYAML, "pages: {type: integer}", "pages: {type: integer, index: true}", 1)
		v1 := map[string]string{"note.yaml": indexed, "comment.yaml": commentYAML}
		migrateTo(t, db, v1, migrate.Options{})
		addNote(t, db, "d1", "twelve", 12)
		addNote(t, db, "d2", "none", nil)
		addNote(t, db, "d3", "gone", 3)
		exec(t, db, `DELETE FROM notes WHERE document_id = 'd3'`)
		exec(t, db, `INSERT INTO comments (document_id, text, note_id, created_at, updated_at) VALUES ('c1', 'on twelve', 1, `+at0+`, `+at0+`)`)

		v2 := map[string]string{"note.yaml": strings.Replace(indexed, "type: integer", "type: string", 1), "comment.yaml": commentYAML}
		want := []string{"change type of notes.pages from integer to string (values converted)"}
		if db.Dialect == database.SQLite {
			want = []string{
				"rebuild table notes: create kiln_rebuild_notes to change type of notes.pages from integer to string (values converted)",
				"rebuild table notes: keep the id sequence",
				"rebuild table notes: copy the rows",
				"rebuild table notes: drop the old table",
				"rebuild table notes: rename kiln_rebuild_notes to notes",
				"rebuild table notes: create index notes_document_id_uq on notes (document_id)",
				"rebuild table notes: create index notes_pages_idx on notes (pages)",
				"rebuild table notes: create index notes_published_at_idx on notes (published_at)",
			}
		}
		destructiveRefused(t, db, v2, want)
		typeBefore := map[database.Dialect]string{database.SQLite: "INTEGER", database.Postgres: "integer"}[db.Dialect]
		if got := columnType(t, db, "notes", "pages"); got != typeBefore {
			t.Fatalf("pages is %s before the change is allowed, want %s", got, typeBefore)
		}

		migrateTo(t, db, v2, migrate.Options{AllowDestructive: true})
		typeAfter := map[database.Dialect]string{database.SQLite: "VARCHAR(255)", database.Postgres: "character varying"}[db.Dialect]
		if got := columnType(t, db, "notes", "pages"); got != typeAfter {
			t.Fatalf("pages is %s after the change, want %s", got, typeAfter)
		}
		sameList(t, "converted values", strs(t, db, `SELECT title || '=' || COALESCE(pages, 'null') FROM notes ORDER BY id`),
			[]string{"twelve=12", "none=null"})
		if db.Dialect == database.SQLite {
			sameList(t, "stored as text", strs(t, db, `SELECT DISTINCT typeof(pages) FROM notes WHERE pages IS NOT NULL`), []string{"text"})
		}
		sameList(t, "indexes", indexesOf(t, db, "notes"), []string{"notes_document_id_uq", "notes_pages_idx", "notes_published_at_idx"})
		sameList(t, "comment keeps its note", strs(t, db, `SELECT c.text || '/' || n.title FROM comments c JOIN notes n ON n.id = c.note_id`),
			[]string{"on twelve/twelve"})
		sameList(t, "comments foreign keys", foreignKeysOf(t, db, "comments"), []string{"note_id -> notes"})
		foreignKeysEnforced(t, db)
		exec(t, db, `DELETE FROM notes WHERE document_id = 'd1'`)
		sameList(t, "ON DELETE SET NULL still works", strs(t, db, `SELECT COALESCE(CAST(note_id AS TEXT), 'null') FROM comments`), []string{"null"})
		addNote(t, db, "d4", "new", "abc")
		sameList(t, "ids are not reused", strs(t, db, `SELECT CAST(id AS TEXT) FROM notes WHERE document_id = 'd4'`), []string{"4"})
		mustBeEmpty(t, db, v2)

		// Back to integer: "abc" cannot convert, so nothing happens at all.
		v3 := map[string]string{"note.yaml": indexed, "comment.yaml": commentYAML, "tag.yaml": tagYAML}
		plan, err := migrate.Run(ctx, db, mustLoad(t, v3), migrate.Options{AllowDestructive: true})
		if err == nil || errors.Is(err, migrate.ErrDestructivePending) {
			t.Fatalf("converting \"abc\" to integer: err = %v\n%s", err, plan)
		}
		if db.Dialect == database.SQLite && !strings.Contains(err.Error(), "1 value(s) of notes.pages to integer cannot be converted") {
			t.Errorf("SQLite's error does not say what failed: %v", err)
		}
		if got := columnType(t, db, "notes", "pages"); got != typeAfter {
			t.Fatalf("a failed migration changed pages to %s", got)
		}
		sameList(t, "the failed migration rolled back its additive steps too", tablesOf(t, db),
			[]string{"comments", "files", "kiln_api_tokens", "kiln_locales", "kiln_schema_state", "kiln_webhook_deliveries", "kiln_webhooks", "notes", "roles", "users"})

		exec(t, db, `UPDATE notes SET pages = '7' WHERE pages = 'abc'`)
		migrateTo(t, db, v3, migrate.Options{AllowDestructive: true})
		if got := columnType(t, db, "notes", "pages"); got != typeBefore {
			t.Fatalf("pages is %s after changing back, want %s", got, typeBefore)
		}
		sameList(t, "values back", strs(t, db, `SELECT title || '=' || COALESCE(CAST(pages + 1 AS TEXT), 'null') FROM notes ORDER BY id`),
			[]string{"none=null", "new=8"})
		mustBeEmpty(t, db, v3)
	})
}

// foreignKeysEnforced checks, on SQLite, that every pooled connection has
// its foreign keys back on after a migration turned them off for its own.
func foreignKeysEnforced(t *testing.T, db *database.DB) {
	t.Helper()
	if db.Dialect != database.SQLite {
		return
	}
	ctx := context.Background()
	for range 4 { // the pool's size: each Conn is a different connection
		conn, err := db.SQL().Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		var on int
		if err := conn.QueryRowContext(ctx, "PRAGMA foreign_keys").Scan(&on); err != nil || on != 1 {
			t.Fatalf("a pooled connection has foreign_keys = %d (%v)", on, err)
		}
	}
}

// TestMigrateFieldTypeUnderSameSQLType: on SQLite a date and a datetime are
// both TEXT, yet the values must be rewritten; the snapshot's field types
// tell. PostgreSQL sees a change of SQL type.
func TestMigrateFieldTypeUnderSameSQLType(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		v1 := map[string]string{"note.yaml": noteYAML + "  day: {type: date}\n"}
		migrateTo(t, db, v1, migrate.Options{})
		addNote(t, db, "d1", "x", 1)
		exec(t, db, `UPDATE notes SET day = '2026-03-29'`)
		v2 := map[string]string{"note.yaml": noteYAML + "  day: {type: datetime}\n"}
		destructiveRefused(t, db, v2, []string{"change type of notes.day from date to datetime (values converted)"})
		migrateTo(t, db, v2, migrate.Options{AllowDestructive: true})
		var got string
		q := `SELECT day FROM notes`
		if db.Dialect == database.Postgres {
			q = `SELECT to_char(day AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') FROM notes`
		}
		if err := db.QueryRowContext(context.Background(), q).Scan(&got); err != nil || got != "2026-03-29T00:00:00.000Z" {
			t.Fatalf("day = %q (%v), want 2026-03-29T00:00:00.000Z", got, err)
		}
		mustBeEmpty(t, db, v2)
	})
}

// TestMigrateRecreatesWhatWentMissing: a table or column dropped by hand
// is created again although the snapshot lists it.
func TestMigrateRecreatesWhatWentMissing(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		v1 := map[string]string{"note.yaml": noteYAML + "  body: {type: text}\n", "tag.yaml": tagYAML}
		migrateTo(t, db, v1, migrate.Options{})
		exec(t, db, `DROP TABLE tags`)
		exec(t, db, `ALTER TABLE notes DROP COLUMN body`)
		plan := migrateTo(t, db, v1, migrate.Options{})
		sameList(t, "steps", descriptions(plan.Steps), []string{"create table tags", "add column notes.body",
			"create index tags_document_id_uq on tags (document_id)", "create index tags_name_uq on tags (name)",
			"create index tags_published_at_idx on tags (published_at)"})
		mustBeEmpty(t, db, v1)
	})
}

// TestMigrateLeavesOthersAlone: tables and columns Kiln did not create are
// never dropped, even with AllowDestructive, and a SQLite rebuild carries
// them and their indexes over.
func TestMigrateLeavesOthersAlone(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		v1 := map[string]string{"note.yaml": noteYAML}
		migrateTo(t, db, v1, migrate.Options{})
		exec(t, db, `CREATE TABLE legacy (id INTEGER PRIMARY KEY, note TEXT)`)
		exec(t, db, `ALTER TABLE notes ADD COLUMN extra TEXT`)
		exec(t, db, `CREATE INDEX notes_extra_custom ON notes (extra)`)
		addNote(t, db, "d1", "kept", 12)
		exec(t, db, `UPDATE notes SET extra = 'mine'`)
		v2 := map[string]string{"note.yaml": strings.Replace(noteYAML, "type: integer", "type: string", 1)}
		migrateTo(t, db, v2, migrate.Options{AllowDestructive: true})
		sameList(t, "tables", tablesOf(t, db), []string{"files", "kiln_api_tokens", "kiln_locales", "kiln_schema_state", "kiln_webhook_deliveries", "kiln_webhooks", "legacy", "notes", "roles", "users"})
		sameList(t, "extra kept", strs(t, db, `SELECT extra || '/' || pages FROM notes`), []string{"mine/12"})
		sameList(t, "indexes", indexesOf(t, db, "notes"), []string{"notes_document_id_uq", "notes_extra_custom", "notes_published_at_idx"})
		mustBeEmpty(t, db, v2)
	})
}

// TestMigrateConcurrently: nodes starting together each migrate; the
// migrations queue (an advisory lock on PostgreSQL, the write lock on
// SQLite) and the later ones find nothing to do.
func TestMigrateConcurrently(t *testing.T) {
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			url := storetest.URL(t, d)
			s := loadSchema(t)
			var wg sync.WaitGroup
			errs := make([]error, 4)
			for i := range errs {
				db, err := database.Open(context.Background(), url)
				if err != nil {
					t.Fatal(err)
				}
				defer db.Close()
				wg.Go(func() { _, errs[i] = migrate.Run(context.Background(), db, s, migrate.Options{}) })
			}
			wg.Wait()
			for i, err := range errs {
				if err != nil {
					t.Errorf("node %d: %v", i, err)
				}
			}
			db, err := database.Open(context.Background(), url)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			if plan, err := migrate.Preview(context.Background(), db, s, migrate.Extra{}); err != nil || !plan.Empty() {
				t.Fatalf("after concurrent migrations (err %v):\n%s", err, plan)
			}
		})
	}
}

// TestMigrateRelationTargetChange: a relation that now targets another
// type keeps its column or join table name, but its links meant rows of
// the old type: the column is emptied and re-pointed, the join table made
// again, only with AllowDestructive.
func TestMigrateRelationTargetChange(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		rels := "  tag: {type: relation, relation: manyToOne, target: %s}\n  tags: {type: relation, relation: manyToMany, target: %s}\n"
		v1 := map[string]string{"tag.yaml": tagYAML, "note.yaml": noteYAML + fmt.Sprintf(rels, "tag", "tag")}
		migrateTo(t, db, v1, migrate.Options{})
		exec(t, db, `INSERT INTO tags (id, document_id, name, created_at, updated_at) VALUES (7, 't7', 'x', `+at0+`, `+at0+`)`)
		addNote(t, db, "d1", "kept", 12)
		exec(t, db, `UPDATE notes SET tag_id = 7`)
		exec(t, db, `INSERT INTO notes_tags_lnk (note_id, tag_id) SELECT id, 7 FROM notes`)

		labelYAML := strings.NewReplacer("tag", "label").Replace(tagYAML)
		v2 := map[string]string{"label.yaml": labelYAML, "note.yaml": noteYAML + fmt.Sprintf(rels, "label", "label")}
		var want []string
		if db.Dialect == database.SQLite {
			want = []string{
				"rebuild table notes: create kiln_rebuild_notes to point notes.tag_id at labels instead of tags (data loss: its links are cleared)",
				"rebuild table notes: keep the id sequence",
				"rebuild table notes: copy the rows",
				"rebuild table notes: drop the old table",
				"rebuild table notes: rename kiln_rebuild_notes to notes",
				"rebuild table notes: create index notes_document_id_uq on notes (document_id)",
				"rebuild table notes: create index notes_tag_id_idx on notes (tag_id)",
				"rebuild table notes: create index notes_published_at_idx on notes (published_at)",
				"recreate join table notes_tags_lnk (data loss: its links now join other tables)",
				"create table notes_tags_lnk",
			}
		} else {
			want = []string{
				"point notes.tag_id at labels instead of tags (data loss: its links are cleared)",
				"add column notes.tag_id",
				"create index notes_tag_id_idx on notes (tag_id)",
				"recreate join table notes_tags_lnk (data loss: its links now join other tables)",
				"create table notes_tags_lnk",
				"add foreign key notes_tags_lnk.note_id -> notes",
				"add foreign key notes_tags_lnk.label_id -> labels",
			}
		}
		want = append(want,
			"create index notes_tags_lnk_pair_uq on notes_tags_lnk (note_id, label_id)",
			"create index notes_tags_lnk_label_id_idx on notes_tags_lnk (label_id)",
			"create index notes_tags_lnk_note_ord_idx on notes_tags_lnk (label_id, note_ord)",
			"drop table tags (data loss)")
		destructiveRefused(t, db, v2, want)
		sameList(t, "foreign keys kept", foreignKeysOf(t, db, "notes"), []string{"tag_id -> tags"})
		sameList(t, "links kept", strs(t, db, `SELECT CAST(tag_id AS TEXT) FROM notes_tags_lnk`), []string{"7"})

		migrateTo(t, db, v2, migrate.Options{AllowDestructive: true})
		sameList(t, "foreign keys", foreignKeysOf(t, db, "notes"), []string{"tag_id -> labels"})
		sameList(t, "row, its link cleared", strs(t, db, `SELECT title || '/' || COALESCE(CAST(tag_id AS TEXT), 'null') FROM notes`), []string{"kept/null"})
		sameList(t, "join columns", columnsOf(t, db, "notes_tags_lnk"), []string{"id", "note_id", "label_id", "label_ord", "note_ord"})
		sameList(t, "join foreign keys", foreignKeysOf(t, db, "notes_tags_lnk"), []string{"label_id -> labels", "note_id -> notes"})
		sameList(t, "tables", tablesOf(t, db), []string{"files", "kiln_api_tokens", "kiln_locales", "kiln_schema_state", "kiln_webhook_deliveries", "kiln_webhooks", "labels", "notes", "notes_tags_lnk", "roles", "users"})
		foreignKeysEnforced(t, db)
		mustBeEmpty(t, db, v2)
	})
}

// TestMigrateNeverTruncates: text that becomes a string keeps values longer
// than 255 characters on SQLite (its VARCHAR has no limit) and stops the
// migration on PostgreSQL, never cutting them.
func TestMigrateNeverTruncates(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		v1 := map[string]string{"note.yaml": noteYAML + "  body: {type: text}\n"}
		migrateTo(t, db, v1, migrate.Options{})
		addNote(t, db, "d1", "long", 1)
		long := strings.Repeat("x", 300)
		exec(t, db, `UPDATE notes SET body = ?`, long)
		v2 := map[string]string{"note.yaml": noteYAML + "  body: {type: string}\n"}
		_, err := migrate.Run(context.Background(), db, mustLoad(t, v2), migrate.Options{AllowDestructive: true})
		if db.Dialect == database.Postgres {
			if err == nil || !strings.Contains(err.Error(), "too long") {
				t.Fatalf("err = %v, want PostgreSQL's value too long", err)
			}
		} else if err != nil {
			t.Fatal(err)
		}
		sameList(t, "body", strs(t, db, `SELECT body FROM notes`), []string{long})
	})
}
