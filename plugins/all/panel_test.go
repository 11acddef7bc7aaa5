package all_test

import (
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/plugins/all"
)

// importFrom finds a module's static imports and re-exports, each line
// starting one: the path after "from", or of a bare import.
var importFrom = regexp.MustCompile(`(?m)^\s*(?:import\s+(?:[\w*{}\s,]+?\s+from\s+)?|export\s+(?:\*|\{[^}]*\})\s+from\s+)['"]([^'"]+)['"]`)

// TestEveryPanelModuleLoads: every page, card and section the platform's
// plugins add to the admin panel is served as JavaScript with every file
// it imports (a relative path, nothing from another host: the panel's
// policy allows none), and is shown for an action one of its plugin's
// routes needs, so that the roles that see it may read what it shows.
func TestEveryPanelModuleLoads(t *testing.T) {
	t.Parallel()
	h := apptest.New(t, database.SQLite, all.Plugins(nil)...)
	actions := map[string][]string{}
	for _, r := range h.App.Plugins.Routes() {
		actions[r.Plugin] = append(actions[r.Plugin], r.Action)
	}
	seen := map[string]bool{}
	var load func(from, file string)
	load = func(from, file string) {
		if seen[file] {
			return
		}
		seen[file] = true
		r := h.Do("GET", file, nil)
		if r.Status != 200 || r.Header.Get("Content-Type") != "text/javascript; charset=utf-8" {
			t.Errorf("%s (for %s): %d %q", file, from, r.Status, r.Header.Get("Content-Type"))
			return
		}
		for _, m := range importFrom.FindAllStringSubmatch(string(r.Body), -1) {
			if !strings.HasPrefix(m[1], "./") && !strings.HasPrefix(m[1], "../") {
				t.Errorf("%s imports %q: a module imports its plugin's own files by a relative path", file, m[1])
				continue
			}
			load(file, path.Join(path.Dir(file), m[1]))
		}
	}
	n := 0
	for _, p := range h.App.Plugins.AdminPanels() {
		check := func(label, action, module string) {
			n++
			if !slices.Contains(actions[p.Plugin], action) {
				t.Errorf("%s's %q is shown for %s, which no route of %s needs", p.Plugin, label, action, p.Plugin)
			}
			load(label, "/admin/plugins/"+p.Plugin+"/"+module)
		}
		for _, pg := range p.Pages {
			check(pg.Label, pg.Action, pg.Module)
		}
		for _, c := range p.Cards {
			check(c.Label, c.Action, c.Module)
		}
		for _, s := range p.Sections {
			check(s.Label, s.Action, s.Module)
		}
	}
	// The dashboard, its card, three figures sections (one module), the
	// coach's week; and the chart the dashboard and the figures import.
	if n != 6 || len(seen) != 5 || !seen["/admin/plugins/analytics/chart.js"] {
		t.Errorf("%d additions, %d files loaded: %v", n, len(seen), seen)
	}
}
