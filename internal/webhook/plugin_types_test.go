package webhook_test

import (
	"context"
	"testing"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/webhook/webhooktest"
)

// TestPluginTypePayload: an entry of a plugin's type (written by the
// plugin's code, which has the routes: here the content service) is
// delivered with the type's plugin::<plugin>.<name> uid, as Strapi sends
// it, and its singular name as the model.
func TestPluginTypePayload(t *testing.T) {
	each(t, func(t *testing.T, d database.Dialect) {
		rcv := webhooktest.NewReceiver(t)
		cfg := webhooktest.WithHook(t, apptest.ProjectConfig(t, d, "plugin-types", "src"), rcv.URL, []string{"entry.create"}, "badge")
		h := apptest.NewWith(t, cfg)
		badge := h.App.Content.Schema.Type("badge")
		if _, err := h.App.Content.Create(context.Background(), &query.Query{Type: badge}, content.NewWrite(badge).Set("name", "Vegan"), entry.ReadOptions{}); err != nil {
			t.Fatal(err)
		}
		webhooktest.WaitFor(t, "one delivery", func() bool { return len(rcv.Requests()) == 1 })
		p := verified(t, rcv.Requests()[0])
		if p.Event != "entry.create" || p.Model != "badge" || p.UID != "plugin::kitchen.badge" {
			t.Errorf("event %q, model %q, uid %q", p.Event, p.Model, p.UID)
		}
	})
}
