package plugin

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
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

// ReadOptions are what the caller may see (their role's scopes and hidden
// drafts, with their user id), for every read and write a handler makes
// on their behalf: a row they may not see must not exist for them, in an
// answer, a count, a figure or a write.
func (a *API) ReadOptions(c *fiber.Ctx) store.ReadOptions { return a.security.ReadOptions(c) }

// ReadOptionsFor are the read options of a given user with a given role,
// for work done on a user's behalf outside their own request (a calendar
// feed polled with a secret URL). They are the same compiled, shared data
// a request of that user gets: nothing is read or built.
func (a *API) ReadOptionsFor(userID int64, role string) store.ReadOptions {
	acc := a.security.Policy.Access(role)
	return store.ReadOptions{Scopes: acc.Scopes, NoDrafts: acc.NoDrafts, User: userID}
}

// User is a user as work on their behalf needs them: their role and
// whether they are blocked.
type User struct {
	ID      int64
	Role    string
	Blocked bool
}

// UserByID reads a user and their role's type, in one query through the
// store; a user that does not exist is errs.NotFound.
func (a *API) UserByID(ctx context.Context, id int64) (*User, error) {
	p, err := a.Content.Store.PrincipalByID(ctx, a.Content.DB.Bun, a.Schema, id)
	if err != nil {
		return nil, err
	}
	return &User{ID: p.ID, Role: p.RoleType, Blocked: p.Blocked}, nil
}

// RoleAllowed reports whether a role may take an action: Allowed for a
// user who is not the caller (see User).
func (a *API) RoleAllowed(role, action string) bool { return a.security.Policy.Allowed(role, action) }

// Visible returns, in their order, the ids among ids of entries of ct that
// ro lets the caller see (their scope on ct, and drafts only if they may
// read them). It is how a hand-written statement (store.NewStmt), which
// knows nothing of scopes, is brought back to what the caller may see:
// read the rows, then keep those whose ids Visible keeps. No query when ro
// does not limit ct; otherwise one per chunkSize ids.
func (a *API) Visible(ctx context.Context, conn store.Conn, ct *schema.ContentType, ids []int64, ro store.ReadOptions) ([]int64, error) {
	if !ro.Limited(ct) || len(ids) == 0 {
		return ids, nil
	}
	out := make([]int64, 0, len(ids))
	for start := 0; start < len(ids); start += chunkSize {
		chunk := ids[start:min(start+chunkSize, len(ids))]
		refs := make([]string, len(chunk))
		for i, id := range chunk {
			refs[i] = strconv.FormatInt(id, 10)
		}
		seen, err := a.Content.Store.ResolveVisible(ctx, conn, ct, refs, ro)
		if err != nil {
			return nil, err
		}
		for i, r := range refs {
			if _, ok := seen[r]; ok {
				out = append(out, chunk[i])
			}
		}
	}
	return out, nil
}

// VisibleIDs lists, in id order, the ids of every entry of ct that ro lets
// the caller see and that f selects (nil: all), or ok false when ro does
// not limit ct (every entry is visible, and nothing was read). A
// hand-written aggregate restricts a table to these ids ("AND t.id IN
// (...)"), so that it counts what the caller may see and nothing else.
func (a *API) VisibleIDs(ctx context.Context, conn store.Conn, ct *schema.ContentType, f *query.Filter, ro store.ReadOptions) (ids []int64, ok bool, err error) {
	if !ro.Limited(ct) {
		return nil, false, nil
	}
	q := &query.Query{Type: ct, Filters: f, Fields: []*schema.Attribute{}, Status: query.Draft}
	list, err := a.Content.Store.Find(ctx, conn, q, ro)
	if err != nil {
		return nil, true, err
	}
	ids = make([]int64, len(list))
	for i, e := range list {
		ids[i] = e.ID
	}
	return ids, true, nil
}

// chunkSize bounds the references one visibility query lists.
const chunkSize = 500

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
