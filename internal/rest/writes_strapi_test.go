package rest_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
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
	want := expectedAnswers(t, dir)
	steps := readLocaleSteps(t, dir)
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			t.Parallel()
			h := apptest.NewWith(t, apptest.ProjectConfigWithLocales(t, d, "writes", "src"))
			got := replayLocales(t, h, dir, steps)
			if f := os.Getenv("KILN_WRITES_ANSWERS"); f != "" && d == database.SQLite {
				if err := os.WriteFile(f, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			sameAnswers(t, apptest.ParseAnswers(t, got), want)
		})
	}
}

// TestSharedSyncDoesNotGrowWithLocales: a write of a localized entry
// copies its shared fields — scalars, a component, single and multiple
// media — to the document's other localizations in the same statements
// however many there are: an update with one other locale and one with
// two run as many statements, on both databases.
func TestSharedSyncDoesNotGrowWithLocales(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(apptest.Root(t), "testdata", "writes")
	png, err := os.ReadFile(filepath.Join(dir, "files", "small.png"))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			t.Parallel()
			h := apptest.NewWith(t, apptest.ProjectConfigWithLocales(t, d, "writes", "src"))
			var files []map[string]any
			for _, name := range []string{"a.png", "b.png"} {
				r := h.Upload("/api/upload", []apptest.File{{Name: name, Type: "image/png", Data: png}}, nil)
				var list []map[string]any
				if r.Status != 200 && r.Status != 201 || json.Unmarshal(r.Body, &list) != nil || len(list) != 1 {
					t.Fatalf("upload: %d %s", r.Status, r.Body)
				}
				files = append(files, list[0])
			}
			r := h.Do("POST", "/api/notes", map[string]any{"data": map[string]any{"title": "One", "seo": map[string]any{"metaTitle": "m"},
				"cover": files[0]["id"], "gallery": []any{files[0]["id"], files[1]["id"]}}})
			if r.Status != 201 {
				t.Fatalf("create: %d %s", r.Status, r.Body)
			}
			doc := r.JSON(t)["data"].(map[string]any)["documentId"].(string)
			update := func(locale string, rating int) int64 {
				t.Helper()
				if r := h.Do("PUT", "/api/notes/"+doc+"?locale="+locale, map[string]any{"data": map[string]any{"title": locale}}); r.Status != 200 {
					t.Fatalf("localization %s: %d %s", locale, r.Status, r.Body)
				}
				// The same update three times, counted the fewest (the
				// outbox's delivery after the write above may land in one).
				body := map[string]any{"data": map[string]any{"rating": rating, "seo": map[string]any{"metaTitle": "n"}, "gallery": []any{files[1]["id"]}}}
				return h.FewestQueries(func() {
					if r := h.Do("PUT", "/api/notes/"+doc+"?fields[0]=rating", body); r.Status != 200 {
						t.Fatalf("update: %d %s", r.Status, r.Body)
					}
				})
			}
			one, two := update("fr", 1), update("de", 2)
			if one != two {
				t.Errorf("an update synced to one locale ran %d statements, to two %d", one, two)
			}
			r = h.Do("GET", "/api/notes?locale=*&sort=locale&fields[0]=rating&populate[seo][fields][0]=metaTitle&populate[gallery][fields][0]=name", nil)
			want := `[{"gallery":["b.png"],"rating":2,"seo":"n"},{"gallery":["b.png"],"rating":2,"seo":"n"},{"gallery":["b.png"],"rating":2,"seo":"n"}]`
			var got []map[string]any
			for _, e := range r.JSON(t)["data"].([]any) {
				m := e.(map[string]any)
				var names []any
				for _, f := range m["gallery"].([]any) {
					names = append(names, f.(map[string]any)["name"])
				}
				got = append(got, map[string]any{"rating": m["rating"], "seo": m["seo"].(map[string]any)["metaTitle"], "gallery": names})
			}
			if raw, _ := json.Marshal(got); string(raw) != want {
				t.Errorf("every locale after the sync:\n got %s\nwant %s", raw, want)
			}
		})
	}
}
