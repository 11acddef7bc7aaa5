package rest_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// hostileTables are collectionNames Strapi takes as they are (it quotes
// identifiers), each a hazard if one statement did not: a quote and a
// semicolon, capitals with a dash and a space, a name of 70 characters
// Strapi shortens with a hash, and one sharing its first 60 characters.
var hostileTables = []string{
	`Evil"; DROP TABLE "users"; --`,
	"Mixed-Case Table",
	strings.Repeat("long_table_name_", 4) + "alpha",
	strings.Repeat("long_table_name_", 4) + "beta",
}

// TestHostileNamesRoundTrip: types whose tables have the names above,
// with fields whose columns have digits, capitals and 60 characters, a
// component and a manyToMany between two of them, migrate and answer a
// create, a read, a filter, a sort and a populate on both databases; the
// users table the first name targets is still there.
func TestHostileNamesRoundTrip(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	long := "f" + strings.Repeat("LongFieldName", 5) // 66 characters, camelCase
	must := func(name, body string) {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for i, table := range hostileTables {
		other := fmt.Sprintf("h%d", (i+1)%len(hostileTables))
		rel := fmt.Sprintf("    type: relation\n    relation: manyToMany\n    target: %s\n    inversedBy: back%d\n", other, i)
		if i%2 == 1 {
			rel = fmt.Sprintf("    type: relation\n    relation: manyToMany\n    target: h%d\n    mappedBy: links%d\n", i-1, i-1)
		}
		relName := fmt.Sprintf("links%d", i)
		if i%2 == 1 {
			relName = fmt.Sprintf("back%d", i-1)
		}
		must(fmt.Sprintf("h%d.yaml", i), fmt.Sprintf(`kind: collectionType
collectionName: %q
info: {singularName: h%d, pluralName: h%ds}
attributes:
  title2: {type: string}
  myURLField: {type: integer}
  %s: {type: string, unique: true}
  box: {type: component, component: shared.box-Thing}
  %s:
%s`, table, i, i, long, relName, rel))
	}
	must("components/shared/box-Thing.yaml", fmt.Sprintf("collectionName: %q\ninfo: {displayName: Box}\nattributes:\n  Meta: {type: string}\n  %s: {type: string}\n",
		`components_shared_box"Thing; --`, long))
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			t.Parallel()
			cfg := apptest.Config(t, d)
			cfg.Paths.ContentTypes = dir
			cfg.Paths.Config = filepath.Join(apptest.Root(t), "testdata", "names", "config")
			h := apptest.NewWith(t, cfg)
			b := h.Create("/api/h1s", map[string]any{"title2": "b"})
			h.Create("/api/h0s", map[string]any{"title2": "a", "myURLField": 7, long: "v", "box": map[string]any{"Meta": "m", long: "w"},
				"links0": []any{b}})
			for path, want := range map[string]string{
				"/api/h0s?filters[" + long + "][$eq]=v&filters[box][Meta][$eq]=m&sort=title2&fields[0]=title2&fields[1]=myURLField&populate[box][fields][0]=Meta&populate[links0][fields][0]=title2": `"title2":"a","myURLField":7,"box":{"id":1,"Meta":"m"},"links0":[{"id":`,
				"/api/h1s?populate[back0][fields][0]=title2&fields[0]=title2&filters[back0][" + long + "][$eq]=v":                                                                                    `"title2":"b","back0":[{"id":`,
			} {
				r := h.Do("GET", path, nil)
				if r.Status != 200 || !strings.Contains(string(r.Body), want) {
					t.Errorf("GET %s: %d %s, want %s", path, r.Status, r.Body, want)
				}
			}
			// A unique value on a long column: its index, named with a
			// hash, holds.
			r := h.Do("POST", "/api/h0s", map[string]any{"data": map[string]any{long: "v"}})
			if status, name, _, _ := h.ErrorOf(r); status != 400 || name != "ValidationError" {
				t.Errorf("a repeated unique value: %d %s", r.Status, r.Body)
			}
			if r := h.Do("GET", "/api/users", nil); r.Status != 200 {
				t.Errorf("users: %d %s", r.Status, r.Body)
			}
		})
	}
}
