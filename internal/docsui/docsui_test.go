package docsui_test

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/internal/docsui"
)

func app() *fiber.App {
	f := fiber.New()
	docsui.Mount(f)
	return f
}

func get(t *testing.T, f *fiber.App, path string, headers ...string) (int, map[string]string, []byte) {
	t.Helper()
	req := httptest.NewRequest("GET", path, nil)
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
	return resp.StatusCode, h, body
}

// assetRef finds what the page loads: src and href attributes.
var assetRef = regexp.MustCompile(`(?:src|href)="([^"]+)"`)

// TestPageAndAssets: the page answers 200 with its CSP; every asset it
// references answers 200 with the right type; nothing names another host.
func TestPageAndAssets(t *testing.T) {
	f := app()
	status, h, page := get(t, f, "/api/docs")
	if status != 200 || !strings.HasPrefix(h["Content-Type"], "text/html") {
		t.Fatalf("page: %d %s", status, h["Content-Type"])
	}
	if h["Content-Security-Policy"] != docsui.CSP || !strings.Contains(docsui.CSP, "default-src 'self'") {
		t.Errorf("CSP %q", h["Content-Security-Policy"])
	}
	if strings.Contains(docsui.CSP, "http") || strings.Contains(docsui.CSP, "*") {
		t.Errorf("the CSP allows another host: %s", docsui.CSP)
	}
	types := map[string]string{".js": "text/javascript", ".css": "text/css", ".png": "image/png", ".txt": "text/plain"}
	refs := assetRef.FindAllSubmatch(page, -1)
	if len(refs) < 5 {
		t.Fatalf("the page loads %d files", len(refs))
	}
	for _, m := range refs {
		url := string(m[1])
		if !strings.HasPrefix(url, "/api/") {
			t.Errorf("the page refers to %s, not a path of this host", url)
			continue
		}
		if url == "/api/openapi.json" {
			continue // served by internal/openapi
		}
		status, h, _ := get(t, f, url)
		if want := types[filepath.Ext(url)]; status != 200 || !strings.HasPrefix(h["Content-Type"], want) {
			t.Errorf("%s: %d %s, want 200 %s", url, status, h["Content-Type"], want)
		}
	}
	// Kiln's own files name no host at all; the vendored bundle holds
	// URLs in strings (specifications, licences), which the CSP keeps the
	// browser from fetching.
	host := regexp.MustCompile(`(?i)\b(?:https?:)?//[a-z0-9.-]+\.[a-z]{2,}`)
	for _, name := range []string{"/api/docs", "/api/docs/kiln-docs.js", "/api/docs/kiln-docs.css"} {
		_, _, body := get(t, f, name)
		if m := host.Find(body); m != nil {
			t.Errorf("%s names a host: %s", name, m)
		}
	}
	if status, _, _ := get(t, f, "/api/docs/nothing.js"); status != 404 {
		t.Errorf("an unknown asset: %d", status)
	}
}

// TestCachingAndGzip: an ETag and a 304 for a client that has the file;
// gzip only for a client that asks, and it unpacks to the same bytes.
func TestCachingAndGzip(t *testing.T) {
	f := app()
	_, h, plain := get(t, f, "/api/docs/swagger-ui-bundle.js")
	if h["Etag"] == "" || h["Content-Encoding"] != "" {
		t.Fatalf("plain answer: ETag %q, Content-Encoding %q", h["Etag"], h["Content-Encoding"])
	}
	if status, _, body := get(t, f, "/api/docs/swagger-ui-bundle.js", "If-None-Match", h["Etag"]); status != 304 || len(body) != 0 {
		t.Errorf("revalidation: %d with %d bytes", status, len(body))
	}
	_, gh, gz := get(t, f, "/api/docs/swagger-ui-bundle.js", "Accept-Encoding", "gzip, br")
	if gh["Content-Encoding"] != "gzip" || gh["Etag"] == h["Etag"] || len(gz) >= len(plain)/2 {
		t.Fatalf("gzip answer: %q, ETag %q, %d bytes of %d", gh["Content-Encoding"], gh["Etag"], len(gz), len(plain))
	}
	r, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	unpacked, _ := io.ReadAll(r)
	if !bytes.Equal(unpacked, plain) {
		t.Error("the gzip does not unpack to the file")
	}
	if _, ph, _ := get(t, f, "/api/docs/favicon-32x32.png", "Accept-Encoding", "gzip"); ph["Content-Encoding"] != "" {
		t.Error("a PNG was gzipped")
	}
}

// TestVendoredFilesAreUntouched: the Swagger UI files are byte for byte
// the npm package's, as recorded in SWAGGER-UI (docs/api-docs.md).
func TestVendoredFilesAreUntouched(t *testing.T) {
	record, err := os.ReadFile("SWAGGER-UI")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(string(record), "\n") {
		sum, name, ok := strings.Cut(line, "  ")
		if !ok || strings.HasPrefix(line, "#") {
			continue
		}
		body, err := os.ReadFile(name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		got := sha256.Sum256(body)
		if hex.EncodeToString(got[:]) != sum {
			t.Errorf("%s differs from the recorded npm file", name)
		}
		n++
	}
	if n < 3 {
		t.Errorf("SWAGGER-UI records %d files", n)
	}
}
