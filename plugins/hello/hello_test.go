package hello_test

import (
	"context"
	"io"
	"log/slog"
	"os"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/app"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/migrate"
	"github.com/kiln-cms/kiln/internal/plugintables"
	"github.com/kiln-cms/kiln/plugins/hello"
)

// TestTheGuideCompilesAndRuns: the plugin of docs/plugins.md, as written
// there, runs in a real app on both databases: its model is bound, its
// table created, its hook, policy and route work, and its aggregate
// counts only what the caller may see.
func TestTheGuideCompilesAndRuns(t *testing.T) {
	src, _ := os.ReadFile("hello.go")
	doc, _ := os.ReadFile("../../docs/plugins.md")
	if !strings.Contains(string(doc), string(src)) {
		t.Fatal("docs/plugins.md must quote plugins/hello/hello.go whole; update the guide")
	}
	apptest.EachWithRoles(t, `
  greeter:
    actions: [hello.greet, customer.find]
    scopes:
      customer: {name: {$startsWith: A}}
`, func(t *testing.T, h *apptest.Harness) {
		h.Create("/api/customers", map[string]any{"name": "Acme"})
		h.Create("/api/customers", map[string]any{"name": "Globex"})
		h.Create("/api/customers", map[string]any{"name": "Aperture", "active": false})
		for i, want := range []string{
			`{"data":{"activeCustomers":2,"greeting":"hello, user 1","times":1},"meta":{}}`,
			`{"data":{"activeCustomers":2,"greeting":"hello, user 1","times":2},"meta":{}}`,
		} {
			if r := h.Do("GET", "/api/hello", nil); r.Status != 200 || string(r.Body) != want {
				t.Errorf("admin, greeting %d: %d %s", i+1, r.Status, r.Body)
			}
		}
		// The greeter sees customers starting with A: Acme is active,
		// Aperture is not, Globex is hidden.
		greeter := h.CreateUser("greeter", "greeter@x.test", "greeter")
		r := h.Do("GET", "/api/hello", nil, apptest.As(greeter)...)
		if r.Status != 200 || !strings.Contains(string(r.Body), `"activeCustomers":1,`) || !strings.Contains(string(r.Body), `"times":1}`) {
			t.Errorf("greeter: %d %s", r.Status, r.Body)
		}
		// No token: 401 before the policy; a role without hello.greet: 403.
		if r := h.Do("GET", "/api/hello", nil, apptest.As("")...); r.Status != 401 {
			t.Errorf("no token: %d", r.Status)
		}
		coach := h.CreateUser("coachy", "coachy@x.test", "coach")
		if r := h.Do("GET", "/api/hello", nil, apptest.As(coach)...); r.Status != 403 {
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
	}, &hello.Plugin{})
}

// TestTheTableIsMigrated: the plugin's table is in the migration plan, so
// `kiln migrate --dry-run` shows it, and once migrated a plan is empty.
func TestTheTableIsMigrated(t *testing.T) {
	cfg := apptest.FreshConfig(t, database.SQLite)
	db, err := database.Open(context.Background(), cfg.DatabaseURL())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	s, err := schema.LoadDir(cfg.Paths.ContentTypes)
	if err != nil {
		t.Fatal(err)
	}
	extra, err := plugintables.Extra([]plugin.Plugin{&hello.Plugin{}}, db.Dialect)
	if err != nil {
		t.Fatal(err)
	}
	plan, err := migrate.Run(context.Background(), db, s, migrate.Options{DryRun: true, Extra: extra})
	if err != nil || !strings.Contains(plan.String(), `-- create table hello_greetings`) {
		t.Fatalf("dry run: %v\n%s", err, plan)
	}
	if _, err := migrate.Run(context.Background(), db, s, migrate.Options{Extra: extra}); err != nil {
		t.Fatal(err)
	}
	if again, err := migrate.Preview(context.Background(), db, s, extra); err != nil || !again.Empty() {
		t.Errorf("after migrating: %v\n%s", err, again)
	}
}

// needs is a plugin whose model names what the schema lacks.
type needs struct{ model any }

func (n needs) Name() string                   { return "needy" }
func (n needs) Model() any                     { return n.model }
func (n needs) Register(api *plugin.API) error { return nil }

func TestAModelTheSchemaLacksStopsStartUp(t *testing.T) {
	cases := map[string]any{
		`plugin "needy" needs content type "invoice", which content-types/ does not define`: &struct {
			Invoice *schema.ContentType `kiln:"invoice"`
		}{},
		`plugin "needy" needs field "vatNumber" on content type "customer", which content-types/ does not define`: &struct {
			Name *schema.Attribute `kiln:"customer.name"`
			VAT  *schema.Attribute `kiln:"customer.vatNumber"`
		}{},
		`plugin "needy": model field Name tagged "customer" must be a *schema.ContentType`: &struct {
			Name *schema.Attribute `kiln:"customer"`
		}{},
	}
	for want, m := range cases {
		_, err := app.New(context.Background(), apptest.FreshConfig(t, database.SQLite), slog.New(slog.NewTextHandler(io.Discard, nil)), needs{m})
		if err == nil || err.Error() != want {
			t.Errorf("got %v\nwant %s", err, want)
		}
	}
}

// misspelt registers a hook on a type that does not exist.
type misspelt struct{}

func (misspelt) Name() string { return "misspelt" }
func (misspelt) Register(api *plugin.API) error {
	api.Before(hook.Create, api.Schema.Type("evnt"), func(context.Context, *hook.Event) error { return nil })
	return nil
}

// TestAHookOnAnUnknownTypeStopsStartUp: "evnt" is refused at start-up.
func TestAHookOnAnUnknownTypeStopsStartUp(t *testing.T) {
	_, err := app.New(context.Background(), apptest.FreshConfig(t, database.SQLite), slog.New(slog.NewTextHandler(io.Discard, nil)), misspelt{})
	if err == nil || err.Error() != `plugin "misspelt": a hook on a content type that does not exist, or with no function` {
		t.Errorf("got %v", err)
	}
}

// rollback is a plugin whose afterCreate hook writes, then fails.
type rollback struct {
	m struct {
		Program *schema.ContentType `kiln:"program"`
		Module  *schema.ContentType `kiln:"module"`
	}
}

func (*rollback) Name() string { return "rollback" }
func (r *rollback) Model() any { return &r.m }
func (r *rollback) Register(api *plugin.API) error {
	api.After(hook.Create, r.m.Program, func(ctx context.Context, ev *hook.Event) error {
		_, err := api.Content.TxOf(ev).Create(ctx, &query.Query{Type: r.m.Module},
			content.NewWrite(r.m.Module).Set("title", "made by the hook").SetRelation("program", content.ID(ev.ID)), content.ReadOptions{})
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
	}, &rollback{})
}
