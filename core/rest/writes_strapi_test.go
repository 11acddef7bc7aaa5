package rest_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/kiln-cms/kiln/core/app/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// TestWritesAsStrapi replays testdata/writes/scenario.json — defaults of
// required fields on every create (a new localization, a draft, a
// single type's), the fields, components and media that every locale
// shares, uid values out of Strapi's character set — on Kiln, on both
// databases, and compares every answer with the live Strapi 5.54's
// (strapi-answers.txt), but for kiln-differences.txt's.
// KILN_WRITES_ANSWERS=<file> writes Kiln's answers there.
func TestWritesAsStrapi(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(apptest.Root(t), "testdata", "writes")
	want := readAnswers(t, filepath.Join(dir, "strapi-answers.txt"))
	for label, a := range readAnswers(t, filepath.Join(dir, "kiln-differences.txt")) {
		if _, ok := want[label]; !ok {
			t.Fatalf("kiln-differences.txt: %q is no step of the scenario", label)
		}
		want[label] = a
	}
	raw, err := os.ReadFile(filepath.Join(dir, "scenario.json"))
	if err != nil {
		t.Fatal(err)
	}
	var steps []localeStep
	if err := json.Unmarshal(raw, &steps); err != nil {
		t.Fatal(err)
	}
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			t.Parallel()
			h := apptest.NewWith(t, projectWithLocales(t, d, "writes", "src"))
			got := replayLocales(t, h, dir, steps)
			if f := os.Getenv("KILN_WRITES_ANSWERS"); f != "" && d == database.SQLite {
				if err := os.WriteFile(f, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			sameAnswers(t, parseAnswers(t, got), want)
		})
	}
}
