package plugin

import (
	"fmt"
	"io/fs"
	"regexp"
	"strings"

	"github.com/kiln-cms/kiln/core/schema"
)

// AdminPanel is what a plugin adds to the admin panel: pages in its
// navigation, cards on its home page and sections under an entry's form.
// Each is drawn by an ES module of the plugin's own, a file of Files that
// the server hands out at /admin/plugins/<plugin>/<module> and the panel
// imports when it first draws it. The module's default export is a
// component the panel renders with its client, the caller's actions and
// the panel's toolkit (htm's html, Preact's hooks, the relation picker):
// plain JavaScript, no build step (docs/plugins.md, "Pages in the
// panel"). The server only hands the files out; what a module shows comes
// from the API under the signed-in user's permissions, as the panel's own
// pages do.
type AdminPanel struct {
	// Files holds the modules, and any file they import by a relative
	// path (an embed.FS, or a sub-tree of one).
	Files    fs.FS
	Pages    []AdminPage
	Cards    []AdminCard
	Sections []AdminSection
}

// AdminPage is a page of the panel's navigation, at
// /admin#/plugins/<plugin>/<Path>, shown to the roles that have Action.
type AdminPage struct {
	Path   string // lower-case words joined by "-": "coach-week"
	Label  string // the navigation's link and the page's name
	Action string // one of the plugin's actions ("<plugin>.<name>")
	Module string // the file of Files that draws it: "coach-week.js"
}

// AdminCard is a card on the panel's home page, shown to the roles that
// have Action.
type AdminCard struct {
	Label, Action, Module string
}

// AdminSection is a section under the form of a saved entry of Type,
// shown to the roles that have Action; its module is also given the
// type's uid and the entry's documentId and locale.
type AdminSection struct {
	Type                  *schema.ContentType // from the plugin's model
	Label, Action, Module string
}

// RegisteredPanel is an AdminPanel with the plugin that added it.
type RegisteredPanel struct {
	AdminPanel
	Plugin string
}

var (
	pagePath   = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	moduleName = regexp.MustCompile(`^[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*\.m?js$`)
)

// Admin adds the plugin's pages, cards and sections to the panel, once
// per plugin. A page's path must be unique to the plugin, every action
// the plugin's own, and every module a JavaScript file of Files.
func (a *API) Admin(p AdminPanel) error {
	fail := func(format string, args ...any) error {
		return fmt.Errorf("plugin %q: admin panel: %s", a.plugin, fmt.Sprintf(format, args...))
	}
	for _, old := range a.registry.panels {
		if old.Plugin == a.plugin {
			return fail("Admin is called once, with every page, card and section")
		}
	}
	if p.Files == nil && len(p.Pages)+len(p.Cards)+len(p.Sections) > 0 {
		return fail("Files is nil: the modules must come from it")
	}
	check := func(what, label, action, module string) error {
		switch {
		case strings.TrimSpace(label) == "":
			return fail("%s needs a label", what)
		case !strings.HasPrefix(action, a.plugin+".") || len(action) == len(a.plugin)+1:
			return fail("%s %q: action %q must be one of the plugin's own (%q)", what, label, action, a.plugin+".<name>")
		case !moduleName.MatchString(module):
			return fail("%s %q: module %q must be a .js or .mjs file's path in Files", what, label, module)
		}
		if st, err := fs.Stat(p.Files, module); err != nil || st.IsDir() {
			return fail("%s %q: module %q is not in Files", what, label, module)
		}
		return nil
	}
	paths := map[string]bool{}
	for _, pg := range p.Pages {
		if !pagePath.MatchString(pg.Path) {
			return fail("page %q: path %q must be lower-case letters and digits, words joined by \"-\"", pg.Label, pg.Path)
		}
		if paths[pg.Path] {
			return fail("page path %q is used twice", pg.Path)
		}
		paths[pg.Path] = true
		if err := check("page", pg.Label, pg.Action, pg.Module); err != nil {
			return err
		}
	}
	for _, c := range p.Cards {
		if err := check("card", c.Label, c.Action, c.Module); err != nil {
			return err
		}
	}
	for _, s := range p.Sections {
		if s.Type == nil {
			return fail("section %q needs a Type (from the plugin's model)", s.Label)
		}
		if err := check("section", s.Label, s.Action, s.Module); err != nil {
			return err
		}
	}
	a.registry.panels = append(a.registry.panels, RegisteredPanel{AdminPanel: p, Plugin: a.plugin})
	return nil
}

// AdminPanels are what the plugins added to the panel, in registration
// order.
func (r *Registry) AdminPanels() []RegisteredPanel { return r.panels }
