package app_test

import (
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
)

const module = "github.com/kiln-cms/kiln"

// TestImportRules keeps the doors shut. Only internal/database's code imports
// bun: it is the one package that talks to the driver, and every other
// package sends its SQL on the Conn it hands out (TestNoBunInExportedAPI
// checks that none of its exported names shows bun). The tests of the
// data packages — internal/database, internal/migrate, internal/store — may import
// bun too (a driver's own error to raise, bun's formatting to measure);
// no other test does. No plugin's code imports a package under internal/
// — the compiler refuses it to a module outside Kiln's, and this test to
// the platform's own plugins — so a plugin reads and writes only through
// the content service (core/content) and the plugin API; a plugin's tests
// may (its dialects, a migration to check). The benchmark's floor (cmd/kiln-bench) sends its raw SQL on
// Kiln's pool.
//
// internal/rest is only HTTP: the services it calls (internal/account,
// internal/apitoken, internal/upload) import neither fiber nor internal/rest, and the plugin
// contract (core/plugin) does not import internal/rest either, so that a plugin
// sees the caller (core/caller) and the security it asks for without the
// HTTP package.
func TestImportRules(t *testing.T) {
	t.Parallel()
	out, err := listImports(apptest.Root(t))
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	data := []string{"internal/database", "internal/migrate", "internal/store"}
	checked := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.SplitN(line, "|", 3)
		rel := strings.TrimPrefix(strings.TrimPrefix(f[0], module), "/")
		checked++
		code, tests := strings.Fields(f[1]), strings.Fields(f[2])
		for _, imp := range code {
			if isBunPath(imp) && !under(rel, "internal/database") {
				t.Errorf("%s imports %s: only internal/database's code may use bun", rel, imp)
			}
			if strings.HasPrefix(imp, module+"/internal/") && under(rel, "plugins") {
				t.Errorf("%s imports %s: a plugin's code uses only core/, as a module outside Kiln's must (docs/plugins.md)", rel, imp)
			}
			if imp == fiberPath && !slices.ContainsFunc(fiberImporters, func(a allowed) bool { return under(rel, a.pkg) }) {
				t.Errorf("%s imports fiber: HTTP lives in internal/rest, the wiring and the plugins' route handlers (fiberImporters)", rel)
			}
			if imp == module+"/internal/store" && !slices.ContainsFunc(storeImporters, func(a allowed) bool { return under(rel, a.pkg) }) {
				t.Errorf("%s imports internal/store: only the content service and the wiring do (storeImporters)", rel)
			}
			for _, r := range notImported {
				if rel == r.pkg && (imp == r.imp || strings.HasPrefix(imp, r.imp+"/")) {
					t.Errorf("%s imports %s: %s", rel, imp, r.why)
				}
			}
		}
		for _, imp := range tests {
			if isBunPath(imp) && !slices.ContainsFunc(data, func(d string) bool { return under(rel, d) }) {
				t.Errorf("%s's tests import %s: only the data packages' tests may use bun", rel, imp)
			}
		}
	}
	if checked < 20 {
		t.Fatalf("go list listed %d packages; the check looked at nothing", checked)
	}
}

const fiberPath = "github.com/gofiber/fiber/v2"

// allowed is a package (and those under it) that may make an import, and why.
type allowed struct{ pkg, why string }

// fiberImporters are the only packages whose code may import fiber: every
// other package, a service added tomorrow too, takes plain Go values.
var fiberImporters = []allowed{
	{"internal/rest", "the HTTP package: handlers, envelopes, the error handler, security"},
	{"internal/graphql", "the GraphQL endpoint: a second front-end beside internal/rest, on the same guard"},
	{"internal/app", "the wiring: builds the fiber app, its middleware and the route table"},
	{"internal/route", "the one route table: each row holds its fiber handlers"},
	{"internal/pluginroutes", "the plugins' rows of the route table"},
	{"internal/admin", "serves the panel's embedded files at /admin"},
	{"internal/docsui", "serves the API reference page at /api/docs"},
	{"internal/openapi", "serves the OpenAPI documents"},
	{"internal/ratelimit", "the rate limits' middleware"},
	{"internal/clientip", "reads the client's address from the request"},
	{"core/plugin", "the plugin contract: a route's handler and policies are fiber handlers"},
	{"core/caller", "the caller is read from the request (caller.Of)"},
	{"core/reply", "a plugin route's answers"},
	{"plugins", "the plugins' route handlers"},
	{"cmd/kiln-bench", "the benchmark's bare-HTTP ceiling serves fiber itself"},
}

// storeImporters are the only packages whose code may import internal/store:
// every read and write of entries goes through the content service.
var storeImporters = []allowed{
	{"internal/store", "itself and its test helpers (storetest)"},
	{"core/content", "the door: the one service over the store"},
	{"internal/app", "the wiring"},
}

// notImported are imports a package's code may not make (its tests may).
var notImported = []struct{ pkg, imp, why string }{
	{"core/plugin", module + "/internal/rest", "the plugin contract reads the caller from core/caller and asks for security through plugin.Security"},
	{"internal/account", module + "/internal/rest", "a service takes plain Go values; internal/rest's handlers call it"},
	{"internal/account", "github.com/gofiber/fiber/v2", "a service takes plain Go values; internal/rest's handlers call it"},
	{"internal/apitoken", module + "/internal/rest", "a service takes plain Go values; internal/rest's handlers call it"},
	{"internal/apitoken", "github.com/gofiber/fiber/v2", "a service takes plain Go values; internal/rest's handlers call it"},
	{"internal/upload", module + "/internal/rest", "a service takes plain Go values; internal/rest's handlers call it"},
	{"internal/upload", "github.com/gofiber/fiber/v2", "a service takes plain Go values; internal/rest's handlers call it"},
	{"internal/upload", module + "/internal/store", "the media library writes files' rows through core/content, the door"},
	// Every service keeps out of HTTP, not only those internal/rest's handlers
	// call: the content service, the services below it, the data packages.
	{"internal/webhook", module + "/internal/rest", "a service takes plain Go values; internal/rest's handlers call it"},
	{"internal/webhook", "github.com/gofiber/fiber/v2", "a service takes plain Go values; internal/rest's handlers call it"},
	{"core/content", module + "/internal/rest", "below the HTTP edge: plain Go values in and out; the wiring and internal/rest call it"},
	{"core/content", "github.com/gofiber/fiber/v2", "below the HTTP edge: plain Go values in and out; the wiring and internal/rest call it"},
	{"internal/auth", module + "/internal/rest", "below the HTTP edge: plain Go values in and out; the wiring and internal/rest call it"},
	{"internal/auth", "github.com/gofiber/fiber/v2", "below the HTTP edge: plain Go values in and out; the wiring and internal/rest call it"},
	{"internal/database", module + "/internal/rest", "a data package runs SQL and knows nothing of HTTP"},
	{"internal/database", "github.com/gofiber/fiber/v2", "a data package runs SQL and knows nothing of HTTP"},
	{"internal/imaging", module + "/internal/rest", "below the HTTP edge: plain Go values in and out; the wiring and internal/rest call it"},
	{"internal/imaging", "github.com/gofiber/fiber/v2", "below the HTTP edge: plain Go values in and out; the wiring and internal/rest call it"},
	{"internal/locales", module + "/internal/rest", "below the HTTP edge: plain Go values in and out; the wiring and internal/rest call it"},
	{"internal/locales", "github.com/gofiber/fiber/v2", "below the HTTP edge: plain Go values in and out; the wiring and internal/rest call it"},
	{"internal/mail", module + "/internal/rest", "below the HTTP edge: plain Go values in and out; the wiring and internal/rest call it"},
	{"internal/mail", "github.com/gofiber/fiber/v2", "below the HTTP edge: plain Go values in and out; the wiring and internal/rest call it"},
	{"internal/metrics", module + "/internal/rest", "below the HTTP edge: plain Go values in and out; the wiring and internal/rest call it"},
	{"internal/metrics", "github.com/gofiber/fiber/v2", "below the HTTP edge: plain Go values in and out; the wiring and internal/rest call it"},
	{"internal/migrate", module + "/internal/rest", "a data package runs SQL and knows nothing of HTTP"},
	{"internal/migrate", "github.com/gofiber/fiber/v2", "a data package runs SQL and knows nothing of HTTP"},
	{"internal/principal", module + "/internal/rest", "below the HTTP edge: plain Go values in and out; the wiring and internal/rest call it"},
	{"internal/principal", "github.com/gofiber/fiber/v2", "below the HTTP edge: plain Go values in and out; the wiring and internal/rest call it"},
	{"internal/storage", module + "/internal/rest", "below the HTTP edge: plain Go values in and out; the wiring and internal/rest call it"},
	{"internal/storage", "github.com/gofiber/fiber/v2", "below the HTTP edge: plain Go values in and out; the wiring and internal/rest call it"},
	{"internal/store", module + "/internal/rest", "a data package runs SQL and knows nothing of HTTP"},
	{"internal/store", "github.com/gofiber/fiber/v2", "a data package runs SQL and knows nothing of HTTP"},
	{"internal/sqlgen", module + "/internal/database", "the SQL compiler builds text and arguments and takes no connection: internal/store runs what it builds"},
	{"internal/sqlgen", "database/sql", "the SQL compiler builds text and arguments and takes no connection: internal/store runs what it builds"},
	{"internal/sqlgen", module + "/internal/store", "the store calls the compiler, not the other way round"},
	{"internal/account", module + "/internal/store", "only the content service imports the store: users, principals and document ids come through it"},
	{"internal/locales", module + "/internal/store", "only the content service imports the store: users, principals and document ids come through it"},
	{"internal/principal", module + "/internal/store", "only the content service imports the store: users, principals and document ids come through it"},
	{"internal/apitoken", module + "/internal/store", "only the content service imports the store; a service's own table has SQL of its own"},
	{"internal/webhook", module + "/internal/store", "only the content service imports the store; a service's own table has SQL of its own"},
	{"internal/storage", module + "/core/content", "a provider keeps bytes under keys: it knows nothing of entries"},
	{"internal/imaging", module + "/internal/storage", "image formats are made from bytes, wherever they are kept"},
}

// isBunPath reports whether an import path is bun or one of its dialects
// and drivers.
func isBunPath(p string) bool {
	return p == "github.com/uptrace/bun" || strings.HasPrefix(p, "github.com/uptrace/bun/")
}

// importList is go list's answer for the import checks, asked once per
// test process: each line is a package's import path, then "|", its
// code's imports, then "|", its tests' imports.
var importList struct {
	once sync.Once
	out  []byte
	err  error
}

func listImports(root string) ([]byte, error) {
	importList.once.Do(func() {
		cmd := exec.Command("go", "list", "-f", `{{.ImportPath}}|{{join .Imports " "}}|{{join .TestImports " "}} {{join .XTestImports " "}}`, "./...")
		cmd.Dir = root
		importList.out, importList.err = cmd.Output()
	})
	return importList.out, importList.err
}

// under reports whether the package at rel is dir or inside it.
func under(rel, dir string) bool {
	return rel == dir || strings.HasPrefix(rel, dir+string(filepath.Separator)) || strings.HasPrefix(rel, dir+"/")
}

// TestOnlyTheProgramImportsTheDemoData: the platform's demo data (dataset)
// is the product's, handed to the framework by cmd/kiln (kiln.WithDemo)
// as its plugins are, so no package's code imports it but the programs
// under cmd/ and dataset's own; tests may (a world to test against).
func TestOnlyTheProgramImportsTheDemoData(t *testing.T) {
	t.Parallel()
	out, err := listImports(apptest.Root(t))
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	checked := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.SplitN(line, "|", 3)
		rel := strings.TrimPrefix(strings.TrimPrefix(f[0], module), "/")
		checked++
		if under(rel, "cmd") || under(rel, "dataset") {
			continue
		}
		for _, imp := range strings.Fields(f[1]) {
			if imp == module+"/dataset" || strings.HasPrefix(imp, module+"/dataset/") {
				t.Errorf("%s imports %s: the demo data is the platform's, which cmd/kiln hands to the framework (kiln.WithDemo)", rel, imp)
			}
		}
	}
	if checked < 20 {
		t.Fatalf("go list listed %d packages; the check looked at nothing", checked)
	}
}
