package webhook_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/webhook/webhooktest"
)

// TestDraftAndPublishEvents pins the events of writes to a draft & publish
// type to what Strapi 5.54 sends (asked of the live peer, a webhook on
// every entry event, blueprint):
//
//	POST (published)     entry.create about the draft, entry.publish about the published row
//	PUT (published)      entry.update about the draft, entry.publish about the published row
//	PUT ?status=draft    entry.update about the draft
//	POST ?status=draft   entry.create about the draft
//	DELETE               entry.delete about the published row, and about the draft
func TestDraftAndPublishEvents(t *testing.T) {
	each(t, func(t *testing.T, d database.Dialect) {
		rcv := webhooktest.NewReceiver(t)
		h := apptest.NewWith(t, fastConfig(t, d, rcv.URL,
			[]string{"entry.create", "entry.update", "entry.delete", "entry.publish", "entry.unpublish"}, "blueprint"))
		seen := 0
		// step runs a request and returns the events it sent, sorted, as
		// "<event> <draft|published> <title>".
		step := func(method, path string, body any, want ...string) *apptest.Response {
			t.Helper()
			r := h.Do(method, path, body)
			if r.Status/100 != 2 {
				t.Fatalf("%s %s: %d %s", method, path, r.Status, r.Body)
			}
			webhooktest.WaitFor(t, fmt.Sprintf("%s %s's %d events", method, path, len(want)), func() bool { return len(rcv.Requests()) >= seen+len(want) })
			var got []string
			for _, r := range rcv.Requests()[seen:] {
				p := verified(t, r)
				var e struct {
					Title       string
					PublishedAt *string
				}
				json.Unmarshal(p.Entry, &e)
				v := "published"
				if e.PublishedAt == nil {
					v = "draft"
				}
				got = append(got, p.Event+" "+v+" "+e.Title)
			}
			seen += len(got)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("%s %s sent %q, want %q", method, path, got, want)
			}
			return r
		}
		r := step("POST", "/api/blueprints", map[string]any{"data": map[string]any{"title": "BP"}},
			"entry.create draft BP", "entry.publish published BP")
		doc := r.JSON(t)["data"].(map[string]any)["documentId"]
		path := fmt.Sprintf("/api/blueprints/%v", doc)
		step("PUT", path, map[string]any{"data": map[string]any{"title": "BP2"}}, "entry.update draft BP2", "entry.publish published BP2")
		step("PUT", path+"?status=draft", map[string]any{"data": map[string]any{"title": "BP3"}}, "entry.update draft BP3")
		step("POST", "/api/blueprints?status=draft", map[string]any{"data": map[string]any{"title": "BPd"}}, "entry.create draft BPd")
		step("DELETE", path, nil, "entry.delete published BP2", "entry.delete draft BP3")
	})
}
