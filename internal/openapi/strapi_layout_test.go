package openapi_test

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// TestStrapiLayoutAnswersMatchTheDocuments: the documents of a project in
// Strapi's layout (testdata/strapi-layout/src: snake_case fields, custom
// fields, blocks) are valid OpenAPI 3.1, and real answers and requests,
// blocks among them, match them.
func TestStrapiLayoutAnswersMatchTheDocuments(t *testing.T) {
	t.Parallel()
	cfg := apptest.Config(t, database.SQLite)
	project := filepath.Join(apptest.Root(t), "testdata", "strapi-layout")
	cfg.Paths.ContentTypes = filepath.Join(project, "src")
	cfg.Paths.Config = filepath.Join(project, "config")
	h := apptest.NewWith(t, cfg)
	docs := served(t, h)
	for name, raw := range docs {
		if err := validateAgainstSpecSchema(raw); err != nil {
			t.Errorf("%s: the OpenAPI 3.1 schema: %v", name, err)
		}
	}
	checkers := newCheckers(t, docs)
	var blocks any
	if err := json.Unmarshal([]byte(`[{"type":"heading","level":1,"children":[{"type":"text","text":"T"}]},
		{"type":"paragraph","children":[{"type":"text","text":"x","bold":true},{"type":"link","url":"/a","children":[{"type":"text","text":"a"}]}]}]`), &blocks); err != nil {
		t.Fatal(err)
	}
	film := map[string]any{"data": map[string]any{"title": "Cléo", "is_featured": true, "review": "<p>r</p>", "poster_colour": "#000000",
		"synopsis": blocks}}
	calls := []call{
		{"POST", "/api/v2/people", map[string]any{"data": map[string]any{"name": "Agnès", "is_actor": true, "signature_colour": "#FFFFFF"}}, false, 201},
		{"POST", "/api/v2/films", film, false, 201},
		{"POST", "/api/v2/films", map[string]any{"data": map[string]any{"title": "Empty", "synopsis": []any{}}}, false, 201},
		{"POST", "/api/v2/films", map[string]any{"data": map[string]any{"title": "None", "synopsis": nil}}, false, 201},
		{"POST", "/api/v2/films", map[string]any{"data": map[string]any{"title": "Bad", "synopsis": []any{map[string]any{"type": "heading"}}}}, false, 400},
		{"GET", "/api/v2/films?populate=director", nil, true, 200},
		{"GET", "/api/v1/films?fields[0]=synopsis&fields[1]=is_featured", nil, true, 200},
		{"GET", "/api/v2/people?populate=films", nil, true, 200},
	}
	checkCalls(t, h, checkers, calls)
}
