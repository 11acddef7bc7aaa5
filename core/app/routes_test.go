package app_test

import (
	"sort"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/app/apptest"
	"github.com/kiln-cms/kiln/core/store"
	"github.com/kiln-cms/kiln/plugins/analytics"
	"github.com/kiln-cms/kiln/plugins/coaching"
	"github.com/kiln-cms/kiln/plugins/content"
	"github.com/kiln-cms/kiln/plugins/scheduling"
)

// TestServedRoutesAreTheRouter compares `kiln routes`' table with what the
// router really serves, both ways: every route mounted (HEAD aside, which
// fiber adds to each GET; /api/v1 and /api/v2 aside, which repeat the
// generated and plugin routes) is listed, and every listed route is
// mounted. The documentation's routes are listed as public ("everyone").
func TestServedRoutesAreTheRouter(t *testing.T) {
	h := apptest.New(t, store.SQLite, content.New(), analytics.New(), scheduling.New(), coaching.New())
	served := map[string]bool{}
	for _, r := range h.App.Fiber.GetRoutes(true) { // true: without middleware
		versioned := strings.HasPrefix(r.Path, "/api/v1/") || strings.HasPrefix(r.Path, "/api/v2/")
		if r.Method == "HEAD" || versioned && !strings.HasSuffix(r.Path, "/openapi.json") {
			continue
		}
		served[r.Method+" "+r.Path] = true
	}
	listed := map[string]bool{}
	for _, r := range h.App.ServedRoutes() {
		key := r.Method + " " + r.Path
		if listed[key] {
			t.Errorf("%s is listed twice", key)
		}
		listed[key] = true
		if r.Source == "docs" && (r.Action != "-" || len(r.Roles) != 1 || r.Roles[0] != "everyone") {
			t.Errorf("%s: action %q, roles %v, want - and everyone", key, r.Action, r.Roles)
		}
	}
	if missing := minus(served, listed); len(missing) > 0 {
		t.Errorf("served but not listed:\n  %s", strings.Join(missing, "\n  "))
	}
	if extra := minus(listed, served); len(extra) > 0 {
		t.Errorf("listed but not served:\n  %s", strings.Join(extra, "\n  "))
	}
	if len(listed) < 80 {
		t.Errorf("only %d routes listed", len(listed))
	}
	for _, want := range []string{"GET /api/openapi.json", "GET /api/v2/openapi.json", "GET /api/versions", "GET /api/docs", "GET /api/docs/:asset"} {
		if !listed[want] {
			t.Errorf("%s is not listed", want)
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
