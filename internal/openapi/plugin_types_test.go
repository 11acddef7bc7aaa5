package openapi_test

import (
	"context"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// TestPluginTypesInTheDocuments: a plugin's types (testdata/plugin-types)
// have no paths, but the entries populated through relations to them
// have their schemas: the documents stay valid OpenAPI 3.1 and the
// answers populating them match.
func TestPluginTypesInTheDocuments(t *testing.T) {
	t.Parallel()
	h := apptest.NewWith(t, apptest.ProjectConfig(t, database.SQLite, "plugin-types", "src"))
	ctx := context.Background()
	for typ, data := range map[string]map[string]any{"badge": {"name": "Vegan"}, "tag": {"label": "Quick"}, "meta-tag": {"description": "d"}} {
		if _, err := h.App.Content.Create(ctx, &query.Query{Type: h.App.Content.Schema.Type(typ)}, content.WriteFromBody(h.App.Content.Schema.Type(typ), data), entry.ReadOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	docs := served(t, h)
	for name, raw := range docs {
		if err := validateAgainstSpecSchema(raw); err != nil {
			t.Errorf("%s: the OpenAPI 3.1 schema: %v", name, err)
		}
		for _, path := range []string{`"/badges`, `"/tags`, `"/meta-tags`} {
			if strings.Contains(string(raw), path) {
				t.Errorf("%s: a path of a plugin's type: %s", name, path)
			}
		}
	}
	checkCalls(t, h, newCheckers(t, docs), []call{
		{"POST", "/api/v2/recipes", map[string]any{"data": map[string]any{"title": "Soup", "badge": 1, "tags": []int{1}, "seo": 1}}, false, 201},
		{"GET", "/api/v2/recipes?populate[badge][populate]=recipes&populate[tags]=true&populate[seo]=true", nil, false, 200},
		{"GET", "/api/v1/recipes?populate=*", nil, false, 200},
		{"GET", "/api/v2/recipes?filters[badge][name][$eq]=Vegan&populate=badge", nil, true, 200},
	})
}
