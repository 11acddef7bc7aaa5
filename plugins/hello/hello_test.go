package hello_test

import (
	"context"
	"io"
	"log/slog"
	"os"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/app"
	"github.com/kiln-cms/kiln/core/app/apptest"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/core/store"
	"github.com/kiln-cms/kiln/plugins/hello"
)

// TestTheGuideCompilesAndRegisters: the plugin of docs/plugins.md, as
// written there, runs in a real app with its route, hook and policy.
func TestTheGuideCompilesAndRegisters(t *testing.T) {
	src, _ := os.ReadFile("hello.go")
	doc, _ := os.ReadFile("../../docs/plugins.md")
	if !strings.Contains(string(doc), string(src)) {
		t.Fatal("docs/plugins.md must quote plugins/hello/hello.go whole; update the guide")
	}
	h := apptest.New(t, store.SQLite, hello.Plugin{})
	r := h.Do("GET", "/api/hello", nil)
	if r.Status != 200 || string(r.Body) != `{"data":{"greeting":"hello, user 1"},"meta":{}}` {
		t.Errorf("admin: %d %s", r.Status, r.Body)
	}
	// No token: 401 before the policy; a role without hello.greet: 403.
	if r := h.Do("GET", "/api/hello", nil, "Authorization", apptest.Anonymous); r.Status != 401 {
		t.Errorf("no token: %d", r.Status)
	}
	coach := h.CreateUser("coachy", "coachy@x.test", "coach")
	if r := h.Do("GET", "/api/hello", nil, "Authorization", "Bearer "+coach); r.Status != 403 {
		t.Errorf("coach without hello.greet: %d", r.Status)
	}
	// The hook refuses, and nothing is written.
	r = h.Do("POST", "/api/customers", map[string]any{"data": map[string]any{"name": " Acme"}})
	if r.Status != 400 || !strings.Contains(string(r.Body), "cannot start or end with spaces") {
		t.Errorf("hook: %d %s", r.Status, r.Body)
	}
	found := false
	for _, rt := range h.App.Plugins.Routes() {
		found = found || (rt.Plugin == "hello" && rt.Path == "/hello" && rt.Action == "hello.greet")
	}
	if !found {
		t.Error("the route is not in the route table")
	}
}

// needs is a plugin that requires what the schema lacks.
type needs struct{ req []plugin.Requirement }

func (n needs) Name() string                   { return "needy" }
func (n needs) Requires() []plugin.Requirement { return n.req }
func (n needs) Register(api *plugin.API) error { return nil }

func TestMissingRequirementsStopStartUp(t *testing.T) {
	cases := map[string]needs{
		`plugin "needy" needs content type "invoice", which content-types/ does not define`:                       {[]plugin.Requirement{plugin.Need("invoice")}},
		`plugin "needy" needs field "vatNumber" on content type "customer", which content-types/ does not define`: {[]plugin.Requirement{plugin.Need("customer", "name", "vatNumber")}},
	}
	for want, p := range cases {
		_, err := app.New(context.Background(), apptest.Config(t, store.SQLite), slog.New(slog.NewTextHandler(io.Discard, nil)), p)
		if err == nil || err.Error() != want {
			t.Errorf("got %v\nwant %s", err, want)
		}
	}
}

// rollback is a plugin whose afterCreate hook writes, then fails.
type rollback struct{}

func (rollback) Name() string                   { return "rollback" }
func (rollback) Requires() []plugin.Requirement { return nil }
func (rollback) Register(api *plugin.API) error {
	api.Hooks.AfterCreate("program", func(ctx context.Context, ev *hook.Event) error {
		_, err := api.Content.CreateTx(ctx, ev.Conn, api.Schema.Type("module"), map[string]any{"title": "made by the hook", "program": ev.ID}, true, store.ReadOptions{})
		if err != nil {
			return err
		}
		return errs.New(errs.KindConflict, "the hook says no")
	})
	return nil
}

// TestAFailingHookRollsBackTheWrite: the entry and what the hook wrote in
// the same transaction are gone, and the hook's kind sets the status.
func TestAFailingHookRollsBackTheWrite(t *testing.T) {
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		r := h.Do("POST", "/api/programs", map[string]any{"data": map[string]any{"title": "P"}})
		if r.Status != 409 || !strings.Contains(string(r.Body), "the hook says no") {
			t.Fatalf("%d %s", r.Status, r.Body)
		}
		for _, path := range []string{"/api/programs", "/api/modules"} {
			if s := string(h.Do("GET", path, nil).Body); !strings.Contains(s, `"total":0`) {
				t.Errorf("%s after a failed hook: %s", path, s)
			}
		}
	}, rollback{})
}
