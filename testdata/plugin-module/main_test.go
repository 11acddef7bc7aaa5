package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln"

	"example.com/bookshelf/reviews"
)

// run is this program's command line, as main runs it.
func run(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errs bytes.Buffer
	code = kiln.Run(args, &out, &errs, kiln.WithPlugins(reviews.New()))
	return code, out.String(), errs.String()
}

// TestCommandLine: kiln's commands run with this module's plugin, as
// config/plugins.yaml switches it on and off by its name.
func TestCommandLine(t *testing.T) {
	t.Setenv("KILN_DATA_DIR", t.TempDir())
	if code, out, errs := run(t, "validate"); code != 0 || !strings.Contains(out, "2 content types in content-types are valid") {
		t.Errorf("validate: %d %q %q", code, out, errs)
	}
	// The plugin's table is planned with the content types'.
	if code, out, errs := run(t, "migrate", "--dry-run"); code != 0 || !strings.Contains(out, "reviews_tally") {
		t.Errorf("migrate --dry-run: %d %q %q", code, out, errs)
	}
	// Its routes are in the route table, with their actions and roles.
	code, out, errs := run(t, "routes")
	if code != 0 || !strings.Contains(out, "/api/books/:id/rating") || !strings.Contains(out, "reviews.review") {
		t.Errorf("routes: %d %q %q", code, out, errs)
	}

	// Switched off, its routes are gone; misspelt, every command stops
	// and names the plugins this program holds.
	for _, c := range []struct{ file, want string }{
		{"reviews:\n  enabled: false\n", ""},
		{"revues:\n  enabled: true\n", `unknown plugin "revues"; the known plugins are reviews`},
	} {
		dir := t.TempDir()
		perms, _ := os.ReadFile("config/permissions.yaml")
		os.WriteFile(filepath.Join(dir, "permissions.yaml"), perms, 0o644)
		os.WriteFile(filepath.Join(dir, "plugins.yaml"), []byte(c.file), 0o644)
		code, out, errs := run(t, "routes", "--config", dir)
		if c.want == "" && (code != 0 || strings.Contains(out, "/api/books/:id/rating")) {
			t.Errorf("disabled: %d %q %q", code, out, errs)
		}
		if c.want != "" && (code != 1 || !strings.Contains(errs, c.want)) {
			t.Errorf("misspelt: %d %q", code, errs)
		}
	}
	// Two plugins of one name cannot be told apart by the file.
	var errs2 bytes.Buffer
	if code := kiln.Run([]string{"validate"}, &bytes.Buffer{}, &errs2, kiln.WithPlugins(reviews.New(), reviews.New())); code != 1 ||
		!strings.Contains(errs2.String(), `two plugins are named "reviews"`) {
		t.Errorf("two of one name: %d %q", code, errs2.String())
	}
}
