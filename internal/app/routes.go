package app

import (
	"context"
	"sort"
	"sync"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/internal/admin"
	"github.com/kiln-cms/kiln/internal/locales"
	"github.com/kiln-cms/kiln/internal/openapi"
	"github.com/kiln-cms/kiln/internal/pluginroutes"
	"github.com/kiln-cms/kiln/internal/rest"
	"github.com/kiln-cms/kiln/internal/route"
	"github.com/kiln-cms/kiln/internal/storage"
)

// routeTable puts the route table together (internal/route says what each
// part adds), in mount order, and builds the API documentation from it:
// the operations endpoints and the documentation (open: mounted before
// the /api middleware; built on first use), the users-and-auth routes, the plugins' routes,
// then the generated ones (fiber serves the first match, so a plugin's
// /api/categories/tree comes before /api/categories/:id).
func (a *App) routeTable() route.Table {
	docs := &openapi.Docs{}
	a.docs = docs
	api := &rest.API{Content: a.Content, Query: a.QueryOptions(), Log: a.Log,
		Guard: a.Security.Guard, Options: a.Security.QueryOptions, AllowStatus: a.Security.AllowStatus}
	t := route.Table{
		{Method: fiber.MethodGet, Path: "/_health", Prefixes: route.Root, Source: route.SourceCore,
			Handlers: []fiber.Handler{func(c *fiber.Ctx) error { return c.JSON(fiber.Map{"status": "ok"}) }}},
		{Method: fiber.MethodGet, Path: "/_ready", Prefixes: route.Root, Source: route.SourceCore,
			Handlers: []fiber.Handler{a.ready}},
	}
	if a.Metrics != nil {
		t = append(t, a.metricsRoute())
	}
	if l, ok := a.Upload.Storage().(*storage.Local); ok {
		// The local provider's files, open as the operations endpoints.
		t = append(t, rest.ServeUploads(l))
	}
	t = append(t, docs.Routes()...)
	t = append(t, admin.Routes(a.Config.Admin, a.Plugins.AdminPanels())...)
	t = append(t, rest.AccountRoutes(a.Security, a.Accounts)...)
	t = append(t, rest.APITokenRoutes(a.Security, a.APITokens)...)
	t = append(t, rest.WebhookRoutes(a.Security, a.Webhooks)...)
	t = append(t, rest.UploadRoutes(a.Security, a.Upload)...)
	t = append(t, rest.LocaleRoutes(a.Security, func(ctx context.Context) ([]locales.Locale, error) {
		return locales.List(ctx, a.DB, a.Schema.DefaultLocale())
	})...)
	t = append(t, rest.ContentTypeBuilderRoutes(a.Security, a.Schema)...)
	t = append(t, rest.ViewRoutes(a.Security, a.Schema, a.Views)...)
	// The table's actions, read once it is whole (on the first request).
	t = append(t, rest.MyPermissionsRoute(a.Security, sync.OnceValue(func() []string { return rest.ActionsOf(a.Routes) })))
	t = append(t, pluginroutes.Table(a.Plugins, a.Security)...)
	t = append(t, api.Routes()...)
	if a.Config.GraphQL.Enabled {
		t = append(t, a.graphqlRoutes(api)...)
	}
	a.APITokens.SetRoutes(t, a.Schema) // what each kind of API token may do
	docs.BuildLater(openapi.Input{Schema: a.Schema, Routes: t, Roles: a.RolesFor}, func(err error) {
		a.Log.Error("the API documentation has gaps; see docs/api-docs.md", "err", err)
	})
	return t
}

// RouteRow is one line of `kiln routes`: a row of the route table as
// listed, with the roles config/permissions.yaml lets call it. Generated
// and plugin routes are also served under /api/v1 and /api/v2.
type RouteRow struct {
	Method, Path, Action string
	Roles                []string
	Source               string // "core", "generated", "plugin:<name>" or "docs"
}

// Everyone is the one role of a route no permission guards: the
// operations endpoints and the documentation, which take no token.
const Everyone = "everyone"

// RouteTable lists the route table but the documentation's own routes:
// every route a permission guards, and the operations endpoints (/_health,
// /_ready), open to all. Sorted by path.
func (a *App) RouteTable() []RouteRow {
	return a.listed(a.Routes.Where(func(r route.Route) bool { return r.Source != route.SourceDocs }))
}

// ServedRoutes is every route the server answers, as `kiln routes` prints
// it: the whole route table, sorted by path. The documentation's routes
// (the OpenAPI documents, /api/versions, the reference page and its
// assets) are public: no token, no permission, no rate limit
// (docs/api-docs.md), so their action is "-" and their roles "everyone".
func (a *App) ServedRoutes() []RouteRow { return a.listed(a.Routes) }

// listed is t as listed: one line per row at its listed path (plain /api
// for a versioned row), sorted by path.
func (a *App) listed(t route.Table) []RouteRow {
	rows := make([]RouteRow, len(t))
	for i, r := range t {
		rows[i] = RouteRow{Method: r.Method, Path: r.Listed(), Action: "-", Roles: []string{Everyone}, Source: r.Source}
		switch {
		case r.Action == graphqlAction:
			// Every caller reaches the endpoint; each field checks the
			// action of the REST route it stands for.
			rows[i].Action = graphqlAction
		case !r.Open():
			rows[i].Action, rows[i].Roles = r.Action, a.RolesFor(r.Action)
		}
	}
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].Path < rows[j].Path })
	return rows
}

// RolesFor are the roles config/permissions.yaml lets take action.
func (a *App) RolesFor(action string) []string {
	var out []string
	for _, r := range a.Security.Policy.Roles() {
		if a.Security.Policy.Allowed(r.Type, action) {
			out = append(out, r.Type)
		}
	}
	return out
}
