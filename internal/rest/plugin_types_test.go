package rest_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/internal/apptest"
)

// eachPluginTypes runs fn on SQLite and, when configured, PostgreSQL,
// with an app of testdata/plugin-types: an api type related to types of
// two local plugins (Strapi 4's and Strapi 5's layouts, one extended in
// src/extensions) and of a plugin Kiln has only the extension of.
func eachPluginTypes(t *testing.T, fn func(t *testing.T, h *apptest.Harness)) {
	for _, d := range []apptest.Dialect{apptest.SQLite, apptest.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			t.Parallel()
			fn(t, apptest.NewWith(t, apptest.ProjectConfig(t, d, "plugin-types", "src")))
		})
	}
}

// createIn writes an entry of a type that has no route (a plugin's),
// through the content service as the plugin's own code would.
func createIn(t *testing.T, h *apptest.Harness, typ string, data map[string]any) {
	t.Helper()
	ct := h.App.Content.Schema.Type(typ)
	if ct == nil {
		t.Fatalf("no type %q", typ)
	}
	if _, err := h.App.Content.Create(context.Background(), &query.Query{Type: ct}, content.WriteFromBody(ct, data), entry.ReadOptions{}); err != nil {
		t.Fatalf("creating a %s: %v", typ, err)
	}
}

// TestPluginTypesServed: a plugin's types have no REST route (404, as
// Strapi answers a route nobody declared), yet the relations to them
// are written, populated and filtered on, both ways, under the caller's
// <type>.find; the content-type-builder routes name them by their
// plugin::<plugin>.<name> uid, and an extension's keys replace the
// plugin's own.
func TestPluginTypesServed(t *testing.T) {
	t.Parallel()
	const page1 = `"meta":{"pagination":{"page":1,"pageSize":25,"pageCount":1,"total":1}}`
	const times = `"createdAt":"T","updatedAt":"T","publishedAt":"T"`
	eachPluginTypes(t, func(t *testing.T, h *apptest.Harness) {
		createIn(t, h, "badge", map[string]any{"name": "Vegan"})
		createIn(t, h, "tag", map[string]any{"label": "Quick", "colour": "#00AA00"})
		createIn(t, h, "meta-tag", map[string]any{"description": "Soup, fast"})
		runSteps(t, h, []step{
			{"POST", "/api/recipes", map[string]any{"data": map[string]any{"title": "Pea soup", "badge": 1, "tags": []int{1}, "seo": 1}}, "", 201,
				`{"data":{"id":1,"documentId":"D","title":"Pea soup",` + times + `},"meta":{}}`},
			{"GET", "/api/recipes?filters[badge][name][$eq]=Vegan&fields[0]=title&populate[badge][fields][0]=name", nil, apptest.Anonymous, 200,
				`{"data":[{"id":1,"documentId":"D","title":"Pea soup","badge":{"id":1,"documentId":"D","name":"Vegan"}}],` + page1 + `}`},
			{"GET", "/api/recipes?filters[badge][name][$eq]=Vegetarian", nil, apptest.Anonymous, 200,
				`{"data":[],"meta":{"pagination":{"page":1,"pageSize":25,"pageCount":0,"total":0}}}`},
			// The inverse side, from the plugin's type back to the api's.
			{"GET", "/api/recipes?filters[badge][recipes][title][$eq]=Pea%20soup&fields[0]=title&populate[badge][populate][recipes][fields][0]=title", nil, apptest.Anonymous, 200,
				`{"data":[{"id":1,"documentId":"D","title":"Pea soup","badge":{"id":1,"documentId":"D","name":"Vegan",` + times + `,"recipes":[{"id":1,"documentId":"D","title":"Pea soup"}]}}],` + page1 + `}`},
			// The extension's fields, through the Strapi 5 plugin's type.
			{"GET", "/api/recipes?filters[tags][colour][$eq]=%2300AA00&fields[0]=title&populate[tags][fields][0]=label&populate[tags][fields][1]=colour&populate[seo][fields][0]=description", nil, "", 200,
				`{"data":[{"id":1,"documentId":"D","title":"Pea soup","tags":[{"id":1,"documentId":"D","label":"Quick","colour":"#00AA00"}],"seo":{"id":1,"documentId":"D","description":"Soup, fast"}}],` + page1 + `}`},
			// public lacks tag.find: dropped from the populate, as a relation
			// to an api type is (and as Strapi drops it).
			{"GET", "/api/recipes?fields[0]=title&populate[tags]=true", nil, apptest.Anonymous, 200,
				`{"data":[{"id":1,"documentId":"D","title":"Pea soup"}],` + page1 + `}`},
			{"GET", "/api/badges", nil, "", 404, notFound},
			{"GET", "/api/tags/1", nil, "", 404, notFound},
			{"POST", "/api/meta-tags", map[string]any{"data": map[string]any{"description": "x"}}, "", 404, notFound},
		})
		// A read-only token reads a plugin's type, as it reads an api's; a
		// custom token only with <type>.find.
		_, read := newToken(t, h, "read", "read-only", nil, nil)
		_, custom := newToken(t, h, "custom", "custom", []string{"recipe.find"}, nil)
		_, customTags := newToken(t, h, "custom-tags", "custom", []string{"recipe.find", "tag.find"}, nil)
		const withTags = `{"data":[{"id":1,"documentId":"D","title":"Pea soup","tags":[{"id":1,"documentId":"D","label":"Quick"}]}],` + page1 + `}`
		runSteps(t, h, []step{
			{"GET", "/api/recipes?fields[0]=title&populate[tags][fields][0]=label", nil, read, 200, withTags},
			{"GET", "/api/recipes?fields[0]=title&populate[tags][fields][0]=label", nil, customTags, 200, withTags},
			{"GET", "/api/recipes?fields[0]=title&populate[tags][fields][0]=label", nil, custom, 200,
				`{"data":[{"id":1,"documentId":"D","title":"Pea soup"}],` + page1 + `}`},
		})
		r := h.Do("GET", "/api/content-type-builder/content-types/plugin::kitchen.badge", nil)
		if r.Status != 200 || !contains(r.Body, `{"data":{"uid":"plugin::kitchen.badge","plugin":"kitchen","apiID":"badge",`) ||
			!contains(r.Body, `"target":"api::recipe.recipe"`) {
			t.Errorf("the badge's schema: %d %s", r.Status, r.Body)
		}
		r = h.Do("GET", "/api/content-type-builder/content-types/api::recipe.recipe", nil)
		if r.Status != 200 || !contains(r.Body, `"target":"plugin::labels.tag"`) || !contains(r.Body, `"target":"plugin::seo-kit.meta-tag"`) {
			t.Errorf("the recipe's schema: %d %s", r.Status, r.Body)
		}
		r = h.Do("GET", "/api/content-type-builder/content-types/plugin::labels.tag", nil)
		if r.Status != 200 || !contains(r.Body, `"displayName":"Tag",`) || !contains(r.Body, `"colour":{"type":"string"}`) {
			t.Errorf("the extended tag's schema: %d %s", r.Status, r.Body)
		}
	})
}

func contains(b []byte, s string) bool { return strings.Contains(string(b), s) }

// TestPluginTypesAsStrapi replays testdata/plugin-types/scenario.json —
// a recipe related to two local plugins' types (one extended), written,
// filtered and populated through them both ways, in both formats, and the
// plugin's type's routes Strapi does not have — and compares every answer
// with what Strapi 5.54 answered (strapi-answers.txt, recorded by
// testdata/components/record.js with SCENARIO_DIR; the plugins' entries
// made by the project's bootstrap there, by the content service here),
// but for the differences listed, each with its reason, in
// kiln-differences.txt.
func TestPluginTypesAsStrapi(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(apptest.Root(t), "testdata", "plugin-types")
	want := expectedAnswers(t, dir)
	eachPluginTypes(t, func(t *testing.T, h *apptest.Harness) {
		createIn(t, h, "badge", map[string]any{"name": "Vegan"})
		createIn(t, h, "tag", map[string]any{"label": "Quick", "colour": "#00AA00"})
		sameAnswers(t, apptest.ParseAnswers(t, runComponentScenario(t, h, dir)), want)
	})
}
