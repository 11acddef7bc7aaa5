package app

import (
	"crypto/subtle"
	"log/slog"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/cors"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/internal/clientip"
	"github.com/kiln-cms/kiln/internal/metrics"
	"github.com/kiln-cms/kiln/internal/ratelimit"
	"github.com/kiln-cms/kiln/internal/rest"
	"github.com/kiln-cms/kiln/internal/route"
)

// newMetrics is the metrics of the app when server.metrics is on, else nil
// (which records nothing).
func (a *App) newMetrics(limiter *ratelimit.Limiter) *metrics.Metrics {
	if !a.Config.Server.Metrics.Enabled {
		return nil
	}
	if a.Config.Server.Metrics.Open {
		a.Log.Warn("/metrics is open: anybody who reaches the port reads it (server.metrics.open)")
	}
	return metrics.New(metrics.Sources{DBStats: a.DB.Stats, RateLimitRefusals: limiter.Refused})
}

// metricsRoute is GET /metrics: open (outside the /api middleware, never
// rate limited) but for the bearer token metricsGuard checks.
func (a *App) metricsRoute() route.Route {
	return route.Route{Method: fiber.MethodGet, Path: "/metrics", Prefixes: route.Root, Source: route.SourceCore,
		Handlers: []fiber.Handler{a.metricsGuard, a.serveMetrics}}
}

// serveMetrics answers the metrics in Prometheus' text format.
func (a *App) serveMetrics(c *fiber.Ctx) error {
	body, err := a.Metrics.Text()
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderContentType, metrics.TextFormat)
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.Send(body)
}

// metricsGuard lets a scrape through with the configured bearer token, or
// any scrape when server.metrics.open is set; else a 401 in the error
// envelope. The token is compared in constant time.
func (a *App) metricsGuard(c *fiber.Ctx) error {
	m := a.Config.Server.Metrics
	if m.Open {
		return c.Next()
	}
	token, ok := strings.CutPrefix(c.Get(fiber.HeaderAuthorization), "Bearer ")
	if !ok || subtle.ConstantTimeCompare([]byte(token), []byte(m.Token)) != 1 {
		c.Set(fiber.HeaderWWWAuthenticate, `Bearer realm="metrics"`)
		return errs.New(errs.KindUnauthorized, "Missing or invalid credentials")
	}
	return c.Next()
}

// corsMiddleware is fiber's CORS middleware with server.cors, or nil when
// it is off. It answers a preflight itself, so a preflight never reaches
// authentication or the rate limit.
func corsMiddleware(c config.CORS) fiber.Handler {
	if !c.Enabled() {
		return nil
	}
	return cors.New(cors.Config{
		AllowOrigins:     strings.Join(c.Origins, ","),
		AllowMethods:     strings.Join(c.Methods, ","),
		AllowHeaders:     strings.Join(c.Headers, ","),
		ExposeHeaders:    strings.Join(c.ExposedHeaders, ","),
		AllowCredentials: c.Credentials,
		MaxAge:           int(c.MaxAge / time.Second),
	})
}

// observe is the outermost middleware when metrics or the access log are
// on (nil otherwise): it times each request, lets the error handler write
// an error's answer at once (so the status is known), then counts the
// request and writes its log line.
//
// The route is fiber's route pattern (/api/programs/:id), never the raw
// path, when a row of the route table answered; else metrics.NoRoute.
func (a *App) observe(m *metrics.Metrics, accessLog bool) fiber.Handler {
	if m == nil && !accessLog {
		return nil
	}
	patterns := map[string]bool{}
	for _, r := range a.Routes {
		for _, p := range r.Paths() {
			method := strings.ToUpper(r.Method)
			patterns[method+" "+p] = true
			if method == fiber.MethodGet {
				patterns[fiber.MethodHead+" "+p] = true
			}
		}
	}
	return func(c *fiber.Ctx) error {
		start := time.Now()
		if err := c.Next(); err != nil {
			if err := c.App().ErrorHandler(c, err); err != nil {
				_ = c.SendStatus(fiber.StatusInternalServerError)
			}
		}
		took := time.Since(start)
		r := c.Route()
		pattern := metrics.NoRoute
		if patterns[r.Method+" "+r.Path] {
			pattern = r.Path
		}
		status := c.Response().StatusCode()
		// r.Method, not c.Method(): fiber's string of the request's
		// method points into a buffer the next request reuses, and the
		// metrics keep their labels. The route's is a constant.
		m.Request(r.Method, pattern, status, took)
		if accessLog {
			a.Log.LogAttrs(c.UserContext(), slog.LevelInfo, "request",
				slog.String("request_id", string(c.Response().Header.Peek(fiber.HeaderXRequestID))),
				slog.String("method", r.Method),
				slog.String("route", pattern),
				slog.String("path", a.loggedPath(c)),
				slog.String("query", queryKeys(c)),
				slog.Int("status", status),
				slog.Float64("duration_ms", float64(took.Microseconds())/1000),
				slog.Int("bytes", rest.BodySize(c)),
				slog.String("client", clientip.Of(c).String()))
		}
		return nil
	}
}

// loggedPath is the request's path as logs write it: without the query
// string, and with the values of secret path parameters masked (a
// calendar feed's token: route.Redactor), whichever handler answered.
func (a *App) loggedPath(c *fiber.Ctx) string {
	return a.redactor.Path(string(c.Request().URI().Path()))
}

// queryKeys is the query string's parameter names without their values
// (filters[email][$eq]&populate): enough to tell which query was slow,
// while the values, which may be e-mail addresses, names or other
// personal data a filter looks for, stay out of the log.
func queryKeys(c *fiber.Ctx) string {
	var b strings.Builder
	c.Context().QueryArgs().VisitAll(func(k, _ []byte) {
		if b.Len() > 0 {
			b.WriteByte('&')
		}
		b.Write(k)
	})
	return b.String()
}
