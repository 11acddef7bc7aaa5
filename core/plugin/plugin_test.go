package plugin_test

import (
	"context"
	"io"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/pluginroutes"
	"github.com/kiln-cms/kiln/internal/rest"
)

// probe is a plugin made of whatever a test gives it.
type probe struct {
	name     string
	register func(api *plugin.API) error
}

func (p probe) Name() string                   { return p.name }
func (p probe) Register(api *plugin.API) error { return p.register(api) }

// journal records what ran, in order.
type journal struct {
	mu  sync.Mutex
	log []string
}

func (j *journal) add(s string) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.log = append(j.log, s)
}

func (j *journal) take() []string {
	j.mu.Lock()
	defer j.mu.Unlock()
	out := j.log
	j.log = nil
	return out
}

// TestPoliciesRunInOrderAfterThePermission: the permission check comes
// first (401 without a token, 403 for a role without the action, and no
// policy runs), then the policies in order; a refusing policy answers with
// its own error and the handler does not run. The route is served under
// /api, /api/v1 and /api/v2, and is in the app's route table.
func TestPoliciesRunInOrderAfterThePermission(t *testing.T) {
	j := &journal{}
	p := probe{name: "probe", register: func(api *plugin.API) error {
		return api.Route(plugin.Route{
			Method: "GET", Path: "/probe/:id", Action: "probe.read", Tag: "Content", Summary: "probe",
			Response: map[string]any{"type": "object"},
			Policies: []plugin.Policy{
				func(c *fiber.Ctx) error { j.add("first"); return nil },
				func(c *fiber.Ctx) error {
					j.add("second")
					if c.Params("id") == "refuse" {
						return errs.New(errs.KindConflict, "the second policy says no")
					}
					return nil
				},
			},
			Handler: func(c *fiber.Ctx) error {
				j.add("handler")
				return rest.WriteData(c, fiber.StatusOK, fiber.Map{"id": c.Params("id")})
			},
		})
	}}
	h := apptest.New(t, database.SQLite, p)
	coach := h.CreateUser("coachy", "coachy@x.test", "coach")
	cases := []struct {
		path    string
		as      []string
		status  int
		journal []string
	}{
		{"/api/probe/1", []string{"Authorization", apptest.Anonymous}, 401, nil},
		{"/api/probe/1", []string{"Authorization", "Bearer " + coach}, 403, nil},
		{"/api/probe/refuse", nil, 409, []string{"first", "second"}},
		{"/api/probe/1", nil, 200, []string{"first", "second", "handler"}},
		{"/api/v1/probe/1", nil, 200, []string{"first", "second", "handler"}},
		{"/api/v2/probe/1", nil, 200, []string{"first", "second", "handler"}},
	}
	for _, c := range cases {
		r := h.Do("GET", c.path, nil, c.as...)
		if r.Status != c.status {
			t.Errorf("%s as %v: %d, want %d: %s", c.path, c.as, r.Status, c.status, r.Body)
		}
		if got := j.take(); !slices.Equal(got, c.journal) {
			t.Errorf("%s as %v: ran %v, want %v", c.path, c.as, got, c.journal)
		}
		if c.status == 409 && !strings.Contains(string(r.Body), "the second policy says no") {
			t.Errorf("the policy's own error is not the answer: %s", r.Body)
		}
	}
	var row string
	for _, r := range h.App.RouteTable() {
		if r.Path == "/api/probe/:id" {
			row = r.Method + " " + r.Action + " " + strings.Join(r.Roles, ",") + " " + r.Source
		}
	}
	if row != "GET probe.read admin plugin:probe" {
		t.Errorf("route table row %q, want %q", row, "GET probe.read admin plugin:probe")
	}
}

// TestServicesThroughTheApp: a service one plugin provides is reachable by
// a later plugin through its API and by other code through the app's
// registry; an unknown name is nil.
func TestServicesThroughTheApp(t *testing.T) {
	type greeter struct{ word string }
	var seen any
	provider := probe{name: "provider", register: func(api *plugin.API) error {
		api.Provide("greeter", &greeter{"hello"})
		return nil
	}}
	user := probe{name: "user", register: func(api *plugin.API) error {
		seen = api.Service("provider.greeter")
		return nil
	}}
	h := apptest.New(t, database.SQLite, provider, user)
	if g, ok := seen.(*greeter); !ok || g.word != "hello" {
		t.Errorf("a later plugin got %#v", seen)
	}
	if g, ok := h.App.Plugins.Service("provider.greeter").(*greeter); !ok || g.word != "hello" {
		t.Errorf("the app's registry gave %#v", h.App.Plugins.Service("provider.greeter"))
	}
	if s := h.App.Plugins.Service("provider.nothing"); s != nil {
		t.Errorf("an unknown service: %#v", s)
	}
}

// TestRouteMistakesStopStartUp: each mistake in a route's declaration is
// an error of Register naming the plugin, so start-up stops.
func TestRouteMistakesStopStartUp(t *testing.T) {
	ok := func(*fiber.Ctx) error { return nil }
	resp := map[string]any{"type": "object"}
	good := plugin.Route{Method: "GET", Path: "/probe/a", Action: "probe.a", Tag: "Content", Summary: "a", Response: resp, Handler: ok}
	with := func(f func(r *plugin.Route)) plugin.Route { r := good; f(&r); return r }
	cases := map[string][]plugin.Route{
		"needs a method and a handler":                 {with(func(r *plugin.Route) { r.Handler = nil })},
		`route path "probe/a" must start`:              {with(func(r *plugin.Route) { r.Path = "probe/a" })},
		`action "other.a" must start with`:             {with(func(r *plugin.Route) { r.Action = "other.a" })},
		"needs a summary and a tag":                    {with(func(r *plugin.Route) { r.Tag = "" })},
		`secret "a" is not one of its path parameters`: {with(func(r *plugin.Route) { r.Secret = []string{"a"} })},
		`is already registered by plugin "p"`:          {with(func(r *plugin.Route) { r.Path = "/probe/:id" }), with(func(r *plugin.Route) { r.Path = "/probe/:other" })},
	}
	h := apptest.New(t, database.SQLite)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	for want, routes := range cases {
		p := probe{name: "p", register: func(api *plugin.API) error {
			for _, r := range routes {
				r.Action = strings.Replace(r.Action, "probe.", "p.", 1)
				if err := api.Route(r); err != nil {
					return err
				}
			}
			return nil
		}}
		_, err := plugin.Load([]plugin.Plugin{p}, h.App.Content, h.App.Security, pluginroutes.Shadows(rest.GeneratedRoutes(h.App.Schema, nil)), log, nil)
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), `plugin "p"`) {
			t.Errorf("%s: Load said %v", want, err)
		}
	}
	// The same method and path in two plugins.
	a := probe{name: "a", register: func(api *plugin.API) error {
		return api.Route(plugin.Route{Method: "GET", Path: "/same", Action: "a.x", Tag: "Content", Summary: "x", Response: resp, Handler: ok})
	}}
	b := probe{name: "b", register: func(api *plugin.API) error {
		return api.Route(plugin.Route{Method: "get", Path: "/same", Action: "b.x", Tag: "Content", Summary: "x", Response: resp, Handler: ok})
	}}
	if _, err := plugin.Load([]plugin.Plugin{a, b}, h.App.Content, h.App.Security, pluginroutes.Shadows(rest.GeneratedRoutes(h.App.Schema, nil)), log, nil); err == nil ||
		!strings.Contains(err.Error(), `registering plugin "b"`) || !strings.Contains(err.Error(), `already registered by plugin "a"`) {
		t.Errorf("two plugins on GET /same: %v", err)
	}
	if _, err := plugin.Load([]plugin.Plugin{a, a}, h.App.Content, h.App.Security, pluginroutes.Shadows(rest.GeneratedRoutes(h.App.Schema, nil)), log, nil); err == nil || !strings.Contains(err.Error(), `plugin "a" is registered twice`) {
		t.Errorf("one plugin twice: %v", err)
	}
}

// TestEveryHookRunsInTheWritesTransaction registers the six lifecycle
// hooks: each runs, in order, with the write's transaction; an update or
// delete hook's error aborts the write with its own status, and what the
// hook wrote in the transaction is gone with it.
func TestEveryHookRunsInTheWritesTransaction(t *testing.T) {
	j := &journal{}
	p := probe{name: "hooks", register: func(api *plugin.API) error {
		record := func(name string) hook.Func {
			return func(ctx context.Context, ev *hook.Event) error {
				title := ""
				if ev.Entry != nil {
					v, _ := ev.Entry.Get(ev.Type.Attr("name"))
					title, _ = v.(string)
				}
				j.add(name + ":" + title)
				// A write through the transaction, then a refusal when the
				// entry's name asks for one: both must vanish together.
				if strings.HasPrefix(title, "refuse "+name) {
					if _, err := api.Content.TxOf(ev).Create(ctx, &query.Query{Type: api.Schema.Type("category")},
						content.NewWrite(api.Schema.Type("category")).Set("name", "written by "+name), entry.ReadOptions{}); err != nil {
						return err
					}
					return errs.New(errs.KindConflict, name+" says no")
				}
				return nil
			}
		}
		cu := api.Schema.Type("customer")
		api.Before(hook.Create, cu, record("beforeCreate"))
		api.After(hook.Create, cu, record("afterCreate"))
		api.Before(hook.Update, cu, record("beforeUpdate"))
		api.After(hook.Update, cu, record("afterUpdate"))
		api.Before(hook.Delete, cu, record("beforeDelete"))
		api.After(hook.Delete, cu, record("afterDelete"))
		return nil
	}}
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		j.take()
		put := func(id, name string) *apptest.Response {
			return h.Do("PUT", "/api/customers/"+id, map[string]any{"data": map[string]any{"name": name}})
		}
		if r := h.Do("POST", "/api/customers", map[string]any{"data": map[string]any{"name": "Acme"}}); r.Status != 201 {
			t.Fatalf("create: %d %s", r.Status, r.Body)
		}
		if r := put("1", "Acme 2"); r.Status != 200 {
			t.Fatalf("update: %d %s", r.Status, r.Body)
		}
		want := []string{"beforeCreate:", "afterCreate:Acme", "beforeUpdate:Acme", "afterUpdate:Acme 2"}
		if got := j.take(); !slices.Equal(got, want) {
			t.Errorf("hooks ran %v, want %v", got, want)
		}
		// An afterUpdate that writes, then refuses: the update and the
		// hook's write roll back.
		if r := put("1", "refuse afterUpdate"); r.Status != 409 || !strings.Contains(string(r.Body), "afterUpdate says no") {
			t.Errorf("refusing afterUpdate: %d %s", r.Status, r.Body)
		}
		// Delete: before sees the entry, after too; a refusal keeps it.
		if r := put("1", "refuse afterDelete"); r.Status != 200 {
			t.Fatalf("rename: %d %s", r.Status, r.Body)
		}
		j.take()
		if r := h.Do("DELETE", "/api/customers/1", nil); r.Status != 409 || !strings.Contains(string(r.Body), "afterDelete says no") {
			t.Errorf("refusing afterDelete: %d %s", r.Status, r.Body)
		}
		if got, want := j.take(), []string{"beforeDelete:refuse afterDelete", "afterDelete:refuse afterDelete"}; !slices.Equal(got, want) {
			t.Errorf("delete hooks ran %v, want %v", got, want)
		}
		r := h.Do("GET", "/api/customers/1", nil)
		if r.Status != 200 || !strings.Contains(string(r.Body), `"name":"refuse afterDelete"`) {
			t.Errorf("the refused delete removed the entry: %d %s", r.Status, r.Body)
		}
		if r := put("1", "Acme 3"); r.Status != 200 {
			t.Fatalf("rename: %d %s", r.Status, r.Body)
		}
		if r := h.Do("DELETE", "/api/customers/1", nil); r.Status != 204 {
			t.Errorf("delete: %d %s", r.Status, r.Body)
		}
		if b := string(h.Do("GET", "/api/categories", nil).Body); !strings.Contains(b, `"total":0`) {
			t.Errorf("the refusing hooks' writes were kept: %s", b)
		}
	}, p)
}
