package app

import (
	"sort"

	"github.com/kiln-cms/kiln/core/docsui"
	"github.com/kiln-cms/kiln/core/openapi"
	"github.com/kiln-cms/kiln/core/rest"
	"github.com/kiln-cms/kiln/core/schema"
)

// RouteRow is one line of the route table: what is served, who may call
// it, and where it comes from. Generated and plugin routes are also served
// under /api/v1 and /api/v2.
type RouteRow struct {
	Method, Path, Action string
	Roles                []string
	Source               string // "core", "generated", "plugin:<name>" or "docs"
}

// Everyone is the one role of a route no permission guards: the
// operations endpoints and the documentation, which take no token.
const Everyone = "everyone"

// coreRoutes are the users-permissions routes and the operations ones.
var coreRoutes = []RouteRow{
	{Method: "POST", Path: "/api/auth/local", Action: "auth.login"},
	{Method: "POST", Path: "/api/auth/local/register", Action: "auth.register"},
	{Method: "POST", Path: "/api/auth/change-password", Action: "auth.changePassword"},
	{Method: "POST", Path: "/api/auth/forgot-password", Action: "auth.forgotPassword"},
	{Method: "POST", Path: "/api/auth/reset-password", Action: "auth.resetPassword"},
	{Method: "GET", Path: "/api/users/me", Action: "users.me"},
	{Method: "GET", Path: "/api/users", Action: "users.find"},
	{Method: "POST", Path: "/api/users", Action: "users.create"},
	{Method: "GET", Path: "/api/users/:id", Action: "users.findOne"},
	{Method: "PUT", Path: "/api/users/:id", Action: "users.update"},
	{Method: "DELETE", Path: "/api/users/:id", Action: "users.delete"},
	{Method: "GET", Path: "/api/users-permissions/roles", Action: "roles.find"},
}

// RouteTable lists every route with the roles config/permissions.yaml lets
// call it. The operations endpoints (/_health, /_ready) are open to all.
func (a *App) RouteTable() []RouteRow {
	var rows []RouteRow
	for _, r := range coreRoutes {
		r.Source = "core"
		rows = append(rows, r)
	}
	for _, r := range a.Plugins.Routes() {
		rows = append(rows, RouteRow{Method: r.Method, Path: "/api" + r.Path, Action: r.Action, Source: "plugin:" + r.Plugin})
	}
	for _, ct := range a.Schema.Types {
		if ct.Builtin || ct.Kind != schema.CollectionType {
			continue
		}
		base := "/api/" + ct.Plural
		for _, g := range []struct{ method, path, action string }{
			{"GET", base, "find"}, {"POST", base, "create"}, {"GET", base + "/:id", "findOne"},
			{"PUT", base + "/:id", "update"}, {"DELETE", base + "/:id", "delete"},
		} {
			rows = append(rows, RouteRow{Method: g.method, Path: g.path, Action: rest.ActionOf(ct, g.action), Source: "generated"})
		}
	}
	for i := range rows {
		rows[i].Roles = a.rolesFor(rows[i].Action)
	}
	rows = append(rows,
		RouteRow{Method: "GET", Path: "/_health", Action: "-", Roles: []string{Everyone}, Source: "core"},
		RouteRow{Method: "GET", Path: "/_ready", Action: "-", Roles: []string{Everyone}, Source: "core"})
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].Path < rows[j].Path })
	return rows
}

// DocsRoutes are the documentation's own routes, as openapi.Docs.Mount
// serves them: the OpenAPI documents, /api/versions, the reference page and
// its assets. They are public (no token, no permission, no rate limit:
// docs/api-docs.md), so their action is "-" and their roles "everyone".
// RouteTable leaves them out: the documents are built from it, and describe
// these themselves.
func DocsRoutes() []RouteRow {
	var paths []string
	for _, name := range openapi.Names() {
		paths = append(paths, openapi.URL(name))
	}
	paths = append(paths, "/api/versions", docsui.PagePath, docsui.PagePath+"/:asset")
	rows := make([]RouteRow, len(paths))
	for i, p := range paths {
		rows[i] = RouteRow{Method: "GET", Path: p, Action: "-", Roles: []string{Everyone}, Source: "docs"}
	}
	return rows
}

// ServedRoutes is every route the server answers, as `kiln routes` prints
// it: RouteTable and DocsRoutes, sorted by path.
func (a *App) ServedRoutes() []RouteRow {
	rows := append(a.RouteTable(), DocsRoutes()...)
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].Path < rows[j].Path })
	return rows
}

func (a *App) rolesFor(action string) []string {
	var out []string
	for _, r := range a.Security.Policy.Roles() {
		if a.Security.Policy.Allowed(r.Type, action) {
			out = append(out, r.Type)
		}
	}
	return out
}
