package admin_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
)

// TestPanelIsServedFromTheBinary: /admin answers the embedded page, every
// script and style it names is served (from /admin/assets, kept a year),
// nothing it loads comes from another host, a path of the panel's own is
// the page too, and the settings say which roles may sign in. Switched
// off, /admin is a 404.
func TestPanelIsServedFromTheBinary(t *testing.T) {
	t.Parallel()
	cfg := apptest.Config(t, apptest.SQLite)
	cfg.Admin.Roles = []string{"admin", "coach"}
	h := apptest.NewWith(t, cfg)
	for _, p := range []string{"/admin", "/admin/", "/admin/content/program"} {
		r := h.Do("GET", p, nil, "Authorization", apptest.Anonymous)
		if r.Status != 200 || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/html") || !strings.Contains(string(r.Body), `<div id="app">`) {
			t.Fatalf("%s: %d %s %.100s", p, r.Status, r.Header.Get("Content-Type"), r.Body)
		}
		if csp := r.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") || !strings.Contains(csp, "frame-ancestors 'none'") {
			t.Errorf("%s: policy %q", p, csp)
		}
	}
	page := string(h.Do("GET", "/admin", nil).Body)
	refs := regexp.MustCompile(`(?:src|href)="([^"]+)"`).FindAllStringSubmatch(page, -1)
	if len(refs) < 2 {
		t.Fatalf("the page names %d files: %s", len(refs), page)
	}
	for _, m := range refs {
		ref := m[1]
		if !strings.HasPrefix(ref, "/admin/assets/") {
			t.Errorf("the page loads %s, not one of its own assets", ref)
			continue
		}
		r := h.Do("GET", ref, nil, "Authorization", apptest.Anonymous)
		want := "text/javascript"
		if strings.HasSuffix(ref, ".css") {
			want = "text/css"
		}
		if r.Status != 200 || !strings.HasPrefix(r.Header.Get("Content-Type"), want) || len(r.Body) == 0 ||
			r.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
			t.Errorf("%s: %d %q %q, %d bytes", ref, r.Status, r.Header.Get("Content-Type"), r.Header.Get("Cache-Control"), len(r.Body))
		}
		if strings.Contains(string(r.Body), "https://") && strings.HasSuffix(ref, ".css") {
			t.Errorf("%s loads from another host", ref)
		}
	}
	for _, p := range []string{"/admin/assets/nope.js", "/admin/assets/../index.html"} {
		if r := h.Do("GET", p, nil); r.Status != 404 {
			t.Errorf("%s: %d", p, r.Status)
		}
	}
	if r := h.Do("GET", "/admin/settings.json", nil, "Authorization", apptest.Anonymous); r.Status != 200 || string(r.Body) != `{"roles":["admin","coach"]}` {
		t.Errorf("settings: %d %s", r.Status, r.Body)
	}

	off := apptest.Config(t, apptest.SQLite)
	no := false
	off.Admin.Enabled = &no
	h = apptest.NewWith(t, off)
	for _, p := range []string{"/admin", "/admin/settings.json", "/admin/assets/x.js"} {
		if r := h.Do("GET", p, nil); r.Status != 404 {
			t.Errorf("switched off, %s: %d", p, r.Status)
		}
	}
}
