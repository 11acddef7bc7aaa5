package openapi_test

import (
	"context"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/internal/testmain"
)

const chromium = "/usr/bin/chromium"

// opPath is an operation Swagger UI rendered: its summary line's path.
var opPath = regexp.MustCompile(`class="opblock-summary-path"[^>]*data-path="([^"]+)"`)

// violation is a CSP violation the page's script listed.
var violation = regexp.MustCompile(`<ul id="kiln-csp-violations" hidden="">(.+?)</ul>`)

// TestDocsPageRendersInChromium loads /api/docs from a real listener in
// headless Chromium, whose resolver knows no host but the loopback one,
// and checks that Swagger UI rendered every operation of the document the
// page shows: the latest version (v2) by default, v1 when the address asks.
func TestDocsPageRendersInChromium(t *testing.T) {
	t.Parallel() // slow: a browser; the other tests run meanwhile
	if _, err := os.Stat(chromium); err != nil {
		testmain.Skipf(t, testmain.Chromium, "%s is not installed (Debian package chromium; .ci/run installs it): %v", chromium, err)
	}
	if testing.Short() {
		t.Skip("-short: no browser")
	}
	h := newHarness(t)
	docs := served(t, h)
	base := h.Serve()
	// The fragment opens an operation (Swagger UI's deep link), so that its
	// parameters, body and response schemas render too.
	for _, c := range []struct{ query, doc string }{{"", "v2"}, {"?version=v1#/Program/program.create", "v1"}} {
		t.Run(c.doc, func(t *testing.T) {
			want := map[string]bool{}
			for op := range operations(decode(t, docs[c.doc])) {
				_, path, _ := strings.Cut(op, " ")
				want[path] = true
			}
			dom := render(t, base+"/api/docs"+c.query)
			got := map[string]int{}
			for _, m := range opPath.FindAllStringSubmatch(dom, -1) {
				got[m[1]]++
			}
			n := 0
			for _, k := range got {
				n += k
			}
			if ops := len(operations(decode(t, docs[c.doc]))); n != ops {
				t.Errorf("rendered %d operations, the %s document has %d", n, c.doc, ops)
			}
			for p := range want {
				if got[p] == 0 {
					t.Errorf("%s is not on the page", p)
				}
			}
			if !strings.Contains(dom, `<option value="v1">v1 (deprecated)</option>`) {
				t.Error("the version switcher is missing")
			}
			if strings.Contains(c.query, "#") && !strings.Contains(dom, `id="operations-Program-program\.create"`) {
				t.Error("the deep-linked operation is not on the page")
			}
			if strings.Contains(c.query, "#") && !strings.Contains(dom, "opblock-body") {
				t.Error("the deep-linked operation did not open")
			}
			if m := violation.FindString(dom); m != "" {
				t.Errorf("the page broke its Content-Security-Policy: %s", m)
			}
		})
	}
}

// render loads a page in headless Chromium and returns its DOM once
// scripts have run. Every host but 127.0.0.1 fails to resolve, so a page
// that needed another host would not render.
func render(t *testing.T, url string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, chromium, "--headless", "--no-sandbox", "--disable-gpu",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
		"--disable-dev-shm-usage", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
		"--user-data-dir="+t.TempDir(), "--dump-dom", "--virtual-time-budget=10000", url)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium: %v\n%s", err, stderr.String())
	}
	return string(out)
}
