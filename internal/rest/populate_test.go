package rest_test

import (
	"reflect"
	"sort"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
)

// keysOf returns the sorted keys of the first entry of a list response.
func keysOf(t *testing.T, r *apptest.Response) []string {
	t.Helper()
	list, ok := r.JSON(t)["data"].([]any)
	if !ok || len(list) == 0 {
		t.Fatalf("no entries: %s", r.Body)
	}
	var keys []string
	for k := range list[0].(map[string]any) {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// TestPopulateForms: every way of asking for relations returns exactly the
// relations asked for, and none by default.
func TestPopulateForms(t *testing.T) {
	t.Parallel()
	base := []string{"createdAt", "description", "documentId", "id", "order", "publishedAt", "title", "updatedAt"}
	with := func(rels ...string) []string {
		out := append(append([]string(nil), base...), rels...)
		sort.Strings(out)
		return out
	}
	cases := []struct {
		path string
		want []string
	}{
		{"/api/modules", base},
		{"/api/modules?populate=program", with("program")},
		{"/api/modules?populate=program,sessions", with("program", "sessions")},
		{"/api/modules?populate[0]=program&populate[1]=sessions", with("program", "sessions")},
		{"/api/modules?populate[program]=true", with("program")},
		{"/api/modules?populate[program]=false&populate[sessions]=true", with("sessions")},
		{"/api/modules?populate=*", with("program", "sessions")},
		{"/api/modules?populate[sessions][populate]=*", with("sessions")},
		{"/api/modules?populate[0]=sessions.events", with("sessions")},
	}
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		fixture(t, h)
		for _, tc := range cases {
			r := h.Do("GET", tc.path, nil)
			if r.Status != 200 {
				t.Errorf("%s: %d %s", tc.path, r.Status, r.Body)
				continue
			}
			if got := keysOf(t, r); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%s: keys %v, want %v", tc.path, got, tc.want)
			}
		}
		// Nested populate reaches the second level, filtered and sorted.
		r := h.Do("GET", "/api/programs/1?populate[modules][filters][order][$eq]=0&populate[modules][populate][sessions][sort]=title:desc", nil)
		mods := r.JSON(t)["data"].(map[string]any)["modules"].([]any)
		if len(mods) != 1 {
			t.Fatalf("filtered modules: %d, want 1: %s", len(mods), r.Body)
		}
		var titles []string
		for _, s := range mods[0].(map[string]any)["sessions"].([]any) {
			titles = append(titles, s.(map[string]any)["title"].(string))
		}
		if !reflect.DeepEqual(titles, []string{"Kick-off", "1:1 coaching"}) {
			t.Errorf("sessions of module 1 sorted by title desc: %v", titles)
		}
		// A to-one relation with nothing there is null; a to-many one is [].
		r = h.Do("GET", "/api/learners/2?populate=coach,events", nil)
		d := r.JSON(t)["data"].(map[string]any)
		if d["coach"] != nil || len(d["events"].([]any)) != 1 {
			t.Errorf("learner 2: coach %v, events %v", d["coach"], d["events"])
		}
	})
}
