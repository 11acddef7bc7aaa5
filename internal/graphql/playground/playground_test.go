package playground_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/internal/graphql/playground"
)

// app mounts the page as the wiring is to: the endpoint answers the page
// to a browser and "graphql" to anyone else, and the assets have a route.
func app(endpoint string) *fiber.App {
	f := fiber.New()
	page := playground.Handler(endpoint)
	f.Get(endpoint, func(c *fiber.Ctx) error {
		if playground.Wants(c) {
			return page(c)
		}
		return c.SendString("graphql")
	})
	f.Post(endpoint, func(c *fiber.Ctx) error { return c.SendString("graphql") })
	f.Get(endpoint+"/"+playground.AssetDir+"/:name", page)
	return f
}

type answer struct {
	status int
	header map[string]string
	body   []byte
}

func do(t *testing.T, f *fiber.App, method, target string, headers ...string) answer {
	t.Helper()
	req := httptest.NewRequest(method, target, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := f.Test(req, -1)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	h := map[string]string{}
	for k := range resp.Header {
		h[k] = resp.Header.Get(k)
	}
	return answer{resp.StatusCode, h, body}
}

// browserAccept is what Chromium sends for a page.
const browserAccept = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7"

// assetRef finds the files a page loads: src and href attributes, but a
// data: URL (the empty favicon, which spares the browser asking for
// /favicon.ico).
var assetRef = regexp.MustCompile(`(?:src|href)="([^"]+)"`)

func assetRefs(page []byte) []string {
	var out []string
	for _, m := range assetRef.FindAllSubmatch(page, -1) {
		if !bytes.HasPrefix(m[1], []byte("data:")) {
			out = append(out, string(m[1]))
		}
	}
	return out
}

// TestPageAndAssets: the page answers 200 text/html with its headers; it
// names the endpoint; every file it references is served with the right
// type, immutable; nothing in the page names another host.
func TestPageAndAssets(t *testing.T) {
	f := app("/graphql")
	a := do(t, f, "GET", "/graphql", "Accept", browserAccept)
	if a.status != 200 || a.header["Content-Type"] != "text/html; charset=utf-8" {
		t.Fatalf("page: %d %q", a.status, a.header["Content-Type"])
	}
	secure(t, "page", a)
	if a.header["Cache-Control"] != "no-cache" {
		t.Errorf("page Cache-Control %q", a.header["Cache-Control"])
	}
	if !bytes.Contains(a.body, []byte(`data-endpoint="/graphql"`)) {
		t.Errorf("the page does not name the endpoint:\n%s", a.body)
	}
	if bytes.Contains(a.body, []byte("<script>")) || bytes.Contains(a.body, []byte("<style")) || bytes.Contains(a.body, []byte(" style=")) {
		t.Errorf("the page has inline script or style, which its CSP refuses:\n%s", a.body)
	}
	if m := regexp.MustCompile(`(?i)\b(?:https?:)?//[a-z0-9.-]+`).Find(a.body); m != nil {
		t.Errorf("the page names a host: %s", m)
	}
	types := map[string]string{".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}
	refs := assetRefs(a.body)
	if len(refs) != 2 {
		t.Fatalf("the page loads %d files, want a script and a stylesheet:\n%s", len(refs), a.body)
	}
	for _, url := range refs {
		if !strings.HasPrefix(url, "/graphql/_playground/graphiql.") {
			t.Errorf("the page refers to %s, not an asset below the endpoint", url)
			continue
		}
		ext := url[strings.LastIndexByte(url, '.'):]
		got := do(t, f, "GET", url, "Accept", "*/*")
		if got.status != 200 || got.header["Content-Type"] != types[ext] || len(got.body) == 0 {
			t.Errorf("%s: %d %q, want 200 %q", url, got.status, got.header["Content-Type"], types[ext])
		}
		secure(t, url, got)
		if got.header["Cache-Control"] != "public, max-age=31536000, immutable" {
			t.Errorf("%s: Cache-Control %q", url, got.header["Cache-Control"])
		}
	}
	lic := do(t, f, "GET", "/graphql/_playground/THIRD_PARTY_LICENSES.txt")
	if lic.status != 200 || !strings.HasPrefix(lic.header["Content-Type"], "text/plain") || !bytes.Contains(lic.body, []byte("graphiql@")) {
		t.Errorf("licences: %d %q", lic.status, lic.header["Content-Type"])
	}
	for _, bad := range []string{"/graphql/_playground/nothing.js", "/graphql/_playground/", "/graphql/_playground/..%2fplayground.go"} {
		if got := do(t, f, "GET", bad); got.status != 404 {
			t.Errorf("%s: %d, want 404", bad, got.status)
		}
	}
	if names := playground.Assets(); len(names) != 3 {
		t.Errorf("Assets() = %v", names)
	}
}

// secure checks the headers every answer carries.
func secure(t *testing.T, what string, a answer) {
	t.Helper()
	want := map[string]string{
		"Content-Security-Policy": playground.CSP,
		"X-Content-Type-Options":  "nosniff",
		"Referrer-Policy":         "no-referrer",
	}
	for k, v := range want {
		if a.header[k] != v {
			t.Errorf("%s: %s %q, want %q", what, k, a.header[k], v)
		}
	}
}

// TestCSP: only this origin, no inline code, no eval, no framing.
func TestCSP(t *testing.T) {
	directives := map[string]string{}
	for _, d := range strings.Split(playground.CSP, ";") {
		name, value, _ := strings.Cut(strings.TrimSpace(d), " ")
		directives[name] = value
	}
	want := map[string]string{
		"default-src": "'none'", "script-src": "'self'", "style-src": "'self'", "connect-src": "'self'",
		"img-src": "'self' data:", "base-uri": "'none'", "form-action": "'none'", "frame-ancestors": "'none'",
	}
	for k, v := range want {
		if directives[k] != v {
			t.Errorf("%s %q, want %q", k, directives[k], v)
		}
	}
	for _, bad := range []string{"unsafe", "http", "*", "blob:"} {
		if strings.Contains(playground.CSP, bad) {
			t.Errorf("the CSP allows %s: %s", bad, playground.CSP)
		}
	}
}

// TestWants: the page for a browser's navigation, GraphQL for everyone
// else at the same address.
func TestWants(t *testing.T) {
	f := app("/graphql")
	cases := []struct {
		method, target, accept string
		page                   bool
	}{
		{"GET", "/graphql", browserAccept, true},
		{"GET", "/graphql", "text/html", true},
		{"HEAD", "/graphql", browserAccept, true},
		{"GET", "/graphql", "", false},
		{"GET", "/graphql", "*/*", false},
		{"GET", "/graphql", "application/json", false},
		{"GET", "/graphql", "application/graphql-response+json, application/json;q=0.9", false},
		{"GET", "/graphql", "application/json, text/html;q=0.5", false},
		{"GET", "/graphql", "text/html;q=0.5, application/json", false},
		{"GET", "/graphql?query={__typename}", browserAccept, false},
		{"GET", "/graphql?query=", browserAccept, false},
		{"GET", "/graphql?foo=1", browserAccept, true},
		{"POST", "/graphql", browserAccept, false},
	}
	for _, c := range cases {
		a := do(t, f, c.method, c.target, "Accept", c.accept)
		gotPage := strings.HasPrefix(a.header["Content-Type"], "text/html")
		if gotPage != c.page || a.status != 200 {
			t.Errorf("%s %s Accept %q: %d %q, want page %v", c.method, c.target, c.accept, a.status, a.header["Content-Type"], c.page)
		}
	}
}

// TestEndpointElsewhere: another endpoint path is the page's target and
// its assets' base.
func TestEndpointElsewhere(t *testing.T) {
	f := app("/api/gql")
	a := do(t, f, "GET", "/api/gql", "Accept", "text/html")
	if !bytes.Contains(a.body, []byte(`data-endpoint="/api/gql"`)) {
		t.Fatalf("page:\n%s", a.body)
	}
	for _, url := range assetRefs(a.body) {
		if got := do(t, f, "GET", url); got.status != 200 || !strings.HasPrefix(url, "/api/gql/_playground/") {
			t.Errorf("%s: %d", url, got.status)
		}
	}
	if got := do(t, f, "PUT", "/api/gql/_playground/THIRD_PARTY_LICENSES.txt"); got.status == 200 {
		t.Errorf("PUT answered %d", got.status)
	}
	if h := playground.Handler("graphql/"); h == nil {
		t.Error("no handler for a path written without its slash")
	}
}

// TestCachingAndGzip: an ETag and a 304 for a client that has the file;
// gzip only for a client that asks, and it unpacks to the same bytes.
func TestCachingAndGzip(t *testing.T) {
	f := app("/graphql")
	var script string
	for _, n := range playground.Assets() {
		if strings.HasSuffix(n, ".js") {
			script = "/graphql/_playground/" + n
		}
	}
	plain := do(t, f, "GET", script)
	if plain.header["Etag"] == "" || plain.header["Content-Encoding"] != "" {
		t.Fatalf("plain answer: ETag %q, Content-Encoding %q", plain.header["Etag"], plain.header["Content-Encoding"])
	}
	if again := do(t, f, "GET", script, "If-None-Match", plain.header["Etag"]); again.status != 304 || len(again.body) != 0 {
		t.Errorf("revalidation: %d with %d bytes", again.status, len(again.body))
	}
	gz := do(t, f, "GET", script, "Accept-Encoding", "gzip, br")
	if gz.header["Content-Encoding"] != "gzip" || gz.header["Etag"] == plain.header["Etag"] || len(gz.body) >= len(plain.body)/2 {
		t.Fatalf("gzip answer: %q, ETag %q, %d bytes of %d", gz.header["Content-Encoding"], gz.header["Etag"], len(gz.body), len(plain.body))
	}
	r, err := gzip.NewReader(bytes.NewReader(gz.body))
	if err != nil {
		t.Fatal(err)
	}
	unpacked, _ := io.ReadAll(r)
	if !bytes.Equal(unpacked, plain.body) {
		t.Error("the gzip does not unpack to the file")
	}
	page := do(t, f, "GET", "/graphql", "Accept", "text/html")
	if again := do(t, f, "GET", "/graphql", "Accept", "text/html", "If-None-Match", page.header["Etag"]); again.status != 304 {
		t.Errorf("page revalidation: %d", again.status)
	}
}
