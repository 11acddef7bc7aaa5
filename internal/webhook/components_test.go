package webhook_test

import (
	"encoding/json"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/webhook/webhooktest"
)

// TestPayloadCarriesComponents: a webhook's entry holds the entry's
// components and dynamic zones, every level, as Strapi 5's does (its
// events read the entry with a deep populate) — byte for byte what the
// API answers to the same deep populate — and no relation.
func TestPayloadCarriesComponents(t *testing.T) {
	each(t, func(t *testing.T, d database.Dialect) {
		rcv := webhooktest.NewReceiver(t)
		cfg := webhooktest.WithHook(t, apptest.ProjectConfig(t, d, "components", "content-types"), rcv.URL, []string{"entry.create"}, "page")
		h := apptest.NewWith(t, cfg)
		r := h.Do("POST", "/api/pages", map[string]any{"data": map[string]any{"title": "Home",
			"seo": map[string]any{"metaTitle": "Home", "social": []any{map[string]any{"network": "x", "link": map[string]any{"url": "/x"}}}},
			"body": []any{
				map[string]any{"__component": "blocks.hero", "title": "Hi", "cta": map[string]any{"url": "/go"}},
				map[string]any{"__component": "blocks.faq", "items": []any{map[string]any{"question": "Why?"}}},
				map[string]any{"__component": "blocks.quote", "body": "Q"},
			},
			"opening_hours": []any{map[string]any{"day": "monday"}}}})
		if r.Status != 201 {
			t.Fatalf("create: %d %s", r.Status, r.Body)
		}
		doc := r.JSON(t)["data"].(map[string]any)["documentId"].(string)
		deep := "?populate[seo][populate][social][populate]=link&populate[opening_hours]=true" +
			"&populate[body][on][blocks.hero][populate]=cta&populate[body][on][blocks.faq][populate]=items" +
			"&populate[body][on][blocks.quote]=true&populate[body][on][blocks.rich]=true&populate[body][on][blocks.stats]=true"
		var answered struct{ Data json.RawMessage }
		if err := json.Unmarshal(h.Do("GET", "/api/pages/"+doc+deep, nil).Body, &answered); err != nil {
			t.Fatal(err)
		}
		webhooktest.WaitFor(t, "the delivery", func() bool { return len(rcv.Requests()) == 1 })
		p := verified(t, rcv.Requests()[0])
		if string(p.Entry) != string(answered.Data) {
			t.Errorf("the entry\n%s\nthe API answered\n%s", p.Entry, answered.Data)
		}
	})
}
