// Package admin serves Kiln's admin panel at /admin: the files Vite builds
// from ui/ into dist/, embedded in the binary, so that kiln serve needs no
// Node and nothing loads from another host. The panel is a client of the
// public REST API like any other, under the signed-in user's permissions;
// this package only hands out its files and the roles config/admin.yaml
// lets sign in (docs/admin.md).
package admin

import (
	"embed"
	"encoding/json"
	"io/fs"
	"path"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/internal/route"
)

//go:embed all:dist
var dist embed.FS

// policy keeps the panel to its own origin: scripts, styles, images and
// requests from the server only, no frame around it.
const policy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; " +
	"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// Routes are GET /admin (the panel's page, also for every path under it
// that is no file: the panel's own addresses), /admin/assets/* (its
// scripts and styles, named by their content, kept for a year) and
// /admin/settings.json (the roles that may sign in), and what the plugins
// add to it (Extensions): /admin/plugins.json and their modules. None when
// the panel is switched off: /admin is then a 404 like any unknown path.
func Routes(cfg config.Admin, panels []plugin.RegisteredPanel) route.Table {
	if !cfg.On() {
		return nil
	}
	files, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // the embed pattern guarantees the folder
	}
	index, err := fs.ReadFile(files, "index.html")
	if err != nil {
		panic("internal/admin: dist/index.html is missing; build the panel (internal/admin/ui: npm run build)")
	}
	settings, _ := json.Marshal(map[string]any{"roles": cfg.SignInRoles()})
	extensions, _ := json.Marshal(Extensions(panels))
	page := func(c *fiber.Ctx) error {
		c.Set(fiber.HeaderContentSecurityPolicy, policy)
		c.Set(fiber.HeaderCacheControl, "no-cache")
		c.Set(fiber.HeaderContentType, fiber.MIMETextHTMLCharsetUTF8)
		return c.Send(index)
	}
	asset := func(c *fiber.Ctx) error {
		name := c.Params("*")
		b, err := fs.ReadFile(files, path.Join("assets", name))
		if err != nil || strings.Contains(name, "..") {
			return fiber.ErrNotFound
		}
		c.Set(fiber.HeaderContentSecurityPolicy, policy)
		c.Set(fiber.HeaderCacheControl, "public, max-age=31536000, immutable")
		c.Set(fiber.HeaderContentType, contentType(name))
		return c.Send(b)
	}
	row := func(p string, h fiber.Handler) route.Route {
		return route.Route{Method: fiber.MethodGet, Path: p, Prefixes: route.Root, Source: route.SourceCore,
			Handlers: []fiber.Handler{h}}
	}
	return route.Table{
		row("/admin/settings.json", func(c *fiber.Ctx) error {
			c.Set(fiber.HeaderCacheControl, "no-cache")
			c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSON)
			return c.Send(settings)
		}),
		row("/admin/plugins.json", func(c *fiber.Ctx) error {
			c.Set(fiber.HeaderCacheControl, "no-cache")
			c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSON)
			return c.Send(extensions)
		}),
		row("/admin/plugins/:plugin/*", func(c *fiber.Ctx) error { return serveModule(c, panels) }),
		row("/admin/assets/*", asset),
		row("/admin", page),
		row("/admin/*", page),
	}
}
