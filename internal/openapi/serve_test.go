package openapi_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/openapi"
)

// TestVersions: GET /api/versions lists v1 (deprecated) and v2 (stable,
// latest), each with its document, which answers with its API-Version.
func TestVersions(t *testing.T) {
	h := newHarness(t)
	r := h.Do("GET", "/api/versions", nil, "Authorization", apptest.Anonymous)
	if r.Status != 200 {
		t.Fatalf("%d %s", r.Status, r.Body)
	}
	var body struct {
		Data []openapi.VersionInfo `json:"data"`
		Meta map[string]string     `json:"meta"`
	}
	if err := json.Unmarshal(r.Body, &body); err != nil {
		t.Fatal(err)
	}
	got := map[string]openapi.VersionInfo{}
	for _, v := range body.Data {
		got[v.Version] = v
	}
	if v1 := got["v1"]; v1.Status != "deprecated" || v1.Latest || v1.OpenAPI != "/api/v1/openapi.json" {
		t.Errorf("v1: %+v", v1)
	}
	if v2 := got["v2"]; v2.Status != "stable" || !v2.Latest || v2.OpenAPI != "/api/v2/openapi.json" {
		t.Errorf("v2: %+v", v2)
	}
	if body.Meta["latest"] != "v2" || body.Meta["openapi"] != "/api/openapi.json" || body.Meta["docs"] != "/api/docs" {
		t.Errorf("meta: %v", body.Meta)
	}
	for _, v := range body.Data {
		d := h.Do("GET", v.OpenAPI, nil)
		doc := decode(t, d.Body)
		if d.Header.Get("API-Version") != v.Header || doc["info"].(map[string]any)["version"] != v.Header {
			t.Errorf("%s: API-Version %q, info.version %v, want %s", v.OpenAPI, d.Header.Get("API-Version"), doc["info"].(map[string]any)["version"], v.Header)
		}
	}
}

// TestDocumentationIsPublicAndUnlimited: with a budget of two requests an
// hour per address, an anonymous client reads the documents, the page and
// its assets as often as it likes, with a bad token too, and still has
// its two requests for the API.
func TestDocumentationIsPublicAndUnlimited(t *testing.T) {
	cfg := apptest.Config(t, database.SQLite)
	cfg.RateLimit.PerAddress = 2
	h := apptest.NewWith(t, cfg, shipped()...)
	page := h.Do("GET", "/api/docs", nil, "Authorization", apptest.Anonymous)
	urls := []string{"/api/openapi.json", "/api/v1/openapi.json", "/api/v2/openapi.json", "/api/versions", "/api/docs"}
	for _, m := range regexp.MustCompile(`(?:src|href)="(/api/docs/[^"]+)"`).FindAllStringSubmatch(string(page.Body), -1) {
		urls = append(urls, m[1])
	}
	for i := 0; i < 3; i++ {
		for _, u := range urls {
			r := h.Do("GET", u, nil, "Authorization", "Bearer not-a-token")
			if r.Status != 200 || r.Header.Get("X-RateLimit-Limit") != "" {
				t.Fatalf("GET %s: %d, X-RateLimit-Limit %q", u, r.Status, r.Header.Get("X-RateLimit-Limit"))
			}
		}
	}
	if ct := h.Do("GET", "/api/docs", nil).Header.Get("Content-Security-Policy"); !strings.Contains(ct, "default-src 'self'") {
		t.Errorf("the page's CSP: %q", ct)
	}
	r := h.Do("GET", "/api/categories", nil, "Authorization", apptest.Anonymous)
	if r.Status != 200 || r.Header.Get("X-RateLimit-Remaining") != "1" {
		t.Errorf("the API after the documentation: %d, remaining %q, want 200 and 1", r.Status, r.Header.Get("X-RateLimit-Remaining"))
	}
}

// TestSecurityRequirements: a route the public role may call takes the
// token optionally, any other requires it, the documentation's own take
// none; every operation has an operationId, a summary and a tag, and its
// roles are the route table's.
func TestSecurityRequirements(t *testing.T) {
	h := newHarness(t)
	roles := map[string][]string{}
	for _, r := range h.App.RouteTable() {
		roles[r.Action] = r.Roles
	}
	for name, raw := range served(t, h) {
		ids := map[string]bool{}
		for key, op := range operations(decode(t, raw)) {
			id, _ := op["operationId"].(string)
			if id == "" || ids[id] || op["summary"] == "" || len(op["tags"].([]any)) != 1 {
				t.Errorf("%s %s: operationId %q (seen: %v), summary %q, tags %v", name, key, id, ids[id], op["summary"], op["tags"])
			}
			ids[id] = true
			sec, _ := json.Marshal(op["security"])
			action, _ := op["x-kiln-action"].(string)
			want := `[{"bearerAuth":[]}]`
			switch {
			case strings.HasPrefix(id, "docs."):
				want = `[]`
			case contains(roles[action], "public"):
				want = `[{},{"bearerAuth":[]}]`
			}
			if string(sec) != want {
				t.Errorf("%s %s (%s): security %s, want %s", name, key, action, sec, want)
			}
			if action != "" {
				got, _ := json.Marshal(op["x-kiln-roles"])
				if exp, _ := json.Marshal(roles[action]); string(got) != string(exp) && !(len(roles[action]) == 0 && string(got) == "[]") {
					t.Errorf("%s %s: roles %s, the route table says %s", name, key, got, exp)
				}
			}
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestTemplate converts fiber paths, and refuses what OpenAPI cannot say.
func TestTemplate(t *testing.T) {
	for in, want := range map[string]string{
		"/api/programs":                         "/api/programs",
		"/api/coaches/:id/learners/:learnerId":  "/api/coaches/{id}/learners/{learnerId}",
		"/api/calendar/:token.ics":              "/api/calendar/{token}.ics",
		"/api/events/:id/attendance/:learner_2": "/api/events/{id}/attendance/{learner_2}",
	} {
		if got, _, err := openapi.Template(in); got != want || err != nil {
			t.Errorf("Template(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"/api/x/:id?", "/api/files/*", "/api/y/+", "/api/z/:id/w/:id"} {
		if _, _, err := openapi.Template(in); err == nil {
			t.Errorf("Template(%q) took it", in)
		}
	}
}
