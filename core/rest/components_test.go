package rest_test

import (
	"log/slog"
	"os"
	"path/filepath"
	"testing"

	"github.com/kiln-cms/kiln/core/app/apptest"
	"github.com/kiln-cms/kiln/core/database"
)

// eachComponents runs fn on SQLite and, when configured, PostgreSQL, with
// an app of testdata/components.
func eachComponents(t *testing.T, fn func(t *testing.T, h *apptest.Harness)) {
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			t.Parallel()
			cfg := apptest.Config(t, d)
			project := filepath.Join(apptest.Root(t), "testdata", "components")
			cfg.Paths.ContentTypes = filepath.Join(project, "content-types")
			cfg.Paths.Config = filepath.Join(project, "config")
			fn(t, apptest.NewLogged(t, cfg, slog.New(slog.NewTextHandler(os.Stderr, nil))))
		})
	}
}

// TestComponentsWrittenAndPopulated: a page with a component nested three
// deep, a dynamic zone and a repeatable component is created in one
// request; without populate the answer holds none of them, with populate
// each in its order, zone items naming their component.
func TestComponentsWrittenAndPopulated(t *testing.T) {
	t.Parallel()
	const meta = `"createdAt":"T","updatedAt":"T","publishedAt":"T"`
	const page1 = `"meta":{"pagination":{"page":1,"pageSize":25,"pageCount":1,"total":1}}`
	page := map[string]any{"title": "Home",
		"seo": map[string]any{"metaTitle": "Home page", "social": []any{
			map[string]any{"network": "x", "handle": "@kiln", "link": map[string]any{"url": "https://x.test/kiln"}},
			map[string]any{"network": "github"}}},
		"body": []any{
			map[string]any{"__component": "blocks.hero", "title": "Welcome", "cta": map[string]any{"url": "/start", "label": "Start"}},
			map[string]any{"__component": "blocks.quote", "body": "Less is more", "author": "Mies"},
			map[string]any{"__component": "blocks.faq", "items": []any{map[string]any{"question": "Why?"}, map[string]any{"question": "How?", "answer": "So."}}},
		},
		"opening_hours": []any{map[string]any{"day": "monday", "opens": "09:00", "closes": "17:00"}, map[string]any{"day": "friday"}},
	}
	eachComponents(t, func(t *testing.T, h *apptest.Harness) {
		runSteps(t, h, []step{
			{"POST", "/api/pages", map[string]any{"data": page}, "", 201,
				`{"data":{"id":1,"documentId":"D","title":"Home",` + meta + `},"meta":{}}`},
			{"GET", "/api/pages?populate=*", nil, apptest.Anonymous, 200, `{"data":[{"id":1,"documentId":"D","title":"Home",` + meta + `,"seo":{"id":1,"metaTitle":"Home page","meta_description":null},"body":[{"__component":"blocks.hero","id":1,"title":"Welcome"},{"__component":"blocks.quote","id":1,"body":"Less is more","author":"Mies"},{"__component":"blocks.faq","id":1}],"opening_hours":[{"id":1,"day":"monday","opens":"09:00:00","closes":"17:00:00"},{"id":2,"day":"friday","opens":null,"closes":null}]}],` + page1 + `}`},
			{"GET", "/api/pages?populate[seo][populate][social][populate]=link&populate[body][on][blocks.faq][populate]=items&populate[body][on][blocks.hero][populate]=cta&populate=opening_hours", nil, apptest.Anonymous, 200,
				`{"data":[{"id":1,"documentId":"D","title":"Home",` + meta + `,"seo":{"id":1,"metaTitle":"Home page","meta_description":null,"social":[{"id":1,"network":"x","handle":"@kiln","link":{"id":2,"url":"https://x.test/kiln","label":"Read more"}},{"id":2,"network":"github","handle":null,"link":null}]},"body":[{"__component":"blocks.hero","id":1,"title":"Welcome","cta":{"id":1,"url":"/start","label":"Start"}},{"__component":"blocks.quote","id":1,"body":"Less is more","author":"Mies"},{"__component":"blocks.faq","id":1,"items":[{"id":1,"question":"Why?","answer":null},{"id":2,"question":"How?","answer":"So."}]}],"opening_hours":[{"id":1,"day":"monday","opens":"09:00:00","closes":"17:00:00"},{"id":2,"day":"friday","opens":null,"closes":null}]}],` + page1 + `}`},
		})
	})
}
