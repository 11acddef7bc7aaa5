package plugin_test

import (
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/pluginroutes"
	"github.com/kiln-cms/kiln/internal/rest"
	"github.com/kiln-cms/kiln/plugins/analytics"
	"github.com/kiln-cms/kiln/plugins/catalog"
	"github.com/kiln-cms/kiln/plugins/coaching"
	"github.com/kiln-cms/kiln/plugins/hello"
	"github.com/kiln-cms/kiln/plugins/scheduling"
)

// shadowCases are plugin routes next to the generated routes of
// "programs" (GET/POST /programs, GET/PUT/DELETE /programs/:id). takes is
// the generated route of "programs" whose requests fiber would give the
// plugin route, "" if none; shadow what start-up's error says of it.
// partial: refused though it takes only some of them (a constrained
// parameter takes the ids that fit; /v1/programs the /api/v1 ones).
var shadowCases = []struct {
	method, path, takes, shadow string
	partial                     bool
}{
	{"GET", "/programs/:id", "GET /programs/:id", "GET /api/programs/:id (program.findOne)", false},
	{"get", "/Programs/:slug/", "GET /programs/:id", "GET /api/programs/:id (program.findOne)", false},
	{"GET", "/programs/:id<int>", "GET /programs/:id", "GET /api/programs/:id (program.findOne)", true},
	{"PUT", "/:type/:id", "PUT /programs/:id", "PUT /api/attendances/:id (attendance.update)", false},
	{"DELETE", "/programs/:id?", "DELETE /programs/:id", "DELETE /api/programs/:id (program.delete)", false},
	{"GET", "/programs/:id?", "GET /programs", "GET /api/programs (program.find)", false},
	{"POST", "/programs", "POST /programs", "POST /api/programs (program.create)", false},
	{"GET", "/programs/*", "GET /programs", "GET /api/programs (program.find)", false},
	{"GET", "/prog*", "GET /programs", "GET /api/programs (program.find)", false},
	{"POST", "/v1/programs", "POST /programs", "(served as /api/v1/programs) would shadow the generated route POST /api/v1/programs (program.create)", true},
	// More specific, or another shape: allowed.
	{"GET", "/programs/featured", "", "", false},
	{"GET", "/programs/:id/stats", "", "", false},
	{"POST", "/programs/:id", "", "", false},
	{"PATCH", "/programs/:id", "", "", false},
	{"GET", "/programs/:id.ics", "", "", false},
	{"GET", "/programs/+/stats", "", "", false},
	{"GET", "/other/:id", "", "", false},
}

// TestShadowingAGeneratedRouteStopsStartUp: a plugin route that would
// take every request of a generated route stops start-up with a message
// naming the plugin, its route and the generated route; a more specific
// route (a literal segment, another number of segments, another method)
// starts. A plugin that ignores Route's error is stopped all the same.
func TestShadowingAGeneratedRouteStopsStartUp(t *testing.T) {
	h := apptest.New(t, database.SQLite)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	ok := func(*fiber.Ctx) error { return nil }
	for _, c := range shadowCases {
		p := probe{name: "p", register: func(api *plugin.API) error {
			api.Route(plugin.Route{Method: c.method, Path: c.path, Action: "p.x", Tag: "Content", Summary: "x",
				Response: map[string]any{"type": "object"}, Handler: ok})
			return nil
		}}
		_, err := plugin.Load([]plugin.Plugin{p}, h.App.Content, h.App.Security, pluginroutes.Shadows(rest.GeneratedRoutes(h.App.Schema, nil)), log, nil)
		switch {
		case c.shadow == "" && err != nil:
			t.Errorf("%s %s: refused: %v", c.method, c.path, err)
		case c.shadow != "" && (err == nil || !strings.Contains(err.Error(), `plugin "p": route `+c.method+" "+c.path+" ") ||
			!strings.Contains(err.Error(), c.shadow)):
			t.Errorf("%s %s: Load said %v\nwant it to name the generated route %s", c.method, c.path, err, c.shadow)
		}
	}
}

// TestShadowRuleAgreesWithFiber mounts each case's route before a
// stand-in for the generated routes of "programs", as the app does, and
// sends requests the generated routes get: a route the rule refuses takes
// all of a generated route's requests (some, if partial), one it allows
// leaves some of each to the generated route.
func TestShadowRuleAgreesWithFiber(t *testing.T) {
	generated := []struct {
		method, path string
		reqs         []string
	}{
		{"GET", "/programs", []string{"/api/programs", "/api/programs/", "/api/programs?sort=title", "/api/v1/programs"}},
		{"POST", "/programs", []string{"/api/programs", "/api/v1/programs", "/api/v2/programs"}},
		{"GET", "/programs/:id", []string{"/api/programs/1", "/api/programs/featured", "/api/programs/k3x9q2", "/api/programs/x.ics"}},
		{"PUT", "/programs/:id", []string{"/api/programs/1", "/api/programs/k3x9q2", "/api/v2/programs/7"}},
		{"DELETE", "/programs/:id", []string{"/api/programs/1", "/api/programs/k3x9q2", "/api/v1/programs/7"}},
	}
	for _, c := range shadowCases {
		f := fiber.New()
		method := strings.ToUpper(c.method)
		for _, prefix := range []string{"/api/v1", "/api/v2", "/api"} {
			f.Add(method, prefix+c.path, func(ctx *fiber.Ctx) error { return ctx.SendString("plugin") })
		}
		for _, prefix := range []string{"/api/v1", "/api/v2", "/api"} {
			for _, g := range generated {
				f.Add(g.method, prefix+g.path, func(ctx *fiber.Ctx) error { return ctx.SendString("generated") })
			}
		}
		for _, g := range generated {
			if g.method != method {
				continue
			}
			taken := 0
			for _, req := range g.reqs {
				resp, err := f.Test(httptest.NewRequest(method, req, nil))
				if err != nil {
					t.Fatal(err)
				}
				body, _ := io.ReadAll(resp.Body)
				if string(body) == "plugin" {
					taken++
				}
			}
			refused := c.takes == g.method+" "+g.path
			switch {
			case refused && c.partial && (taken == 0 || taken == len(g.reqs)):
				t.Errorf("%s %s: refused as taking some of %s %s, but fiber gives it %d of %d", c.method, c.path, g.method, g.path, taken, len(g.reqs))
			case refused && !c.partial && taken != len(g.reqs):
				t.Errorf("%s %s: refused as shadowing %s %s, but fiber serves the generated route %d of %d times", c.method, c.path, g.method, g.path, len(g.reqs)-taken, len(g.reqs))
			case c.shadow == "" && taken == len(g.reqs):
				t.Errorf("%s %s: allowed, but fiber serves it for every request of %s %s", c.method, c.path, g.method, g.path)
			}
		}
	}
}

// TestShippedPluginsStart: the shipped plugins' routes, among them the
// literal ones next to generated routes (GET /categories/tree, GET
// /coaches/available, GET /events/me), start and are served.
func TestShippedPluginsStart(t *testing.T) {
	h := apptest.New(t, database.SQLite, catalog.New(), analytics.New(), scheduling.New(), coaching.New(), &hello.Plugin{})
	if n := len(h.App.Plugins.Routes()); n < 20 {
		t.Fatalf("only %d plugin routes", n)
	}
	for _, path := range []string{"/api/categories/tree", "/api/coaches/available", "/api/events/me"} {
		if r := h.Do("GET", path, nil); r.Status == 404 || r.Status >= 500 {
			t.Errorf("GET %s: %d %s", path, r.Status, r.Body)
		}
	}
}
