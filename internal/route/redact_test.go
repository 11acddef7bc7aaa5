package route_test

import (
	"testing"

	"github.com/kiln-cms/kiln/internal/route"
)

func TestRedactorPath(t *testing.T) {
	t.Parallel()
	table := route.Table{
		{Method: "POST", Path: "/calendar/token", Prefixes: route.Versioned},
		{Method: "GET", Path: "/calendar/:file", Prefixes: route.Versioned, Secret: []string{"file"}},
		{Method: "GET", Path: "/programs/:id", Prefixes: route.Versioned},
		{Method: "GET", Path: "/shares/:owner/files/:key", Prefixes: route.API, Secret: []string{"key"}},
		{Method: "GET", Path: "/_health", Prefixes: route.Root},
	}
	r := table.Redactor()
	for in, want := range map[string]string{
		"/api/calendar/0123abcd.ics":    "/api/calendar/***",
		"/api/v2/calendar/0123abcd.ics": "/api/v2/calendar/***",
		"/API/Calendar/0123abcd.ics":    "/API/Calendar/***",
		"/api/calendar/0123abcd.ics/":   "/api/calendar/***",
		"/api/calendar/token":           "/api/calendar/token", // a literal of another route
		"/api/calendar/TOKEN":           "/api/calendar/TOKEN",
		"/api/calendar/":                "/api/calendar/",
		"/api/calendar/x/y":             "/api/calendar/x/y", // no route has this shape
		"/api/programs/12":              "/api/programs/12",
		"/api/shares/ada/files/k3y":     "/api/shares/ada/files/***",
		"/api/v1/shares/ada/files/k3y":  "/api/v1/shares/ada/files/k3y", // not served there
		"/_health":                      "/_health",
		"/":                             "/",
		"":                              "",
	} {
		if got := r.Path(in); got != want {
			t.Errorf("Path(%q) = %q, want %q", in, got, want)
		}
	}
	// No secret in the table: no redactor, every path as it is.
	if r := table[2:3].Redactor(); r != nil || r.Path("/api/programs/1") != "/api/programs/1" {
		t.Errorf("a table without secrets has a redactor")
	}
}
