package openapi_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/openapi"
	"github.com/kiln-cms/kiln/internal/openapi/openapitest"
	"github.com/kiln-cms/kiln/internal/pluginroutes"
	rt "github.com/kiln-cms/kiln/internal/route"
)

func route(method, path string, req, resp map[string]any) plugin.Registered {
	return plugin.Registered{Plugin: "demo", Route: plugin.Route{Method: method, Path: path, Action: "demo.x",
		Summary: "x", Tag: "Content", Request: req, Response: resp, Handler: func(*fiber.Ctx) error { return nil }}}
}

var anObject = map[string]any{"type": "object"}

// TestCheckReportsUndeclaredSchemas: a route without a Response, a write
// without a Request, a GET with one, a path OpenAPI cannot say, each fail
// Check with the route named; declared routes pass.
func TestCheckReportsUndeclaredSchemas(t *testing.T) {
	bad := []struct {
		r    plugin.Registered
		want string
	}{
		{route("GET", "/demo/a", nil, nil), `plugin "demo": GET /demo/a declares no Response schema`},
		{route("POST", "/demo/b", nil, anObject), `plugin "demo": POST /demo/b declares no Request schema`},
		{route("PUT", "/demo/c/:id", nil, nil), `plugin "demo": PUT /demo/c/:id declares no Response schema`},
		{route("DELETE", "/demo/d", anObject, anObject), `DELETE /demo/d declares a Request schema, but DELETE requests have no body`},
		{route("GET", "/demo/e/:id?", nil, anObject), `optional parameters and wildcards cannot be documented`},
		{route("GET", "/demo/f", nil, map[string]any{"x": func() {}}), `a schema is not JSON`},
	}
	for _, b := range bad {
		err := openapi.Check([]plugin.Registered{b.r})
		if err == nil || !strings.Contains(err.Error(), b.want) {
			t.Errorf("%s %s: Check said %v, want %q", b.r.Method, b.r.Path, err, b.want)
		}
	}
	// The PUT lacks both.
	if err := openapi.Check([]plugin.Registered{bad[2].r}); !strings.Contains(err.Error(), "declares no Request schema") {
		t.Errorf("PUT without a Request: %v", err)
	}
	good := []plugin.Registered{
		route("GET", "/demo/g/:id/items/:itemId", nil, anObject),
		route("POST", "/demo/h", anObject, anObject),
		route("POST", "/demo/i/sync", openapi.EmptyBody, anObject),
		route("GET", "/calendar/:token.ics", nil, map[string]any{"type": "string", "contentMediaType": "text/calendar"}),
	}
	if err := openapi.Check(good); err != nil {
		t.Errorf("declared routes: %v", err)
	}
}

// TestShippedPluginsDeclareTheirSchemas checks every plugin in the
// repository, as registered in a real app.
func TestShippedPluginsDeclareTheirSchemas(t *testing.T) {
	h := newHarness(t)
	if err := openapi.Check(h.App.Plugins.Routes()); err != nil {
		t.Errorf("the plugins' declarations:\n%v", err)
	}
	_, err := openapi.Build(input(h))
	var got []string
	if err != nil {
		got = strings.Split(err.Error(), "\n")
	}
	for _, g := range got {
		if _, known := knownBuildGaps[g]; !known {
			t.Errorf("documentation gap: %s", g)
		}
	}
	for g, why := range knownBuildGaps {
		if !strings.Contains(strings.Join(got, "\n"), g) {
			t.Errorf("the known gap is fixed (%s): remove it from knownBuildGaps", why)
		}
	}
}

// knownBuildGaps are the shipped plugins' gaps, each reported to the
// plugin's owner; the test fails once one is fixed, so that it goes.
var knownBuildGaps = map[string]string{}

// input is what the app builds its documents from.
func input(h *apptest.Harness) openapi.Input {
	return openapi.Input{Schema: h.App.Schema, Routes: h.App.Routes, Roles: h.App.RolesFor}
}

// TestBuildFillsGaps: a plugin route that declares nothing, refers to
// a component that does not exist, or names a query key twice, is
// reported by Build, and the documents still describe it and still
// validate (kin-openapi's strict check, whose loading resolves every
// $ref); "$defs" become components the schema may refer to.
func TestBuildFillsGaps(t *testing.T) {
	s, err := schema.LoadDir(filepath.Join(apptest.Root(t), "content-types"))
	if err != nil {
		t.Fatal(err)
	}
	tree := map[string]any{
		"type": "array", "items": map[string]any{"$ref": "#/components/schemas/DemoNode"},
		"$defs": map[string]any{"DemoNode": map[string]any{"type": "object", "properties": map[string]any{
			"children": map[string]any{"type": "array", "items": map[string]any{"$ref": "#/components/schemas/DemoNode"}}}}},
	}
	plugins := []plugin.Registered{
		route("GET", "/demo/undeclared", nil, nil),
		route("GET", "/demo/dangling", nil, map[string]any{"$ref": "#/components/schemas/Nowhere"}),
		route("GET", "/demo/tree", nil, tree),
		route("POST", "/demo/programs/:id/copy", openapi.EmptyBody, map[string]any{"$ref": "#/components/schemas/program"}),
		route("GET", "/demo/twice/:id", nil, anObject),
	}
	plugins[4].Route.QueryKeys = []string{"q", "sort", "q"}
	var rows rt.Table
	for _, p := range plugins {
		rows = append(rows, pluginroutes.Row(p))
	}
	rows = append(rows, rt.Route{Method: "GET", Path: "/nothing", Prefixes: rt.API, Action: "nothing.find", Source: rt.SourceCore})
	admin := func(string) []string { return []string{"admin"} }
	docs, err := openapi.Build(openapi.Input{Schema: s, Routes: rows, Roles: admin})
	for _, want := range []string{
		`GET /demo/undeclared declares no Response schema`,
		`GET /api/demo/dangling: $ref "#/components/schemas/Nowhere" names no component`,
		`GET /api/nothing (core, nothing.find): the OpenAPI generator does not describe it`,
		`GET /api/demo/twice/:id: the query parameter "q" is declared twice`,
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Build said %v\nwant %q", err, want)
		}
	}
	if err != nil && strings.Contains(err.Error(), "tree") {
		t.Errorf("$defs were not taken as components: %v", err)
	}
	for _, name := range openapi.Names() {
		if err := openapitest.Strict(docs.JSON(name)); err != nil {
			t.Errorf("%s: kin-openapi: %v", name, err)
		}
		ops := operations(decode(t, docs.JSON(name)))
		prefix := map[string]string{"v1": "/api/v1", "v2": "/api/v2", "latest": "/api"}[name]
		for _, p := range []string{"GET " + prefix + "/demo/undeclared", "GET " + prefix + "/demo/tree", "POST " + prefix + "/demo/programs/{id}/copy",
			"GET " + prefix + "/demo/twice/{id}"} {
			if ops[p] == nil {
				t.Errorf("%s: %s is not documented", name, p)
			}
		}
	}
}
