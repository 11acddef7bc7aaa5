// Package docsui serves the API reference page at /api/docs: Swagger UI's
// bundle and stylesheet, taken from the swagger-ui-dist npm package and
// embedded in the binary (docs/api-docs.md says how to refresh them), with
// a small page and start-up script of Kiln's own. Nothing is fetched from
// another host at run time, and the page's Content-Security-Policy tells
// the browser to refuse it if anything tried.
package docsui

import (
	"embed"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/internal/route"
)

//go:embed assets
var files embed.FS

// PagePath is where the reference page is served; its assets are below it.
const PagePath = "/api/docs"

// CSP allows the page this host only: scripts are the two files, never
// inline; images may also be data: URLs (the stylesheet's icons are).
// Swagger UI sets its styles through the DOM, which the policy allows, so
// inline styles stay refused too; the browser test lists any violation.
const CSP = "default-src 'self'; img-src 'self' data:; style-src 'self'; " +
	"script-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// contentTypes are the assets' types, by extension.
var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".png":  "image/png",
	".txt":  "text/plain; charset=utf-8",
}

var (
	page   *Static
	assets = map[string]*Static{}
)

func init() {
	entries, err := fs.ReadDir(files, "assets")
	if err != nil {
		panic(err) // the embed is part of the build
	}
	for _, e := range entries {
		body, err := files.ReadFile("assets/" + e.Name())
		if err != nil {
			panic(err)
		}
		s := NewStatic(contentTypes[path.Ext(e.Name())], body)
		s.Header = map[string]string{"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}
		if e.Name() == "index.html" {
			page = s
			continue
		}
		assets[e.Name()] = s
	}
}

// Names are the assets served below PagePath, sorted.
func Names() []string {
	out := make([]string, 0, len(assets))
	for n := range assets {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Routes are the page's and its assets' rows of the route table: public,
// below /api; before runs first on each (the API-Version header, say).
func Routes(before ...fiber.Handler) route.Table {
	row := func(path, op string, h fiber.Handler) route.Route {
		return route.Route{Method: fiber.MethodGet, Path: strings.TrimPrefix(path, "/api"), Prefixes: route.API,
			Source: route.SourceDocs, Docs: route.Docs{Op: op}, Handlers: chain(before, h)}
	}
	return route.Table{row(PagePath, "page", page.Serve), row(PagePath+"/:asset", "asset", serveAsset)}
}

// Mount serves the page and its assets on a server of their own (the
// app mounts Routes with the rest of its table).
func Mount(r fiber.Router, before ...fiber.Handler) { Routes(before...).Mount(r) }

func serveAsset(c *fiber.Ctx) error {
	a, ok := assets[c.Params("asset")]
	if !ok {
		return fiber.ErrNotFound
	}
	return a.Serve(c)
}

// chain is before then h, in a slice of its own.
func chain(before []fiber.Handler, h fiber.Handler) []fiber.Handler {
	return append(append(make([]fiber.Handler, 0, len(before)+1), before...), h)
}
