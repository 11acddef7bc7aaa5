package openapi_test

import (
	"regexp"
	"sort"
	"strings"
	"testing"
)

// fiberParam is a fiber route parameter, for the test's own conversion of
// router paths to OpenAPI templates (independent of the package's).
var fiberParam = regexp.MustCompile(`:([A-Za-z0-9_]+)`)

// TestRouterAndDocumentsMatch compares what the router serves under /api
// with the documents, both ways. A route under /api/v1 or /api/v2 belongs
// in that version's document; a plain /api route in the latest's, and, if
// it has no versioned twin (the users and auth routes, the versions list,
// the reference page), in every document.
func TestRouterAndDocumentsMatch(t *testing.T) {
	h := newHarness(t)
	servedOps := map[string]bool{}
	for _, r := range h.App.Fiber.GetRoutes(true) { // true: without middleware
		if r.Method == "HEAD" || !strings.HasPrefix(r.Path, "/api/") {
			continue
		}
		servedOps[r.Method+" "+fiberParam.ReplaceAllString(r.Path, "{$1}")] = true
	}
	want := map[string]map[string]bool{"v1": {}, "v2": {}, "latest": {}}
	for op := range servedOps {
		method, path, _ := strings.Cut(op, " ")
		switch {
		case strings.HasPrefix(path, "/api/v1/"):
			want["v1"][op] = true
		case strings.HasPrefix(path, "/api/v2/"):
			want["v2"][op] = true
		default:
			want["latest"][op] = true
			if !servedOps[method+" /api/v1"+strings.TrimPrefix(path, "/api")] {
				want["v1"][op], want["v2"][op] = true, true
			}
		}
	}
	if len(want["v1"]) < 60 {
		t.Fatalf("only %d routes for v1: the router lost its generated routes?", len(want["v1"]))
	}
	for name, raw := range served(t, h) {
		documented := map[string]bool{}
		for op := range operations(decode(t, raw)) {
			documented[op] = true
		}
		if missing := minus(want[name], documented); len(missing) > 0 {
			t.Errorf("%s: served but not documented:\n  %s", name, strings.Join(missing, "\n  "))
		}
		if extra := minus(documented, want[name]); len(extra) > 0 {
			t.Errorf("%s: documented but not served:\n  %s", name, strings.Join(extra, "\n  "))
		}
	}
}

func minus(a, b map[string]bool) []string {
	var out []string
	for k := range a {
		if !b[k] {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}
