package rest_test

import (
	"fmt"
	"net/http/httptest"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// The components scenario: a page of 25 entries, each with a 10-block
// dynamic zone, an SEO component (with a social item) and a relation,
// read with everything populated, through fiber in the same process: its
// time and allocations per request. kiln-bench's scenario 7 runs the same
// request over HTTP against its floor (cmd/kiln-bench/components.go).
//
//	go test -run XXX -bench 'ComponentsPage' -benchtime 3s ./internal/rest/

const componentsPagePath = "/api/pages?fields[0]=title&pagination[pageSize]=25&populate[seo][populate]=social" +
	"&populate[body][populate]=*&populate[related][fields][0]=title"

// componentsBench is an app of testdata/components with 25 such pages.
func componentsBench(b *testing.B, d database.Dialect) *apptest.Harness {
	h := apptest.NewWith(b, apptest.ProjectConfig(b, d, "components", "content-types"))
	r := h.Do("POST", "/api/articles", map[string]any{"data": map[string]any{"title": "Source", "seo": map[string]any{"metaTitle": "S"}}})
	if r.Status != 201 {
		b.Fatalf("%d %s", r.Status, r.Body)
	}
	article := r.JSON(b)["data"].(map[string]any)["documentId"].(string)
	for i := range 25 {
		var body []any
		for k := range 10 {
			switch k % 5 {
			case 0:
				body = append(body, map[string]any{"__component": "blocks.quote", "body": fmt.Sprint("Quote ", i, k), "author": "A"})
			case 1:
				body = append(body, map[string]any{"__component": "blocks.hero", "title": fmt.Sprint("Hero ", k), "cta": map[string]any{"url": "/go"}})
			case 2:
				body = append(body, map[string]any{"__component": "blocks.stats", "count": k, "ratio": 1.5, "flag": true, "day": "2024-02-29"})
			case 3:
				body = append(body, map[string]any{"__component": "blocks.faq", "items": []any{map[string]any{"question": "Why?", "answer": "So."}}})
			case 4:
				body = append(body, map[string]any{"__component": "blocks.rich", "body": "# Title\n\ntext"})
			}
		}
		page := map[string]any{"title": fmt.Sprint("Page ", i), "body": body, "related": []any{article},
			"seo": map[string]any{"metaTitle": fmt.Sprint("Page ", i), "social": []any{map[string]any{"network": "x", "handle": "@kiln"}}}}
		if r := h.Do("POST", "/api/pages", map[string]any{"data": page}); r.Status != 201 {
			b.Fatalf("%d %s", r.Status, r.Body)
		}
	}
	return h
}

func benchDialects(b *testing.B, fn func(b *testing.B, h *apptest.Harness)) {
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		b.Run(d.String(), func(b *testing.B) { fn(b, componentsBench(b, d)) })
	}
}

func BenchmarkComponentsPage(b *testing.B) {
	benchDialects(b, func(b *testing.B, h *apptest.Harness) {
		b.ReportAllocs()
		b.ResetTimer()
		for range b.N {
			req := httptest.NewRequest("GET", componentsPagePath, nil)
			resp, err := h.App.Fiber.Test(req, -1)
			if err != nil || resp.StatusCode != 200 {
				b.Fatal(err, resp.StatusCode)
			}
			resp.Body.Close()
		}
	})
}

// Deep populate against the same request spelled out by hand: 25 pages
// of testdata/components read with pLevel=4 and with its explicit
// populate (pagesDeep4), reporting the statements each request sends.
//
//	go test -run XXX -bench 'DeepPopulate' -benchtime 2s ./internal/rest/
func BenchmarkDeepPopulate(b *testing.B) {
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		b.Run(d.String(), func(b *testing.B) {
			h := apptest.NewWith(b, apptest.ProjectConfig(b, d, "components", "content-types"))
			seedDeepPages(b, h, 25)
			for _, c := range []struct{ name, path string }{
				{"pLevel=4", "/api/pages?pLevel=4"},
				{"spelled-out", "/api/pages?" + pagesDeep4},
			} {
				b.Run(c.name, func(b *testing.B) {
					cnt := h.CountQueries()
					b.ReportAllocs()
					b.ResetTimer()
					for range b.N {
						resp, err := h.App.Fiber.Test(httptest.NewRequest("GET", c.path, nil), -1)
						if err != nil || resp.StatusCode != 200 {
							b.Fatal(err, resp.StatusCode)
						}
						resp.Body.Close()
					}
					b.ReportMetric(float64(cnt.N())/float64(b.N), "statements/op")
				})
			}
		})
	}
}
