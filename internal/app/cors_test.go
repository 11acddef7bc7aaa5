package app_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/plugins/catalog"
)

const (
	allowedOrigin = "https://app.example.com"
	refusedOrigin = "https://evil.example.net"
)

// corsApp is an app whose CORS allows allowedOrigin with credentials and
// a 10-minute preflight cache, and whose per-address limit is perAddress.
func corsApp(t *testing.T, d database.Dialect, cors config.CORS, perAddress int) *apptest.Harness {
	cfg := apptest.Config(t, d)
	cfg.Server.CORS = cors
	cfg.RateLimit.PerAddress = perAddress
	return apptest.NewWith(t, cfg, catalog.New())
}

func withOrigins(origins ...string) config.CORS {
	c := config.Default().Server.CORS
	c.Origins = origins
	return c
}

// accessControl is the response's Access-Control-* headers and Vary.
// conditionalVary is what rest.Conditional adds to Vary on a successful
// GET below plain /api.
const conditionalVary = "Authorization, Strapi-Response-Format"

func accessControl(h http.Header) map[string]string {
	out := map[string]string{}
	for k, v := range h {
		if strings.HasPrefix(k, "Access-Control-") || k == "Vary" {
			out[k] = strings.Join(v, ", ")
		}
	}
	return out
}

func sameHeaders(t *testing.T, what string, got, want map[string]string) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: headers %v, want %v", what, got, want)
		return
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: %s = %q, want %q (all: %v)", what, k, got[k], v, got)
		}
	}
}

// TestCORS: the default methods and request headers are Strapi 5's (a live
// Strapi 5.54 answers a preflight with Allow-Methods
// GET,POST,PUT,PATCH,DELETE,HEAD,OPTIONS and Allow-Headers
// Content-Type,Authorization,Origin,Accept), plus Strapi-Response-Format,
// which selects the v4 answer shape.
//
// A preflight from an allowed origin is a 204 naming it, with
// credentials, the methods, the headers and the max age, on every kind of
// route (generated, versioned, plugin, the operations endpoints); one from
// a refused origin is a 204 that allows nothing. A simple request from an
// allowed origin gets the origin, credentials and the exposed headers;
// from a refused origin, none of them.
func TestCORS(t *testing.T) {
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			c := withOrigins(allowedOrigin)
			c.Credentials, c.MaxAge = true, 10*time.Minute
			h := corsApp(t, d, c, 1<<30)
			preflightAllowed := map[string]string{
				"Access-Control-Allow-Origin":      allowedOrigin,
				"Access-Control-Allow-Credentials": "true",
				"Access-Control-Allow-Methods":     "GET,POST,PUT,PATCH,DELETE,HEAD,OPTIONS",
				"Access-Control-Allow-Headers":     "Content-Type,Authorization,Origin,Accept,Strapi-Response-Format",
				"Access-Control-Max-Age":           "600",
				"Access-Control-Expose-Headers":    "X-RateLimit-Limit,X-RateLimit-Remaining,X-RateLimit-Reset,Retry-After,API-Version,X-Request-Id",
				"Vary":                             "Access-Control-Request-Method, Access-Control-Request-Headers, Origin",
			}
			for _, path := range []string{"/api/programs", "/api/programs/1", "/api/v1/programs/1", "/api/v2/customers",
				"/api/categories/tree", "/api/auth/local", "/api/users/me", "/_health", "/api/nothing-here"} {
				r := h.Do("OPTIONS", path, nil, "Authorization", apptest.Anonymous, "Origin", allowedOrigin,
					"Access-Control-Request-Method", "PUT", "Access-Control-Request-Headers", "authorization,content-type")
				if r.Status != http.StatusNoContent || len(r.Body) != 0 || r.Header.Get("X-RateLimit-Limit") != "" {
					t.Errorf("preflight %s: %d %v %s", path, r.Status, r.Header, r.Body)
				}
				sameHeaders(t, "preflight "+path, accessControl(r.Header), preflightAllowed)
			}

			r := h.Do("OPTIONS", "/api/programs", nil, "Origin", refusedOrigin, "Access-Control-Request-Method", "GET")
			if r.Status != http.StatusNoContent {
				t.Errorf("preflight from a refused origin: %d", r.Status)
			}
			refused := map[string]string{}
			for k, v := range preflightAllowed {
				if k != "Access-Control-Allow-Origin" && k != "Access-Control-Allow-Credentials" {
					refused[k] = v
				}
			}
			sameHeaders(t, "preflight from a refused origin", accessControl(r.Header), refused)

			h.Create("/api/customers", map[string]any{"name": "Acme", "industry": "Retail"})
			r = h.Do("GET", "/api/customers/1", nil, "Origin", allowedOrigin)
			if r.Status != http.StatusOK {
				t.Fatalf("GET with an allowed origin: %d %s", r.Status, r.Body)
			}
			sameHeaders(t, "simple request", accessControl(r.Header), map[string]string{
				"Access-Control-Allow-Origin":      allowedOrigin,
				"Access-Control-Allow-Credentials": "true",
				"Access-Control-Expose-Headers":    preflightAllowed["Access-Control-Expose-Headers"],
				"Access-Control-Max-Age":           "600",                        // fiber's middleware sends it on every answer
				"Vary":                             "Origin, " + conditionalVary, // rest.Conditional adds its own
			})
			r = h.Do("GET", "/api/customers/1", nil, "Origin", refusedOrigin)
			if r.Status != http.StatusOK {
				t.Fatalf("GET with a refused origin: %d %s", r.Status, r.Body)
			}
			sameHeaders(t, "simple request from a refused origin", accessControl(r.Header), map[string]string{
				"Access-Control-Expose-Headers": preflightAllowed["Access-Control-Expose-Headers"],
				"Access-Control-Max-Age":        "600",
				"Vary":                          "Origin, " + conditionalVary,
			})
			// The error envelope carries them too: a browser page reads
			// Strapi's error only if CORS allows it.
			r = h.Do("GET", "/api/customers/999", nil, "Origin", allowedOrigin)
			if st, name, _, _ := h.ErrorOf(r); st != 404 || name != "NotFoundError" || r.Header.Get("Access-Control-Allow-Origin") != allowedOrigin {
				t.Errorf("404 with an allowed origin: %d %s %v", st, name, r.Header)
			}
		})
	}
}

// TestCORSAnyOrigin: "*" without credentials allows every origin, and
// says so with "*" rather than echoing it.
func TestCORSAnyOrigin(t *testing.T) {
	h := corsApp(t, database.SQLite, withOrigins("*"), 1<<30)
	r := h.Do("OPTIONS", "/api/programs", nil, "Origin", refusedOrigin, "Access-Control-Request-Method", "GET")
	if r.Status != 204 || r.Header.Get("Access-Control-Allow-Origin") != "*" || r.Header.Get("Access-Control-Allow-Credentials") != "" {
		t.Fatalf("preflight: %d %v", r.Status, r.Header)
	}
	r = h.Do("GET", "/api/programs", nil, "Origin", "http://localhost:3000")
	if r.Status != 200 || r.Header.Get("Access-Control-Allow-Origin") != "*" {
		t.Fatalf("GET: %d %v", r.Status, r.Header)
	}
}

// TestCORSPreflightIsNotRateLimited: with a limit of 3 per address, 3
// preflights and then 3 real requests all pass, and the 4th real one is
// the 429: the preflights took no slot.
func TestCORSPreflightIsNotRateLimited(t *testing.T) {
	h := corsApp(t, database.SQLite, withOrigins(allowedOrigin), 3)
	anon := []string{"Authorization", apptest.Anonymous, "Origin", allowedOrigin}
	for i := range 3 {
		r := h.Do("OPTIONS", "/api/categories/tree", nil, append(anon, "Access-Control-Request-Method", "GET")...)
		if r.Status != 204 || r.Header.Get("X-RateLimit-Remaining") != "" {
			t.Fatalf("preflight %d: %d %v", i+1, r.Status, r.Header)
		}
	}
	for i := range 3 {
		r := h.Do("GET", "/api/categories/tree", nil, anon...)
		if want := string(rune('2' - i)); r.Status != 200 || r.Header.Get("X-RateLimit-Remaining") != want {
			t.Fatalf("request %d: %d, remaining %q, want 200 and %s", i+1, r.Status, r.Header.Get("X-RateLimit-Remaining"), want)
		}
	}
	r := h.Do("GET", "/api/categories/tree", nil, anon...)
	if st, name, _, _ := h.ErrorOf(r); st != 429 || name != "RateLimitError" || r.Header.Get("Access-Control-Allow-Origin") != allowedOrigin {
		t.Fatalf("4th request: %d %s %v", st, name, r.Header)
	}
}

// TestCORSOff: with no origin configured (the default) nothing changes:
// an OPTIONS is routed like any method, through the /api middleware (it
// takes a rate-limit slot) to the 404, and no answer has an
// Access-Control-* header.
func TestCORSOff(t *testing.T) {
	h := corsApp(t, database.SQLite, config.Default().Server.CORS, 5)
	anon := []string{"Authorization", apptest.Anonymous, "Origin", allowedOrigin}
	r := h.Do("OPTIONS", "/api/categories/tree", nil, append(anon, "Access-Control-Request-Method", "GET")...)
	if st, name, _, _ := h.ErrorOf(r); st != 404 || name != "NotFoundError" || r.Header.Get("X-RateLimit-Remaining") != "4" {
		t.Fatalf("OPTIONS: %d %s %v", st, name, r.Header)
	}
	if ac := accessControl(r.Header); len(ac) != 0 {
		t.Errorf("OPTIONS: %v", ac)
	}
	r = h.Do("GET", "/api/categories/tree", nil, anon...)
	if ac := accessControl(r.Header); r.Status != 200 || len(ac) != 1 || ac["Vary"] != conditionalVary {
		t.Errorf("GET: %d %v", r.Status, ac)
	}
}
