// Package playground serves the GraphQL page for browsers: GraphiQL,
// bundled ahead of time from npm by ui/ (ui/README.md) into dist/ and
// embedded in the binary. The page loads its script and stylesheet from
// <endpoint>/_playground/ on its own origin and POSTs queries to the
// endpoint as application/json; nothing is fetched from another host, and
// the page's Content-Security-Policy tells the browser to refuse it if
// anything tried.
//
// The endpoint answers both: Wants tells a browser's request for the page
// from a client's GraphQL request, and Handler answers the page and its
// assets.
package playground

import (
	"bytes"
	"embed"
	"html/template"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/kiln-cms/kiln/internal/docsui"
)

//go:embed dist
var dist embed.FS

// AssetDir is the path segment, below the endpoint, of the page's assets:
// <endpoint>/_playground/<name>.
const AssetDir = "_playground"

// CSP allows the page its own origin only. Scripts and styles are the two
// embedded files, never inline (the endpoint reaches the script as a data-
// attribute); connect-src is the endpoint; img-src adds data: for the PNG
// markers CodeMirror's stylesheet inlines and the page's empty favicon.
// GraphiQL 4 needs neither 'unsafe-eval' nor 'unsafe-inline': React and
// CodeMirror set styles through the DOM (element.style), which style-src
// does not govern, and the one <style> element it would make (a dialog's
// scroll lock) is a constructed stylesheet instead (ui/build.mjs). Fonts
// are the system's: font-src stays 'none'.
const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
	"base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// Cache-Control values: the assets' names hold a hash of their content,
// so a name never changes meaning; the page names the current ones and is
// revalidated each time.
const (
	cacheAsset = "public, max-age=31536000, immutable"
	cachePage  = "no-cache"
)

var (
	assets = map[string]*docsui.Static{}
	script string // the names the page loads
	style  string
)

var contentTypes = map[string]string{
	".js":  "text/javascript; charset=utf-8",
	".css": "text/css; charset=utf-8",
	".txt": "text/plain; charset=utf-8",
}

func init() {
	entries, err := fs.ReadDir(dist, "dist")
	if err != nil {
		panic(err) // the embed is part of the build
	}
	for _, e := range entries {
		body, err := dist.ReadFile("dist/" + e.Name())
		if err != nil {
			panic(err)
		}
		ext := path.Ext(e.Name())
		if contentTypes[ext] == "" {
			panic("playground: no content type for " + e.Name())
		}
		cache := cachePage
		if strings.HasPrefix(e.Name(), "graphiql.") {
			cache = cacheAsset
		}
		assets[e.Name()] = static(contentTypes[ext], body, cache)
		switch {
		case strings.HasPrefix(e.Name(), "graphiql.") && ext == ".js":
			script = e.Name()
		case strings.HasPrefix(e.Name(), "graphiql.") && ext == ".css":
			style = e.Name()
		}
	}
	if script == "" || style == "" {
		panic("playground: dist holds no graphiql.*.js or graphiql.*.css (build ui/)")
	}
}

// Assets are the names served below <endpoint>/_playground/, sorted: the
// script, the stylesheet and THIRD_PARTY_LICENSES.txt.
func Assets() []string {
	out := make([]string, 0, len(assets))
	for n := range assets {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

var page = template.Must(template.New("page").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>GraphiQL · Kiln</title>
<link rel="stylesheet" href="{{.Base}}/{{.Style}}">
<script defer src="{{.Base}}/{{.Script}}"></script>
</head>
<body>
<div id="graphiql" data-endpoint="{{.Endpoint}}"><noscript>GraphiQL needs JavaScript. Clients send queries to {{.Endpoint}} by POST, as application/json.</noscript></div>
</body>
</html>
`))

// Handler answers GET (and HEAD) with the GraphiQL page pointed at
// endpoint (a path on this origin, as mounted: "/graphql"), and with its
// assets when the request's path is <anything>/_playground/<name>; an
// unknown asset is 404. The page and the assets carry CSP,
// X-Content-Type-Options: nosniff and Referrer-Policy: no-referrer; the
// assets are immutable (content-hashed names), the page no-cache.
//
// Mount it at the endpoint, for browsers (behind Wants), and at
// <endpoint>/_playground/:name.
func Handler(endpoint string) fiber.Handler {
	endpoint = "/" + strings.Trim(endpoint, "/")
	base := strings.TrimSuffix(endpoint, "/") + "/" + AssetDir
	var buf bytes.Buffer
	if err := page.Execute(&buf, struct{ Endpoint, Base, Script, Style string }{endpoint, base, script, style}); err != nil {
		panic(err)
	}
	html := static("text/html; charset=utf-8", buf.Bytes(), cachePage)
	return func(c *fiber.Ctx) error {
		if m := c.Method(); m != fiber.MethodGet && m != fiber.MethodHead {
			c.Set(fiber.HeaderAllow, "GET, HEAD")
			return fiber.ErrMethodNotAllowed
		}
		p := c.Path()
		if i := strings.LastIndex(p, "/"+AssetDir+"/"); i >= 0 {
			a, ok := assets[p[i+len(AssetDir)+2:]]
			if !ok {
				return fiber.ErrNotFound
			}
			return a.Serve(c)
		}
		return html.Serve(c)
	}
}

// Wants is true for a browser asking for the page: a GET with no query
// parameter (a GraphQL request by GET has one) whose Accept prefers
// text/html to JSON. A client's request (POST, GET ?query=, Accept
// application/json or none) is false: the endpoint answers it as GraphQL.
// HEAD counts as GET, so that its headers are the page's.
func Wants(c *fiber.Ctx) bool {
	if m := c.Method(); m != fiber.MethodGet && m != fiber.MethodHead {
		return false
	}
	if c.Context().QueryArgs().Has("query") || c.Get(fiber.HeaderAccept) == "" {
		return false
	}
	return c.Accepts("application/graphql-response+json", fiber.MIMEApplicationJSON, fiber.MIMETextHTML) == fiber.MIMETextHTML
}

// static is a body served from memory (docsui.Static: ETag, 304, gzip)
// with the page's security headers and the given Cache-Control.
func static(contentType string, body []byte, cache string) *docsui.Static {
	st := docsui.NewStatic(contentType, body)
	st.Header = map[string]string{
		fiber.HeaderContentSecurityPolicy: CSP,
		fiber.HeaderXContentTypeOptions:   "nosniff",
		fiber.HeaderReferrerPolicy:        "no-referrer",
	}
	st.CacheControl = cache
	return st
}
