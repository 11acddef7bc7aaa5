package openapi_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	validator "github.com/pb33f/libopenapi-validator"
	verrors "github.com/pb33f/libopenapi-validator/errors"

	"github.com/kiln-cms/kiln/core/app/apptest"
)

// call is one real request whose answer must match the document of its
// version: the status among the operation's responses, the body its
// schema, the headers declared.
type call struct {
	method, path string
	body         any
	anonymous    bool
	status       int
}

// TestAnswersMatchTheDocuments sends real requests to every kind of route
// (generated in both versions, errors, users and auth, plugins, the
// documentation's own) and validates each answer, and each request, with
// libopenapi-validator against the document that describes it.
func TestAnswersMatchTheDocuments(t *testing.T) {
	t.Parallel() // slow: libopenapi checks each answer; the other tests run meanwhile
	h := newHarness(t)
	docs := served(t, h)
	validators := map[string]validator.Validator{}
	for name, raw := range docs {
		doc, err := parse(raw)
		if err != nil {
			t.Fatal(err)
		}
		v, errs := validator.NewValidator(doc)
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		validators[name] = v
	}
	id := fixture(t, h)
	calls := []call{
		{"GET", "/api/v2/programs?populate=*&sort=title:desc&pagination[page]=1&pagination[pageSize]=10", nil, false, 200},
		{"GET", "/api/v1/programs?populate=*", nil, false, 200},
		{"GET", "/api/programs?pagination[start]=0&pagination[limit]=1&pagination[withCount]=false", nil, false, 200},
		{"GET", "/api/v2/programs?filters[customer][name][$eq]=Acme&fields=title,status", nil, false, 200},
		{"GET", "/api/v1/programs/" + id["program"] + "?populate[customer]=true&populate[modules][count]=true", nil, false, 200},
		{"GET", "/api/v2/programs/" + id["program"] + "?populate[coaches][count]=true", nil, false, 200},
		{"GET", "/api/v1/customers/" + id["customer"] + "?populate[programs][count]=true", nil, false, 200},
		{"GET", "/api/v2/categories?populate=parent,children", nil, true, 200},
		{"GET", "/api/v2/blueprints?status=draft", nil, false, 200},
		{"GET", "/api/v2/coaches?populate=user", nil, false, 200},
		{"GET", "/api/v1/coaches?populate=user", nil, false, 200},
		{"GET", "/api/v2/availabilities", nil, false, 200},
		{"POST", "/api/v2/programs", map[string]any{"data": map[string]any{"title": "Made", "customer": id["customer"], "coaches": map[string]any{"connect": []any{id["coach"]}}}}, false, 201},
		{"POST", "/api/v1/programs?populate=customer", map[string]any{"data": map[string]any{"title": "Made v1", "customer": 1, "capacity": 3}}, false, 201},
		{"PUT", "/api/v1/programs/" + id["program"], map[string]any{"data": map[string]any{"capacity": 12}}, false, 200},
		{"PUT", "/api/v2/programs/" + id["program"], map[string]any{"data": map[string]any{"status": "published", "startDate": "2026-01-05"}}, false, 200},
		{"DELETE", "/api/v2/programs/" + id["spare"], nil, false, 204},
		{"DELETE", "/api/v1/programs/" + id["spare2"], nil, false, 200},
		{"GET", "/api/v2/programs/nope", nil, false, 404},
		{"POST", "/api/v2/programs", map[string]any{"data": map[string]any{"capacity": 0}}, false, 400},
		{"GET", "/api/v2/programs?bogus=1", nil, false, 400},
		{"GET", "/api/v2/programs", nil, true, 401},
		{"POST", "/api/auth/local", map[string]any{"identifier": "admin@kiln.test", "password": "Passw0rd!"}, true, 200},
		{"POST", "/api/auth/local", map[string]any{"identifier": "admin@kiln.test", "password": "wrong"}, true, 400},
		{"POST", "/api/auth/forgot-password", map[string]any{"email": "nobody@kiln.test"}, true, 200},
		{"GET", "/api/users/me?populate=role", nil, false, 200},
		{"GET", "/api/users", nil, false, 200},
		{"GET", "/api/users/1?populate=role", nil, false, 200},
		{"POST", "/api/users", map[string]any{"username": "new", "email": "new@kiln.test"}, false, 201},
		{"GET", "/api/users-permissions/roles", nil, false, 200},
		{"POST", "/api/admin/api-tokens", map[string]any{"name": "docs", "type": "custom", "permissions": []string{"program.find"}, "lifespan": 3600000}, false, 201},
		{"GET", "/api/admin/api-tokens", nil, false, 200},
		{"GET", "/api/admin/api-tokens/1", nil, false, 200},
		{"POST", "/api/admin/api-tokens", map[string]any{"name": "docs", "type": "read-only"}, false, 400},
		{"DELETE", "/api/admin/api-tokens/1", nil, false, 200},
		{"GET", "/api/admin/api-tokens/1", nil, false, 404},
		{"GET", "/api/admin/api-tokens", nil, true, 401},
		{"GET", "/api/categories/tree", nil, true, 200},
		{"POST", "/api/v1/blueprints/" + id["blueprint"] + "/instantiate", map[string]any{"customer": id["customer"], "startDate": "2026-09-07"}, false, 201},
		{"POST", "/api/v2/blueprints/" + id["blueprint"] + "/instantiate", map[string]any{"customer": id["customer"]}, false, 201},
		{"GET", "/api/analytics/dashboard", nil, false, 200},
		{"GET", "/api/v1/analytics/programs/" + id["program"], nil, false, 200},
		{"GET", "/api/hello", nil, false, 200},
		{"GET", "/api/events/me?from=2026-01-01&to=2026-12-31", nil, false, 200},
		{"GET", "/api/v1/events/" + id["event"] + "/ics", nil, false, 200},
		{"POST", "/api/v2/events/" + id["event"] + "/sync", map[string]any{}, false, 200},
		{"POST", "/api/v1/programs/" + id["program"] + "/events/sync", nil, false, 200},
		{"PUT", "/api/v1/events/" + id["event"] + "/attendance/" + id["learner"], map[string]any{"status": "attended"}, false, 200},
		{"POST", "/api/calendar/token", nil, false, 200},
		{"GET", "/api/versions", nil, true, 200},
		{"GET", "/api/v1/openapi.json", nil, true, 200},
		{"GET", "/api/docs", nil, true, 200},
		{"GET", "/api/docs/kiln-docs.js", nil, true, 200},
	}
	for _, c := range calls {
		name := docOf(c.path)
		req, resp := send(t, h, c)
		vreq, _ := send(t, h, c) // the same request, unread, for the request check
		if resp.StatusCode != c.status {
			body, _ := io.ReadAll(resp.Body)
			t.Errorf("%s %s: %d, want %d: %s", c.method, c.path, resp.StatusCode, c.status, body)
			continue
		}
		ok, errs := validators[name].ValidateHttpResponse(req, resp)
		key, _, _ := strings.Cut(c.method+" "+c.path, "?")
		switch gap, known := knownGaps[key]; {
		case known && ok:
			t.Errorf("%s: the known gap is fixed (%s): remove it from knownGaps", key, gap)
		case known:
			t.Logf("%s: known gap, %s:%s", key, gap, describe(errs))
		case !ok:
			t.Errorf("%s %s (%s document): the answer does not match:%s", c.method, c.path, name, describe(errs))
		}
		if c.status >= 400 {
			continue // the request is wrong on purpose
		}
		if ok, errs := validators[name].ValidateHttpRequest(vreq); !ok {
			t.Errorf("%s %s (%s document): the request does not match:%s", c.method, c.path, name, describe(errs))
		}
	}
}

// knownGaps are answers that do not match what their plugin declares,
// each reported to the plugin's owner. The test logs them and fails once
// one is fixed, so that its entry goes.
var knownGaps = map[string]string{}

// docOf names the document that describes a path.
func docOf(path string) string {
	switch {
	case strings.HasPrefix(path, "/api/v1/"):
		return "v1"
	case strings.HasPrefix(path, "/api/v2/"):
		return "v2"
	}
	return "latest"
}

// send makes the request through the real fiber stack.
func send(t *testing.T, h *apptest.Harness, c call) (*http.Request, *http.Response) {
	t.Helper()
	var raw []byte
	if c.body != nil {
		raw, _ = json.Marshal(c.body)
	}
	req := httptest.NewRequest(c.method, c.path, bytes.NewReader(raw))
	if c.body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if !c.anonymous {
		req.Header.Set("Authorization", "Bearer "+h.AdminToken)
	}
	resp, err := h.App.Fiber.Test(req, -1)
	if err != nil {
		t.Fatalf("%s %s: %v", c.method, c.path, err)
	}
	// The validator reads the request's body too: give it a fresh one.
	vreq := httptest.NewRequest(c.method, c.path, bytes.NewReader(raw))
	vreq.Header = req.Header.Clone()
	return vreq, resp
}

// describe lists validation errors with their schema failures.
func describe(errs []*verrors.ValidationError) string {
	var b strings.Builder
	for _, e := range errs {
		fmt.Fprintf(&b, "\n  %s: %s", e.Message, e.Reason)
		for _, f := range e.SchemaValidationErrors {
			fmt.Fprintf(&b, "\n    at %s (%s): %s", f.FieldPath, f.KeywordLocation, f.Reason)
		}
	}
	return b.String()
}
