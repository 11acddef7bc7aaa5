// Package app wires Kiln together: config, schema, database, the content
// service and the HTTP server with its middleware. cmd/kiln calls it; tests
// build an App the same way and drive it through fiber's app.Test.
package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/recover"
	"github.com/gofiber/fiber/v2/middleware/requestid"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/account"
	"github.com/kiln-cms/kiln/internal/apitoken"
	"github.com/kiln-cms/kiln/internal/clientip"
	"github.com/kiln-cms/kiln/internal/conns"
	"github.com/kiln-cms/kiln/internal/contentwire"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/graphql"
	"github.com/kiln-cms/kiln/internal/locales"
	"github.com/kiln-cms/kiln/internal/metrics"
	"github.com/kiln-cms/kiln/internal/migrate"
	"github.com/kiln-cms/kiln/internal/openapi"
	"github.com/kiln-cms/kiln/internal/pluginroutes"
	"github.com/kiln-cms/kiln/internal/plugintables"
	"github.com/kiln-cms/kiln/internal/principal"
	"github.com/kiln-cms/kiln/internal/ratelimit"
	"github.com/kiln-cms/kiln/internal/rest"
	"github.com/kiln-cms/kiln/internal/route"
	"github.com/kiln-cms/kiln/internal/storage"
	"github.com/kiln-cms/kiln/internal/upload"
	"github.com/kiln-cms/kiln/internal/views"
	"github.com/kiln-cms/kiln/internal/webhook"
)

// App is a running Kiln: its settings, schema, database and HTTP server.
type App struct {
	Config config.Config
	Schema *schema.Schema
	// Views are how the admin panel shows each type (config/views.yaml).
	Views   *views.Store
	DB      *database.DB
	Content *content.Service
	Fiber   *fiber.App
	Log     *slog.Logger
	// Security authenticates callers and checks their permissions.
	Security *rest.Security
	// Accounts signs users in, resets passwords and administers users
	// (the users-and-auth routes and `kiln admin create` call it).
	Accounts *account.Service
	// APITokens makes, checks and revokes API tokens (Security checks
	// requests' tokens with it; `kiln token` manages them).
	APITokens *apitoken.Service
	// Metrics is what GET /metrics answers; nil while server.metrics is
	// off (it then records nothing).
	Metrics *metrics.Metrics
	// Plugins holds what the plugins registered.
	Plugins *plugin.Registry
	// Webhooks is the outbox of the content service's and the plugins'
	// events, its worker and its admin routes (internal/webhook).
	Webhooks *webhook.Service
	// Upload is the media library: the upload routes and media fields'
	// files, over the provider config/upload.yaml names (internal/upload).
	Upload *upload.Service
	// Identity listens for changes of users and roles on PostgreSQL and
	// keeps Security.Principals trusted meanwhile; nil on SQLite.
	Identity *principal.Watcher
	// Routes is the route table: every route the server answers, in the
	// order they are mounted (routes.go).
	Routes route.Table
	// docs are the API documents, built on first use (or by Serve).
	docs *openapi.Docs
	// GraphQLSchema is the /graphql endpoint's schema, nil while it is off.
	GraphQLSchema *graphql.Schema
	// redactor masks the secret path parameters of Routes in logs.
	redactor *route.Redactor
	closers  []func() error
	// stop ends the context the plugins started with.
	stop context.CancelFunc
	// closed makes Close run once, however often it is called.
	closed    sync.Once
	closedErr error
}

// New loads the content types, opens and migrates the database and builds
// the HTTP server. The migration applies the additive changes only: the
// destructive ones wait for `kiln migrate --allow-destructive`, and until
// then each is logged at start-up and the fields they change are
// unavailable (holdPending), so that the server serves what the database
// does match.
func New(ctx context.Context, cfg config.Config, log *slog.Logger, plugins ...plugin.Plugin) (*App, error) {
	// config.Load refuses a short configured secret; this also covers a
	// Config built in code, and one whose EnsureSecret was never called.
	if err := cfg.Auth.CheckSecret(); err != nil {
		return nil, err
	}
	s, err := LoadSchema(cfg)
	if err != nil {
		return nil, err
	}
	for _, w := range s.Warnings {
		log.Warn("schema warning (Strapi starts with it too; kiln validate lists them)", "what", w.String())
	}
	shown, err := views.Open(filepath.Join(cfg.Paths.Config, "views.yaml"), s, cfg.Admin.Development)
	if err != nil {
		return nil, err
	}
	db, err := database.OpenWith(ctx, cfg.DatabaseURL(), database.Options{Unprepared: !cfg.Database.Prepared()})
	if err != nil {
		return nil, err
	}
	extra, err := plugintables.Extra(plugins, db.Dialect)
	if err != nil {
		db.Close()
		return nil, err
	}
	plan, err := migrate.Run(ctx, db, s, migrate.Options{Extra: extra})
	switch {
	case errors.Is(err, migrate.ErrDestructivePending):
		holdPending(log, s, plan)
	case err != nil:
		db.Close()
		return nil, fmt.Errorf("migrating the database: %w", err)
	}
	if n := len(plan.Additive()); n > 0 {
		log.Info("database migrated", "steps", n)
	}
	for _, w := range plan.Warnings {
		log.Warn("an optional schema change was not applied", "why", w)
	}
	if err := locales.Sync(ctx, db, cfg.I18n); err != nil {
		db.Close()
		return nil, err
	}
	a := &App{Config: cfg, Schema: s, Views: shown, DB: db, Content: contentwire.New(s, db, contentwire.Options{MaxAnswerRows: cfg.API.MaxAnswerRows}).(*content.Service), Log: log}
	if err = a.newSecurity(ctx); err != nil {
		db.Close()
		return nil, err
	}
	if a.Webhooks, err = webhook.New(ctx, db, s, cfg.Webhooks, webhookEntryJSON, os.Getenv, log); err != nil {
		db.Close()
		return nil, err
	}
	a.Content.Outbox = a.Webhooks
	if err = a.newMedia(ctx); err != nil {
		db.Close()
		return nil, err
	}
	if a.Plugins, err = plugin.Load(plugins, a.Content, a.Security, pluginroutes.Shadows(rest.GeneratedRoutes(s, nil)), log, cfg.Clock); err != nil {
		db.Close()
		return nil, err
	}
	if cfg.GraphQL.Enabled {
		// Built before anything starts: a plugin's field or types that do
		// not fit the schema stop start-up, named, as a bad route does.
		if a.GraphQLSchema, err = graphql.BuildWith(s, graphql.Options{V4Compatibility: cfg.GraphQL.V4CompatibilityMode},
			a.Plugins.GraphQLFields()...); err != nil {
			db.Close()
			return nil, err
		}
	}
	// The plugins' background work lives as long as the app.
	var started context.Context
	started, a.stop = context.WithCancel(context.WithoutCancel(ctx))
	if err := a.Plugins.Start(started); err != nil {
		a.stop()
		db.Close()
		return nil, err
	}
	limiter, err := a.newLimiter()
	if err != nil {
		a.stop()
		db.Close()
		return nil, err
	}
	a.Metrics = a.newMetrics(limiter)
	if a.Metrics != nil {
		a.Webhooks.OnDelivery = a.Metrics.WebhookDelivery
	}
	if err := a.Webhooks.Start(started); err != nil {
		a.stop()
		db.Close()
		return nil, err
	}
	a.watchIdentity()
	a.Fiber = a.newServer(limiter)
	return a, nil
}

// ApplyPending is the command that applies the changes a migration held
// back because they drop or convert data.
const ApplyPending = "kiln migrate --allow-destructive"

// webhookEntryJSON is an entry in a webhook's payload: as the REST API
// answers it in its v2 shape.
func webhookEntryJSON(e *entry.Entry) json.RawMessage { return rest.EntryJSONIn(e, rest.V2) }

// holdPending logs each change the migration held back, with the command
// that applies it, and marks the fields they leave unavailable
// (schema.Attribute.Pending): the content service then answers a 400 for
// a request that names one, and leaves them out of answers, instead of
// failing in the database or storing a value its column cannot hold.
func holdPending(log *slog.Logger, s *schema.Schema, plan *migrate.Plan) {
	fields := plan.UnavailableByChange(s)
	for _, c := range plan.Pending() {
		log.Warn("a schema change waits: it drops or converts data the database holds", "change", c.Description,
			"unavailable_fields", strings.Join(fields[c.Description], ","), "apply_with", ApplyPending)
	}
	for a, why := range plan.Unavailable(s) {
		a.Pending = why
	}
}

// QueryOptions are the query-language limits from the config.
func (a *App) QueryOptions() query.Options {
	o := query.DefaultOptions()
	o.DefaultPageSize = a.Config.API.DefaultPageSize
	o.MaxPageSize = a.Config.API.MaxPageSize
	o.MaxDepth = a.Config.API.MaxQueryDepth
	o.MaxInList = a.Config.API.MaxInList
	o.MaxDeepPopulate = a.Config.API.MaxDeepPopulate
	o.StrictParams = a.Config.API.StrictParams
	o.Component = a.Schema.Component
	o.Locales = a.Schema.Locales()
	return o
}

func (a *App) newServer(limiter *ratelimit.Limiter) *fiber.App {
	f := fiber.New(fiber.Config{
		AppName:               "kiln",
		ErrorHandler:          rest.ErrorHandlerLogging(a.Log, a.loggedPath),
		BodyLimit:             a.Config.API.MaxBodyBytes,
		DisableStartupMessage: true,
		// The connection limits (docs/operations.md). fasthttp's
		// ReadTimeout runs until the request head is in: it is the
		// read-header timeout; conns.Install gives the body ReadTimeout.
		// The head must fit the read buffer, or it is a 431.
		ReadTimeout:    a.Config.Server.ReadHeaderTimeout,
		WriteTimeout:   a.Config.Server.WriteTimeout,
		IdleTimeout:    a.Config.Server.IdleTimeout,
		ReadBufferSize: a.Config.Server.MaxHeaderBytes,
		// The client address is internal/clientip's (ProxyHeader stays unset, so
		// c.IP() is the peer); fiber's check only governs X-Forwarded-Proto
		// and -Host, which are believed from the same trusted proxies.
		EnableTrustedProxyCheck: true,
		TrustedProxies:          a.Config.Server.TrustProxy.Strings(),
	})
	conns.Install(f.Server(), a.Config.Server.ReadTimeout)
	uploadBodies(f.Server(), a.Config.Upload)
	a.Routes = a.routeTable()
	a.redactor = a.Routes.Redactor()
	// Metrics and the access log see every request, preflights and
	// refusals included (observe.go).
	if h := a.observe(a.Metrics, a.Config.Server.AccessLog); h != nil {
		f.Use(h)
	}
	f.Use(rest.NoSniff, clientip.Middleware(clientip.Trusted(a.Config.Server.TrustProxy)), requestid.New(), recover.New())
	// CORS before any route or the /api middleware: a preflight is
	// answered here, for every path, without a token or a rate-limit slot.
	if h := corsMiddleware(a.Config.Server.CORS); h != nil {
		f.Use(h)
	}
	// Every route is registered through r, which makes rest.RejectNUL its
	// first handler: a NUL byte in a query, path parameter or body is a
	// 400 naming where, before any handler reads them.
	r := rest.GuardNUL(f)
	// The open rows (operations, documentation) before the /api
	// middleware: public, constant, not rate limited. Then the rest, in
	// the table's order: core, plugins, generated.
	a.Routes.Where(route.Route.Open).Mount(r)
	if _, ok := storage.SignerFor(a.Upload.Storage()); ok {
		// A private bucket: every answer's file urls are signed.
		f.Use("/api", rest.SignFileURLs(a.Upload.SignURLs))
	}
	limitAnswer := rest.LimitAnswer(func(c *fiber.Ctx) int { return a.Security.AnswerLimits(c).MaxAnswerBytes })
	f.Use("/api", rest.Deadline(a.Config.Server.RequestTimeout, a.Config.Upload.ReadTimeout), rest.Versioned, a.Security.Authenticate, ratelimit.Middleware(limiter, a.rateKey), rest.Enforce,
		// Admission after the rate limit, so that a client over its budget
		// is refused at once instead of queueing for a slot.
		rest.Admit(a.Config.Server.MaxActiveRequests),
		rest.Conditional, limitAnswer)
	if a.Config.GraphQL.Enabled {
		// GraphQL's endpoint has REST's caller, rate limit, admission and
		// answer budget; each of its fields checks its own permission.
		f.Use(a.Config.GraphQL.Endpoint, rest.Deadline(a.Config.Server.RequestTimeout, a.Config.Upload.ReadTimeout), a.Security.Authenticate,
			ratelimit.Middleware(limiter, a.rateKey), rest.Enforce, rest.Admit(a.Config.Server.MaxActiveRequests), limitAnswer)
	}
	a.Routes.Where(func(r route.Route) bool { return !r.Open() }).Mount(r)
	f.Use(func(c *fiber.Ctx) error { return fiber.ErrNotFound })
	return f
}

// ready answers 200 while the database answers, 503 otherwise.
//
// Ready means the database answers within readyTimeout and, for SQLite,
// its file can be written and its disk is not full (database.DB.Ready). What
// is wrong is logged, not answered: the probe is public.
func (a *App) ready(c *fiber.Ctx) error {
	ctx, cancel := context.WithTimeout(c.UserContext(), readyTimeout)
	defer cancel()
	if err := a.DB.Ready(ctx); err != nil {
		a.Log.Warn("not ready", "err", err)
		c.Set(fiber.HeaderRetryAfter, "2")
		return c.Status(fiber.StatusServiceUnavailable).JSON(fiber.Map{"status": "unavailable", "database": "unavailable"})
	}
	return c.JSON(fiber.Map{"status": "ok", "database": "ok"})
}

// pluginCloseTimeout bounds what the plugins' Close may take: the database
// closes after it, in any case.
const pluginCloseTimeout = 10 * time.Second

// readyTimeout bounds the readiness probe: a database slower than this to
// answer a ping is as good as away.
const readyTimeout = 2 * time.Second

// Close ends the plugins (Closer), then releases the rate-limit store and
// the database; a second call does nothing.
func (a *App) Close() error {
	a.closed.Do(func() { a.closedErr = a.close() })
	return a.closedErr
}

func (a *App) close() error {
	// A password-reset mail still being sent needs the database for its
	// code, and an API token's last-used write the database; both have
	// their own deadlines, so this wait is bounded.
	a.Accounts.WaitMail()
	a.APITokens.Wait()
	a.stop()
	ctx, cancel := context.WithTimeout(context.Background(), pluginCloseTimeout)
	defer cancel()
	if err := a.Plugins.Close(ctx); err != nil {
		a.Log.Error("closing the plugins", "err", err)
	}
	if err := a.Webhooks.Close(ctx); err != nil {
		a.Log.Error("waiting for the webhooks being sent", "err", err)
	}
	for _, c := range a.closers {
		c()
	}
	return a.DB.Close()
}
