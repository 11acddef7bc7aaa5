package cli

import (
	"encoding/json"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/plugins/all"
)

// TestDocumentedOperationCounts: the "Counts" table of docs/api-docs.md
// says how many operations each OpenAPI document has, per tag, with the
// plugins this build runs; it must match the documents the server serves.
func TestDocumentedOperationCounts(t *testing.T) {
	doc, err := os.ReadFile("../../docs/api-docs.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	total := regexp.MustCompile(`each document has (\d+)\s+operations`).FindStringSubmatch(text)
	if total == nil {
		t.Fatal(`docs/api-docs.md no longer says "each document has N operations"`)
	}
	want := map[string]int{}
	for _, m := range regexp.MustCompile(`(?m)^\| ([^|]+?) \| (\d+)(?: each, \d+)? \|$`).FindAllStringSubmatch(text, -1) {
		n, _ := strconv.Atoi(m[2])
		tag, _, _ := strings.Cut(m[1], " (")
		if strings.HasPrefix(m[1], "one per content type") {
			tag = "per content type"
		}
		want[tag] = n
	}

	h := apptest.NewWith(t, apptest.Config(t, database.SQLite), all.Plugins(nil)...)
	perType := map[string]bool{}
	for _, ct := range h.App.Schema.Types {
		if !ct.Builtin {
			perType[ct.DisplayName] = true
		}
	}
	for _, path := range []string{"/api/openapi.json", "/api/v1/openapi.json", "/api/v2/openapi.json"} {
		var d struct {
			Paths map[string]map[string]json.RawMessage
		}
		if err := json.Unmarshal(h.Do("GET", path, nil).Body, &d); err != nil {
			t.Fatal(err)
		}
		got, n := map[string]int{}, 0
		for _, ops := range d.Paths {
			for method, raw := range ops {
				var op struct{ Tags []string }
				if method == "parameters" || json.Unmarshal(raw, &op) != nil || len(op.Tags) == 0 {
					continue
				}
				n++
				tag := op.Tags[0]
				if perType[tag] {
					tag = "per content type"
				}
				got[tag]++
			}
		}
		if strconv.Itoa(n) != total[1] {
			t.Errorf("%s has %d operations, docs/api-docs.md says %s", path, n, total[1])
		}
		if got["per content type"] != 5*len(perType) {
			t.Errorf("%s: %d operations of content types, want 5 for each of %d", path, got["per content type"], len(perType))
		}
		got["per content type"] = 5
		for tag, w := range want {
			if got[tag] != w {
				t.Errorf("%s: tag %q has %d operations, docs/api-docs.md says %d", path, tag, got[tag], w)
			}
		}
		for tag := range got {
			if _, ok := want[tag]; !ok {
				t.Errorf("%s: tag %q is missing from the table of docs/api-docs.md", path, tag)
			}
		}
	}
}
