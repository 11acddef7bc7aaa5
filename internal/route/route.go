// Package route is Kiln's route table: one row per route the server
// answers, with everything the rest of the core derives from it. The table
// is the one list of routes: fiber's routes are registered from its rows
// (their handlers included), `kiln routes` prints it, the OpenAPI
// documents are built from it, and the plugin shadowing check compares its
// plugin rows with its generated ones. What adds rows:
//
//   - internal/app: the operations endpoints (/_health, /_ready);
//   - internal/openapi and internal/docsui: the documentation's own routes;
//   - internal/rest (AccountRoutes, APITokenRoutes): the users-and-auth
//     routes and the API tokens' admin routes;
//   - core/plugin (Registry.Table): what each plugin registered;
//   - internal/rest (GeneratedRoutes): the routes of every content type, from
//     one list per kind of content type (internal/rest/routes.go).
//
// internal/app puts them together in that order, which is the order fiber
// matches them in (App.Routes).
package route

import (
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/schema"
)

// The sources of a row: who added it. A plugin's rows have Plugin(name).
const (
	SourceCore      = "core"
	SourceGenerated = "generated"
	SourceDocs      = "docs"
	sourcePlugin    = "plugin:"
)

// Plugin is the source of the rows a plugin registered: "plugin:<name>".
func Plugin(name string) string { return sourcePlugin + name }

// PluginOf is the plugin that added a row of source, if a plugin did.
func PluginOf(source string) (name string, ok bool) {
	return strings.CutPrefix(source, sourcePlugin)
}

// The prefixes a row is served under. The last of a row's prefixes is the
// one it is listed and documented under (Listed).
var (
	// Versioned is where generated and plugin routes are served: /api/v1
	// and /api/v2 pin a version, plain /api is the latest.
	Versioned = []string{"/api/v1", "/api/v2", "/api"}
	// API is plain /api only: the users-and-auth routes and the
	// documentation's, which are the same whatever the version.
	API = []string{"/api"}
	// Root is outside /api: the operations endpoints.
	Root = []string{""}
)

// Route is one row of the table.
type Route struct {
	// Method is the HTTP method as registered (fiber matches it in any
	// case). A GET route also answers HEAD, as fiber's Get does.
	Method string
	// Path is below each of Prefixes, with fiber's parameters:
	// "/programs/:id" under Versioned, "/_health" under Root.
	Path     string
	Prefixes []string
	// Action is the permission action the route's handlers check
	// ("program.find", "auth.login", "scheduling.sync"). "" is a route no
	// token, permission or rate limit guards (Open).
	Action string
	// Source is SourceCore, SourceGenerated, SourceDocs or Plugin(name).
	Source string
	// Secret names the path parameters whose values are secrets (a feed
	// whose URL is its credential): logs write them masked (Redactor).
	Secret []string
	// Docs is what the OpenAPI documents need to describe the route.
	Docs Docs
	// Handlers serve the route, in order.
	Handlers []fiber.Handler
}

// Docs is what a row tells internal/openapi. Plugin routes declare their
// summary, tag and schemas here; generated routes name their content type
// and operation, and documentation routes their operation, from which the
// documents write the rest in each version's shape; core routes are
// described by their action (internal/openapi/core.go).
type Docs struct {
	Summary, Tag string
	// Request and Response are JSON Schema: Request the whole body (nil
	// for none), Response the envelope's data (see docs/api-docs.md).
	Request, Response map[string]any
	// QueryKeys are the query parameters the route reads besides the
	// standard ones.
	QueryKeys []string
	// Type is the content type a generated route serves.
	Type *schema.ContentType
	// Op is what a generated route does on Type ("find", "findOne",
	// "create", "update", "delete"), or which documentation route a
	// documentation row is ("openapi", "versions", "page", "asset").
	Op string
}

// Open reports whether no token, permission or rate limit guards the
// route: the operations endpoints and the documentation. Open routes are
// mounted before the /api middleware.
func (r Route) Open() bool { return r.Action == "" }

// Listed is the path the route is listed and documented under: Path below
// its last prefix (plain /api for a versioned route).
func (r Route) Listed() string { return r.Prefixes[len(r.Prefixes)-1] + r.Path }

// Paths are the paths the route is served at, one per prefix, in order.
func (r Route) Paths() []string {
	out := make([]string, len(r.Prefixes))
	for i, p := range r.Prefixes {
		out[i] = p + r.Path
	}
	return out
}

// Table is the route table, in the order its rows are mounted. Fiber
// serves the first route that matches a request, so the order is part of
// what the table says: the core's routes first, then the plugins', then
// the generated ones (so that /api/categories/tree is not taken for
// /api/categories/:id).
type Table []Route

// Mount registers every row on r, row by row, each under each of its
// prefixes in order. GET rows go through r.Get, which also registers HEAD.
// Mounting row by row rather than prefix by prefix is the same for the
// generated routes, which never overlap across prefixes (a content type
// may not be named v1 or v2: core/schema), and is how plugin routes were
// always mounted.
func (t Table) Mount(r fiber.Router) {
	for _, row := range t {
		for _, p := range row.Paths() {
			if strings.EqualFold(row.Method, fiber.MethodGet) {
				r.Get(p, row.Handlers...)
				continue
			}
			r.Add(row.Method, p, row.Handlers...)
		}
	}
}

// Where is the rows keep accepts, in order.
func (t Table) Where(keep func(Route) bool) Table {
	var out Table
	for _, row := range t {
		if keep(row) {
			out = append(out, row)
		}
	}
	return out
}
