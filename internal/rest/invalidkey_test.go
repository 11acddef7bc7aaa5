package rest_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/auth"
	"github.com/kiln-cms/kiln/internal/rest"
)

// envelope decodes an error answer into a comparable value.
func envelope(t *testing.T, r *apptest.Response) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(r.Body, &m); err != nil {
		t.Fatalf("not JSON (%v): %s", err, r.Body)
	}
	return m
}

// badRequest is the error envelope of a 400 ValidationError.
func badRequest(message string, details map[string]any) map[string]any {
	return map[string]any{"data": nil, "error": map[string]any{
		"status": float64(400), "name": "ValidationError", "message": message, "details": details}}
}

// asJSON turns a []string into what JSON decoding gives back.
func asJSON(list []string) []any {
	out := make([]any, len(list))
	for i, s := range list {
		out[i] = s
	}
	return out
}

// TestPopulateNotPermitted: for every role of config/permissions.yaml,
// every type it may list and every relation of it, populating the relation
// answers when the role may list the relation's target, and otherwise
// answers without it, as Strapi 5.54's sanitizer drops a populate the
// role may not read (a filter on it stays a 400). Which
// targets a role may read is asked of the server another way: by listing
// the target's own route as that role.
func TestPopulateNotPermitted(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		policy := h.App.Security.Policy
		findRoute := map[*schema.ContentType]string{}
		for _, ct := range h.App.Schema.Types {
			for _, row := range h.App.Routes {
				if row.Method == "GET" && row.Action == rest.ActionOf(ct, "find") {
					findRoute[ct] = row.Listed()
				}
			}
		}
		checked := 0
		for _, role := range policy.Roles() {
			who := []string{"Authorization", apptest.Anonymous}
			if role.Type != auth.Public {
				who = []string{"Authorization", "Bearer " + h.CreateUser("as-"+role.Type, role.Type+"@populate.test", role.Type)}
			}
			lists := func(ct *schema.ContentType) bool {
				path, ok := findRoute[ct]
				return ok && h.Do("GET", path+"?pagination[pageSize]=1", nil, who...).Status == 200
			}
			for _, ct := range h.App.Schema.Types {
				if ct.Builtin || ct.Kind != schema.CollectionType || !lists(ct) {
					continue
				}
				for _, a := range ct.Attributes {
					if !a.IsRelation() || a.IsPrivate() {
						continue
					}
					checked++
					path := "/api/" + ct.Plural + "?pagination[pageSize]=1&populate[" + a.Name + "]=true"
					r := h.Do("GET", path, nil, who...)
					if lists(a.TargetType) {
						if r.Status != 200 {
							t.Errorf("%s: %s: %d %s", role.Type, path, r.Status, r.Body)
						}
						continue
					}
					if r.Status != 200 {
						t.Errorf("%s: %s: %d %s, want 200 without %s", role.Type, path, r.Status, r.Body, a.Name)
						continue
					}
					for _, e := range r.JSON(t)["data"].([]any) {
						if _, ok := e.(map[string]any)[a.Name]; ok {
							t.Errorf("%s: %s: the answer holds %s: %s", role.Type, path, a.Name, r.Body)
						}
					}
					filter := "/api/" + ct.Plural + "?filters[" + a.Name + "][id][$eq]=1"
					want := badRequest("Invalid key "+a.Name, map[string]any{"key": a.Name, "path": a.Name, "source": "query",
						"param": "filters", "reason": "not permitted: you may not read " + a.TargetType.Name})
					if got := envelope(t, h.Do("GET", filter, nil, who...)); !reflect.DeepEqual(got, want) {
						t.Errorf("%s: %s:\n got %v\nwant 400 %v", role.Type, filter, got, want)
					}
				}
			}
		}
		if checked < 100 {
			t.Errorf("only %d populates checked", checked)
		}
	})
}

// TestInvalidKeyNamesTheValidOnes: an unknown key keeps Strapi's message
// and status, and its details list what is valid at that place and the
// closest name, in the query (a field, an operator, a populate, a sort, a
// pagination key) and in a write body; a private field reads as unknown
// and is not listed.
func TestInvalidKeyNamesTheValidOnes(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		program := h.App.Schema.Type("program")
		// What each place takes on program, which has no private field and
		// whose relations the admin may all read.
		var scalars, sortable, filterNames, relations, bodyNames []any
		for _, a := range schema.SystemFields[:2] {
			scalars, sortable, filterNames = append(scalars, a.Name), append(sortable, a.Name), append(filterNames, a.Name)
		}
		for _, a := range program.Attributes {
			filterNames = append(filterNames, a.Name)
			bodyNames = append(bodyNames, a.Name)
			if a.IsRelation() {
				relations = append(relations, a.Name)
			} else {
				scalars = append(scalars, a.Name)
			}
			sortable = append(sortable, a.Name) // to-many relations too: Strapi sorts through them
		}
		for _, a := range schema.SystemFields[2:] {
			scalars, sortable, filterNames = append(scalars, a.Name), append(sortable, a.Name), append(filterNames, a.Name)
		}
		filterNames = append(filterNames, "$and", "$or", "$not")
		// The admin may read roles, so the user's role is among them; its
		// password is not.
		learnerUser := []any{"id", "documentId", "username", "email", "provider", "confirmed", "blocked", "role", "createdAt", "updatedAt", "publishedAt", "$and", "$or", "$not"}
		ops := asJSON([]string{"$eq", "$eqi", "$ne", "$nei", "$lt", "$lte", "$gt", "$gte", "$in", "$notIn",
			"$contains", "$notContains", "$containsi", "$notContainsi", "$null", "$notNull", "$between",
			"$startsWith", "$startsWithi", "$endsWith", "$endsWithi", "$and", "$or", "$not"})
		query := func(key, path, param string, valid []any, closest string) map[string]any {
			d := map[string]any{"key": key, "path": path, "source": "query", "param": param, "valid": valid}
			if path == "" {
				d["path"] = nil
			}
			if closest != "" {
				d["closest"] = closest
			}
			return d
		}
		for _, tc := range []struct {
			method, path string
			body         any
			message      string
			details      map[string]any
		}{
			{"GET", "/api/programs?filters[titel][$eq]=x", nil, "Invalid key titel", query("titel", "titel", "filters", filterNames, "title")},
			{"GET", "/api/programs?filters[title][$eqq]=x", nil, "Invalid key $eqq at title", query("$eqq", "title.$eqq", "filters", ops, "$eq")},
			{"GET", "/api/programs?fields[0]=Title", nil, "Invalid key Title", query("Title", "Title", "fields", scalars, "title")},
			{"GET", "/api/programs?sort=capacty:desc", nil, "Invalid key capacty", query("capacty", "capacty", "sort", sortable, "capacity")},
			{"GET", "/api/programs?populate=modlues", nil, "Invalid key modlues", query("modlues", "modlues", "populate", relations, "modules")},
			{"GET", "/api/programs?populate[modules][feilds][0]=title", nil, "Invalid key feilds at modules",
				query("feilds", "modules.feilds", "populate", asJSON([]string{"populate", "fields", "filters", "sort", "count"}), "fields")},
			{"GET", "/api/programs?pagination[pagesize]=5", nil, "Invalid key pagesize at pagination",
				query("pagesize", "pagination.pagesize", "pagination", asJSON([]string{"page", "pageSize", "start", "limit", "withCount"}), "pageSize")},
			{"GET", "/api/learners?filters[user][password][$null]=true", nil, "Invalid key password at user",
				query("password", "user.password", "filters", learnerUser, "")},
			{"POST", "/api/programs", map[string]any{"data": map[string]any{"titel": "x"}}, "Invalid key titel",
				map[string]any{"key": "titel", "path": "titel", "source": "body", "param": "data", "valid": bodyNames, "closest": "title"}},
			{"POST", "/api/programs", map[string]any{"data": map[string]any{"title": "x", "coaches": map[string]any{"conect": []any{1}}}}, "Invalid key conect at coaches",
				map[string]any{"key": "conect", "path": "coaches.conect", "source": "body", "param": "data",
					"valid": asJSON([]string{"connect", "disconnect", "set", "options"}), "closest": "connect"}},
			{"POST", "/api/programs", map[string]any{"dta": map[string]any{"title": "x"}}, "Invalid key dta",
				map[string]any{"key": "dta", "path": "dta", "source": "body", "param": "", "valid": []any{"data"}, "closest": "data"}},
		} {
			r := h.Do(tc.method, tc.path, tc.body)
			want := badRequest(tc.message, tc.details)
			if got := envelope(t, r); r.Status != 400 || !reflect.DeepEqual(got, want) {
				t.Errorf("%s %s %v:\n got %d %v\nwant 400 %v", tc.method, tc.path, tc.body, r.Status, got, want)
			}
		}
	})
}
