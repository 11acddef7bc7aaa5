package rest_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
)

// strapiCase is one request and the ids a real Strapi 5 (5.54 on
// PostgreSQL) answered for the same data, in its order.
type strapiCase struct {
	path string
	want []int64
}

// checkOrder runs the cases and compares the ids of the list's entries, or
// with rel set, of the first entry's populated relation rel.
func checkOrder(t *testing.T, h *apptest.Harness, rel string, cases []strapiCase) {
	t.Helper()
	for _, c := range cases {
		r := h.Do("GET", c.path, nil)
		if r.Status != 200 {
			t.Errorf("%s: %d %s", c.path, r.Status, r.Body)
			continue
		}
		var got []int64
		if rel == "" {
			got = h.IDs(r)
		} else {
			got = relatedIDs(h, r, rel)
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: ids %v, want %v (Strapi's)", c.path, got, c.want)
		}
	}
}

// relatedIDs are the ids of relation rel of the first entry of a list.
func relatedIDs(h *apptest.Harness, r *apptest.Response, rel string) []int64 {
	h.T.Helper()
	list, _ := r.JSON(h.T)["data"].([]any)
	if len(list) == 0 {
		h.T.Fatalf("no entries: %s", r.Body)
	}
	items, _ := list[0].(map[string]any)[rel].([]any)
	out := []int64{}
	for _, e := range items {
		out = append(out, h.IDOf(e))
	}
	return out
}

// TestNullsSortAsStrapi: NULLs come last ascending and first descending, on
// a column, through a relation path (no relation is NULL) and inside a
// populate, on both databases — what Strapi 5 answers on PostgreSQL.
// Strapi answered the same data (its ids differ; mapped here):
// sort=capacity:asc → 10, 12, 25, null, null; customer.name:desc → the
// program without customer first; populate[programs][sort]=capacity:asc →
// 10, 25, null.
func TestNullsSortAsStrapi(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		h.Create("/api/customers", map[string]any{"name": "Acme Corp"})
		h.Create("/api/customers", map[string]any{"name": "globex"})
		h.Create("/api/programs", map[string]any{"title": "P1", "capacity": 10, "customer": 1})
		h.Create("/api/programs", map[string]any{"title": "P2", "customer": 1})
		h.Create("/api/programs", map[string]any{"title": "P3", "capacity": 25, "customer": 1})
		h.Create("/api/programs", map[string]any{"title": "P4", "capacity": 12, "customer": 2})
		h.Create("/api/programs", map[string]any{"title": "Orphan"})
		checkOrder(t, h, "", []strapiCase{
			{"/api/programs?sort=capacity:asc", []int64{1, 4, 3, 2, 5}},
			{"/api/programs?sort=capacity:desc", []int64{2, 5, 3, 4, 1}},
			{"/api/programs?sort=customer.name:asc", []int64{1, 2, 3, 4, 5}},
			{"/api/programs?sort=customer.name:desc", []int64{5, 4, 1, 2, 3}},
			{"/api/programs?sort[0]=capacity:desc&sort[1]=title:desc", []int64{2, 5, 3, 4, 1}},
		})
		checkOrder(t, h, "programs", []strapiCase{
			{"/api/customers?filters[name][$eq]=Acme%20Corp&populate[programs][sort]=capacity:asc", []int64{1, 3, 2}},
			{"/api/customers?filters[name][$eq]=Acme%20Corp&populate[programs][sort]=capacity:desc", []int64{2, 3, 1}},
		})
	})
}

// TestJSONFiltersAsStrapi: the equality operators compare json documents as
// jsonb does, the text operators match the document's jsonb text (", "
// between items, keys by length then bytes), on both databases. The wants
// are Strapi 5's answers on the same coaches (ids equal).
func TestJSONFiltersAsStrapi(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		for i, e := range []string{
			`["leadership", "career"]`, `["resilience", "communication"]`, `["career", "feedback"]`,
			`["communication", "conflict"]`, `["feedback", "strategy"]`, `["conflict", "leadership"]`,
			`["strategy", "resilience"]`, `["leadership", "career"]`,
			`{"bb":1.5,"a":[1000,"Xé"],"c":null}`, // as JSON.stringify sends it
		} {
			h.Create("/api/coaches", map[string]any{"name": "C", "email": fmt.Sprintf("c%d@coach.test", i),
				"expertise": json.RawMessage(e)})
		}
		h.Create("/api/coaches", map[string]any{"name": "None", "email": "none@coach.test"})
		const f = "/api/coaches?filters[expertise]"
		checkOrder(t, h, "", []strapiCase{
			{f + "[$containsi]=LEADER", []int64{1, 6, 8}},
			{f + "[$notContainsi]=LEADER", []int64{2, 3, 4, 5, 7, 9}},
			{f + `[$endsWithi]=R%22%5D`, []int64{1, 8}},
			{f + `[$startsWithi]=%5B%22LEAD`, []int64{1, 8}},
			{f + `[$eq]=%5B%22leadership%22%2C%20%22career%22%5D`, []int64{1, 8}},
			{f + `[$eq]=%5B%22leadership%22%2C%22career%22%5D`, []int64{1, 8}},
			{f + `[$eqi]=%5B%22LEADERSHIP%22%2C%20%22career%22%5D`, []int64{1, 8}},
			{f + `[$eqi]=%5B%22LEADERSHIP%22%2C%22career%22%5D`, []int64{}},
			{f + `[$ne]=%5B%22leadership%22%2C%22career%22%5D`, []int64{2, 3, 4, 5, 6, 7, 9}},
			{f + `[$nei]=%5B%22LEADERSHIP%22%2C%20%22career%22%5D`, []int64{2, 3, 4, 5, 6, 7, 9}},
			{f + `[$in][0]=%5B%22leadership%22%2C%22career%22%5D&filters[expertise][$in][1]=%5B%22career%22%2C%22feedback%22%5D`, []int64{1, 3, 8}},
			{f + `[$notIn][0]=%5B%22leadership%22%2C%22career%22%5D`, []int64{2, 3, 4, 5, 6, 7, 9}},
			{f + `[$containsi]=%22%2C%20%22`, []int64{1, 2, 3, 4, 5, 6, 7, 8}},
			{f + `[$containsi]=%22%2C%22`, []int64{}},
			{f + `[$eq]=%7B%22c%22%3Anull%2C%22bb%22%3A1.50%2C%22a%22%3A%5B1e3%2C%22X%5Cu00e9%22%5D%7D`, []int64{9}},
			{f + `[$startsWithi]=%7B%22a%22%3A%20%5B1000%2C%20%22x%C3%A9%22%5D%2C%20%22c%22`, []int64{9}},
			{f + `[$endsWithi]=%22bb%22%3A%201.5%7D`, []int64{9}},
			{f + `[$eq]=%5B%5D`, []int64{}},
			{f + `[$eq]=%22x%22`, []int64{}},
			{f + `[$eq][0]=%5B%22fr%22%5D&filters[expertise][$eq][1]=%5B%22career%22%2C%22feedback%22%5D`, []int64{3}},
			{f + `[$null]=true`, []int64{10}},
			// Strapi answers 500 to the case-sensitive text operators on
			// jsonb; Kiln matches the same text, case-sensitively.
			{f + "[$contains]=leader", []int64{1, 6, 8}},
			{f + "[$contains]=LEADER", []int64{}},
			{f + `[$startsWith]=%5B%22lead`, []int64{1, 8}},
			{f + `[$endsWith]=%22%5D`, []int64{1, 2, 3, 4, 5, 6, 7, 8}},
			{f + "[$notContains]=leader", []int64{2, 3, 4, 5, 7, 9}},
		})
		// Where Strapi answers 500 (not JSON) or orders jsonb ($gt), a 400.
		for _, q := range []string{f + "[$eq]=leadership", f + "[$ne]=leadership", f + "[$gt]=1", f + "[$lt]=%5B%22c"} {
			r := h.Do("GET", q, nil)
			if st, name, _ := errorOf(t, r); r.Status != 400 || st != 400 || name != "ValidationError" {
				t.Errorf("%s: %d %s %s", q, r.Status, name, r.Body)
			}
		}
	})
}

// TestLocaleAsStrapi: no Kiln type is localised, and Strapi 5 answers a
// type without localisation the same for any locale code, on a list, one
// entry, a write's query and data.locale (a string or null; another type
// is a 400). Kiln refuses what is not a locale code (Strapi ignores that
// too) and, as Strapi, locale inside populate or filters.
func TestLocaleAsStrapi(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		h.Create("/api/customers", map[string]any{"name": "Acme Corp"})
		h.Create("/api/customers", map[string]any{"name": "globex", "locale": "fr"})
		h.Create("/api/customers", map[string]any{"name": "Initech", "locale": nil})
		checkOrder(t, h, "", []strapiCase{
			{"/api/customers?locale=en", []int64{1, 2, 3}},
			{"/api/customers?locale=fr", []int64{1, 2, 3}},
			{"/api/customers?locale=all", []int64{1, 2, 3}},
			{"/api/customers?locale=*", []int64{1, 2, 3}},
			{"/api/customers?locale=", []int64{1, 2, 3}},
			{"/api/customers?locale=EN", []int64{1, 2, 3}},
			{"/api/customers?locale=xx-YY-zz", []int64{1, 2, 3}},
		})
		doc := h.Do("GET", "/api/customers/1", nil).JSON(t)["data"].(map[string]any)["documentId"].(string)
		for _, c := range []struct {
			method, path string
			body         any
			status       int
		}{
			{"GET", "/api/customers/" + doc + "?locale=fr", nil, 200},
			{"GET", "/api/customers/" + doc + "?locale=all", nil, 200},
			{"PUT", "/api/customers/" + doc + "?locale=fr", map[string]any{"data": map[string]any{"industry": "X"}}, 200},
			{"PUT", "/api/customers/" + doc, map[string]any{"data": map[string]any{"industry": "Y", "locale": "de"}}, 200},
			{"POST", "/api/customers?locale=fr", map[string]any{"data": map[string]any{"name": "L2"}}, 201},
		} {
			if r := h.Do(c.method, c.path, c.body); r.Status != c.status {
				t.Errorf("%s %s: %d %s, want %d", c.method, c.path, r.Status, r.Body, c.status)
			}
		}
		// Strapi: 400 ValidationError "locale must be a `string` type, but
		// the final value was: `5`." with the same path.
		r := h.Do("POST", "/api/customers", map[string]any{"data": map[string]any{"name": "L6", "locale": 5}})
		if st, name, msg, det := h.ErrorOf(r); st != 400 || name != "ValidationError" || msg != "locale must be a string" ||
			fmt.Sprint(det["errors"]) != "[map[message:locale must be a string name:ValidationError path:[locale] value:5]]" {
			t.Errorf("data.locale=5: %d %s %q %v", st, name, msg, det)
		}
		for _, q := range []string{
			"locale=../../x", "locale[$ne]=en", "locale[0]=en&locale[1]=fr", // Strapi: ignored
			"populate[customer][locale]=fr", "filters[locale][$eq]=en", "fields[0]=locale", "sort=locale", // Strapi: 400 too
		} {
			r := h.Do("GET", "/api/programs?"+q, nil)
			if st, name, _ := errorOf(t, r); r.Status != 400 || st != 400 || name != "ValidationError" {
				t.Errorf("?%s: %d %s %s", q, r.Status, name, r.Body)
			}
		}
	})
}

// TestConnectPositionAsStrapi replays, request by request, what Strapi 5
// answered on program.coaches (a manyToMany) and on its other side,
// coach.programs: set and connect keep the order given, connect puts an
// entry at its position (the end by default, moving one already linked),
// both sides keep their own order, and a connect from one side goes to the
// end of the other side's list.
func TestConnectPositionAsStrapi(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		for i := 1; i <= 9; i++ {
			h.Create("/api/coaches", map[string]any{"name": fmt.Sprint("C", i), "email": fmt.Sprintf("c%d@coach.test", i)})
		}
		for i, cs := range [][]int{{1, 4}, {2, 5}, {3, 6}, {4, 7}, {}} {
			h.Create("/api/programs", map[string]any{"title": fmt.Sprint("P", i+1), "coaches": cs})
		}
		ord := h.Create("/api/programs", map[string]any{"title": "Ord", "coaches": []int{3, 1, 2}})
		put := func(path string, id int64, rel string, v any) *apptest.Response {
			return h.Do("PUT", path+"/"+docOf(h, path, id), map[string]any{"data": map[string]any{rel: v}})
		}
		coachesOf := func(id int64) []int64 {
			return relatedIDs(h, h.Do("GET", fmt.Sprintf("/api/programs?filters[id]=%d&populate[coaches][fields][0]=name", id), nil), "coaches")
		}
		at := func(id int, pos map[string]any) map[string]any { return map[string]any{"id": id, "position": pos} }
		steps := []struct {
			name string
			v    any
			want []int64
		}{
			{"set [3, 1, 2]", nil, []int64{3, 1, 2}},
			{"connect 5", map[string]any{"connect": []any{5}}, []int64{3, 1, 2, 5}},
			{"connect 4 at the start", map[string]any{"connect": []any{at(4, map[string]any{"start": true})}}, []int64{4, 3, 1, 2, 5}},
			{"connect 6 before 1", map[string]any{"connect": []any{at(6, map[string]any{"before": 1})}}, []int64{4, 3, 6, 1, 2, 5}},
			{"connect 7 after 3", map[string]any{"connect": []any{at(7, map[string]any{"after": 3})}}, []int64{4, 3, 7, 6, 1, 2, 5}},
			{"connect 4, linked, at the end", map[string]any{"connect": []any{at(4, map[string]any{"end": true})}}, []int64{3, 7, 6, 1, 2, 5, 4}},
			{"connect 2, linked, moves to the end", map[string]any{"connect": []any{2}}, []int64{3, 7, 6, 1, 5, 4, 2}},
			{"set [8, 1, 3]", map[string]any{"set": []any{8, 1, 3}}, []int64{8, 1, 3}},
			{"set [2, 8] as a list", []any{2, 8}, []int64{2, 8}},
			{"connect 5, then 6 before it", map[string]any{"connect": []any{5, at(6, map[string]any{"before": 5})}}, []int64{2, 8, 6, 5}},
			{"connect 7 before 2", map[string]any{"connect": []any{at(7, map[string]any{"before": 2})}}, []int64{7, 2, 8, 6, 5}},
			{"connect 1 after 8, disconnect 2", map[string]any{"connect": []any{at(1, map[string]any{"after": 8})}, "disconnect": []any{2}}, []int64{7, 8, 1, 6, 5}},
			{"start false is the end", map[string]any{"connect": []any{at(1, map[string]any{"start": false})}}, []int64{7, 8, 6, 5, 1}},
		}
		for _, s := range steps {
			if s.v != nil {
				if r := put("/api/programs", ord, "coaches", s.v); r.Status != 200 {
					t.Fatalf("%s: %d %s", s.name, r.Status, r.Body)
				}
			}
			if got := coachesOf(ord); !reflect.DeepEqual(got, s.want) {
				t.Errorf("%s: coaches %v, want %v (Strapi's)", s.name, got, s.want)
			}
		}
		// Refused, and nothing changes. Strapi: 400 "There was a problem
		// connecting relation with id 7 at position {"before":9,...}. The
		// relation with id 9 needs to be connected first." and 400
		// `Document with id "nope" ... not found`; before and after at once
		// is a 400 there too. A position that is not an object, or has
		// another key, Strapi ignores (the end).
		for _, v := range []map[string]any{
			{"connect": []any{at(7, map[string]any{"before": 9})}},
			{"connect": []any{at(7, map[string]any{"before": "nope"})}},
			{"connect": []any{at(3, map[string]any{"before": 5, "after": 8})}},
			{"connect": []any{map[string]any{"id": 3, "position": "start"}}},
			{"connect": []any{at(3, map[string]any{"foo": 1})}},
		} {
			r := put("/api/programs", ord, "coaches", v)
			if st, name, _ := errorOf(t, r); r.Status != 400 || st != 400 || name != "ValidationError" {
				t.Errorf("%v: %d %s %s", v, r.Status, name, r.Body)
			}
		}
		r := put("/api/programs", ord, "coaches", map[string]any{"connect": []any{at(7, map[string]any{"before": 9})}})
		if _, _, msg := errorOf(t, r); msg != `There was a problem connecting relation with id 7 at position {"before":9}. The relation with id 9 needs to be connected first.` {
			t.Errorf("message %q", msg)
		}
		if got := coachesOf(ord); !reflect.DeepEqual(got, []int64{7, 8, 6, 5, 1}) {
			t.Errorf("after the refusals: %v", got)
		}

		// The other side: coach 10's programs, connected from either side.
		x := h.Create("/api/coaches", map[string]any{"name": "X", "email": "x@coach.test"})
		programsOf := func() []int64 {
			return relatedIDs(h, h.Do("GET", fmt.Sprintf("/api/coaches?filters[id]=%d&populate[programs][fields][0]=title", x), nil), "programs")
		}
		for _, p := range []int64{1, 3, 2} {
			put("/api/programs", p, "coaches", map[string]any{"connect": []any{x}})
		}
		checkList(t, "X.programs, connected from the programs", programsOf(), []int64{1, 3, 2})
		checkList(t, "program 1's coaches: X at the end", coachesOf(1), []int64{1, 4, x})
		put("/api/coaches", x, "programs", map[string]any{"connect": []any{at(4, map[string]any{"start": true})}})
		checkList(t, "X connects 4 at the start", programsOf(), []int64{4, 1, 3, 2})
		checkList(t, "program 4's coaches: X at the end", coachesOf(4), []int64{4, 7, x})
		put("/api/coaches", x, "programs", map[string]any{"connect": []any{at(2, map[string]any{"before": 1})}})
		checkList(t, "X moves 2 before 1", programsOf(), []int64{4, 2, 1, 3})
		checkList(t, "program 2's coaches unchanged", coachesOf(2), []int64{2, 5, x})
		put("/api/coaches", x, "programs", []any{5, 3})
		checkList(t, "X sets [5, 3]", programsOf(), []int64{5, 3})
		checkList(t, "program 1 lost X", coachesOf(1), []int64{1, 4})
	})
}

func checkList(t *testing.T, what string, got, want []int64) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: %v, want %v (Strapi's)", what, got, want)
	}
}

// docOf is the documentId of entry id of the collection at path.
func docOf(h *apptest.Harness, path string, id int64) string {
	h.T.Helper()
	list, _ := h.Do("GET", fmt.Sprintf("%s?filters[id]=%d&fields[0]=id", path, id), nil).JSON(h.T)["data"].([]any)
	if len(list) != 1 {
		h.T.Fatalf("%s %d: no entry", path, id)
	}
	return list[0].(map[string]any)["documentId"].(string)
}
