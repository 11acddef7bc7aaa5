package app_test

import (
	"errors"
	"log/slog"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// vault serves GET /api/vault/:key, whose key is a secret: a key
// starting "fail" is an unexpected error (a 500, logged).
type vault struct{}

func (vault) Name() string { return "vault" }
func (vault) Register(api *plugin.API) error {
	return api.Route(plugin.Route{
		Method: "GET", Path: "/vault/:key", Action: "vault.open", Tag: "Content", Summary: "a secret URL",
		Response: map[string]any{"type": "string"}, Secret: []string{"key"},
		Handler: func(c *fiber.Ctx) error {
			if strings.HasPrefix(c.Params("key"), "fail") {
				return errors.New("the vault is stuck")
			}
			return c.SendString("open")
		},
	})
}

// TestSecretPathParametersNotLogged: a route that marks a path parameter
// secret has it masked in the access log and in the log of a failed
// request (a 500), whoever answered; the key appears on no line.
func TestSecretPathParametersNotLogged(t *testing.T) {
	var buf syncBuffer
	cfg := apptest.Config(t, database.SQLite)
	cfg.Server.AccessLog = true
	h := apptest.NewLogged(t, cfg, slog.New(slog.NewJSONHandler(&buf, nil)), vault{})
	const key = "k-4f1d9c2b7e"
	if r := h.Do("GET", "/api/vault/"+key, nil); r.Status != 200 {
		t.Fatalf("open: %d", r.Status)
	}
	if r := h.Do("GET", "/api/vault/fail-"+key, nil); r.Status != 500 {
		t.Fatalf("stuck: %d", r.Status)
	}
	if r := h.Do("GET", "/api/vault/"+key, nil, "Authorization", "Bearer not-a-token"); r.Status != 401 {
		t.Fatalf("a bad token: %d", r.Status)
	}
	buf.mu.Lock()
	logged := buf.b.String()
	buf.mu.Unlock()
	if strings.Contains(logged, key) {
		t.Errorf("the key is in the log:\n%s", logged)
	}
	if !strings.Contains(logged, `"msg":"request failed"`) || !strings.Contains(logged, `"path":"/api/vault/***","client"`) {
		t.Errorf("no failed request logged with its path masked:\n%s", logged)
	}
	lines := buf.requestLines(t)
	if len(lines) != 3 {
		t.Fatalf("%d request lines: %v", len(lines), lines)
	}
	for i, want := range []struct {
		route  string
		status float64
	}{{"/api/vault/:key", 200}, {"/api/vault/:key", 500}, {"(none)", 401}} {
		if l := lines[i]; l["route"] != want.route || l["status"] != want.status || l["path"] != "/api/vault/***" || l["method"] != "GET" {
			t.Errorf("line %d: %v, want route %s, status %v, path /api/vault/***", i+1, l, want.route, want.status)
		}
	}
}
