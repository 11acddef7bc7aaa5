package app_test

import (
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/app/apptest"
)

const module = "github.com/kiln-cms/kiln"

// TestImportRules keeps the doors shut. Only core/database's code imports
// bun: it is the one package that talks to the driver, and every other
// package sends its SQL on the Conn it hands out (TestNoBunInExportedAPI
// checks that none of its exported names shows bun). The tests of the
// data packages — core/database, core/migrate, core/store — may import
// bun too (a driver's own error to raise, bun's formatting to measure);
// no other test does. No plugin's code imports a data package, so a
// plugin reads and writes only through the content service (core/content)
// and the plugin API; a plugin's tests may (its dialects, a migration to
// check). The benchmark's floor (cmd/kiln-bench) sends its raw SQL on
// Kiln's pool.
//
// core/rest is only HTTP: the services it calls (core/account,
// core/apitoken, core/upload) import neither fiber nor core/rest, and the plugin
// contract (core/plugin) does not import core/rest either, so that a plugin
// sees the caller (core/caller) and the security it asks for without the
// HTTP package.
func TestImportRules(t *testing.T) {
	t.Parallel()
	cmd := exec.Command("go", "list", "-f", `{{.ImportPath}}|{{join .Imports " "}}|{{join .TestImports " "}} {{join .XTestImports " "}}`, "./...")
	cmd.Dir = apptest.Root(t)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	data := []string{"core/database", "core/migrate", "core/store"}
	checked := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.SplitN(line, "|", 3)
		rel := strings.TrimPrefix(strings.TrimPrefix(f[0], module), "/")
		checked++
		code, tests := strings.Fields(f[1]), strings.Fields(f[2])
		for _, imp := range code {
			if isBunPath(imp) && !under(rel, "core/database") {
				t.Errorf("%s imports %s: only core/database's code may use bun", rel, imp)
			}
			for _, d := range data {
				if imp == module+"/"+d && under(rel, "plugins") {
					t.Errorf("%s imports %s: plugins go through core/content and core/plugin", rel, d)
				}
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

// notImported are imports a package's code may not make (its tests may).
var notImported = []struct{ pkg, imp, why string }{
	{"core/plugin", module + "/core/rest", "the plugin contract reads the caller from core/caller and asks for security through plugin.Security"},
	{"core/account", module + "/core/rest", "a service takes plain Go values; core/rest's handlers call it"},
	{"core/account", "github.com/gofiber/fiber/v2", "a service takes plain Go values; core/rest's handlers call it"},
	{"core/apitoken", module + "/core/rest", "a service takes plain Go values; core/rest's handlers call it"},
	{"core/apitoken", "github.com/gofiber/fiber/v2", "a service takes plain Go values; core/rest's handlers call it"},
	{"core/upload", module + "/core/rest", "a service takes plain Go values; core/rest's handlers call it"},
	{"core/upload", "github.com/gofiber/fiber/v2", "a service takes plain Go values; core/rest's handlers call it"},
	{"core/upload", module + "/core/store", "the media library writes files' rows through core/content, the door"},
	{"core/storage", module + "/core/content", "a provider keeps bytes under keys: it knows nothing of entries"},
	{"core/imaging", module + "/core/storage", "image formats are made from bytes, wherever they are kept"},
}

// isBunPath reports whether an import path is bun or one of its dialects
// and drivers.
func isBunPath(p string) bool {
	return p == "github.com/uptrace/bun" || strings.HasPrefix(p, "github.com/uptrace/bun/")
}

// under reports whether the package at rel is dir or inside it.
func under(rel, dir string) bool {
	return rel == dir || strings.HasPrefix(rel, dir+string(filepath.Separator)) || strings.HasPrefix(rel, dir+"/")
}
