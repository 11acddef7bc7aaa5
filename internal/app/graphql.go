package app

import (
	"context"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/internal/graphql"
	"github.com/kiln-cms/kiln/internal/graphql/playground"
	"github.com/kiln-cms/kiln/internal/locales"
	"github.com/kiln-cms/kiln/internal/rest"
	"github.com/kiln-cms/kiln/internal/route"
	"github.com/kiln-cms/kiln/internal/storage"
)

// graphqlAction is the GraphQL endpoint's action in the route table: the
// endpoint itself is every caller's; each field it answers checks the
// action of the REST route it stands for.
const graphqlAction = "graphql"

// graphqlRoutes are the GraphQL endpoint's rows (GET for queries, POST),
// answered through the same content service, guard and query options as
// REST's generated routes.
func (a *App) graphqlRoutes(api *rest.API) route.Table {
	cfg := a.Config.GraphQL
	gs := a.GraphQLSchema // built with the plugins' fields (New)
	maxLimit := cfg.AmountLimit
	if cfg.MaxLimit > 0 && cfg.MaxLimit < maxLimit {
		maxLimit = cfg.MaxLimit
	}
	s := &graphql.Server{Schema: gs, Content: a.Content, Log: a.Log,
		Config: graphql.Config{DefaultLimit: cfg.DefaultLimit, MaxLimit: maxLimit, DepthLimit: cfg.DepthLimit,
			Introspection: cfg.IntrospectionOn(), MaxQueryBytes: 64 << 10, MaxBatch: cfg.MaxBatch,
			MaxAnswerRows: a.Config.API.MaxAnswerRows},
		Guard: api.Guard, Options: api.Options, AllowStatus: api.AllowStatus,
		Accounts: a.Accounts, Files: a.Upload, Allow: a.Security.Allow, AllowPublic: a.Security.AllowPublic, ReadOptions: a.Security.ReadOptions,
		Locales: func(ctx context.Context) ([]locales.Locale, error) {
			return locales.List(ctx, a.DB, a.Schema.DefaultLocale())
		}}
	if _, ok := storage.SignerFor(a.Upload.Storage()); ok {
		s.SignFile = a.Upload.SignURLs // a private bucket: every file url answered is signed
	}
	row := func(method, path string, h fiber.Handler) route.Route {
		return route.Route{Method: method, Path: path, Prefixes: route.Root, Action: graphqlAction,
			Source: route.SourceCore, Handlers: []fiber.Handler{h}}
	}
	if !cfg.Playground {
		return route.Table{row(fiber.MethodGet, cfg.Endpoint, s.Handle), row(fiber.MethodPost, cfg.Endpoint, s.Handle)}
	}
	// The GraphQL page (GraphiQL, embedded): a browser asking for HTML at
	// the endpoint gets it, with its assets below; clients get GraphQL.
	page := playground.Handler(cfg.Endpoint)
	get := func(c *fiber.Ctx) error {
		if playground.Wants(c) {
			return page(c)
		}
		return s.Handle(c)
	}
	return route.Table{row(fiber.MethodGet, cfg.Endpoint, get), row(fiber.MethodPost, cfg.Endpoint, s.Handle),
		row(fiber.MethodGet, cfg.Endpoint+"/"+playground.AssetDir+"/:name", page)}
}
