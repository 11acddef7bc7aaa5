package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// shippedWith is the shipped project (its content types and permissions)
// with a config/plugins.yaml of the test's own.
func shippedWith(t *testing.T, pluginsYAML string) string {
	t.Helper()
	root := apptest.Root(t)
	perms, err := os.ReadFile(filepath.Join(root, "config", "permissions.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	dir := writeProject(t, map[string]string{"config/permissions.yaml": string(perms), "config/plugins.yaml": pluginsYAML})
	if err := os.Remove(filepath.Join(dir, "content-types")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "content-types"), filepath.Join(dir, "content-types")); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestUnknownPluginStopsEveryCommand: a name config/plugins.yaml lists
// that this build does not hold stops every command that reads the
// project, naming the known plugins.
func TestUnknownPluginStopsEveryCommand(t *testing.T) {
	dir := shippedWith(t, "catalog: {enabled: true}\nschedulign: {enabled: false}\n")
	want := "plugins.yaml: unknown plugin \"schedulign\"; the known plugins are analytics, catalog, coaching, scheduling"
	for _, args := range [][]string{{"serve"}, {"routes"}, {"validate"}, {"migrate", "--dry-run"}, {"seed"}, {"admin", "create", "--email", "a@b.test", "--password", "secret-1"}} {
		code, _, stderr := runKiln(t, dir, args...)
		if code != 1 || !strings.Contains(stderr, want) {
			t.Errorf("%v: exit %d, stderr %q", args, code, stderr)
		}
	}
	// A key other than enabled is refused as in every config file.
	dir = shippedWith(t, "catalog: {enable: true}\n")
	if code, _, stderr := runKiln(t, dir, "routes"); code != 1 || !strings.Contains(stderr, "field enable not found") {
		t.Errorf("a misspelt key: exit %d, stderr %q", code, stderr)
	}
}

// TestEnabledPluginNeedsItsTypes: an enabled plugin on content types that
// lack what it works on stops start-up with its own message; validate
// prints it too.
func TestEnabledPluginNeedsItsTypes(t *testing.T) {
	dir := writeProject(t, map[string]string{"content-types/note.yaml": noteType, "config/permissions.yaml": notePermissions,
		"config/plugins.yaml": "catalog: {enabled: true}\n"})
	want := `plugin "content" needs content type "category", which content-types/ does not define`
	for _, cmd := range []string{"routes", "validate", "serve"} {
		code, _, stderr := runKiln(t, dir, cmd)
		// serve logs the message as a quoted value.
		if code != 1 || !strings.Contains(strings.ReplaceAll(stderr, `\"`, `"`), want) {
			t.Errorf("%s: exit %d, stderr %q", cmd, code, stderr)
		}
	}
	// Disabled, it is not loaded: the same project starts.
	os.WriteFile(filepath.Join(dir, "config", "plugins.yaml"), []byte("catalog: {enabled: false}\n"), 0o644)
	if code, out, stderr := runKiln(t, dir, "validate"); code != 0 || out != "1 content types in "+filepath.Join(dir, "content-types")+" are valid\n" {
		t.Errorf("validate with catalog disabled: exit %d %q %q", code, out, stderr)
	}
}

// TestOnlyEnabledPluginsRun: with only catalog enabled on the shipped
// types, the other plugins' routes are not in the table and answer 404,
// their tables are not planned, and a disabled plugin's hooks do not run
// (catalog's rule that a program ends after it starts).
func TestOnlyEnabledPluginsRun(t *testing.T) {
	dir := shippedWith(t, "catalog: {enabled: true}\nanalytics: {enabled: false}\n")
	code, out, stderr := runKiln(t, dir, "migrate", "--dry-run")
	if code != 0 || strings.Contains(out, "scheduling_") || !strings.Contains(out, `CREATE TABLE "programs"`) {
		t.Fatalf("dry run: exit %d %s\n%s", code, stderr, out)
	}
	code, out, stderr = runKiln(t, dir, "routes")
	if code != 0 || !strings.Contains(out, "/api/categories/tree") || strings.Contains(out, "/api/analytics") ||
		strings.Contains(out, "/api/coaches/match") || strings.Contains(out, "/api/events/me") {
		t.Fatalf("routes: exit %d %s\n%s", code, stderr, out)
	}
	program := map[string]any{"data": map[string]any{"title": "Backwards", "startDate": "2026-05-02", "endDate": "2026-05-01"}}
	for _, tc := range []struct {
		plugins      string
		tree, create int
	}{
		{"catalog: {enabled: true}\n", 200, 400},
		{"catalog: {enabled: false}\nscheduling: {enabled: false}\n", 404, 201},
		{"", 404, 201},
	} {
		cfg := projectConfig(t, shippedWith(t, tc.plugins), database.SQLite)
		enabled, err := plugins(cfg)
		if err != nil {
			t.Fatal(err)
		}
		h := apptest.NewWith(t, cfg, enabled...)
		if r := h.Do("GET", "/api/categories/tree", nil); r.Status != tc.tree {
			t.Errorf("%q: tree %d %s", tc.plugins, r.Status, r.Body)
		}
		if r := h.Do("GET", "/api/analytics/dashboard", nil); r.Status != 404 {
			t.Errorf("%q: analytics %d %s", tc.plugins, r.Status, r.Body)
		}
		if r := h.Do("POST", "/api/programs", program); r.Status != tc.create {
			t.Errorf("%q: a program ending before it starts: %d %s", tc.plugins, r.Status, r.Body)
		}
	}
}
