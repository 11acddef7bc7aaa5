package app_test

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/app/apptest"
)

const module = "github.com/kiln-cms/kiln"

// TestImportRules keeps the one door shut: only core/store (and its tests)
// imports bun, so only it writes SQL against the driver; and no plugin
// imports core/store, so a plugin reads and writes only through the content
// service (core/content) and the plugin API. The benchmark's floor
// (cmd/kiln-bench) is the one exception: it is raw bun on purpose, the
// reference Kiln is measured against. Test files count for bun; a plugin's
// tests may name core/store (its dialects, a migration to check).
//
// core/rest is only HTTP: the services it calls (core/account,
// core/apitoken) import neither fiber nor core/rest, and the plugin
// contract (core/plugin) does not import core/rest either, so that a plugin
// sees the caller (core/caller) and the security it asks for without the
// HTTP package.
func TestImportRules(t *testing.T) {
	cmd := exec.Command("go", "list", "-f", `{{.ImportPath}}|{{join .Imports " "}}|{{join .TestImports " "}} {{join .XTestImports " "}}`, "./...")
	cmd.Dir = apptest.Root(t)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	checked := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.SplitN(line, "|", 3)
		rel := strings.TrimPrefix(strings.TrimPrefix(f[0], module), "/")
		checked++
		code, tests := strings.Fields(f[1]), strings.Fields(f[2])
		for _, imp := range append(code, tests...) {
			if strings.HasPrefix(imp, "github.com/uptrace/bun") && !under(rel, "core/store") && rel != "cmd/kiln-bench" {
				t.Errorf("%s imports %s: only core/store may use bun", rel, imp)
			}
		}
		for _, imp := range code {
			if imp == module+"/core/store" && under(rel, "plugins") {
				t.Errorf("%s imports core/store: plugins go through core/content and core/plugin", rel)
			}
			for _, r := range notImported {
				if rel == r.pkg && (imp == r.imp || strings.HasPrefix(imp, r.imp+"/")) {
					t.Errorf("%s imports %s: %s", rel, imp, r.why)
				}
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
}

// under reports whether the package at rel is dir or inside it.
func under(rel, dir string) bool {
	return rel == dir || strings.HasPrefix(rel, dir+string(filepath.Separator)) || strings.HasPrefix(rel, dir+"/")
}
