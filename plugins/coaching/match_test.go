package coaching_test

import (
	"fmt"
	"reflect"
	"sort"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
)

// TestMatchRanking works out the fixture's scores by hand (docs/coaching.md:
// 0.35 expertise + 0.20 language + 0.15 timezone + 0.15 capacity + 0.15
// availability) for learner Li (leadership, communication, negotiation;
// en, de; Berlin, UTC+1 in January):
//
//	Flo: expertise 3/3 = 1, language 1, timezone |+4 - +1| = 3 h -> 1 - 3/12 = 0.75,
//	     capacity 10/10 = 1, availability 0 h (no rules) -> 0:
//	     0.35 + 0.20 + 0.1125 + 0.15 + 0 = 0.8125
//	Ada: expertise 2/3 = 0.6667, language 1 (de), timezone 0 h -> 1, capacity 3/4 = 0.75,
//	     availability two Mondays 09-12 = 6 h / 20 = 0.3:
//	     0.233345 + 0.20 + 0.15 + 0.1125 + 0.045 = 0.7408
//	Bob: expertise 1/3 = 0.3333, language 1 (en), timezone |-5 - +1| = 6 h -> 0.5,
//	     capacity 2/2 = 1, availability 10 weekdays x 8 h - 2 h busy = 78 h -> 1:
//	     0.116655 + 0.20 + 0.075 + 0.15 + 0.15 = 0.6917
//
// Cy is full, Di shares no language, Ed is inactive: all three left out.
func TestMatchRanking(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, h *apptest.Harness, p people) {
		r := h.Do("POST", "/api/coaches/match", map[string]any{"learner": 1})
		got := list(t, r)
		type row struct {
			name                string
			score               float64
			parts               [5]float64
			expertise, language []any
			tz                  any
			capacity, hours     float64
		}
		want := []row{
			{"Flo", 0.8125, [5]float64{1, 1, 0.75, 1, 0}, []any{"leadership", "communication", "negotiation"}, []any{"en"}, 3.0, 10, 0},
			{"Ada", 0.7408, [5]float64{0.6667, 1, 1, 0.75, 0.3}, []any{"leadership", "communication"}, []any{"de"}, 0.0, 3, 6},
			{"Bob", 0.6917, [5]float64{0.3333, 1, 0.5, 1, 1}, []any{"negotiation"}, []any{"en"}, 6.0, 2, 78},
		}
		if len(got) != len(want) {
			t.Fatalf("%d matches, want %d: %s", len(got), len(want), r.Body)
		}
		for i, w := range want {
			m := got[i]
			coach := m["coach"].(map[string]any)
			parts := m["parts"].(map[string]any)
			facts := m["facts"].(map[string]any)
			g := row{
				name: fmt.Sprint(coach["name"]), score: num(t, m["score"]),
				parts:     [5]float64{num(t, parts["expertise"]), num(t, parts["language"]), num(t, parts["timezone"]), num(t, parts["capacity"]), num(t, parts["availability"])},
				expertise: facts["sharedExpertise"].([]any), language: facts["sharedLanguages"].([]any),
				tz: num(t, facts["timezoneHours"]), capacity: num(t, facts["freeCapacity"]), hours: num(t, facts["freeHours"]),
			}
			if !reflect.DeepEqual(g, w) {
				t.Errorf("match %d:\n got %+v\nwant %+v", i+1, g, w)
			}
		}
	})
}

func TestMatchOptions(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, h *apptest.Harness, p people) {
		names := func(r *apptest.Response) []string {
			t.Helper()
			out := []string{}
			for _, m := range list(t, r) {
				out = append(out, fmt.Sprint(m["coach"].(map[string]any)["name"]))
			}
			return out
		}
		check := func(what string, r *apptest.Response, want ...string) {
			t.Helper()
			if got := names(r); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: %v, want %v", what, got, want)
			}
		}
		match := func(path string, body map[string]any) *apptest.Response {
			return h.Do("POST", path, body)
		}
		check("program's coaches only", match("/api/coaches/match", map[string]any{"learner": 1, "program": 1}), "Ada", "Bob")
		check("program null is no program", match("/api/coaches/match", map[string]any{"learner": 1, "program": nil}), "Flo", "Ada", "Bob")
		check("limit", match("/api/coaches/match", map[string]any{"learner": 1, "limit": 2}), "Flo", "Ada")
		check("client filters narrow the candidates", match("/api/coaches/match?filters[name][$ne]=Flo", map[string]any{"learner": 1}), "Ada", "Bob")
		check("v2 path", match("/api/v2/coaches/match", map[string]any{"learner": 1, "limit": 1}), "Flo")

		// A learner with no goals, languages or zone: nobody is left out for
		// language, expertise and timezone give 0 to all; capacity and free
		// time decide (Bob 0.15 + 0.15, Ada 0.1125 + 0.045, Di and Flo 0.15
		// each, tied, so by id).
		check("learner with nothing known", match("/api/coaches/match", map[string]any{"learner": 4}), "Bob", "Ada", "Di", "Flo")

		// By documentId, and fields shaping the coach.
		doc := h.Do("GET", "/api/learners/1", nil).JSON(t)["data"].(map[string]any)["documentId"]
		r := match("/api/coaches/match?fields[0]=name", map[string]any{"learner": doc, "limit": 1})
		coach := list(t, r)[0]["coach"].(map[string]any)
		keys := []string{}
		for k := range coach {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		if !reflect.DeepEqual(keys, []string{"documentId", "id", "name"}) {
			t.Errorf("fields=name: coach keys %v", keys)
		}
		// Strapi 4's shape on /api/v1.
		r = match("/api/v1/coaches/match?populate=learners", map[string]any{"learner": 1, "program": 1, "limit": 1})
		v1 := list(t, r)[0]["coach"].(map[string]any)
		attrs, ok := v1["attributes"].(map[string]any)
		if !ok || attrs["name"] != "Ada" {
			t.Fatalf("v1 coach: %s", r.Body)
		}
		learners := attrs["learners"].(map[string]any)["data"].([]any)
		if len(learners) != 1 || h.IDOf(learners[0]) != 2 {
			t.Errorf("v1 populated learners: %v", learners)
		}
	})
}

func TestMatchRefusals(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, h *apptest.Harness, p people) {
		for _, tc := range []struct {
			name, path string
			body       any
			field      string
		}{
			{"unknown learner", "", map[string]any{"learner": 999}, "learner"},
			{"unknown learner documentId", "", map[string]any{"learner": "nope"}, "learner"},
			{"no learner", "", map[string]any{}, "learner"},
			{"learner of the wrong type", "", map[string]any{"learner": true}, "learner"},
			{"learner zero", "", map[string]any{"learner": 0}, "learner"},
			{"unknown program", "", map[string]any{"learner": 1, "program": 999}, "program"},
			{"program of the wrong type", "", map[string]any{"learner": 1, "program": []int{1}}, "program"},
			{"limit 0", "", map[string]any{"learner": 1, "limit": 0}, "limit"},
			{"limit past 100", "", map[string]any{"learner": 1, "limit": 101}, "limit"},
			{"limit not whole", "", map[string]any{"learner": 1, "limit": 1.5}, "limit"},
			{"limit a string", "", map[string]any{"learner": 1, "limit": "3"}, "limit"},
			{"unknown body key", "", map[string]any{"learner": 1, "coach": 2}, "coach"},
			{"body not an object", "", "[1]", ""},
			{"body null", "", "null", "learner"},
			{"malformed JSON", "", `{"learner":`, ""},
			{"sort", "?sort=name", map[string]any{"learner": 1}, "sort"},
			{"pagination", "?pagination[pageSize]=2", map[string]any{"learner": 1}, "pagination"},
			{"unknown filter field", "?filters[nope][$eq]=1", map[string]any{"learner": 1}, "nope"},
			{"private field", "?filters[user][password][$startsWith]=$2", map[string]any{"learner": 1}, "password"},
		} {
			r := h.Do("POST", "/api/coaches/match"+tc.path, tc.body)
			wantError(t, h, tc.name, r, 400, "ValidationError", tc.field)
		}
		r := h.Do("POST", "/api/coaches/match", `{"learner":1}`, "Content-Type", "text/plain")
		wantError(t, h, "wrong content type", r, 400, "ValidationError", "")
	})
}

// TestMatchQueries proves matching costs the same number of statements
// however many coaches there are.
func TestMatchQueries(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, h *apptest.Harness, p people) {
		c := h.CountQueries()
		cost := func() int64 {
			t.Helper()
			before := c.N()
			list(t, h.Do("POST", "/api/coaches/match?populate=availabilities", map[string]any{"learner": 1, "limit": 100}))
			return c.N() - before
		}
		first := cost()
		for i := 0; i < 20; i++ {
			id := h.Create("/api/coaches", map[string]any{"name": fmt.Sprint("Extra ", i), "email": fmt.Sprintf("extra%d@coach.test", i),
				"languages": []string{"en"}, "timezone": "Europe/London"})
			h.Create("/api/availabilities", map[string]any{"coach": id, "weekday": 2, "startTime": "10:00", "endTime": "11:00"})
		}
		if n := len(list(t, h.Do("POST", "/api/coaches/match", map[string]any{"learner": 1, "limit": 100}))); n != 23 {
			t.Fatalf("%d matches after adding 20 coaches, want 23", n)
		}
		if second := cost(); second != first {
			t.Errorf("match: %d statements with 6 coaches, %d with 26", first, second)
		}
	})
}
