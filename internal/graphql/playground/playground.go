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
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"html/template"
	"io/fs"
	"path"
	"sort"
	"strings"
	"sync"

	"github.com/gofiber/fiber/v2"
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

// asset is one embedded file, gzipped on first request by a client that
// takes gzip (not at start-up: a process that never serves it never pays).
type asset struct {
	name, contentType string
	body              []byte
	etag              string
	immutable         bool

	gzOnce sync.Once
	gz     []byte
}

var (
	assets = map[string]*asset{}
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
		sum := sha256.Sum256(body)
		a := &asset{name: e.Name(), contentType: contentTypes[ext], body: body,
			etag: `"` + hex.EncodeToString(sum[:12]) + `"`, immutable: strings.HasPrefix(e.Name(), "graphiql.")}
		if a.contentType == "" {
			panic("playground: no content type for " + e.Name())
		}
		assets[e.Name()] = a
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
	sum := sha256.Sum256(buf.Bytes())
	html := &asset{name: "index.html", contentType: "text/html; charset=utf-8", body: buf.Bytes(),
		etag: `"` + hex.EncodeToString(sum[:12]) + `"`}
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
			return a.serve(c)
		}
		return html.serve(c)
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

func (a *asset) serve(c *fiber.Ctx) error {
	c.Set(fiber.HeaderContentSecurityPolicy, CSP)
	c.Set(fiber.HeaderXContentTypeOptions, "nosniff")
	c.Set(fiber.HeaderReferrerPolicy, "no-referrer")
	c.Set(fiber.HeaderVary, fiber.HeaderAcceptEncoding)
	if a.immutable {
		c.Set(fiber.HeaderCacheControl, cacheAsset)
	} else {
		c.Set(fiber.HeaderCacheControl, cachePage)
	}
	body, etag := a.body, a.etag
	// fiber takes a missing Accept-Encoding as accepting anything; only a
	// client that says gzip gets it.
	if c.Get(fiber.HeaderAcceptEncoding) != "" && c.AcceptsEncodings("gzip") == "gzip" {
		if gz := a.gzipped(); gz != nil {
			body, etag = gz, strings.TrimSuffix(a.etag, `"`)+`-gz"`
			c.Set(fiber.HeaderContentEncoding, "gzip")
		}
	}
	c.Set(fiber.HeaderETag, etag)
	if match := c.Get(fiber.HeaderIfNoneMatch); match != "" && (match == "*" || strings.Contains(match, etag)) {
		return c.SendStatus(fiber.StatusNotModified)
	}
	c.Set(fiber.HeaderContentType, a.contentType)
	return c.Send(body)
}

// gzipped is the body gzipped, or nil when that would not make it smaller
// by a tenth.
func (a *asset) gzipped() []byte {
	a.gzOnce.Do(func() {
		var buf bytes.Buffer
		w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		w.Write(a.body)
		w.Close()
		if buf.Len() < len(a.body)*9/10 {
			a.gz = buf.Bytes()
		}
	})
	return a.gz
}
