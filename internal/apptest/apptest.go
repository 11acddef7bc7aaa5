// Package apptest builds a real Kiln App for tests — the content types and
// config of the module the test runs in (content-types/ and config/ beside
// its go.mod: Kiln's own, or a plugin author's), a fresh SQLite or
// PostgreSQL database, the real fiber stack — and drives it with real
// requests through fiber's app.Test. It is part of the contract a plugin
// author builds on (docs/plugins.md).
package apptest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/valyala/fasthttp/fasthttputil"
	"golang.org/x/crypto/bcrypt"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/app"
	"github.com/kiln-cms/kiln/internal/auth"
	"github.com/kiln-cms/kiln/internal/conns"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/store/storetest"
	"github.com/kiln-cms/kiln/internal/testmain"
)

// Main is a test package's TestMain: it runs the tests, drops the
// databases the harnesses made (PostgreSQL's kiln_t_* copies and kiln_tpl_*
// templates, SQLite's template files), and prints one line naming the
// tests skipped for want of a service and what enables them
// ("12 PostgreSQL tests (set KILN_TEST_POSTGRES_URL)"); it returns the
// exit code:
//
//	func TestMain(m *testing.M) { os.Exit(apptest.Main(m)) }
//
// Without it the tests run the same; what they made is dropped by the
// next run, and go test says nothing of what they skipped.
func Main(m *testing.M) int { return testmain.Run(m) }

// Harness is an App under test. Requests carry the admin's token unless
// they name an Authorization header of their own (use Anonymous for none).
type Harness struct {
	T   testing.TB
	App *app.App
	// AdminToken is a token of the admin user every harness starts with.
	AdminToken string
	// mem is the in-memory listener of DoFrom, started on first use.
	mem *fasthttputil.InmemoryListener
}

// Anonymous is the Authorization value that sends no token at all.
const Anonymous = "-"

func init() { auth.BcryptCost = bcrypt.MinCost } // tests need not pay for real hashing

// Root is the repository root (the folder holding go.mod).
func Root(t testing.TB) string {
	dir, _ := os.Getwd()
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found above the test's folder")
		}
		dir = parent
	}
}

// The databases a harness runs on, for a module outside Kiln's, which
// cannot import internal/database: PostgreSQL needs KILN_TEST_POSTGRES_URL.
const (
	SQLite   = database.SQLite
	Postgres = database.Postgres
)

// Dialect is a database a harness runs on: SQLite or Postgres.
type Dialect = schema.Dialect

// Config is the test configuration: the shipped content types, a data
// folder in the test's temp dir, a fixed secret.
func Config(t testing.TB, d schema.Dialect) config.Config {
	cfg := config.Default()
	cfg.Paths.ContentTypes = filepath.Join(Root(t), "content-types")
	cfg.Paths.Config = filepath.Join(Root(t), "config")
	cfg.Paths.Data = t.TempDir()
	cfg.Database.URL = sentinel(d) // resolved by NewLogged, see DatabaseURL
	cfg.Auth.JWTSecret = "test-secret-test-secret-test-secret!"
	// Behaviour tests send many requests; the rate-limit tests set their own.
	cfg.RateLimit.PerUser, cfg.RateLimit.PerAddress = 1<<30, 1<<30
	return cfg
}

// ProjectConfig is Config for the test project testdata/<project>: its
// content types from the folder layout names ("content-types" for Kiln's
// YAML, "src" for Strapi's layout) and its config folder.
func ProjectConfig(t testing.TB, d schema.Dialect, project, layout string) config.Config {
	cfg := Config(t, d)
	dir := filepath.Join(Root(t), "testdata", project)
	cfg.Paths.ContentTypes = filepath.Join(dir, layout)
	cfg.Paths.Config = filepath.Join(dir, "config")
	return cfg
}

// ProjectConfigWithLocales is ProjectConfig with the project's
// config/i18n.yaml read as kiln serve reads it (its locales).
func ProjectConfigWithLocales(t testing.TB, d schema.Dialect, project, layout string) config.Config {
	cfg := ProjectConfig(t, d, project, layout)
	loaded, err := config.Load(func(k string) string {
		if k == "KILN_CONFIG_DIR" {
			return cfg.Paths.Config
		}
		return ""
	})
	if err != nil {
		t.Fatal(err)
	}
	cfg.I18n = loaded.I18n
	return cfg
}

// FreshConfig is Config on a new, empty database, for tests of what
// happens before or during the first migration.
func FreshConfig(t testing.TB, d schema.Dialect) config.Config {
	cfg := Config(t, d)
	cfg.Database.URL = storetest.URL(t, d)
	return cfg
}

// New builds an App on a fresh database of the dialect.
func New(t testing.TB, d schema.Dialect, plugins ...plugin.Plugin) *Harness {
	t.Helper()
	return NewWith(t, Config(t, d), plugins...)
}

// NewWith builds an App from cfg.
func NewWith(t testing.TB, cfg config.Config, plugins ...plugin.Plugin) *Harness {
	t.Helper()
	return NewLogged(t, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), plugins...)
}

// NewLogged builds an App from cfg that logs to log, for tests of what
// the server logs.
func NewLogged(t testing.TB, cfg config.Config, log *slog.Logger, plugins ...plugin.Plugin) *Harness {
	t.Helper()
	cfg.Database.URL = DatabaseURL(t, cfg, plugins...)
	a, err := app.New(context.Background(), cfg, log, plugins...)
	if err != nil {
		t.Fatalf("building the app: %v", err)
	}
	t.Cleanup(func() { a.Close() })
	WaitIdentity(t, a)
	h := &Harness{T: t, App: a}
	h.AdminToken = h.CreateUser("admin", "admin@kiln.test", "admin")
	return h
}

// WaitIdentity waits until the app's identity cache is trusted (on
// PostgreSQL: its listener heard the database), so that what a test
// counts does not depend on when the listener came up.
func WaitIdentity(t testing.TB, a *app.App) {
	t.Helper()
	for start := time.Now(); a.Identity != nil && !a.Security.Principals.Trusted(); time.Sleep(time.Millisecond) {
		if time.Since(start) > 10*time.Second {
			t.Fatal("the identity listener did not come up within 10s")
		}
	}
}

// CreateUser adds a user with the role (by type) and returns a token for it.
func (h *Harness) CreateUser(username, email, role string) string {
	h.T.Helper()
	q := &query.Query{Type: h.App.Schema.Type("user")}
	e, err := h.App.Content.Create(context.Background(), q, content.NewWrite(q.Type).
		Set("username", username).Set("email", email).Set("password", "Passw0rd!").Set("provider", "local").
		Set("confirmed", true).SetRelation("role", content.ID(h.App.Accounts.RoleIDs[role])), entry.ReadOptions{})
	if err != nil {
		h.T.Fatalf("creating user %s: %#v", username, err)
	}
	token, err := h.App.Security.Tokens.Issue(e.ID, 0) // a new user is at token version 0
	if err != nil {
		h.T.Fatal(err)
	}
	return token
}

// Each runs fn on SQLite and, when configured, PostgreSQL, the two at
// once: each half owns its app and database. The halves run after the
// calling test's function returns (t.Parallel), so nothing may follow
// Each in it but cleanups; fn may not call t.Setenv (EachInTurn may).
// Given plugins, the halves run in turn: a plugin is bound to the app
// that loads it (plugin.Bind sets its fields), so two apps at once
// cannot share one.
func Each(t *testing.T, fn func(t *testing.T, h *Harness), plugins ...plugin.Plugin) {
	if len(plugins) > 0 {
		EachInTurn(t, fn, plugins...)
		return
	}
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			t.Parallel()
			fn(t, New(t, d, plugins...))
		})
	}
}

// EachInTurn is Each with the halves one after the other, for tests that
// change the process's environment or wait for Each to end.
func EachInTurn(t *testing.T, fn func(t *testing.T, h *Harness), plugins ...plugin.Plugin) {
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) { fn(t, New(t, d, plugins...)) })
	}
}

// Stride is the step through an exhaustive test's generated cases: 1,
// every case, normally; under -short (the edit-test loop, see the README)
// every seventh, so the loop stays quick while CI still runs them all.
func Stride() int {
	if testing.Short() {
		return 7
	}
	return 1
}

// Response is what a request got back.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// JSON decodes the body into a generic value (numbers as json.Number).
func (r *Response) JSON(t testing.TB) map[string]any {
	t.Helper()
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(r.Body))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		t.Fatalf("response is not a JSON object (%v): %s", err, r.Body)
	}
	return m
}

// Do sends a request; body is sent as JSON unless it is a string or []byte.
// headers are name, value pairs; a name given twice is sent twice.
func (h *Harness) Do(method, path string, body any, headers ...string) *Response {
	h.T.Helper()
	resp, err := h.App.Fiber.Test(h.newRequest(method, path, body, headers), -1)
	if err != nil {
		h.T.Fatalf("%s %s: %v", method, path, err)
	}
	return readResponse(resp)
}

// DoFrom is Do over a connection the server sees as coming from peer (an
// IP address), which app.Test cannot give (its connection always comes
// from 0.0.0.0): the app also serves an in-memory listener, dialled with
// peer as the client's address, one connection per request.
func (h *Harness) DoFrom(peer, method, path string, body any, headers ...string) *Response {
	h.T.Helper()
	ip := net.ParseIP(peer)
	if ip == nil {
		h.T.Fatalf("DoFrom: %q is not an IP address", peer)
	}
	if h.mem == nil {
		h.mem = fasthttputil.NewInmemoryListener()
		go h.App.Fiber.Listener(h.mem)
		h.T.Cleanup(func() { h.App.Fiber.Shutdown() })
	}
	ln := h.mem
	client := &http.Client{Transport: &http.Transport{
		DisableKeepAlives: true,
		DialContext: func(context.Context, string, string) (net.Conn, error) {
			return ln.DialWithLocalAddr(&net.TCPAddr{IP: ip, Port: 40000})
		},
	}}
	req := h.newRequest(method, path, body, headers)
	req.RequestURI, req.URL.Scheme, req.URL.Host = "", "http", req.Host
	resp, err := client.Do(req)
	if err != nil {
		h.T.Fatalf("%s %s from %s: %v", method, path, peer, err)
	}
	return readResponse(resp)
}

func readResponse(resp *http.Response) *Response {
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return &Response{Status: resp.StatusCode, Header: resp.Header, Body: raw}
}

// newRequest builds Do's request: body as JSON unless a string or []byte,
// the admin's token unless headers name another Authorization.
func (h *Harness) newRequest(method, path string, body any, headers []string) *http.Request {
	h.T.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = bytes.NewBufferString(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			h.T.Fatal(err)
		}
		rd = bytes.NewReader(raw)
	}
	req := httptest.NewRequest(method, path, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Authorization", "Bearer "+h.AdminToken)
	given := map[string]bool{}
	for i := 0; i+1 < len(headers); i += 2 {
		// A name given twice is sent as two header lines.
		if name := http.CanonicalHeaderKey(headers[i]); given[name] {
			req.Header.Add(name, headers[i+1])
		} else {
			given[name] = true
			req.Header.Set(name, headers[i+1])
		}
	}
	if req.Header.Get("Authorization") == Anonymous {
		req.Header.Del("Authorization")
	}
	return req
}

// Serve starts the app on a loopback port, for what app.Test cannot show
// (fasthttp refuses an oversized body before fiber sees a request, and
// app.Test reports that as an error instead of the response), and returns
// its base URL. The server stops when the test ends, closing the
// connections its clients keep alive first: fasthttp's shutdown alone
// waits for them to time out (10 s), as kiln serve's does not
// (app.Serve drains them).
func (h *Harness) Serve() string {
	h.T.Helper()
	tcp, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		h.T.Fatal(err)
	}
	ln := conns.Wrap(tcp, conns.Options{})
	go h.App.Fiber.Listener(ln)
	h.T.Cleanup(func() {
		ln.CloseAll()
		h.App.Fiber.Shutdown()
	})
	return "http://" + tcp.Addr().String()
}

// ConfigWithRoles is Config with more roles appended to the shipped
// config/permissions.yaml (YAML entries under "roles:", indented two
// spaces), for tests of a role the shipped file does not have.
func ConfigWithRoles(t testing.TB, d schema.Dialect, roles string) config.Config {
	t.Helper()
	cfg := Config(t, d)
	shipped, err := os.ReadFile(filepath.Join(cfg.Paths.Config, "permissions.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "permissions.yaml"), append(shipped, roles...), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg.Paths.Config = dir
	return cfg
}

// EachWithRoles is Each on ConfigWithRoles, the halves at once too
// (in turn, given plugins: see Each).
func EachWithRoles(t *testing.T, roles string, fn func(t *testing.T, h *Harness), plugins ...plugin.Plugin) {
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			if len(plugins) == 0 {
				t.Parallel()
			}
			fn(t, NewWith(t, ConfigWithRoles(t, d, roles), plugins...))
		})
	}
}
