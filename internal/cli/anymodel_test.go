package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/store/storetest"
)

// notePermissions is a policy for a project of notes: the public reads,
// the signed-in write, admins do everything.
const notePermissions = `roles:
  public: {actions: [auth.login, note.find, note.findOne]}
  authenticated: {actions: [users.me, note.find, note.findOne, note.create, note.update, note.delete]}
  admin: {actions: ["*"]}
`

// writeProject makes a project folder: content types and config files by
// name ("content-types/note.yaml", "config/plugins.yaml").
func writeProject(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for _, sub := range []string{"content-types", "config"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// projectConfig loads a project's config as kiln would from its folder,
// on a fresh database of the dialect.
func projectConfig(t *testing.T, dir string, d database.Dialect) config.Config {
	t.Helper()
	env := map[string]string{
		"KILN_CONTENT_TYPES_DIR": filepath.Join(dir, "content-types"),
		"KILN_CONFIG_DIR":        filepath.Join(dir, "config"),
		"KILN_DATA_DIR":          filepath.Join(dir, "data"),
		"KILN_DATABASE_URL":      storetest.URL(t, d),
		"KILN_JWT_SECRET":        "test-secret-test-secret-test-secret!",
	}
	cfg, err := config.Load(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// anyModels are projects that share nothing with the platform's types.
var anyModels = map[string]map[string]string{
	"one unrelated type": {"content-types/note.yaml": noteType, "config/permissions.yaml": notePermissions},
	"no types at all":    {"config/permissions.yaml": notePermissions},
}

// TestAnyContentModelStarts: a project of its own types, or of none, builds
// an app (no plugin loaded without config/plugins.yaml), whose first run
// loads no demo data and does not fail, and which answers on both
// databases.
func TestAnyContentModelStarts(t *testing.T) {
	for name, files := range anyModels {
		for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
			t.Run(name+"/"+d.String(), func(t *testing.T) {
				cfg := projectConfig(t, writeProject(t, files), d)
				cfg.Database.URL = storetest.URL(t, d)
				enabled, err := plugins(cfg)
				if err != nil || len(enabled) != 0 {
					t.Fatalf("plugins without config/plugins.yaml: %v %v", enabled, err)
				}
				h := apptest.NewWith(t, cfg, enabled...)
				// firstRun on the default database: the set does not fit.
				h.App.Config.Database.URL = ""
				accounts, err := firstRun(context.Background(), h.App, slog.New(slog.NewTextHandler(io.Discard, nil)), true)
				if err != nil || accounts != nil {
					t.Fatalf("firstRun: %v %v", accounts, err)
				}
				checkAnswers(t, name == "one unrelated type", func(path string) (int, string) {
					r := h.Do("GET", path, nil, "Authorization", apptest.Anonymous)
					return r.Status, string(r.Body)
				})
			})
		}
	}
}

// checkAnswers asserts the exact answers of a project of notes (or of no
// types) to a list, the health check and a route that does not exist.
func checkAnswers(t *testing.T, notes bool, get func(path string) (int, string)) {
	t.Helper()
	notFound := `{"data":null,"error":{"status":404,"name":"NotFoundError","message":"Not Found","details":{}}}`
	want := []struct {
		path   string
		status int
		body   string
	}{
		{"/api/notes", 200, `{"data":[],"meta":{"pagination":{"page":1,"pageSize":25,"pageCount":0,"total":0}}}`},
		{"/_health", 200, `{"status":"ok"}`},
		{"/api/nope", 404, notFound},
		{"/api/categories/tree", 404, notFound}, // no plugin is loaded
	}
	if !notes {
		want[0].status, want[0].body = 404, notFound
	}
	for _, w := range want {
		status, body := get(w.path)
		if status != w.status || !sameJSON(body, w.body) {
			t.Errorf("GET %s: %d %s, want %d %s", w.path, status, body, w.status, w.body)
		}
	}
}

// sameJSON compares two bodies as JSON values (an empty body only with an
// empty one): Kiln writes the error object's keys in its own order.
func sameJSON(a, b string) bool {
	if a == "" || b == "" {
		return a == b
	}
	var x, y any
	return json.Unmarshal([]byte(a), &x) == nil && json.Unmarshal([]byte(b), &y) == nil && reflect.DeepEqual(x, y)
}

// serveOnce runs the serve command's path on cfg until it listens, calls
// check with its base URL, stops it as SIGTERM would and returns its log.
func serveOnce(t *testing.T, cfg config.Config, check func(base string)) string {
	t.Helper()
	var logs bytes.Buffer
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	addr := make(chan net.Addr, 1)
	done := make(chan int, 1)
	go func() {
		done <- serve(ctx, cfg, slog.New(slog.NewTextHandler(&logs, nil)), func(a net.Addr) { addr <- a })
	}()
	select {
	case a := <-addr:
		check("http://" + a.String())
	case code := <-done:
		t.Fatalf("serve stopped with %d:\n%s", code, logs.String())
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not listen within 30s")
	}
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("exit code %d:\n%s", code, logs.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not stop within 30s")
	}
	return logs.String()
}

// serveProject points the environment at a project folder, on its default
// SQLite database and a free loopback port, and loads its config as the
// command does.
func serveProject(t *testing.T, dir string) config.Config {
	t.Helper()
	t.Setenv("KILN_CONTENT_TYPES_DIR", filepath.Join(dir, "content-types"))
	t.Setenv("KILN_CONFIG_DIR", filepath.Join(dir, "config"))
	t.Setenv("KILN_DATA_DIR", filepath.Join(dir, "data"))
	t.Setenv("KILN_DATABASE_URL", "")
	t.Setenv("DATABASE_URL", "")
	t.Setenv("KILN_HOST", "127.0.0.1")
	t.Setenv("KILN_PORT", "0")
	var pf projectFlags
	cfg, err := pf.load()
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// TestServeCommandOnAnyModel runs the serve command's path — secret,
// plugins from the file, app, first run on the default SQLite database,
// listening — on projects of their own types, then stops it as SIGTERM
// would.
func TestServeCommandOnAnyModel(t *testing.T) {
	for name, files := range anyModels {
		t.Run(name, func(t *testing.T) {
			logs := serveOnce(t, serveProject(t, writeProject(t, files)), func(base string) {
				checkAnswers(t, name == "one unrelated type", func(path string) (int, string) {
					r, err := http.Get(base + path)
					if err != nil {
						t.Fatal(err)
					}
					defer r.Body.Close()
					b, _ := io.ReadAll(r.Body)
					return r.StatusCode, string(b)
				})
			})
			if !strings.Contains(logs, "first start: no demo data") || strings.Contains(logs, "password") {
				t.Errorf("the logs:\n%s", logs)
			}
		})
	}
}

// TestSecondStartSaysNoFirstStart: a project of its own types is told once,
// on the start that makes its database, why it got no demo data; the next
// starts say nothing of a first start or of demo data.
func TestSecondStartSaysNoFirstStart(t *testing.T) {
	cfg := serveProject(t, writeProject(t, anyModels["one unrelated type"]))
	for start := 1; start <= 3; start++ {
		logs := serveOnce(t, cfg, func(string) {})
		said := strings.Count(logs, `msg="first start: no demo data, since this project's content types and roles are not the platform's"`)
		if want := map[bool]int{true: 1, false: 0}[start == 1]; said != want || (start > 1 && (strings.Contains(logs, "first start") || strings.Contains(logs, "demo"))) {
			t.Errorf("start %d logged the first-start line %d times, want %d:\n%s", start, said, want, logs)
		}
	}
}

// TestProjectOfOnlyContentTypes: a folder holding one content type and no
// config at all starts on both databases, closed: the default policy lets
// no anonymous or plain signed-in caller read the type, and an admin may.
func TestProjectOfOnlyContentTypes(t *testing.T) {
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			dir := writeProject(t, map[string]string{"content-types/note.yaml": noteType})
			cfg := projectConfig(t, dir, d)
			h := apptest.NewWith(t, cfg)
			r := h.Do("GET", "/api/notes", nil, "Authorization", apptest.Anonymous)
			if st, name, _, _ := h.ErrorOf(r); st != 401 && st != 403 || name != "UnauthorizedError" && name != "ForbiddenError" {
				t.Errorf("anonymous GET /api/notes: %d %s", r.Status, r.Body)
			}
			if r := h.Do("GET", "/_health", nil); r.Status != 200 {
				t.Errorf("/_health: %d %s", r.Status, r.Body)
			}
			r = h.Do("POST", "/api/notes", map[string]any{"data": map[string]any{"title": "first"}})
			if r.Status != 201 {
				t.Fatalf("admin POST /api/notes: %d %s", r.Status, r.Body)
			}
			r = h.Do("GET", "/api/notes", nil)
			if r.Status != 200 || len(h.IDs(r)) != 1 {
				t.Errorf("admin GET /api/notes: %d %s", r.Status, r.Body)
			}
		})
	}
}
