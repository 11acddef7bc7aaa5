package store_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/core/store"
	"github.com/kiln-cms/kiln/core/store/storetest"
)

func mustLoad(t *testing.T, files map[string]string) *schema.Schema {
	t.Helper()
	src := map[string][]byte{}
	for k, v := range files {
		src[k] = []byte(v)
	}
	s, err := schema.Load(src)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

const noteV1 = `kind: collectionType
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

func exec(t *testing.T, db *store.DB, sql string, args ...any) {
	t.Helper()
	if _, err := db.Bun.ExecContext(context.Background(), sql, args...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

func count(t *testing.T, db *store.DB, sql string) int {
	t.Helper()
	var n int
	if err := db.Bun.QueryRowContext(context.Background(), sql).Scan(&n); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return n
}

// TestMigrateFreshThenNoOp: the whole shipped schema on an empty database,
// then a second run plans nothing.
func TestMigrateFreshThenNoOp(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s := loadSchema(t)
		ctx := context.Background()
		plan, err := store.Migrate(ctx, db, s, store.MigrateOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if len(plan.Destructive()) != 0 || len(plan.Additive()) == 0 {
			t.Fatalf("fresh plan: %d additive, %d destructive", len(plan.Additive()), len(plan.Destructive()))
		}
		for _, tbl := range []string{"programs", "events_learners_lnk", "programs_coaches_lnk", "users", "roles"} {
			if n := count(t, db, `SELECT COUNT(*) FROM "`+tbl+`"`); n != 0 {
				t.Errorf("%s has %d rows", tbl, n)
			}
		}
		again, err := store.PlanMigration(ctx, db, s)
		if err != nil || !again.Empty() {
			t.Fatalf("second plan not empty (err %v):\n%s", err, again)
		}
	})
}

// TestMigrateChanges walks a type through an added field, an added
// relation, a removed field, a type change and a removed type: additive
// steps apply at once, destructive ones only when allowed, data survives.
func TestMigrateChanges(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if _, err := store.Migrate(ctx, db, mustLoad(t, map[string]string{"note.yaml": noteV1}), store.MigrateOptions{}); err != nil {
			t.Fatal(err)
		}
		exec(t, db, `INSERT INTO notes (document_id, title, pages, created_at, updated_at) VALUES ('d1', 'kept', 12, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`)

		// A new field, a new relation and a new type are additive.
		v2 := noteV1 + "  body: {type: text}\n  tags: {type: relation, relation: manyToMany, target: tag}\n"
		plan, err := store.Migrate(ctx, db, mustLoad(t, map[string]string{"note.yaml": v2, "tag.yaml": tagYAML}), store.MigrateOptions{})
		if err != nil {
			t.Fatal(err)
		}
		want := []string{"add column notes.body", "create table tags", "create table notes_tags_lnk"}
		for _, w := range want {
			if !strings.Contains(plan.String(), w) {
				t.Errorf("plan lacks %q:\n%s", w, plan)
			}
		}
		if n := count(t, db, `SELECT COUNT(*) FROM notes WHERE title = 'kept' AND body IS NULL`); n != 1 {
			t.Fatalf("the row did not survive the added column")
		}

		// Removing a field and a type, and changing pages to a string, are
		// destructive: refused without the flag, and nothing is lost.
		v3 := strings.Replace(noteV1, "pages: {type: integer}", "pages: {type: string}", 1)
		s3 := mustLoad(t, map[string]string{"note.yaml": v3})
		plan, err = store.Migrate(ctx, db, s3, store.MigrateOptions{})
		if !errors.Is(err, store.ErrDestructivePending) {
			t.Fatalf("err = %v, want ErrDestructivePending", err)
		}
		var descs []string
		for _, st := range plan.Destructive() {
			descs = append(descs, st.Description)
		}
		got := strings.Join(descs, "\n")
		for _, w := range []string{"change type of notes.pages from INTEGER", "drop column notes.body (its data is lost)",
			"drop table notes_tags_lnk (its data is lost)", "drop table tags (its data is lost)"} {
			if !strings.Contains(got, w) {
				t.Errorf("destructive steps lack %q:\n%s", w, got)
			}
		}
		if n := count(t, db, `SELECT COUNT(*) FROM tags`); n != 0 {
			t.Fatal("tags must still exist")
		}
		if n := count(t, db, `SELECT COUNT(body) FROM notes`); n != 0 {
			t.Fatal("notes.body must still exist")
		}
		// The plan still shows them next time.
		again, _ := store.PlanMigration(ctx, db, s3)
		if len(again.Destructive()) != len(plan.Destructive()) {
			t.Fatalf("held-back steps were forgotten:\n%s", again)
		}

		// With the flag they apply, the converted value survives, and the
		// next plan is empty.
		if _, err := store.Migrate(ctx, db, s3, store.MigrateOptions{AllowDestructive: true}); err != nil {
			t.Fatal(err)
		}
		var pages string
		if err := db.Bun.QueryRowContext(ctx, `SELECT pages FROM notes WHERE title = 'kept'`).Scan(&pages); err != nil || pages != "12" {
			t.Fatalf("pages after type change = %q (%v), want \"12\"", pages, err)
		}
		after, err := store.PlanMigration(ctx, db, s3)
		if err != nil || !after.Empty() {
			t.Fatalf("plan after applying is not empty:\n%s", after)
		}
	})
}

// TestMigrateDryRunWritesNothing prints SQL for a fresh database and
// leaves it empty.
func TestMigrateDryRunWritesNothing(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		plan, err := store.Migrate(ctx, db, mustLoad(t, map[string]string{"tag.yaml": tagYAML}), store.MigrateOptions{DryRun: true})
		if err != nil {
			t.Fatal(err)
		}
		want := `-- + create table tags
CREATE TABLE "tags" (
  "id" ` + map[store.Dialect]string{store.SQLite: "INTEGER PRIMARY KEY AUTOINCREMENT", store.Postgres: "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"}[db.Dialect] + `,
  "document_id" VARCHAR(24) NOT NULL,
  "name" VARCHAR(255),
  "created_at" ` + map[store.Dialect]string{store.SQLite: "TEXT", store.Postgres: "TIMESTAMPTZ(3)"}[db.Dialect] + ` NOT NULL,`
		if !strings.Contains(plan.String(), want) {
			t.Errorf("dry run SQL:\n%s\nwant it to contain:\n%s", plan, want)
		}
		indexed, err := store.PlanMigration(ctx, db, mustLoad(t, map[string]string{"tag.yaml": tagYAML + "  rank: {type: integer, index: true}\n"}))
		if err != nil || !strings.Contains(indexed.String(), `CREATE INDEX IF NOT EXISTS "tags_rank_idx" ON "tags" ("rank")`) {
			t.Errorf("index: true makes no index (%v):\n%s", err, indexed)
		}
		if !strings.Contains(plan.String(), `CREATE UNIQUE INDEX IF NOT EXISTS "tags_name_uq" ON "tags" ("name")`) {
			t.Errorf("dry run lacks the unique index:\n%s", plan)
		}
		again, _ := store.PlanMigration(ctx, db, mustLoad(t, map[string]string{"tag.yaml": tagYAML}))
		if len(again.Steps) != len(plan.Steps) {
			t.Errorf("the dry run applied something: %d steps before, %d after", len(plan.Steps), len(again.Steps))
		}
	})
}
