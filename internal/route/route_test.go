package route_test

import (
	"io"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/internal/route"
)

func answer(s string) fiber.Handler { return func(c *fiber.Ctx) error { return c.SendString(s) } }

// TestMount: each row is served under each of its prefixes, in the
// table's order, a GET row (in any case) also as HEAD; fiber serves the
// first row that matches, so a row mounted earlier wins.
func TestMount(t *testing.T) {
	table := route.Table{
		{Method: "GET", Path: "/_health", Prefixes: route.Root, Source: route.SourceCore, Handlers: []fiber.Handler{answer("health")}},
		{Method: "get", Path: "/things/tree", Prefixes: route.Versioned, Action: "p.tree", Source: route.Plugin("p"), Handlers: []fiber.Handler{answer("tree")}},
		{Method: "GET", Path: "/things/:id", Prefixes: route.Versioned, Action: "thing.findOne", Source: route.SourceGenerated, Handlers: []fiber.Handler{answer("findOne")}},
		{Method: "POST", Path: "/auth/local", Prefixes: route.API, Action: "auth.login", Source: route.SourceCore, Handlers: []fiber.Handler{answer("login")}},
	}
	f := fiber.New()
	table.Mount(f)
	var got []string
	for _, r := range f.GetRoutes(true) {
		got = append(got, r.Method+" "+r.Path)
	}
	want := []string{
		"GET /_health", "GET /api/v1/things/tree", "GET /api/v2/things/tree", "GET /api/things/tree",
		"GET /api/v1/things/:id", "GET /api/v2/things/:id", "GET /api/things/:id",
		"HEAD /_health", "HEAD /api/v1/things/tree", "HEAD /api/v2/things/tree", "HEAD /api/things/tree",
		"HEAD /api/v1/things/:id", "HEAD /api/v2/things/:id", "HEAD /api/things/:id",
		"POST /api/auth/local",
	}
	if !slices.Equal(got, want) {
		t.Errorf("mounted\n  %v\nwant\n  %v", got, want)
	}
	for req, body := range map[string]string{
		"GET /_health": "health", "GET /api/v2/things/tree": "tree", "GET /api/things/7": "findOne",
		"POST /api/auth/local": "login", "HEAD /api/things/tree": "",
	} {
		method, path, _ := strings.Cut(req, " ")
		resp, err := f.Test(httptest.NewRequest(method, path, nil))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 200 || string(b) != body {
			t.Errorf("%s: %d %q, want 200 %q", req, resp.StatusCode, b, body)
		}
	}
}

// TestRow: where a row is listed and served, whether it is open, and
// which plugin added it.
func TestRow(t *testing.T) {
	gen := route.Route{Method: "GET", Path: "/programs/:id", Prefixes: route.Versioned, Action: "program.findOne"}
	if gen.Listed() != "/api/programs/:id" || !slices.Equal(gen.Paths(), []string{"/api/v1/programs/:id", "/api/v2/programs/:id", "/api/programs/:id"}) || gen.Open() {
		t.Errorf("generated row: listed %s, paths %v, open %v", gen.Listed(), gen.Paths(), gen.Open())
	}
	health := route.Route{Method: "GET", Path: "/_health", Prefixes: route.Root}
	if health.Listed() != "/_health" || !health.Open() {
		t.Errorf("health row: listed %s, open %v", health.Listed(), health.Open())
	}
	if name, ok := route.PluginOf(route.Plugin("coaching")); !ok || name != "coaching" {
		t.Errorf("PluginOf(Plugin(coaching)) = %q, %v", name, ok)
	}
	for _, s := range []string{route.SourceCore, route.SourceGenerated, route.SourceDocs, "plugin"} {
		if name, ok := route.PluginOf(s); ok {
			t.Errorf("PluginOf(%q) = %q, true", s, name)
		}
	}
	open := route.Table{gen, health}.Where(route.Route.Open)
	if len(open) != 1 || open[0].Path != "/_health" {
		t.Errorf("Where(Open) = %v", open)
	}
}
