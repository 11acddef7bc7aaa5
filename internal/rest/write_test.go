package rest_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
)

// relIDs reads the ids of a populated relation of a single-entry response.
func relIDs(t *testing.T, r *apptest.Response, field string) []int {
	t.Helper()
	data, _ := r.JSON(t)["data"].(map[string]any)
	var out []int
	add := func(v any) {
		n, _ := v.(map[string]any)["id"].(json.Number).Int64()
		out = append(out, int(n))
	}
	switch v := data[field].(type) {
	case []any:
		for _, e := range v {
			add(e)
		}
	case map[string]any:
		add(v)
	case nil:
	default:
		t.Fatalf("%s is %T: %s", field, v, r.Body)
	}
	sort.Ints(out)
	if out == nil {
		out = []int{}
	}
	return out
}

func str(t *testing.T, r *apptest.Response, path ...string) string {
	t.Helper()
	var v any = r.JSON(t)
	for _, p := range path {
		m, ok := v.(map[string]any)
		if !ok {
			t.Fatalf("no %v in %s", path, r.Body)
		}
		v = m[p]
	}
	return fmt.Sprint(v)
}

// TestCreateUpdateDeleteWithEveryRelationForm sets relations by id,
// documentId, list, connect, disconnect and set, on each relation kind.
func TestCreateUpdateDeleteWithEveryRelationForm(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		fixture(t, h)
		acmeDoc := str(t, h.Do("GET", "/api/customers/1", nil), "data", "documentId")
		// manyToOne by documentId, manyToMany by id list.
		r := h.Do("POST", "/api/programs?populate=*", map[string]any{"data": map[string]any{
			"title": "New program", "customer": acmeDoc, "coaches": []any{1, 2}}})
		if r.Status != 201 {
			t.Fatalf("create: %d %s", r.Status, r.Body)
		}
		if got := relIDs(t, r, "customer"); !reflect.DeepEqual(got, []int{1}) {
			t.Errorf("customer %v", got)
		}
		if got := relIDs(t, r, "coaches"); !reflect.DeepEqual(got, []int{1, 2}) {
			t.Errorf("coaches %v", got)
		}
		if s := str(t, r, "data", "slug"); s != "new-program" {
			t.Errorf("slug %q, want new-program", s)
		}
		if s := str(t, r, "data", "status"); s != "draft" {
			t.Errorf("default status %q", s)
		}
		doc := str(t, r, "data", "documentId")
		if len(doc) != 24 {
			t.Errorf("documentId %q is not 24 characters", doc)
		}
		steps := []struct {
			body  map[string]any
			field string
			want  []int
		}{
			{map[string]any{"coaches": map[string]any{"disconnect": []any{1}}}, "coaches", []int{2}},
			{map[string]any{"coaches": map[string]any{"connect": []any{map[string]any{"id": 1}}}}, "coaches", []int{1, 2}},
			{map[string]any{"coaches": map[string]any{"set": []any{2}}}, "coaches", []int{2}},
			{map[string]any{"coaches": []any{}}, "coaches", []int{}},
			{map[string]any{"customer": nil}, "customer", []int{}},
			{map[string]any{"customer": map[string]any{"connect": []any{3}}}, "customer", []int{3}},
			{map[string]any{"modules": []any{1, 2}}, "modules", []int{1, 2}},
			{map[string]any{"modules": map[string]any{"disconnect": []any{2}}}, "modules", []int{1}},
			{map[string]any{"enrollments": map[string]any{"connect": []any{}}}, "enrollments", []int{}},
		}
		for _, s := range steps {
			r := h.Do("PUT", "/api/programs/"+doc+"?populate=*", map[string]any{"data": s.body})
			if r.Status != 200 {
				t.Fatalf("update %v: %d %s", s.body, r.Status, r.Body)
			}
			if got := relIDs(t, r, s.field); !reflect.DeepEqual(got, s.want) {
				t.Errorf("after %v: %s = %v, want %v", s.body, s.field, got, s.want)
			}
			if str(t, r, "data", "title") != "New program" {
				t.Errorf("partial update changed the title: %s", r.Body)
			}
		}
		// The mapped side of a manyToMany and of a manyToOne see the change.
		if got := relIDs(t, h.Do("GET", "/api/modules/2?populate=program", nil), "program"); !reflect.DeepEqual(got, []int{}) {
			t.Errorf("module 2 was disconnected: program %v, want none", got)
		}
		if got := relIDs(t, h.Do("GET", "/api/modules/1?populate=program", nil), "program"); !reflect.DeepEqual(got, []int{5}) {
			t.Errorf("module 1 program %v, want [5]", got)
		}
		if got := relIDs(t, h.Do("GET", "/api/coaches/2?populate=programs", nil), "programs"); !reflect.DeepEqual(got, []int{1}) {
			t.Errorf("coach 2 programs %v", got)
		}
		// Numeric id addresses the record as well as the documentId.
		if r := h.Do("GET", "/api/programs/5", nil); r.Status != 200 || str(t, r, "data", "documentId") != doc {
			t.Errorf("by numeric id: %d %s", r.Status, r.Body)
		}
		// Delete: 204 and no body in v2; then 404 for every action.
		if r := h.Do("DELETE", "/api/programs/"+doc, nil); r.Status != 204 || len(r.Body) != 0 {
			t.Fatalf("delete v2: %d %q", r.Status, r.Body)
		}
		for _, m := range []string{"GET", "PUT", "DELETE"} {
			r := h.Do(m, "/api/programs/"+doc, map[string]any{"data": map[string]any{}})
			if st, name, _ := errorOf(t, r); r.Status != 404 || st != 404 || name != "NotFoundError" {
				t.Errorf("%s after delete: %d %s", m, r.Status, r.Body)
			}
		}
		// v1 delete answers 200 with the deleted entry.
		r = h.Do("DELETE", "/api/v1/sessions/4", nil)
		if r.Status != 200 || str(t, r, "data", "attributes", "title") != "Cold calls" {
			t.Errorf("delete v1: %d %s", r.Status, r.Body)
		}
		// Deleting an event removes its join rows: learner 3 has no events.
		h.Do("DELETE", "/api/events/2", nil)
		if got := relIDs(t, h.Do("GET", "/api/learners/3?populate=events", nil), "events"); len(got) != 0 {
			t.Errorf("learner 3 events after delete: %v", got)
		}
	})
}

// TestValidationErrors asserts the exact ValidationError of each failing
// rule, all failing fields at once.
func TestValidationErrors(t *testing.T) {
	t.Parallel()
	type fe struct{ path, message string }
	cases := []struct {
		name, path string
		body       any
		message    string
		errors     []fe
	}{
		{"required", "/api/programs", map[string]any{"data": map[string]any{}}, "title must be defined.",
			[]fe{{"title", "title must be defined."}}},
		{"several", "/api/programs", map[string]any{"data": map[string]any{
			"title": strings.Repeat("x", 201), "capacity": 0, "status": "nope"}}, "3 errors occurred",
			[]fe{{"title", "title must be at most 200 characters"},
				{"status", "status must be one of the following values: draft, published, archived"},
				{"capacity", "capacity must be greater than or equal to 1"}}},
		{"types", "/api/programs", map[string]any{"data": map[string]any{
			"title": 5, "capacity": "many", "startDate": "tomorrow"}}, "3 errors occurred",
			[]fe{{"title", "title must be a string"}, {"startDate", "startDate must be a date (YYYY-MM-DD)"}, {"capacity", "capacity must be an integer"}}},
		// Every kind of failure in one answer, in the schema's field order
		// (yup sorts its errors by key order): a missing required field, a
		// taken unique value, a rule, a wrong type and a relation to nothing.
		{"all at once", "/api/coaches", map[string]any{"data": map[string]any{
			"email": "ada@coach.test", "rating": 9, "active": "yes", "learners": []int{99}}}, "5 errors occurred",
			[]fe{{"name", "name must be defined."}, {"email", "This attribute must be unique"},
				{"rating", "rating must be less than or equal to 5"}, {"active", "active must be a boolean"},
				{"learners", `learners: no learner with id or documentId "99"`}}},
		{"unique", "/api/customers", map[string]any{"data": map[string]any{"name": "Acme"}}, "This attribute must be unique",
			[]fe{{"name", "This attribute must be unique"}}},
		{"email", "/api/coaches", map[string]any{"data": map[string]any{"name": "C", "email": "not-an-email"}}, "email must be a valid email",
			[]fe{{"email", "email must be a valid email"}}},
		{"regex", "/api/events", map[string]any{"data": map[string]any{"title": "E", "startAt": "2026-05-01T10:00:00Z",
			"endAt": "2026-05-01T11:00:00Z", "meetingUrl": "ftp://x"}}, `meetingUrl must match the following: "/^https?://[^/?#\s]+[^\s]*$/"`,
			[]fe{{"meetingUrl", `meetingUrl must match the following: "/^https?://[^/?#\s]+[^\s]*$/"`}}},
		{"range", "/api/blueprints", map[string]any{"data": map[string]any{"title": "B", "durationWeeks": 105}},
			"durationWeeks must be less than or equal to 104", []fe{{"durationWeeks", "durationWeeks must be less than or equal to 104"}}},
		{"missing relation", "/api/programs", map[string]any{"data": map[string]any{"title": "P", "customer": 99}},
			`customer: no customer with id or documentId "99"`, []fe{{"customer", `customer: no customer with id or documentId "99"`}}},
	}
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		fixture(t, h)
		for _, tc := range cases {
			r := h.Do("POST", tc.path, tc.body)
			st, name, msg := errorOf(t, r)
			if r.Status != 400 || st != 400 || name != "ValidationError" || msg != tc.message {
				t.Errorf("%s: %d %s %q, want 400 ValidationError %q", tc.name, r.Status, name, msg, tc.message)
				continue
			}
			list := r.JSON(t)["error"].(map[string]any)["details"].(map[string]any)["errors"].([]any)
			var got []fe
			for _, e := range list {
				m := e.(map[string]any)
				got = append(got, fe{fmt.Sprint(m["path"].([]any)[0]), fmt.Sprint(m["message"])})
				if m["name"] != "ValidationError" {
					t.Errorf("%s: error name %v", tc.name, m["name"])
				}
			}
			if !reflect.DeepEqual(got, tc.errors) {
				t.Errorf("%s: errors %v, want %v", tc.name, got, tc.errors)
			}
		}
		// Nothing was written by any failing create.
		if r := h.Do("GET", "/api/programs?pagination[withCount]=true", nil); metaPagination(t, r) != `{"page":1,"pageSize":25,"pageCount":1,"total":4}` {
			t.Errorf("a failed create wrote a row: %s", metaPagination(t, r))
		}
	})
}
