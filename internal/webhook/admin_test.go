package webhook_test

import (
	"context"
	"testing"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/webhook"
	"github.com/kiln-cms/kiln/internal/webhook/webhooktest"
)

// TestAdministration: the webhooks' administration in plain Go values, as
// internal/rest's admin routes call it (internal/rest's TestWebhookAdminRoutes
// tests the routes): a secret is shown once, an update keeps what it
// leaves nil, a webhook of the config file belongs to the file.
func TestAdministration(t *testing.T) {
	each(t, func(t *testing.T, d database.Dialect) {
		rcv := webhooktest.NewReceiver(t)
		h := apptest.NewWith(t, webhooktest.WithHook(t, apptest.Config(t, d), rcv.URL, []string{"entry.create"}, "customer"))
		w, ctx := h.App.Webhooks, context.Background()
		str := func(s string) *string { return &s }
		off := false

		made, err := w.Create(ctx, webhook.Change{Name: str(" crm "), URL: str("https://crm.example.com/in"), Events: []string{"*"}})
		if err != nil || len(made.Secret) != 64 || !made.HasSecret || made.Name != "crm" || !made.Enabled ||
			made.Source != webhook.SourceAPI || made.Types == nil || made.Headers == nil {
			t.Fatalf("create: %+v %v", made, err)
		}
		got, err := w.Get(ctx, made.ID)
		if err != nil || got.Secret != "" || !got.HasSecret || got.URL != made.URL {
			t.Errorf("get: %+v %v", got, err)
		}
		changed, err := w.Update(ctx, made.ID, webhook.Change{Enabled: &off, Types: []string{"customer"}})
		if err != nil || changed.Enabled || changed.Name != "crm" || changed.URL != made.URL || len(changed.Types) != 1 {
			t.Errorf("update: %+v %v", changed, err)
		}
		if _, err := w.Update(ctx, made.ID, webhook.Change{URL: str("")}); errs.KindOf(err) != errs.KindValidation {
			t.Errorf("an empty URL: %v, want a validation error", err)
		}
		if _, err := w.Create(ctx, webhook.Change{Name: str("x"), URL: str("https://a.example"), Events: []string{"*"}, Secret: str("short")}); errs.KindOf(err) != errs.KindValidation {
			t.Errorf("a short secret: %v, want a validation error", err)
		}

		list, err := w.List(ctx)
		if err != nil || len(list) != 2 || list[0].Source != webhook.SourceConfig || !list[0].HasSecret || list[0].Secret != "" {
			t.Fatalf("list: %+v %v", list, err)
		}
		if _, err := w.Delete(ctx, list[0].ID); errs.KindOf(err) != errs.KindValidation {
			t.Errorf("deleting the config file's: %v, want a validation error", err)
		}
		if page, total, err := w.Deliveries(ctx, list[0].ID, 1, 25); err != nil || len(page) != 0 || total != 0 {
			t.Errorf("deliveries: %v %d %v", page, total, err)
		}

		if _, err := w.Delete(ctx, made.ID); err != nil {
			t.Errorf("delete: %v", err)
		}
		for what, err := range map[string]error{
			"get":        second(w.Get(ctx, made.ID)),
			"update":     second(w.Update(ctx, made.ID, webhook.Change{})),
			"delete":     second(w.Delete(ctx, made.ID)),
			"deliveries": third(w.Deliveries(ctx, made.ID, 1, 25)),
			"redeliver":  second(w.Redeliver(ctx, list[0].ID, 999)),
		} {
			if errs.KindOf(err) != errs.KindNotFound {
				t.Errorf("%s of what is gone: %v, want not found", what, err)
			}
		}
	})
}

func second[T any](_ T, err error) error { return err }

func third[T, U any](_ T, _ U, err error) error { return err }
