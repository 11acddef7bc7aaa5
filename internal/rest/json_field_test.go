package rest_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// memoType has a json field, and one with a YAML default.
const memoType = `kind: collectionType
info: {singularName: memo, pluralName: memos}
attributes:
  extra: {type: json, default: {b: 1, a: 2, aa: 3}}
  body: {type: json}
`

// documentedJSON reads the table of docs/field-kinds.md that says what a
// json value written in a body is answered as: pairs of written, answered.
func documentedJSON(t *testing.T) [][2]string {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join(apptest.Root(t), "docs", "field-kinds.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), "### `json`: what is answered")
	if !ok {
		t.Fatal("docs/field-kinds.md has no section \"### `json`: what is answered\"")
	}
	section, _, _ = strings.Cut(section, "\n### ")
	var rows [][2]string
	for _, m := range regexp.MustCompile("(?m)^\\| `([^`]+)` \\| `([^`]+)` \\|$").FindAllStringSubmatch(section, -1) {
		rows = append(rows, [2]string{m[1], m[2]})
	}
	if len(rows) < 5 {
		t.Fatalf("the section lists %d values, want its table of written and answered values", len(rows))
	}
	return rows
}

// TestJSONFieldAnsweredAsDocumented: each json value of the table in
// docs/field-kinds.md, written in a body, is answered as the table says,
// by the write and by a later read, byte for byte, on both databases; a
// default given as a YAML mapping is written the same way. On
// PostgreSQL it also checks the doc's word on jsonb, which Strapi keeps:
// jsonb orders keys by length first, so it would answer otherwise.
func TestJSONFieldAnsweredAsDocumented(t *testing.T) {
	t.Parallel()
	rows := documentedJSON(t)
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			h := withTypes(t, d, map[string]string{"memo.yaml": memoType})
			for _, row := range rows {
				written, answered := row[0], row[1]
				r := h.Do("POST", "/api/memos", `{"data":{"body":`+written+`}}`)
				if r.Status != 201 {
					t.Errorf("POST %s: %d %s", written, r.Status, r.Body)
					continue
				}
				id := h.IDOf(r.JSON(t)["data"])
				for what, body := range map[string][]byte{"the write": r.Body, "a read": h.Do("GET", "/api/memos/"+itoa(id), nil).Body} {
					if want := `"extra":{"a":2,"aa":3,"b":1},"body":` + answered + `,"createdAt"`; !strings.Contains(string(body), want) {
						t.Errorf("%s of %s: %s, want it to hold %s", what, written, body, want)
					}
				}
			}
			if d == database.Postgres {
				var text string
				if err := h.App.DB.QueryRowContext(context.Background(), `SELECT '{"b":1,"a":2,"aa":3}'::jsonb::text`).Scan(&text); err != nil {
					t.Fatal(err)
				}
				if text != `{"a": 2, "b": 1, "aa": 3}` {
					t.Errorf("jsonb writes %s, not what docs/strapi-differences.md says", text)
				}
			}
		})
	}
}
