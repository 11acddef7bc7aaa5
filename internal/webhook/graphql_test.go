package webhook_test

import (
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/webhook/webhooktest"
)

// TestGraphQLWritesAreDelivered: a GraphQL mutation writes through the
// content service, so its webhook goes out as a REST write's does.
func TestGraphQLWritesAreDelivered(t *testing.T) {
	each(t, func(t *testing.T, d database.Dialect) {
		rcv := webhooktest.NewReceiver(t)
		cfg := webhooktest.WithHook(t, apptest.ProjectConfig(t, d, "graphql", "src"), rcv.URL, []string{"entry.create"}, "customer")
		cfg.GraphQL.Enabled = true
		h := apptest.NewWith(t, cfg)
		r := h.Do("POST", "/graphql", map[string]any{"query": `mutation { createCustomer(data: {name: "Hooked"}) { documentId } }`})
		if r.Status != 200 {
			t.Fatalf("%d %s", r.Status, r.Body)
		}
		webhooktest.WaitFor(t, "one delivery", func() bool { return len(rcv.Requests()) == 1 })
		p := verified(t, rcv.Requests()[0])
		if p.Event != "entry.create" || p.Model != "customer" || p.UID != "api::customer.customer" {
			t.Errorf("event %q, model %q, uid %q", p.Event, p.Model, p.UID)
		}
	})
}
