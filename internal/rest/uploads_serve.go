package rest

import (
	"mime"
	"path"
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/valyala/fasthttp"

	"github.com/kiln-cms/kiln/internal/route"
	"github.com/kiln-cms/kiln/internal/storage"
)

// ServeUploads is the route of the local provider's files, at
// /uploads/<key> as Strapi serves them: open (a file's address is its
// access), cached for a year (a key never changes its bytes: a new upload
// gets a new key), with Last-Modified, an ETag and Range requests.
//
// Nothing uploaded runs in a browser: every answer carries nosniff (the
// app's middleware) and a sandboxing Content-Security-Policy, and the
// types a browser would render as a page (HTML, XML, JavaScript) are sent
// as attachments. SVG stays an image, shown by <img> and sandboxed when
// opened.
func ServeUploads(l *storage.Local) route.Route {
	// fasthttp's file server: ranges, Last-Modified and conditional
	// requests; no handle cache, so a deleted file is gone at once.
	fs := &fasthttp.FS{Root: l.Dir(), AcceptByteRange: true, SkipCache: true}
	serve := fs.NewRequestHandler()
	return route.Route{Method: fiber.MethodGet, Path: "/uploads/:key", Prefixes: route.Root, Source: route.SourceCore,
		Handlers: []fiber.Handler{func(c *fiber.Ctx) error { return serveUpload(c, l, serve) }}}
}

func serveUpload(c *fiber.Ctx, l *storage.Local, serve fasthttp.RequestHandler) error {
	key := c.Params("key")
	if storage.CheckKey(key) != nil {
		return fiber.ErrNotFound
	}
	h := &c.Response().Header
	h.Set(fiber.HeaderContentSecurityPolicy, "default-src 'none'; style-src 'unsafe-inline'; sandbox")
	h.Set(fiber.HeaderCacheControl, "public, max-age=31536000, immutable")
	ctype := mime.TypeByExtension(strings.ToLower(path.Ext(key)))
	if activeContent(ctype) {
		h.Set(fiber.HeaderContentDisposition, `attachment; filename="`+key+`"`)
	}
	// The key names its bytes for good: it is their ETag.
	etag := `"` + key + `"`
	if match := c.Get(fiber.HeaderIfNoneMatch); match == etag || match == "*" {
		h.Set(fiber.HeaderETag, etag)
		return c.SendStatus(fiber.StatusNotModified)
	}
	c.Context().Request.SetRequestURI("/" + key)
	serve(c.Context())
	if c.Response().StatusCode() == fiber.StatusNotFound {
		c.Response().ResetBody()
		return fiber.ErrNotFound
	}
	h.Set(fiber.HeaderETag, etag)
	if ctype == "" || activeContent(ctype) {
		h.SetContentType(fiber.MIMEOctetStream)
	}
	return nil
}

// activeContent reports whether a browser would run or render a type as
// a page of the site's origin.
func activeContent(ctype string) bool {
	t, _, _ := strings.Cut(ctype, ";")
	switch strings.TrimSpace(strings.ToLower(t)) {
	case "text/html", "application/xhtml+xml", "text/xml", "application/xml", "text/javascript",
		"application/javascript", "application/x-javascript", "application/ecmascript", "text/ecmascript":
		return true
	}
	return false
}
