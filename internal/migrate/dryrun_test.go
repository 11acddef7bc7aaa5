package migrate_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/migrate"
	"github.com/kiln-cms/kiln/internal/store/storetest"
)

// TestMigrateDryRunGolden keeps the SQL of two dry runs in a golden file
// per dialect (testdata/migrate/<dialect>.sql; -update rewrites them), so
// the exact statements are reviewed like code: a small schema on an empty
// database, then a change with every kind of step. It also checks that a
// dry run writes nothing.
func TestMigrateDryRunGolden(t *testing.T) {
	t.Parallel()
	v1 := map[string]string{"tag.yaml": tagYAML, "note.yaml": `kind: collectionType
info: {singularName: note, pluralName: notes}
attributes:
  title: {type: string, unique: true}
  pages: {type: integer, index: true}
  old: {type: text}
  tag: {type: relation, relation: manyToOne, target: tag}
  tags: {type: relation, relation: manyToMany, target: tag}
`}
	// v2 removes tag (and so both relations) and old, changes pages to a
	// string and adds summary.
	v2 := map[string]string{"note.yaml": `kind: collectionType
info: {singularName: note, pluralName: notes}
attributes:
  title: {type: string, unique: true}
  pages: {type: string, index: true}
  summary: {type: text}
`}
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		var out strings.Builder
		spy := spyOn(db)
		fresh, err := migrate.Run(ctx, db, mustLoad(t, v1), migrate.Options{DryRun: true})
		if err != nil {
			t.Fatal(err)
		}
		if w := spy.take(); len(w) > 0 {
			t.Fatalf("the dry run wrote:\n%s", strings.Join(w, "\n"))
		}
		sameList(t, "tables after a dry run", tablesOf(t, db), nil)
		out.WriteString("-- == an empty database\n\n" + fresh.String())

		migrateTo(t, db, v1, migrate.Options{})
		before := map[string][]string{}
		for _, tbl := range tablesOf(t, db) {
			before[tbl] = columnsOf(t, db, tbl)
		}
		snap := strs(t, db, `SELECT def FROM kiln_schema_state ORDER BY name`)
		spy.take()
		change, err := migrate.Run(ctx, db, mustLoad(t, v2), migrate.Options{DryRun: true})
		if err != nil {
			t.Fatalf("a dry run reports no error, pending or not: %v", err)
		}
		if w := spy.take(); len(w) > 0 {
			t.Fatalf("the dry run wrote:\n%s", strings.Join(w, "\n"))
		}
		for tbl, cols := range before {
			if got := columnsOf(t, db, tbl); !slices.Equal(got, cols) {
				t.Errorf("the dry run changed %s: %q, was %q", tbl, got, cols)
			}
		}
		sameList(t, "snapshot after a dry run", strs(t, db, `SELECT def FROM kiln_schema_state ORDER BY name`), snap)
		out.WriteString("\n-- == remove a type, two relations and a field, change a type, add a field\n\n" + change.String())

		path := filepath.Join("testdata", "migrate", db.Dialect.String()+".sql")
		if updating() {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(out.String()), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run with -update to create it)", err)
		}
		if got := out.String(); got != string(want) {
			t.Errorf("the dry run's SQL on %s differs from %s (run with -update to accept):\n%s", db.Dialect, path, got)
		}
	})
}
