package app_test

import (
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/plugins/analytics"
	"github.com/kiln-cms/kiln/plugins/catalog"
	"github.com/kiln-cms/kiln/plugins/coaching"
	"github.com/kiln-cms/kiln/plugins/scheduling"
)

// TestServedRoutesAreTheRouter compares `kiln routes`' table with what the
// router really serves, both ways: every route mounted (HEAD aside, which
// fiber adds to each GET; /api/v1 and /api/v2 aside, which repeat the
// generated and plugin routes) is listed, and every listed route is
// mounted. The documentation's routes are listed as public ("everyone").
func TestServedRoutesAreTheRouter(t *testing.T) {
	h := apptest.New(t, database.SQLite, catalog.New(), analytics.New(), scheduling.New(), coaching.New())
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

// TestRouterIsTheTable: what fiber serves is the route table and nothing
// else, in the table's order. Per method, fiber matches a request against
// its routes in turn; those must be the table's rows in order, each under
// each of its prefixes (a GET row also as HEAD), each with the row's own
// handlers behind the NUL guard.
func TestRouterIsTheTable(t *testing.T) {
	h := apptest.New(t, database.SQLite, catalog.New(), analytics.New(), scheduling.New(), coaching.New())
	type mounted struct {
		path     string
		handlers int
	}
	want := map[string][]mounted{}
	sources := map[string]bool{}
	for _, row := range h.App.Routes {
		sources[row.Source] = true
		method := strings.ToUpper(row.Method)
		for _, p := range row.Paths() {
			m := mounted{p, len(row.Handlers) + 1} // + rest.RejectNUL
			want[method] = append(want[method], m)
			if method == "GET" {
				want["HEAD"] = append(want["HEAD"], m)
			}
		}
	}
	got := map[string][]mounted{}
	for _, r := range h.App.Fiber.GetRoutes(true) { // true: without middleware
		got[r.Method] = append(got[r.Method], mounted{r.Path, len(r.Handlers)})
	}
	for _, m := range []string{"GET", "HEAD", "POST", "PUT", "DELETE", "PATCH"} {
		if !slices.Equal(got[m], want[m]) {
			t.Errorf("%s: fiber serves\n  %v\nthe table says\n  %v", m, got[m], want[m])
		}
		delete(got, m)
	}
	if len(got) > 0 {
		t.Errorf("fiber serves methods the table has no row of: %v", got)
	}
	for _, s := range []string{"core", "docs", "generated", "plugin:content", "plugin:scheduling"} {
		if !sources[s] {
			t.Errorf("no row of source %s", s)
		}
	}
	if n := len(want["GET"]); n < 100 {
		t.Errorf("only %d GET routes", n)
	}
}

// TestHeadIsGet: a GET row answers HEAD as it answers GET, a plugin's as
// the core's: HEAD /api/categories/tree is the plugin's route (200, no
// body), not the generated findOne of a category "tree" (404).
func TestHeadIsGet(t *testing.T) {
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		for _, p := range []string{"/api/categories/tree", "/api/v1/categories/tree", "/api/categories", "/_health"} {
			get, head := h.Do("GET", p, nil), h.Do("HEAD", p, nil)
			if get.Status != 200 || head.Status != 200 || len(head.Body) != 0 ||
				head.Header.Get("Content-Type") != get.Header.Get("Content-Type") {
				t.Errorf("%s: GET %d %q, HEAD %d %q with %d bytes", p, get.Status, get.Header.Get("Content-Type"),
					head.Status, head.Header.Get("Content-Type"), len(head.Body))
			}
		}
		if r := h.Do("HEAD", "/api/categories/nothing-here", nil); r.Status != 404 {
			t.Errorf("HEAD of a missing category: %d, want 404", r.Status)
		}
	}, catalog.New())
}
