package admin

import (
	"io/fs"
	"mime"
	"path"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/plugin"
)

// Extension is a page, card or section a plugin adds to the panel as
// /admin/plugins.json lists it: Module is the address the panel imports.
// Path is a page's, Type a section's (a content type's uid).
type Extension struct {
	Plugin string `json:"plugin"`
	Path   string `json:"path,omitempty"`
	Type   string `json:"type,omitempty"`
	Label  string `json:"label"`
	Action string `json:"action"`
	Module string `json:"module"`
}

// ExtensionList is /admin/plugins.json: every plugin's additions, in
// registration order, whoever asks. The panel shows those whose action
// the signed-in user's role has; the modules are code, public as the
// panel's own, and what they show comes from the API under that user's
// permissions.
type ExtensionList struct {
	Pages    []Extension `json:"pages"`
	Cards    []Extension `json:"cards"`
	Sections []Extension `json:"sections"`
}

// Extensions lists what panels add.
func Extensions(panels []plugin.RegisteredPanel) ExtensionList {
	out := ExtensionList{Pages: []Extension{}, Cards: []Extension{}, Sections: []Extension{}}
	module := func(p plugin.RegisteredPanel, name string) string { return "/admin/plugins/" + p.Plugin + "/" + name }
	for _, p := range panels {
		for _, pg := range p.Pages {
			out.Pages = append(out.Pages, Extension{Plugin: p.Plugin, Path: pg.Path, Label: pg.Label, Action: pg.Action, Module: module(p, pg.Module)})
		}
		for _, c := range p.Cards {
			out.Cards = append(out.Cards, Extension{Plugin: p.Plugin, Label: c.Label, Action: c.Action, Module: module(p, c.Module)})
		}
		for _, s := range p.Sections {
			out.Sections = append(out.Sections, Extension{Plugin: p.Plugin, Type: s.Type.UID(), Label: s.Label, Action: s.Action, Module: module(p, s.Module)})
		}
	}
	return out
}

// serveModule hands out a file of a plugin's panel modules: a module, or
// what one imports. Anything else is a 404, as an unknown asset is.
func serveModule(c *fiber.Ctx, panels []plugin.RegisteredPanel) error {
	name := c.Params("*")
	if strings.Contains(name, "..") || !fs.ValidPath(name) {
		return fiber.ErrNotFound
	}
	for _, p := range panels {
		if p.Plugin != c.Params("plugin") || p.Files == nil {
			continue
		}
		b, err := fs.ReadFile(p.Files, name)
		if err != nil {
			return fiber.ErrNotFound
		}
		c.Set(fiber.HeaderContentSecurityPolicy, policy)
		c.Set(fiber.HeaderCacheControl, "no-cache")
		c.Set(fiber.HeaderContentType, contentType(name))
		return c.Send(b)
	}
	return fiber.ErrNotFound
}

// contentType is a module file's: JavaScript for .js and .mjs, whatever
// the machine's MIME table says (a browser refuses a module served as
// text/plain).
func contentType(name string) string {
	switch path.Ext(name) {
	case ".js", ".mjs":
		return "text/javascript; charset=utf-8"
	}
	if t := mime.TypeByExtension(path.Ext(name)); t != "" {
		return t
	}
	return fiber.MIMEOctetStream
}
