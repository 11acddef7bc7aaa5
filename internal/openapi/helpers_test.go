package openapi_test

import (
	"encoding/json"
	"testing"

	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/openapi"
	"github.com/kiln-cms/kiln/plugins/analytics"
	"github.com/kiln-cms/kiln/plugins/catalog"
	"github.com/kiln-cms/kiln/plugins/coaching"
	"github.com/kiln-cms/kiln/plugins/hello"
	"github.com/kiln-cms/kiln/plugins/scheduling"
)

// The tests import the plugins (the core never does): the documents are
// checked against every plugin in the repository, so that each route a
// plugin declares is described, served, and valid. A new plugin belongs
// in this list.
func shipped() []plugin.Plugin {
	return []plugin.Plugin{catalog.New(), analytics.New(), scheduling.New(), coaching.New(), &hello.Plugin{}}
}

func newHarness(t testing.TB) *apptest.Harness {
	t.Helper()
	return apptest.New(t, database.SQLite, shipped()...)
}

// served fetches the documents as the app serves them, by name.
func served(t testing.TB, h *apptest.Harness) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, name := range openapi.Names() {
		r := h.Do("GET", openapi.URL(name), nil, "Authorization", apptest.Anonymous)
		if r.Status != 200 {
			t.Fatalf("GET %s: %d %s", openapi.URL(name), r.Status, r.Body)
		}
		out[name] = r.Body
	}
	return out
}

// decode reads a document into plain maps.
func decode(t testing.TB, raw []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatalf("the document is not JSON: %v", err)
	}
	return m
}

// operations lists a document's operations as "METHOD /path".
func operations(doc map[string]any) map[string]map[string]any {
	out := map[string]map[string]any{}
	for path, item := range doc["paths"].(map[string]any) {
		for method, op := range item.(map[string]any) {
			if o, ok := op.(map[string]any); ok {
				out[upper(method)+" "+path] = o
			}
		}
	}
	return out
}

func upper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = c - 32
		}
	}
	return string(b)
}
