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
// service (core/content) and the plugin API. Test files count for bun; a
// plugin's tests may name core/store (its dialects, a migration to check).
// The benchmark's floor (cmd/kiln-bench) sends its raw SQL on the store's
// pool, without bun of its own.
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
			if strings.HasPrefix(imp, "github.com/uptrace/bun") && !under(rel, "core/store") {
				t.Errorf("%s imports %s: only core/store may use bun", rel, imp)
			}
		}
		for _, imp := range code {
			if imp == module+"/core/store" && under(rel, "plugins") {
				t.Errorf("%s imports core/store: plugins go through core/content and core/plugin", rel)
			}
		}
	}
	if checked < 20 {
		t.Fatalf("go list listed %d packages; the check looked at nothing", checked)
	}
}

// under reports whether the package at rel is dir or inside it.
func under(rel, dir string) bool {
	return rel == dir || strings.HasPrefix(rel, dir+string(filepath.Separator)) || strings.HasPrefix(rel, dir+"/")
}
