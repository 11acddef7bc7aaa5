package app

import (
	"sort"

	"github.com/kiln-cms/kiln/core/rest"
	"github.com/kiln-cms/kiln/core/schema"
)

// RouteRow is one line of the route table: what is served, who may call
// it, and where it comes from. Generated and plugin routes are also served
// under /api/v1 and /api/v2.
type RouteRow struct {
	Method, Path, Action string
	Roles                []string
	Source               string // "core", "generated" or "plugin:<name>"
}

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
		RouteRow{Method: "GET", Path: "/_health", Action: "-", Roles: []string{"everyone"}, Source: "core"},
		RouteRow{Method: "GET", Path: "/_ready", Action: "-", Roles: []string{"everyone"}, Source: "core"})
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
