package openapi_test

import (
	"encoding/json"
	"testing"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// TestLocalesAnswersMatchTheDocuments: the documents of a project with
// localized types (testdata/locales) describe what Kiln answers: locale
// in entries, localizations populated (both shapes), the locale and
// fallbackLocale parameters, the single type per locale, and the
// locales' list.
func TestLocalesAnswersMatchTheDocuments(t *testing.T) {
	t.Parallel()
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			t.Parallel()
			cfg := apptest.ProjectConfig(t, d, "locales", "content-types")
			cfg.I18n = config.I18n{DefaultLocale: "en", Locales: []config.Locale{{Code: "en", Name: "English (en)"}, {Code: "fr", Name: "French (fr)"}}}
			h := apptest.NewWith(t, cfg)
			docs := served(t, h)
			for name, raw := range docs {
				if err := validateAgainstSpecSchema(raw); err != nil {
					t.Errorf("%s: the OpenAPI 3.1 schema: %v", name, err)
				}
			}
			r := h.Do("POST", "/api/stories", map[string]any{"data": map[string]any{"title": "Hello", "seo": map[string]any{"metaTitle": "m"}}})
			var made struct{ Data struct{ DocumentID string } }
			if err := json.Unmarshal(r.Body, &made); err != nil || r.Status != 201 {
				t.Fatalf("create: %d %s", r.Status, r.Body)
			}
			doc := made.Data.DocumentID
			checkCalls(t, h, newCheckers(t, docs), []call{
				{"PUT", "/api/v2/stories/" + doc + "?locale=fr&populate=*", map[string]any{"data": map[string]any{"title": "Bonjour"}}, false, 200},
				{"GET", "/api/v2/stories?locale=*&populate=*", nil, false, 200},
				{"GET", "/api/v1/stories?populate[localizations][fields][0]=title", nil, false, 200},
				{"GET", "/api/v2/stories/" + doc + "?locale=de&fallbackLocale=en&populate=localizations", nil, false, 200},
				{"GET", "/api/v2/stories?locale=xx", nil, false, 200},
				{"POST", "/api/v2/stories?locale=xx", map[string]any{"data": map[string]any{"title": "x"}}, false, 400},
				{"PUT", "/api/v2/frontpage?locale=fr", map[string]any{"data": map[string]any{"headline": "Bienvenue"}}, false, 200},
				{"GET", "/api/v2/frontpage?locale=fr&populate=localizations", nil, true, 200},
				{"GET", "/api/i18n/locales", nil, false, 200},
			})
		})
	}
}
