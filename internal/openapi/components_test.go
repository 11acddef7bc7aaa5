package openapi_test

import (
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// TestComponentsAnswersMatchTheDocuments: the documents of a project with
// components and dynamic zones (testdata/components) are valid OpenAPI
// 3.1 — each component a schema of its own, a zone's items a oneOf with a
// discriminator on __component — and real writes and populated reads, in
// both shapes, match them on both databases.
func TestComponentsAnswersMatchTheDocuments(t *testing.T) {
	t.Parallel()
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			t.Parallel()
			h := apptest.NewWith(t, apptest.ProjectConfig(t, d, "components", "content-types"))
			docs := served(t, h)
			for name, raw := range docs {
				if err := validateAgainstSpecSchema(raw); err != nil {
					t.Errorf("%s: the OpenAPI 3.1 schema: %v", name, err)
				}
			}
			for name, raw := range docs {
				if strings.Contains(string(raw), "internal_note") {
					t.Errorf("%s names the private field internal_note of shared.seo", name)
				}
			}
			if v2 := string(docs["v2"]); !strings.Contains(v2, `"discriminator":{"mapping":{"blocks.faq":"#/components/schemas/blocks.faq.inZone"`) {
				t.Errorf("the v2 document has no discriminator for the page's zone")
			}
			checkCalls(t, h, newCheckers(t, docs), componentCalls(t, h))
		})
	}
}

// componentCalls writes and reads testdata/components' entries every way
// the documents describe.
func componentCalls(t *testing.T, h *apptest.Harness) []call {
	r := h.Do("POST", "/api/articles", map[string]any{"data": map[string]any{"title": "A", "seo": map[string]any{"metaTitle": "A"}}})
	if r.Status != 201 {
		t.Fatalf("article: %d %s", r.Status, r.Body)
	}
	article := r.JSON(t)["data"].(map[string]any)["documentId"].(string)
	page := map[string]any{"data": map[string]any{"title": "Home",
		"seo": map[string]any{"metaTitle": "Home", "social": []any{map[string]any{"network": "x", "link": map[string]any{"url": "/x"}}}},
		"body": []any{
			map[string]any{"__component": "blocks.hero", "title": "Hi", "cta": map[string]any{"url": "/go"}, "article": article},
			map[string]any{"__component": "blocks.quote", "body": "Q", "sources": []any{article}},
			map[string]any{"__component": "blocks.stats", "count": 3, "ratio": 1.5, "flag": true, "day": "2024-02-29", "extra": map[string]any{"a": 1}},
			map[string]any{"__component": "blocks.faq", "items": []any{map[string]any{"question": "Why?"}}},
			map[string]any{"__component": "blocks.faq"}, // its items (min 1) never sent: answered as []
			map[string]any{"__component": "blocks.rich", "body": "# T"},
		},
		"opening_hours": []any{map[string]any{"day": "monday", "opens": "09:00"}},
		"related":       []any{article},
	}}
	full := "populate[seo][populate][social][populate]=link&populate[body][on][blocks.hero][populate]=*" +
		"&populate[body][on][blocks.quote][populate]=sources&populate[body][on][blocks.faq][populate]=items&populate[opening_hours]=true&populate[related]=true"
	return []call{
		{"POST", "/api/v2/pages", page, false, 201},
		{"POST", "/api/v2/pages?populate=*", map[string]any{"data": map[string]any{"title": "Bare", "seo": nil, "body": []any{}}}, false, 201},
		{"POST", "/api/v2/pages", map[string]any{"data": map[string]any{"title": "Bad", "body": []any{map[string]any{"title": "no __component"}}}}, false, 400},
		{"GET", "/api/v2/pages?populate=*", nil, true, 200},
		{"GET", "/api/v2/pages?" + full, nil, true, 200},
		{"GET", "/api/v1/pages?" + full, nil, true, 200},
		{"GET", "/api/v2/pages?populate[body][populate]=*&populate[seo][fields][0]=metaTitle", nil, true, 200},
		{"GET", "/api/v2/pages?populate[seo][filters][metaTitle][$eq]=nope&populate[opening_hours][count]=true&populate[body][on][blocks.hero][filters][title][$eq]=Hi", nil, true, 200},
		{"GET", "/api/v1/pages?populate[seo][count]=true&populate[opening_hours][filters][day][$eq]=monday&populate[opening_hours][sort]=opens:desc", nil, true, 200},
		{"GET", "/api/v2/articles?populate=*", nil, true, 200},
		{"PUT", "/api/v2/site?populate=seo", map[string]any{"data": map[string]any{"name": "S", "seo": map[string]any{"metaTitle": "S"}}}, false, 200},
		{"GET", "/api/v1/site?populate[seo][populate]=social", nil, true, 200},
	}
}
