// Package pluginroutes turns what the plugins registered (core/plugin's
// Registry) into rows of the one route table (internal/route), and holds
// the start-up check that no plugin route shadows a generated one. It is
// the wiring's side of core/plugin, kept out of the plugin contract so
// that the contract names no type of the engine's.
package pluginroutes

import (
	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/internal/route"
)

// Row is r's row of the route table: served under every version prefix,
// with what it declares for the documents, its policies and its handler.
// Table puts the permission check before them.
func Row(r plugin.Registered) route.Route {
	handlers := make([]fiber.Handler, 0, len(r.Policies)+1)
	for _, p := range r.Policies {
		handlers = append(handlers, policy(p))
	}
	handlers = append(handlers, r.Handler)
	return route.Route{Method: r.Method, Path: r.Path, Prefixes: route.Versioned, Action: r.Action,
		Source: route.Plugin(r.Plugin), Secret: r.Secret, Handlers: handlers,
		Docs: route.Docs{Summary: r.Summary, Tag: r.Tag, Request: r.Request, Response: r.Response, QueryKeys: r.QueryKeys}}
}

// Table is the plugins' rows of the route table, in registration order,
// each behind sec's permission check and its policies. The app mounts them
// before the generated routes, so that /api/categories/tree is not taken
// for /api/categories/:id.
func Table(reg *plugin.Registry, sec plugin.Security) route.Table {
	out := rows(reg.Routes())
	for i := range out {
		out[i].Handlers = append([]fiber.Handler{permission(sec, out[i].Action)}, out[i].Handlers...)
	}
	return out
}

// Shadows is plugin.Load's check of the routes each plugin adds: it
// refuses one that would shadow a row of generated, the generated rows of
// the route table (internal/rest's GeneratedRoutes of the schema, handlers
// or not; see checkShadows).
func Shadows(generated route.Table) func(added []plugin.Registered) error {
	return func(added []plugin.Registered) error { return checkShadows(rows(added), generated) }
}

// rows are the rows of routes, without the permission check.
func rows(routes []plugin.Registered) route.Table {
	out := make(route.Table, len(routes))
	for i, rt := range routes {
		out[i] = Row(rt)
	}
	return out
}

func permission(sec plugin.Security, action string) fiber.Handler {
	return func(c *fiber.Ctx) error {
		if err := sec.Allow(c, action); err != nil {
			return err
		}
		return c.Next()
	}
}

func policy(p plugin.Policy) fiber.Handler {
	return func(c *fiber.Ctx) error {
		if err := p(c); err != nil {
			return err
		}
		return c.Next()
	}
}
