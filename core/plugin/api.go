package plugin

import (
	"fmt"
	"log/slog"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/rest"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/core/store"
)

// Route is one endpoint a plugin adds under /api. It gets what generated
// routes get: the envelope and errors, authentication, its permission
// action, rate limits; and it is listed in the route table and the
// OpenAPI document from what it declares here.
type Route struct {
	Method string
	// Path below /api, with fiber parameters: "/categories/tree",
	// "/blueprints/:id/instantiate". It is served under /api, /api/v1 and
	// /api/v2 like generated routes.
	Path string
	// Action is the permission this route needs, "<plugin>.<action>";
	// config/permissions.yaml grants it to roles.
	Action string
	// Summary and Tag describe the route in the OpenAPI document; Tag is
	// its category (Analytics, Coaches, Scheduling, Content).
	Summary, Tag string
	// Request and Response describe the bodies as JSON Schema (nil Request
	// for routes without a body).
	Request, Response map[string]any
	// QueryKeys are the extra query parameters the route reads (from, to,
	// ...); the standard ones are always parsed.
	QueryKeys []string
	// Policies are run in order before the handler; each may refuse.
	Policies []Policy
	Handler  fiber.Handler
}

// Policy is a check that runs before a handler: return an error (an
// *errs.Error of KindForbidden, usually) to refuse the request.
type Policy func(c *fiber.Ctx) error

// API is what a plugin's Register receives.
type API struct {
	plugin   string
	Schema   *schema.Schema
	Content  *content.Service
	Hooks    *hook.Registry
	Log      *slog.Logger
	security *rest.Security
	registry *Registry
}

// Route adds a route. A route must name an action of this plugin and say
// what it is for; a mistake here stops start-up.
func (a *API) Route(r Route) error {
	switch {
	case r.Method == "" || r.Handler == nil:
		return fmt.Errorf("plugin %q: route %s %s needs a method and a handler", a.plugin, r.Method, r.Path)
	case !strings.HasPrefix(r.Path, "/"):
		return fmt.Errorf("plugin %q: route path %q must start with /", a.plugin, r.Path)
	case !strings.HasPrefix(r.Action, a.plugin+"."):
		return fmt.Errorf("plugin %q: route %s %s: action %q must start with %q", a.plugin, r.Method, r.Path, r.Action, a.plugin+".")
	case r.Summary == "" || r.Tag == "":
		return fmt.Errorf("plugin %q: route %s %s needs a summary and a tag", a.plugin, r.Method, r.Path)
	}
	// fiber serves the first of two routes with the same method and path
	// and never the second: refuse the second instead of hiding it.
	for _, old := range a.registry.routes {
		if strings.EqualFold(old.Method, r.Method) && routeShape(old.Path) == routeShape(r.Path) {
			return fmt.Errorf("plugin %q: route %s %s is already registered by plugin %q as %s %s",
				a.plugin, r.Method, r.Path, old.Plugin, old.Method, old.Path)
		}
	}
	a.registry.routes = append(a.registry.routes, Registered{Route: r, Plugin: a.plugin})
	return nil
}

// routeShape is a path with its parameters' names blanked:
// "/coaches/:id/learners" and "/coaches/:coach/learners" are one route.
func routeShape(path string) string {
	parts := strings.Split(path, "/")
	for i, p := range parts {
		if strings.HasPrefix(p, ":") {
			parts[i] = ":"
		}
	}
	return strings.Join(parts, "/")
}

// Provide exposes a service other code may call as "<plugin>.<name>".
func (a *API) Provide(name string, svc any) { a.registry.services[a.plugin+"."+name] = svc }

// Service returns a service some plugin provided, or nil. Plugins never
// import each other; this is how one uses another's work.
func (a *API) Service(name string) any { return a.registry.services[name] }

// Caller is who a request comes from.
func (a *API) Caller(c *fiber.Ctx) *rest.Caller { return rest.CallerOf(c) }

// Allowed reports whether the caller's role may take an action (for
// handlers whose rules go past the route's own action).
func (a *API) Allowed(c *fiber.Ctx, action string) bool {
	return a.security.Allow(c, action) == nil
}

// ReadOptions are the caller's ownership scopes, for reads a handler makes
// on their behalf.
func (a *API) ReadOptions(c *fiber.Ctx) store.ReadOptions { return a.security.ReadOptions(c) }

// Query parses the request's query string for a list or entry of ct, with
// the caller's read rights and the route's extra keys.
func (a *API) Query(c *fiber.Ctx, ct *schema.ContentType, extraKeys ...string) (*query.Query, error) {
	opts := a.security.QueryOptions(c)
	opts.ExtraKeys = extraKeys
	q, err := query.Parse(ct, string(c.Context().QueryArgs().QueryString()), opts)
	if err != nil {
		return nil, err
	}
	return q, a.security.AllowStatus(c, ct, q.Status)
}
