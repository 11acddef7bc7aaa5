package plugin

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/caller"
	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/account"
	"github.com/kiln-cms/kiln/internal/contentwire"
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
	// Secret names the path parameters whose values are secrets, as a
	// feed whose URL is its credential ("/calendar/:file"): the access
	// log and the error log write them masked.
	Secret []string
}

// Policy is a check that runs before a handler: return an error (an
// *errs.Error of KindForbidden, usually) to refuse the request.
type Policy func(c *fiber.Ctx) error

// Security is what the plugin API asks of the request-side security
// (internal/rest's Security): the permission checks and read options a
// plugin's route gets, as the generated routes get them.
type Security interface {
	// Allow checks that the request's caller may take action: nil, or the
	// 401 or 403 to answer.
	Allow(c *fiber.Ctx, action string) error
	// ReadOptions are what the request's caller may see.
	ReadOptions(c *fiber.Ctx) entry.ReadOptions
	// ReadOptionsFor are those of a user with a role, outside a request of
	// theirs.
	ReadOptionsFor(userID int64, role string) entry.ReadOptions
	// RoleAllowed reports whether a role may take action.
	RoleAllowed(role, action string) bool
	// QueryOptions are the query limits with the caller's read rights.
	QueryOptions(c *fiber.Ctx) query.Options
	// AllowStatus refuses a read of drafts to a caller who may not read
	// the type's drafts.
	AllowStatus(c *fiber.Ctx, ct *schema.ContentType, st query.Status) error
}

// API is what a plugin's Register receives.
type API struct {
	plugin string
	Schema *schema.Schema
	// Content is the one door into the data: reads and writes of entries
	// under the caller's read options, transactions (InTx), the hook's own
	// transaction (TxOf), and statements for aggregates and the plugin's
	// own tables (Statement).
	Content content.Door
	Log     *slog.Logger
	// users reads a user for UserByID (internal/account's lookup, which
	// the door does not hand a plugin).
	users    func(ctx context.Context, id int64) (*account.Principal, error)
	hooks    *hook.Registry
	security Security
	registry *Registry
	// problems are the mistakes found while registering (a hook on a type
	// that does not exist): they stop start-up once Register returns.
	problems []string
}

// Before adds a hook that runs before every write of the action on ct,
// inside the write's transaction (content.Service.TxOf gives it to the
// hook); it may change the input or refuse the write. ct comes from the
// plugin's model, so a misspelt type cannot be registered: a nil ct stops
// start-up.
func (a *API) Before(action hook.Action, ct *schema.ContentType, fn hook.Func) {
	a.addHook(hook.Before, action, ct, fn)
}

// After adds a hook that runs after every write of the action on ct,
// inside the write's transaction.
func (a *API) After(action hook.Action, ct *schema.ContentType, fn hook.Func) {
	a.addHook(hook.After, action, ct, fn)
}

// BeforeEvery and AfterEvery add a hook on every content type (hook.Any):
// for rules that are about writes in general, not one type.
func (a *API) BeforeEvery(action hook.Action, fn hook.Func) {
	a.hooks.On(hook.Any, action, hook.Before, fn)
}

// AfterEvery: see BeforeEvery.
func (a *API) AfterEvery(action hook.Action, fn hook.Func) {
	a.hooks.On(hook.Any, action, hook.After, fn)
}

func (a *API) addHook(phase hook.Phase, action hook.Action, ct *schema.ContentType, fn hook.Func) {
	if ct == nil || a.Schema.Type(ct.Name) != ct || fn == nil {
		a.problems = append(a.problems, fmt.Sprintf("plugin %q: a hook on a content type that does not exist, or with no function", a.plugin))
		return
	}
	a.hooks.On(ct.Name, action, phase, fn)
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
	for _, name := range r.Secret {
		if !slices.Contains(strings.Split(r.Path, "/"), ":"+name) {
			return fmt.Errorf("plugin %q: route %s %s: secret %q is not one of its path parameters", a.plugin, r.Method, r.Path, name)
		}
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
func (a *API) Caller(c *fiber.Ctx) *caller.Caller { return caller.Of(c) }

// Allowed reports whether the caller's role may take an action (for
// handlers whose rules go past the route's own action).
func (a *API) Allowed(c *fiber.Ctx, action string) bool {
	return a.security.Allow(c, action) == nil
}

// ReadOptions are what the caller may see (their role's scopes and hidden
// drafts, with their user id), for every read and write a handler makes
// on their behalf: a row they may not see must not exist for them, in an
// answer, a count, a figure or a write.
func (a *API) ReadOptions(c *fiber.Ctx) entry.ReadOptions { return a.security.ReadOptions(c) }

// ReadOptionsFor are the read options of a given user with a given role,
// for work done on a user's behalf outside their own request (a calendar
// feed polled with a secret URL). They are the same compiled, shared data
// a request of that user gets, their role's row budget included: nothing
// is read or built.
func (a *API) ReadOptionsFor(userID int64, role string) entry.ReadOptions {
	return a.security.ReadOptionsFor(userID, role)
}

// User is a user as work on their behalf needs them: their role and
// whether they are blocked.
type User struct {
	ID      int64
	Role    string
	Blocked bool
}

// UserByID reads a user and their role's type, in one query; a user that
// does not exist is errs.NotFound.
func (a *API) UserByID(ctx context.Context, id int64) (*User, error) {
	p, err := a.users(ctx, id)
	if err != nil {
		return nil, err
	}
	return &User{ID: p.ID, Role: p.RoleType, Blocked: p.Blocked}, nil
}

// RoleAllowed reports whether a role may take an action: Allowed for a
// user who is not the caller (see User).
func (a *API) RoleAllowed(role, action string) bool { return a.security.RoleAllowed(role, action) }

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

// Now is the app's clock: the wall clock, or the one a test fixed
// (config.Config.Clock), so that a plugin's time-dependent answers can be
// tested at a known instant.
func (a *API) Now() time.Time { return a.registry.now() }

// Emit records a plugin's event (event.scheduled, learner.assigned) about
// the entry id of ct, inside tx — the write's transaction (Content.TxOf in
// a hook, the tx of Content.InTx) — so that it is delivered to the
// webhooks that want it when, and only if, the transaction commits. The
// payload's entry is the entry as an admin reads it at the end of the
// transaction. Name it "<thing>.<what happened>"; nothing is done when no
// webhook wants it.
func (a *API) Emit(ctx context.Context, tx content.TxDoor, name string, ct *schema.ContentType, id int64) error {
	return contentwire.Emit(ctx, tx, name, ct, id)
}
