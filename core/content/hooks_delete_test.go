package content_test

import (
	"context"
	"testing"

	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/internal/apptest"
)

// TestAfterDeleteHookAlone: an after-delete hook with no before-delete
// hook of its type gets the deleted entry, and the delete succeeds (the
// entry was once reloaded after its row was gone: every delete of the
// type answered 404 and rolled back).
func TestAfterDeleteHookAlone(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		var seen string
		h.App.Content.Hooks.AfterDelete("customer", func(ctx context.Context, ev *hook.Event) error {
			if ev.Entry != nil {
				v, _ := ev.Entry.Get(ev.Type.Attr("name"))
				seen, _ = v.(string)
			}
			return nil
		})
		r := h.Do("POST", "/api/customers", map[string]any{"data": map[string]any{"name": "Gone Ltd"}})
		doc := r.JSON(t)["data"].(map[string]any)["documentId"].(string)
		if r := h.Do("DELETE", "/api/customers/"+doc, nil); r.Status != 204 && r.Status != 200 {
			t.Fatalf("delete: %d %s", r.Status, r.Body)
		}
		if r := h.Do("GET", "/api/customers/"+doc, nil); r.Status != 404 {
			t.Errorf("after the delete: %d", r.Status)
		}
		if seen != "Gone Ltd" {
			t.Errorf("the after-delete hook saw %q, want the deleted entry's name", seen)
		}
	})
}
