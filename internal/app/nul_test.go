package app_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/rest"
	"github.com/kiln-cms/kiln/plugins/analytics"
	"github.com/kiln-cms/kiln/plugins/catalog"
	"github.com/kiln-cms/kiln/plugins/coaching"
	"github.com/kiln-cms/kiln/plugins/scheduling"
)

// A NUL byte anywhere a request can carry one is a 400 ValidationError
// naming where it is — generated, built-in and plugin routes, query,
// path and body — on both databases; it used to reach the SQL and answer
// 500. The controls show the check is no broader than a real NUL.
func TestNULIsRefusedNamingWhere(t *testing.T) {
	cases := []struct {
		method, path, body string
		anonymous          bool
		message            string
		details            map[string]any
	}{
		// Path parameters of generated, built-in and plugin routes.
		{"GET", "/api/programs/%00", "", false, "Invalid path parameter id: it contains a NUL character", path("id")},
		{"GET", "/api/programs/abc%00def", "", false, "Invalid path parameter id: it contains a NUL character", path("id")},
		{"PUT", "/api/v1/programs/%00", `{"data":{"title":"x"}}`, false, "Invalid path parameter id: it contains a NUL character", path("id")},
		{"DELETE", "/api/v2/programs/%00", "", false, "Invalid path parameter id: it contains a NUL character", path("id")},
		{"GET", "/api/users/%00", "", false, "Invalid path parameter id: it contains a NUL character", path("id")},
		{"GET", "/api/analytics/customers/%00", "", false, "Invalid path parameter id: it contains a NUL character", path("id")},
		{"DELETE", "/api/coaches/1/learners/%00", "", false, "Invalid path parameter learnerId: it contains a NUL character", path("learnerId")},
		{"POST", "/api/blueprints/%00/instantiate", `{}`, false, "Invalid path parameter id: it contains a NUL character", path("id")},
		{"GET", "/api/calendar/%00.ics", "", true, "Invalid path parameter file: it contains a NUL character", path("file")},
		// Query-string values and keys, of the query language and of plugins.
		{"GET", "/api/programs?filters[title][$eq]=a%00b", "", false,
			"Invalid query parameter filters[title][$eq]: it contains a NUL character", query("filters[title][$eq]")},
		{"GET", "/api/programs?filters[ti%00tle][$eq]=x", "", false,
			`Invalid query parameter "filters[ti\x00tle][$eq]": its name contains a NUL character`, query("filters[ti\x00tle][$eq]")},
		{"GET", "/api/programs?sort=title%00", "", false, "Invalid query parameter sort: it contains a NUL character", query("sort")},
		{"GET", "/api/programs?fields=a&populate=%00", "", false, "Invalid query parameter populate: it contains a NUL character", query("populate")},
		{"GET", "/api/users?filters[username][$eq]=%00", "", false,
			"Invalid query parameter filters[username][$eq]: it contains a NUL character", query("filters[username][$eq]")},
		{"GET", "/api/coaches/available?from=2030-01-01%00", "", false, "Invalid query parameter from: it contains a NUL character", query("from")},
		{"GET", "/api/analytics/dashboard?%00=1", "", false, `Invalid query parameter "\x00": its name contains a NUL character`, query("\x00")},
		// JSON body strings and keys, at any depth.
		{"POST", "/api/programs", `{"data":{"title":"a\u0000"}}`, false, "Invalid body field data.title: it contains a NUL character", body("data.title")},
		{"POST", "/api/programs", `{"data":{"ti\u0000tle":"a"}}`, false,
			`Invalid body field data."ti\x00tle": its name contains a NUL character`, body(`data."ti\x00tle"`)},
		{"POST", "/api/programs", `{"data":{"title":"ok","outline":{"a":[1,{"b":"x\u0000"}]}}}`, false,
			"Invalid body field data.outline.a[1].b: it contains a NUL character", body("data.outline.a[1].b")},
		{"PUT", "/api/programs/1", `{"data":{"tags":["ok","\u0000"]}}`, false, "Invalid body field data.tags[1]: it contains a NUL character", body("data.tags[1]")},
		{"POST", "/api/programs", `"\u0000"`, false, "Invalid body field (the body): it contains a NUL character", body("(the body)")},
		{"POST", "/api/auth/local", `{"identifier":"admin@kiln.test\u0000","password":"x"}`, true,
			"Invalid body field identifier: it contains a NUL character", body("identifier")},
		{"POST", "/api/auth/forgot-password", `{"email":"a\u0000@kiln.test"}`, true, "Invalid body field email: it contains a NUL character", body("email")},
		{"PUT", "/api/users/1", `{"username":"ad\u0000min"}`, false, "Invalid body field username: it contains a NUL character", body("username")},
		{"POST", "/api/coaches/match", `{"learner":"\u0000"}`, false, "Invalid body field learner: it contains a NUL character", body("learner")},
	}
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		for _, tc := range cases {
			headers := []string{}
			if tc.anonymous {
				headers = append(headers, "Authorization", apptest.Anonymous)
			}
			var b any
			if tc.body != "" {
				b = tc.body
			}
			r := h.Do(tc.method, tc.path, b, headers...)
			status, name, msg, details := h.ErrorOf(r)
			if status != 400 || name != "ValidationError" || msg != tc.message || !reflect.DeepEqual(details, tc.details) {
				t.Errorf("%s %s %s: %d %s %q %v, want 400 ValidationError %q %v",
					tc.method, tc.path, tc.body, status, name, msg, details, tc.message, tc.details)
			}
		}

		// Controls: what only looks like a NUL passes.
		r := h.Do("POST", "/api/programs", `{"data":{"title":"\\u0000 is six characters"}}`)
		if r.Status != 201 && r.Status != 200 {
			t.Fatalf("an escaped backslash before u0000: %d %s", r.Status, r.Body)
		}
		if r := h.Do("GET", "/api/programs?filters[title][$eq]=%2500", nil); r.Status != 200 {
			t.Fatalf("an encoded %%00: %d %s", r.Status, r.Body)
		}
		if r := h.Do("GET", "/api/programs/x%2500", nil); r.Status != 404 {
			t.Fatalf("an id holding %%00: %d %s", r.Status, r.Body)
		}
	}, catalog.New(), analytics.New(), scheduling.New(), coaching.New())
}

func path(name string) map[string]any  { return map[string]any{"source": "path", "param": name} }
func query(name string) map[string]any { return map[string]any{"source": "query", "param": name} }
func body(where string) map[string]any { return map[string]any{"source": "body", "path": where} }

// Every route the app serves runs rest.RejectNUL first, so that a route
// added later cannot skip the check.
func TestEveryRouteRejectsNULFirst(t *testing.T) {
	h := apptest.New(t, database.SQLite, catalog.New(), analytics.New(), scheduling.New(), coaching.New())
	check := reflect.ValueOf(rest.RejectNUL).Pointer()
	n := 0
	for _, r := range h.App.Fiber.GetRoutes(true) {
		n++
		if len(r.Handlers) == 0 || reflect.ValueOf(r.Handlers[0]).Pointer() != check {
			t.Errorf("%s %s does not start with rest.RejectNUL", r.Method, r.Path)
		}
	}
	if n < 50 || !strings.Contains(h.Do("GET", "/_health", nil).Header.Get("Content-Type"), "json") {
		t.Fatalf("only %d routes", n)
	}
}
