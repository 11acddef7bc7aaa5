package migrate_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/migrate"
	"github.com/kiln-cms/kiln/internal/store/storetest"
)

const noteYAML = `kind: collectionType
info: {singularName: note, pluralName: notes}
attributes:
  title: {type: string}
  pages: {type: integer}
`

const tagYAML = `kind: collectionType
info: {singularName: tag, pluralName: tags}
attributes:
  name: {type: string, unique: true}
`

const at0 = "'2026-01-01T00:00:00.000Z'"

func addNote(t *testing.T, db *database.DB, doc, title string, pages any) {
	t.Helper()
	exec(t, db, `INSERT INTO notes (document_id, title, pages, created_at, updated_at) VALUES (?, ?, ?, `+at0+`, `+at0+`)`, doc, title, pages)
}

func migrateTo(t *testing.T, db *database.DB, files map[string]string, opts migrate.Options) *migrate.Plan {
	t.Helper()
	plan, err := migrate.Run(context.Background(), db, mustLoad(t, files), opts)
	if err != nil {
		t.Fatalf("migrate: %v\n%s", err, plan)
	}
	return plan
}

// mustBeEmpty asserts that the database matches the schema: the plan is
// empty and migrating again writes nothing at all.
func mustBeEmpty(t *testing.T, db *database.DB, files map[string]string) {
	t.Helper()
	spy := spyOn(db)
	plan, err := migrate.Run(context.Background(), db, mustLoad(t, files), migrate.Options{})
	if err != nil || !plan.Empty() {
		t.Fatalf("the next migration is not a no-op (err %v):\n%s", err, plan)
	}
	if w := spy.take(); len(w) > 0 {
		t.Fatalf("a migration with nothing to do wrote:\n%s", strings.Join(w, "\n"))
	}
}

// TestMigrateFreshDatabase builds the shipped schema on an empty database:
// every table, column, index and foreign key DesiredTables describes is
// there, the snapshot records each table, and the next run does nothing.
func TestMigrateFreshDatabase(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := loadSchema(t)
		plan, err := migrate.Run(ctx, db, s, migrate.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(plan.Destructive()) != 0 || plan.Empty() {
			t.Fatalf("fresh plan: %d additive, %d destructive", len(plan.Additive()), len(plan.Destructive()))
		}
		var tables []string
		for _, td := range migrate.DesiredTables(db.Dialect, s) {
			tables = append(tables, td.Name)
			var cols, idx, fks []string
			for _, c := range td.Columns {
				cols = append(cols, c.Name)
				if c.Ref != "" {
					fks = append(fks, c.Name+" -> "+c.Ref)
				}
			}
			for _, ix := range td.Indexes {
				idx = append(idx, ix.Name)
			}
			slices.Sort(idx)
			slices.Sort(fks)
			sameList(t, td.Name+" columns", columnsOf(t, db, td.Name), cols)
			sameList(t, td.Name+" indexes", indexesOf(t, db, td.Name), idx)
			sameList(t, td.Name+" foreign keys", foreignKeysOf(t, db, td.Name), fks)
		}
		slices.Sort(tables)
		sameList(t, "snapshot", snapshotOf(t, db), tables)
		sameList(t, "tables", tablesOf(t, db), slices.Sorted(slices.Values(append(slices.Clone(tables), "kiln_schema_state", migrate.APITokenTable, migrate.WebhooksTable, migrate.DeliveriesTable, migrate.LocalesTable))))
		// Spot checks written out, in case DesiredTables itself went wrong.
		sameList(t, "events_learners_lnk", columnsOf(t, db, "events_learners_lnk"), []string{"id", "event_id", "learner_id", "learner_ord", "event_ord"})
		sameList(t, "events_learners_lnk foreign keys", foreignKeysOf(t, db, "events_learners_lnk"),
			[]string{"event_id -> events", "learner_id -> learners"})
		for _, ix := range []string{"events_start_at_idx", "events_end_at_idx"} {
			if !slices.Contains(indexesOf(t, db, "events"), ix) {
				t.Errorf("index: true on the events' times made no %s", ix)
			}
		}

		spy := spyOn(db)
		again, err := migrate.Run(ctx, db, s, migrate.Options{})
		if err != nil || !again.Empty() {
			t.Fatalf("second run not a no-op (err %v):\n%s", err, again)
		}
		if w := spy.take(); len(w) > 0 {
			t.Fatalf("second run wrote:\n%s", strings.Join(w, "\n"))
		}
	})
}

// TestMigrateAddField: a new field is one ADD COLUMN (and its index), the
// rows already there keep their values and get NULL in it.
func TestMigrateAddField(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		migrateTo(t, db, map[string]string{"note.yaml": noteYAML}, migrate.Options{})
		addNote(t, db, "d1", "kept", 12)
		v2 := map[string]string{"note.yaml": noteYAML + "  body: {type: text}\n  rating: {type: integer, index: true}\n"}
		plan := migrateTo(t, db, v2, migrate.Options{})
		sameList(t, "steps", descriptions(plan.Steps), []string{
			"add column notes.body", "add column notes.rating", "create index notes_rating_idx on notes (rating)"})
		sameList(t, "columns", columnsOf(t, db, "notes"),
			[]string{"id", "document_id", "title", "pages", "created_at", "updated_at", "published_at", "body", "rating"})
		sameList(t, "row", strs(t, db, `SELECT title || '/' || pages || '/' || COALESCE(body, 'null') FROM notes`), []string{"kept/12/null"})
		mustBeEmpty(t, db, v2)
	})
}

// TestMigrateAddRelation: a new manyToOne is a foreign-key column with its
// index, and the foreign key works (deleting the target clears it).
func TestMigrateAddRelation(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		migrateTo(t, db, map[string]string{"note.yaml": noteYAML, "tag.yaml": tagYAML}, migrate.Options{})
		addNote(t, db, "d1", "kept", 12)
		v2 := map[string]string{"note.yaml": noteYAML + "  tag: {type: relation, relation: manyToOne, target: tag}\n", "tag.yaml": tagYAML}
		plan := migrateTo(t, db, v2, migrate.Options{})
		sameList(t, "steps", descriptions(plan.Steps), []string{"add column notes.tag_id", "create index notes_tag_id_idx on notes (tag_id)"})
		sameList(t, "foreign keys", foreignKeysOf(t, db, "notes"), []string{"tag_id -> tags"})
		sameList(t, "indexes", indexesOf(t, db, "notes"), []string{"notes_document_id_uq", "notes_published_at_idx", "notes_tag_id_idx"})
		exec(t, db, `INSERT INTO tags (id, document_id, name, created_at, updated_at) VALUES (7, 't7', 'x', `+at0+`, `+at0+`)`)
		exec(t, db, `UPDATE notes SET tag_id = 7`)
		exec(t, db, `DELETE FROM tags`)
		sameList(t, "tag_id after its tag went", strs(t, db, `SELECT COALESCE(CAST(tag_id AS TEXT), 'null') || '/' || title FROM notes`), []string{"null/kept"})
		mustBeEmpty(t, db, v2)
	})
}

// TestMigrateAddManyToMany: a new manyToMany is a join table with its
// foreign keys (separate statements on PostgreSQL) and indexes.
func TestMigrateAddManyToMany(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		migrateTo(t, db, map[string]string{"note.yaml": noteYAML, "tag.yaml": tagYAML}, migrate.Options{})
		v2 := map[string]string{"note.yaml": noteYAML + "  tags: {type: relation, relation: manyToMany, target: tag}\n", "tag.yaml": tagYAML}
		plan := migrateTo(t, db, v2, migrate.Options{})
		want := []string{"create table notes_tags_lnk"}
		if db.Dialect == database.Postgres {
			want = append(want, "add foreign key notes_tags_lnk.note_id -> notes", "add foreign key notes_tags_lnk.tag_id -> tags")
		}
		want = append(want, "create index notes_tags_lnk_pair_uq on notes_tags_lnk (note_id, tag_id)",
			"create index notes_tags_lnk_tag_id_idx on notes_tags_lnk (tag_id)",
			"create index notes_tags_lnk_note_ord_idx on notes_tags_lnk (tag_id, note_ord)")
		sameList(t, "steps", descriptions(plan.Steps), want)
		sameList(t, "columns", columnsOf(t, db, "notes_tags_lnk"), []string{"id", "note_id", "tag_id", "tag_ord", "note_ord"})
		sameList(t, "foreign keys", foreignKeysOf(t, db, "notes_tags_lnk"), []string{"note_id -> notes", "tag_id -> tags"})
		sameList(t, "indexes", indexesOf(t, db, "notes_tags_lnk"), []string{"notes_tags_lnk_note_ord_idx", "notes_tags_lnk_pair_uq", "notes_tags_lnk_tag_id_idx"})
		mustBeEmpty(t, db, v2)
	})
}

// destructiveRefused migrates without AllowDestructive and checks that the
// error is ErrDestructivePending naming each change, that the plan lists
// exactly the destructive steps wanted, and that the next plan offers them
// again.
func destructiveRefused(t *testing.T, db *database.DB, files map[string]string, want []string) {
	t.Helper()
	ctx := context.Background()
	s := mustLoad(t, files)
	plan, err := migrate.Run(ctx, db, s, migrate.Options{})
	if !errors.Is(err, migrate.ErrDestructivePending) {
		t.Fatalf("err = %v, want ErrDestructivePending", err)
	}
	sameList(t, "destructive steps", descriptions(plan.Destructive()), want)
	for _, st := range plan.Destructive() {
		d := st.Description
		if strings.HasPrefix(d, "rebuild table") || !strings.Contains(d, "(data loss") && !strings.Contains(d, "(values converted)") {
			continue // a step of a change, not a change
		}
		if !strings.Contains(err.Error(), d) {
			t.Errorf("the error does not name %q: %v", d, err)
		}
	}
	again, err := migrate.Preview(ctx, db, s, migrate.Extra{})
	if err != nil {
		t.Fatal(err)
	}
	sameList(t, "held-back steps planned again", descriptions(again.Steps), want)
}

// TestMigrateRemoveField: dropping a column waits for AllowDestructive;
// until then the column and its data stay.
func TestMigrateRemoveField(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		v1 := map[string]string{"note.yaml": noteYAML + "  body: {type: text, index: true}\n"}
		migrateTo(t, db, v1, migrate.Options{})
		addNote(t, db, "d1", "kept", 12)
		exec(t, db, `UPDATE notes SET body = 'text that must survive'`)
		v2 := map[string]string{"note.yaml": noteYAML}
		want := []string{"drop column notes.body (data loss)"}
		if db.Dialect == database.SQLite {
			want = append([]string{"drop index notes_body_idx (its column notes.body is dropped)"}, want...)
		}
		destructiveRefused(t, db, v2, want)
		sameList(t, "body kept", strs(t, db, `SELECT body FROM notes`), []string{"text that must survive"})
		sameList(t, "index kept", indexesOf(t, db, "notes"), []string{"notes_body_idx", "notes_document_id_uq", "notes_published_at_idx"})

		plan := migrateTo(t, db, v2, migrate.Options{AllowDestructive: true})
		sameList(t, "applied", descriptions(plan.Destructive()), want)
		sameList(t, "columns", columnsOf(t, db, "notes"), []string{"id", "document_id", "title", "pages", "created_at", "updated_at", "published_at"})
		sameList(t, "indexes", indexesOf(t, db, "notes"), []string{"notes_document_id_uq", "notes_published_at_idx"})
		sameList(t, "other data kept", strs(t, db, `SELECT title || '/' || pages FROM notes`), []string{"kept/12"})
		mustBeEmpty(t, db, v2)
	})
}

// TestMigrateRemoveType: removing a type drops its table, the join tables
// of relations to it and the foreign-key columns pointing at it, only with
// AllowDestructive; join tables go first, then columns, then the table.
func TestMigrateRemoveType(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		v1 := map[string]string{"tag.yaml": tagYAML, "note.yaml": noteYAML +
			"  tag: {type: relation, relation: manyToOne, target: tag}\n  tags: {type: relation, relation: manyToMany, target: tag}\n"}
		migrateTo(t, db, v1, migrate.Options{})
		exec(t, db, `INSERT INTO tags (id, document_id, name, created_at, updated_at) VALUES (7, 't7', 'x', `+at0+`, `+at0+`)`)
		addNote(t, db, "d1", "kept", 12)
		exec(t, db, `UPDATE notes SET tag_id = 7`)
		exec(t, db, `INSERT INTO notes_tags_lnk (note_id, tag_id) SELECT id, 7 FROM notes`)

		v2 := map[string]string{"note.yaml": noteYAML}
		want := []string{"drop column notes.tag_id (data loss)", "drop table notes_tags_lnk (data loss)", "drop table tags (data loss)"}
		if db.Dialect == database.SQLite {
			want = append([]string{"drop index notes_tag_id_idx (its column notes.tag_id is dropped)"}, want...)
		}
		destructiveRefused(t, db, v2, want)
		sameList(t, "tables kept", tablesOf(t, db), []string{"files", "kiln_api_tokens", "kiln_locales", "kiln_schema_state", "kiln_webhook_deliveries", "kiln_webhooks", "notes", "notes_tags_lnk", "roles", "tags", "users"})
		sameList(t, "data kept", strs(t, db, `SELECT n.title || '/' || t.name || '/' || l.tag_id FROM notes n
			JOIN tags t ON t.id = n.tag_id JOIN notes_tags_lnk l ON l.note_id = n.id`), []string{"kept/x/7"})

		migrateTo(t, db, v2, migrate.Options{AllowDestructive: true})
		sameList(t, "tables", tablesOf(t, db), []string{"files", "kiln_api_tokens", "kiln_locales", "kiln_schema_state", "kiln_webhook_deliveries", "kiln_webhooks", "notes", "roles", "users"})
		sameList(t, "snapshot", snapshotOf(t, db), []string{"files", "notes", "roles", "users"})
		sameList(t, "columns", columnsOf(t, db, "notes"), []string{"id", "document_id", "title", "pages", "created_at", "updated_at", "published_at"})
		sameList(t, "foreign keys", foreignKeysOf(t, db, "notes"), nil)
		sameList(t, "row", strs(t, db, `SELECT title FROM notes`), []string{"kept"})
		mustBeEmpty(t, db, v2)
	})
}

// TestMigrateReadsOlderSnapshots: snapshot rows written before field types
// were recorded plan nothing new, and are brought up to date in passing.
func TestMigrateReadsOlderSnapshots(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		v1 := map[string]string{"note.yaml": noteYAML}
		migrateTo(t, db, v1, migrate.Options{})
		current := strs(t, db, `SELECT def FROM kiln_schema_state ORDER BY name`)
		for _, name := range snapshotOf(t, db) {
			def := strs(t, db, `SELECT def FROM kiln_schema_state WHERE name = ?`, name)[0]
			var m map[string]any
			if err := json.Unmarshal([]byte(def), &m); err != nil || m["Fields"] == nil {
				t.Fatalf("snapshot of %s has no field types (%v): %s", name, err, def)
			}
			delete(m, "Fields")
			b, _ := json.Marshal(m)
			exec(t, db, `UPDATE kiln_schema_state SET def = ? WHERE name = ?`, string(b), name)
		}
		plan := migrateTo(t, db, v1, migrate.Options{})
		if !plan.Empty() {
			t.Fatalf("an older snapshot made steps:\n%s", plan)
		}
		sameList(t, "snapshot brought up to date", strs(t, db, `SELECT def FROM kiln_schema_state ORDER BY name`), current)
		mustBeEmpty(t, db, v1)
	})
}
