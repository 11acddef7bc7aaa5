// Package apptest runs a whole Kiln app in a plugin author's test: the
// app built from a config as `kiln serve` builds it, with the plugins
// given, on SQLite and (when KILN_TEST_POSTGRES_URL is set) PostgreSQL,
// and requests sent through its HTTP stack without a network.
//
//	func TestReviews(t *testing.T) {
//		apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
//			r := h.Do("GET", "/api/books", nil)
//			...
//		}, reviews.New())
//	}
//
// It is the promised face of the harness Kiln's own tests use
// (internal/apptest), which also hands those tests the app's insides.
package apptest

import (
	"log/slog"
	"net/http"
	"testing"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/core/schema"
	harness "github.com/kiln-cms/kiln/internal/apptest"
)

// Dialect is a database kind: SQLite or Postgres.
type Dialect = schema.Dialect

// The dialects a test runs on.
const (
	SQLite   = schema.SQLite
	Postgres = schema.Postgres
)

// Anonymous is the Authorization value that sends no token at all.
const Anonymous = harness.Anonymous

// Main runs a package's tests, then drops the databases its harnesses
// made and prints one line naming the tests skipped for want of a service
// and what enables them; it returns the exit code:
//
//	func TestMain(m *testing.M) { os.Exit(apptest.Main(m)) }
func Main(m *testing.M) int { return harness.Main(m) }

// Config is the config a test app starts from: the project's content
// types and config/ on a fresh database of dialect d (skipped when d is
// Postgres and KILN_TEST_POSTGRES_URL is unset).
func Config(t testing.TB, d Dialect) config.Config { return harness.Config(t, d) }

// ConfigWithRoles is Config with more roles appended to config/
// permissions.yaml (YAML entries under "roles:", indented two spaces).
func ConfigWithRoles(t testing.TB, d Dialect, roles string) config.Config {
	return harness.ConfigWithRoles(t, d, roles)
}

// Harness is an app under test. Requests carry the admin's token unless
// they name an Authorization header of their own (Anonymous for none).
type Harness struct {
	T testing.TB
	// AdminToken is a token of the admin user every harness starts with.
	AdminToken string
	h          *harness.Harness
}

func wrap(h *harness.Harness) *Harness { return &Harness{T: h.T, AdminToken: h.AdminToken, h: h} }

// New starts an app on Config(t, d) with the plugins.
func New(t testing.TB, d Dialect, plugins ...plugin.Plugin) *Harness {
	return wrap(harness.New(t, d, plugins...))
}

// NewWith starts an app on cfg with the plugins.
func NewWith(t testing.TB, cfg config.Config, plugins ...plugin.Plugin) *Harness {
	return wrap(harness.NewWith(t, cfg, plugins...))
}

// NewLogged is NewWith logging to log.
func NewLogged(t testing.TB, cfg config.Config, log *slog.Logger, plugins ...plugin.Plugin) *Harness {
	return wrap(harness.NewLogged(t, cfg, log, plugins...))
}

// Each runs fn on SQLite and, when configured, PostgreSQL, each half with
// its own app and database (in turn when plugins are given: a plugin is
// bound to the app that loads it).
func Each(t *testing.T, fn func(t *testing.T, h *Harness), plugins ...plugin.Plugin) {
	harness.Each(t, func(t *testing.T, h *harness.Harness) { fn(t, wrap(h)) }, plugins...)
}

// EachWithRoles is Each on ConfigWithRoles.
func EachWithRoles(t *testing.T, roles string, fn func(t *testing.T, h *Harness), plugins ...plugin.Plugin) {
	harness.EachWithRoles(t, roles, func(t *testing.T, h *harness.Harness) { fn(t, wrap(h)) }, plugins...)
}

// As is the header pair that sends token, or no token at all when it is
// empty: h.Do("GET", path, nil, apptest.As(token)...).
func As(token string) []string { return harness.As(token) }

// Response is what a request got back.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

func response(r *harness.Response) *Response {
	return &Response{Status: r.Status, Header: r.Header, Body: r.Body}
}

func (r *Response) inner() *harness.Response {
	return &harness.Response{Status: r.Status, Header: r.Header, Body: r.Body}
}

// JSON decodes the body as a JSON object (numbers as json.Number),
// failing the test when it is not one.
func (r *Response) JSON(t testing.TB) map[string]any { return r.inner().JSON(t) }

// Do sends a request; body is sent as JSON unless it is a string or
// []byte; headers are name, value pairs.
func (h *Harness) Do(method, path string, body any, headers ...string) *Response {
	h.T.Helper()
	return response(h.h.Do(method, path, body, headers...))
}

// DoFrom is Do from the client address peer ("203.0.113.7:5000").
func (h *Harness) DoFrom(peer, method, path string, body any, headers ...string) *Response {
	h.T.Helper()
	return response(h.h.DoFrom(peer, method, path, body, headers...))
}

// Create posts {"data": data} to path as the admin, fails the test unless
// the answer is 201, and returns the new entry's id.
func (h *Harness) Create(path string, data map[string]any) int64 {
	h.T.Helper()
	return h.h.Create(path, data)
}

// CreateUser adds a user with the role (by type) and returns a token for it.
func (h *Harness) CreateUser(username, email, role string) string {
	h.T.Helper()
	return h.h.CreateUser(username, email, role)
}

// ErrorOf reads an error envelope: status, error name, message, details.
func (h *Harness) ErrorOf(r *Response) (status int, name, message string, details map[string]any) {
	h.T.Helper()
	return h.h.ErrorOf(r.inner())
}

// IDOf is the id of an entry as a response carries it (v2 or v1).
func (h *Harness) IDOf(v any) int64 { return h.h.IDOf(v) }

// IDs are the ids of a list answer's entries, in order.
func (h *Harness) IDs(r *Response) []int64 {
	h.T.Helper()
	return h.h.IDs(r.inner())
}

// Serve starts the app on a loopback port and returns its base URL; it
// stops with the test.
func (h *Harness) Serve() string { return h.h.Serve() }

// File is one file part of a multipart upload.
type File struct {
	Name string // the client's file name
	Type string // the Content-Type the client claims; empty sends none
	Data []byte
}

func files(fs []File) []harness.File {
	out := make([]harness.File, len(fs))
	for i, f := range fs {
		out[i] = harness.File(f)
	}
	return out
}

// Upload posts files (under the part name "files") and plain fields
// (name, value pairs) as multipart/form-data to path.
func (h *Harness) Upload(path string, fs []File, fields []string, headers ...string) *Response {
	h.T.Helper()
	return response(h.h.Upload(path, files(fs), fields, headers...))
}

// CheckEnvelope fails the test unless r is a success or a 4xx error
// envelope: JSON, never a 3xx or a 5xx, an "error" object on every 4xx.
func CheckEnvelope(t testing.TB, what string, r *Response) {
	t.Helper()
	harness.CheckEnvelope(t, what, r.inner())
}

// Service is the service a loaded plugin provides under name
// (plugin.API's Provide), nil when none does: what another plugin would
// get from plugin.API's Service.
func (h *Harness) Service(name string) any { return h.h.App.Plugins.Service(name) }

// QueryCounter counts the statements the app sends from its start.
type QueryCounter struct{ c *harness.QueryCounter }

// N is the number of statements sent since CountQueries.
func (q *QueryCounter) N() int64 { return q.c.N() }

// CountQueries starts counting the statements the app sends: how many a
// request costs.
func (h *Harness) CountQueries() *QueryCounter { return &QueryCounter{h.h.CountQueries()} }
