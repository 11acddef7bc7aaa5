package plugin_test

import (
	"encoding/json"
	"io"
	"log/slog"
	"testing"
	"testing/fstest"

	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/pluginroutes"
	"github.com/kiln-cms/kiln/internal/rest"
)

// modules are a plugin's panel files: two modules, and a helper one of
// them imports by a relative path.
var modules = fstest.MapFS{
	"week.js":      {Data: []byte("import { x } from './lib/util.js';\nexport default function Week() { return null; }\n")},
	"card.mjs":     {Data: []byte("export default function Card() { return null; }\n")},
	"lib/util.js":  {Data: []byte("export const x = 1;\n")},
	"lib/notes.md": {Data: []byte("not a module\n")},
}

// TestAdminMistakesStopStartUp: every rule of API.Admin refuses what
// breaks it, with the message a plugin author reads at start-up.
func TestAdminMistakesStopStartUp(t *testing.T) {
	h := apptest.New(t, database.SQLite)
	customer := h.App.Schema.Type("customer")
	page := plugin.AdminPage{Path: "week", Label: "Week", Action: "p.week", Module: "week.js"}
	with := func(f func(p *plugin.AdminPanel)) plugin.AdminPanel {
		p := plugin.AdminPanel{Files: modules, Pages: []plugin.AdminPage{page}}
		f(&p)
		return p
	}
	const pre = `registering plugin "p": plugin "p": admin panel: `
	cases := []struct {
		panel plugin.AdminPanel
		want  string
	}{
		{with(func(p *plugin.AdminPanel) { p.Files = nil }), "Files is nil: the modules must come from it"},
		{with(func(p *plugin.AdminPanel) { p.Pages[0].Path = "Week" }), `page "Week": path "Week" must be lower-case letters and digits, words joined by "-"`},
		{with(func(p *plugin.AdminPanel) { p.Pages[0].Path = "my--week" }), `page "Week": path "my--week" must be lower-case letters and digits, words joined by "-"`},
		{with(func(p *plugin.AdminPanel) { p.Pages = append(p.Pages, page) }), `page path "week" is used twice`},
		{with(func(p *plugin.AdminPanel) { p.Pages[0].Label = " " }), "page needs a label"},
		{with(func(p *plugin.AdminPanel) { p.Pages[0].Action = "other.week" }), `page "Week": action "other.week" must be one of the plugin's own ("p.<name>")`},
		{with(func(p *plugin.AdminPanel) { p.Pages[0].Action = "p." }), `page "Week": action "p." must be one of the plugin's own ("p.<name>")`},
		{with(func(p *plugin.AdminPanel) { p.Pages[0].Module = "../week.js" }), `page "Week": module "../week.js" must be a .js or .mjs file's path in Files`},
		{with(func(p *plugin.AdminPanel) { p.Pages[0].Module = "lib/notes.md" }), `page "Week": module "lib/notes.md" must be a .js or .mjs file's path in Files`},
		{with(func(p *plugin.AdminPanel) { p.Pages[0].Module = "gone.js" }), `page "Week": module "gone.js" is not in Files`},
		{with(func(p *plugin.AdminPanel) {
			p.Cards = []plugin.AdminCard{{Label: "Card", Action: "p.card", Module: "lib"}}
		}), `card "Card": module "lib" must be a .js or .mjs file's path in Files`},
		{with(func(p *plugin.AdminPanel) {
			p.Sections = []plugin.AdminSection{{Label: "Figures", Action: "p.figures", Module: "week.js"}}
		}), `section "Figures" needs a Type (from the plugin's model)`},
		{with(func(p *plugin.AdminPanel) {
			p.Sections = []plugin.AdminSection{{Type: customer, Label: "Figures", Action: "q.figures", Module: "week.js"}}
		}), `section "Figures": action "q.figures" must be one of the plugin's own ("p.<name>")`},
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	load := func(register func(api *plugin.API) error) error {
		_, err := plugin.Load([]plugin.Plugin{probe{name: "p", register: register}}, h.App.Content, h.App.Security,
			pluginroutes.Shadows(rest.GeneratedRoutes(h.App.Schema, nil)), log, nil)
		return err
	}
	for _, c := range cases {
		err := load(func(api *plugin.API) error { return api.Admin(c.panel) })
		if err == nil || err.Error() != pre+c.want {
			t.Errorf("want %q, Load said %v", pre+c.want, err)
		}
	}
	twice := load(func(api *plugin.API) error {
		if err := api.Admin(plugin.AdminPanel{Files: modules, Pages: []plugin.AdminPage{page}}); err != nil {
			return err
		}
		return api.Admin(plugin.AdminPanel{})
	})
	if want := pre + "Admin is called once, with every page, card and section"; twice == nil || twice.Error() != want {
		t.Errorf("Admin twice: want %q, got %v", want, twice)
	}
}

// TestAdminPanelIsServed: what a plugin adds is listed at
// /admin/plugins.json, in its order, to anyone (the panel shows each to
// the roles with its action), and its files are served as JavaScript;
// any other path under the plugin's folder is a 404.
func TestAdminPanelIsServed(t *testing.T) {
	p := probe{name: "p", register: func(api *plugin.API) error {
		return api.Admin(plugin.AdminPanel{Files: modules,
			Pages: []plugin.AdminPage{{Path: "week", Label: "Week", Action: "p.week", Module: "week.js"},
				{Path: "other-week", Label: "Other week", Action: "p.other", Module: "week.js"}},
			Cards:    []plugin.AdminCard{{Label: "At a glance", Action: "p.card", Module: "card.mjs"}},
			Sections: []plugin.AdminSection{{Type: api.Schema.Type("customer"), Label: "Notes", Action: "p.notes", Module: "week.js"}},
		})
	}}
	h := apptest.New(t, database.SQLite, p)
	r := h.Do("GET", "/admin/plugins.json", nil)
	var got any
	if err := json.Unmarshal(r.Body, &got); r.Status != 200 || err != nil {
		t.Fatalf("plugins.json: %d %s", r.Status, r.Body)
	}
	var want any
	json.Unmarshal([]byte(`{
		"pages": [
			{"plugin": "p", "path": "week", "label": "Week", "action": "p.week", "module": "/admin/plugins/p/week.js"},
			{"plugin": "p", "path": "other-week", "label": "Other week", "action": "p.other", "module": "/admin/plugins/p/week.js"}],
		"cards": [{"plugin": "p", "label": "At a glance", "action": "p.card", "module": "/admin/plugins/p/card.mjs"}],
		"sections": [{"plugin": "p", "type": "api::customer.customer", "label": "Notes", "action": "p.notes", "module": "/admin/plugins/p/week.js"}]}`), &want)
	if g, w := mustJSON(got), mustJSON(want); g != w {
		t.Errorf("plugins.json:\n got %s\nwant %s", g, w)
	}
	for _, name := range []string{"week.js", "card.mjs", "lib/util.js"} {
		r := h.Do("GET", "/admin/plugins/p/"+name, nil)
		if r.Status != 200 || string(r.Body) != string(modules[name].Data) || r.Header.Get("Content-Type") != "text/javascript; charset=utf-8" {
			t.Errorf("%s: %d %q %q", name, r.Status, r.Header.Get("Content-Type"), r.Body)
		}
	}
	for _, path := range []string{"/admin/plugins/p/gone.js", "/admin/plugins/q/week.js", "/admin/plugins/p/lib", "/admin/plugins/p/lib/../week.js", "/admin/plugins/p/%2e%2e/admin.go"} {
		if r := h.Do("GET", path, nil); r.Status != 404 {
			t.Errorf("%s: %d, want 404", path, r.Status)
		}
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
