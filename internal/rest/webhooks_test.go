package rest_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/store/storetest"
	"github.com/kiln-cms/kiln/internal/webhook/webhooktest"
)

// webhookAuditor may read webhooks and their logs, nothing more.
const webhookAuditor = `
  auditor:
    actions: [webhooks.find, webhooks.findOne, webhooks.deliveries]
`

// TestWebhookAdminRoutes: the webhooks' admin routes under
// /api/admin/webhooks, their answers, refusals and permissions
// (internal/webhook's tests are about deliveries).
func TestWebhookAdminRoutes(t *testing.T) {
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			if d == database.Postgres && storetest.PostgresURL() == "" {
				t.Skip("PostgreSQL tests skipped: KILN_TEST_POSTGRES_URL is not set")
			}
			webhookAdminRoutes(t, d)
		})
	}
}

func webhookAdminRoutes(t *testing.T, d database.Dialect) {
	rcv := webhooktest.NewReceiver(t)
	h := apptest.NewWith(t, webhooktest.WithHook(t, apptest.ConfigWithRoles(t, d, webhookAuditor), rcv.URL, []string{"entry.create"}, "customer"))
	wantErr := func(what string, r *apptest.Response, status int, name, msg string) {
		t.Helper()
		st, n, m, _ := h.ErrorOf(r)
		if st != status || r.Status != status || n != name || !strings.Contains(m, msg) {
			t.Errorf("%s: %d %s %q, want %d %s %q", what, r.Status, n, m, status, name, msg)
		}
	}
	body := func(m map[string]any) map[string]any { return map[string]any{"data": m} }

	// Create: the secret is generated and shown once.
	r := h.Do("POST", "/api/admin/webhooks", body(map[string]any{"name": "crm", "url": "https://crm.example.com/in",
		"events": []string{"entry.create", "learner.assigned"}, "types": []string{"learner"}, "headers": map[string]string{"X-Team": "a"}}))
	if r.Status != 201 {
		t.Fatalf("create: %d %s", r.Status, r.Body)
	}
	created := r.JSON(t)["data"].(map[string]any)
	if !regexp.MustCompile(`^[0-9a-f]{64}$`).MatchString(fmt.Sprint(created["secret"])) || created["hasSecret"] != true ||
		created["source"] != "api" || created["enabled"] != true {
		t.Errorf("created %v", created)
	}
	id := created["id"]
	path := fmt.Sprintf("/api/admin/webhooks/%v", id)

	// Reads never show a secret.
	for _, p := range []string{"/api/admin/webhooks", path} {
		r := h.Do("GET", p, nil)
		if r.Status != 200 || strings.Contains(string(r.Body), `"secret"`) || !strings.Contains(string(r.Body), `"hasSecret":true`) {
			t.Errorf("GET %s: %d %s", p, r.Status, r.Body)
		}
	}
	if list := h.Do("GET", "/api/admin/webhooks", nil); !strings.Contains(string(list.Body), `"source":"config"`) {
		t.Errorf("the config file's webhook is not listed: %s", list.Body)
	}

	// Bad input is a 400 naming the field.
	for _, c := range []struct {
		what string
		data map[string]any
		msg  string
	}{
		{"no events", map[string]any{"name": "x", "url": "https://a.example"}, "events"},
		{"an event name", map[string]any{"name": "x", "url": "https://a.example", "events": []string{"Entry Create"}}, "events"},
		{"ftp", map[string]any{"name": "x", "url": "ftp://a.example", "events": []string{"*"}}, "url"},
		{"credentials", map[string]any{"name": "x", "url": "https://u:p@a.example", "events": []string{"*"}}, "url"},
		{"a type", map[string]any{"name": "x", "url": "https://a.example", "events": []string{"*"}, "types": []string{"nope"}}, "types"},
		{"our header", map[string]any{"name": "x", "url": "https://a.example", "events": []string{"*"}, "headers": map[string]string{"X-Kiln-Event": "x"}}, "headers"},
		{"a short secret", map[string]any{"name": "x", "url": "https://a.example", "events": []string{"*"}, "secret": "short"}, "secret"},
		{"a taken name", map[string]any{"name": "crm", "url": "https://a.example", "events": []string{"*"}}, "webhook of that name"},
		{"no name", map[string]any{"url": "https://a.example", "events": []string{"*"}}, "name"},
	} {
		wantErr(c.what, h.Do("POST", "/api/admin/webhooks", body(c.data)), 400, "ValidationError", c.msg)
	}
	wantErr("no data", h.Do("POST", "/api/admin/webhooks", map[string]any{}), 400, "ValidationError", "data")

	// A partial update keeps what it does not name.
	r = h.Do("PUT", path, body(map[string]any{"url": "https://crm.example.com/v2", "enabled": false}))
	got := r.JSON(t)["data"].(map[string]any)
	if r.Status != 200 || got["url"] != "https://crm.example.com/v2" || got["enabled"] != false || got["name"] != "crm" ||
		fmt.Sprint(got["events"]) != "[entry.create learner.assigned]" {
		t.Errorf("update: %d %s", r.Status, r.Body)
	}
	// A name or URL sent empty is refused, as on a create, not kept.
	wantErr("PUT empty name", h.Do("PUT", path, body(map[string]any{"name": ""})), 400, "ValidationError", "name: a name of 1 to 255 characters is required")
	wantErr("PUT blank name", h.Do("PUT", path, body(map[string]any{"name": "  "})), 400, "ValidationError", "name: a name of 1 to 255 characters is required")
	wantErr("PUT empty url", h.Do("PUT", path, body(map[string]any{"url": ""})), 400, "ValidationError", "url: an http or https URL")
	wantErr("PUT null url", h.Do("PUT", path, body(map[string]any{"url": nil})), 400, "ValidationError", "url: an http or https URL")
	wantErr("PUT a number for a name", h.Do("PUT", path, body(map[string]any{"name": 7})), 400, "ValidationError", "name: a string is required")
	if r := h.Do("GET", path, nil); r.Status != 200 || r.JSON(t)["data"].(map[string]any)["name"] != "crm" {
		t.Errorf("after refused updates: %d %s", r.Status, r.Body)
	}
	// The config file's webhook belongs to the file.
	cfgID := h.Do("GET", "/api/admin/webhooks", nil).JSON(t)["data"].([]any)[0].(map[string]any)["id"]
	cfgPath := fmt.Sprintf("/api/admin/webhooks/%v", cfgID)
	wantErr("PUT config", h.Do("PUT", cfgPath, body(map[string]any{"url": "https://x.example"})), 400, "ValidationError", "config/webhooks.yaml")
	wantErr("DELETE config", h.Do("DELETE", cfgPath, nil), 400, "ValidationError", "config/webhooks.yaml")
	wantErr("missing", h.Do("GET", "/api/admin/webhooks/999", nil), 404, "NotFoundError", "")
	wantErr("not an id", h.Do("GET", "/api/admin/webhooks/abc", nil), 404, "NotFoundError", "")

	// Only "*" or an explicit grant: the auditor reads, nobody else.
	auditorToken := h.CreateUser("aud", "aud@kiln.test", "auditor")
	plain := h.CreateUser("plain", "plain@kiln.test", "authenticated")
	if r := h.Do("GET", cfgPath+"/deliveries", nil, apptest.As(auditorToken)...); r.Status != 200 {
		t.Errorf("auditor deliveries: %d", r.Status)
	}
	wantErr("auditor create", h.Do("POST", "/api/admin/webhooks", body(map[string]any{"name": "y"}), apptest.As(auditorToken)...), 403, "ForbiddenError", "")
	wantErr("authenticated list", h.Do("GET", "/api/admin/webhooks", nil, apptest.As(plain)...), 403, "ForbiddenError", "")
	wantErr("anonymous list", h.Do("GET", "/api/admin/webhooks", nil, apptest.As("")...), 401, "UnauthorizedError", "")

	// Delete takes the log with it.
	if r := h.Do("DELETE", path, nil); r.Status != 200 {
		t.Errorf("delete: %d %s", r.Status, r.Body)
	}
	wantErr("deleted", h.Do("GET", path, nil), 404, "NotFoundError", "")

	// Redeliver sends a delivered one again, with the same id.
	h.Create("/api/customers", map[string]any{"name": "Again"})
	webhooktest.WaitFor(t, "the delivery", func() bool { return len(rcv.Requests()) == 1 })
	var list []map[string]any
	webhooktest.WaitFor(t, "the log", func() bool { list = webhooktest.Deliveries(t, h); return list[0]["status"] == "delivered" })
	r = h.Do("POST", fmt.Sprintf("%s/deliveries/%v/redeliver", cfgPath, list[0]["id"]), nil)
	if d := r.JSON(t)["data"].(map[string]any); r.Status != 200 || d["status"] != "pending" || fmt.Sprint(d["attempts"]) != "0" {
		t.Errorf("redeliver: %d %s", r.Status, r.Body)
	}
	webhooktest.WaitFor(t, "the second send", func() bool { return len(rcv.Requests()) == 2 })
	if a, b := rcv.Requests()[0].Header.Get("X-Kiln-Delivery"), rcv.Requests()[1].Header.Get("X-Kiln-Delivery"); a != b {
		t.Errorf("redelivered as %s, first sent as %s", b, a)
	}
	wantErr("redeliver missing", h.Do("POST", cfgPath+"/deliveries/999/redeliver", nil), 404, "NotFoundError", "")
	wantErr("bad page size", h.Do("GET", cfgPath+"/deliveries?pagination[pageSize]=500", nil), 400, "ValidationError", "pageSize")
}
