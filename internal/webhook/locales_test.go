package webhook_test

import (
	"encoding/json"
	"sort"
	"testing"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/webhook/webhooktest"
)

// TestLocalizedEntryEvents: the events of a localized type carry the
// localization written, its locale in the entry as Strapi's do: a create
// in en, a new localization in fr, its delete.
func TestLocalizedEntryEvents(t *testing.T) {
	each(t, func(t *testing.T, d database.Dialect) {
		rcv := webhooktest.NewReceiver(t)
		cfg := webhooktest.WithHook(t, apptest.ProjectConfig(t, d, "locales", "content-types"), rcv.URL,
			[]string{"entry.create", "entry.update", "entry.delete"}, "topic")
		cfg.I18n = config.I18n{DefaultLocale: "en", Locales: []config.Locale{{Code: "en", Name: "English (en)"}, {Code: "fr", Name: "French (fr)"}}}
		h := apptest.NewWith(t, cfg)
		r := h.Do("POST", "/api/topics", map[string]any{"data": map[string]any{"name": "Topic"}})
		var made struct{ Data struct{ DocumentID string } }
		if err := json.Unmarshal(r.Body, &made); err != nil || r.Status != 201 {
			t.Fatalf("create: %d %s", r.Status, r.Body)
		}
		doc := made.Data.DocumentID
		if r := h.Do("PUT", "/api/topics/"+doc+"?locale=fr", map[string]any{"data": map[string]any{"name": "Sujet"}}); r.Status != 200 {
			t.Fatalf("fr: %d %s", r.Status, r.Body)
		}
		if r := h.Do("DELETE", "/api/topics/"+doc+"?locale=fr", nil); r.Status != 204 {
			t.Fatalf("delete fr: %d %s", r.Status, r.Body)
		}
		webhooktest.WaitFor(t, "three deliveries", func() bool { return len(rcv.Requests()) >= 3 })
		var got []string
		for _, req := range rcv.Requests() {
			var p struct {
				Event string
				Entry struct{ Name, Locale, DocumentID string }
			}
			if err := json.Unmarshal(req.Body, &p); err != nil {
				t.Fatal(err)
			}
			if p.Entry.DocumentID != doc {
				t.Errorf("%s: documentId %q, want %q", p.Event, p.Entry.DocumentID, doc)
			}
			got = append(got, p.Event+" "+p.Entry.Locale+" "+p.Entry.Name)
		}
		sort.Strings(got) // deliveries run in parallel
		want := []string{"entry.create en Topic", "entry.delete fr Sujet", "entry.update fr Sujet"}
		if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
			t.Errorf("events:\n got  %q\n want %q", got, want)
		}
	})
}
