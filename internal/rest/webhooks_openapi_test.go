package rest_test

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// TestWebhookRoutesDocumented: the OpenAPI document describes the
// webhooks' seven admin routes, with their actions, under the Webhooks
// tag, and building it reports no gap.
func TestWebhookRoutesDocumented(t *testing.T) {
	var log bytes.Buffer
	h := apptest.NewLogged(t, apptest.Config(t, database.SQLite), slog.New(slog.NewTextHandler(&log, nil)))
	r := h.Do("GET", "/api/openapi.json", nil)
	var doc struct {
		Paths map[string]map[string]struct {
			Tags   []string
			Action string `json:"x-kiln-action"`
		}
	}
	if err := json.Unmarshal(r.Body, &doc); err != nil || r.Status != 200 {
		t.Fatalf("%d %v", r.Status, err)
	}
	want := map[string]string{
		"get /api/admin/webhooks": "webhooks.find", "post /api/admin/webhooks": "webhooks.create",
		"get /api/admin/webhooks/{id}": "webhooks.findOne", "put /api/admin/webhooks/{id}": "webhooks.update",
		"delete /api/admin/webhooks/{id}":                          "webhooks.delete",
		"get /api/admin/webhooks/{id}/deliveries":                  "webhooks.deliveries",
		"post /api/admin/webhooks/{id}/deliveries/{did}/redeliver": "webhooks.redeliver",
	}
	for key, action := range want {
		var method, path string
		for i := range key {
			if key[i] == ' ' {
				method, path = key[:i], key[i+1:]
				break
			}
		}
		op, ok := doc.Paths[path][method]
		if !ok || op.Action != action || len(op.Tags) != 1 || op.Tags[0] != "Webhooks" {
			t.Errorf("%s: %+v (found %v)", key, op, ok)
		}
	}
	if bytes.Contains(log.Bytes(), []byte("gaps")) {
		t.Errorf("the documentation has gaps: %s", log.String())
	}
}
