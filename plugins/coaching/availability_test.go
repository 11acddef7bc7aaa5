package coaching_test

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
)

// slotsOf reads an availability answer as "start/end local-start" lines.
func slotsOf(t *testing.T, r *apptest.Response) []string {
	t.Helper()
	raw, ok := data(t, r).([]any)
	if !ok {
		t.Fatalf("data is not a list: %s", r.Body)
	}
	return slotLines(raw)
}

func slotLines(raw []any) []string {
	out := []string{}
	for _, s := range raw {
		m := s.(map[string]any)
		out = append(out, fmt.Sprintf("%s/%s %s %s", m["start"], m["end"], m["localStart"], m["minutes"]))
	}
	return out
}

func sameSlots(t *testing.T, what string, got []string, want ...string) {
	t.Helper()
	if want == nil {
		want = []string{}
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s:\n got %q\nwant %q", what, got, want)
	}
}

func TestCoachAvailability(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, h *apptest.Harness, p people) {
		get := func(path string, token ...string) *apptest.Response {
			return h.Do("GET", path, nil, token...)
		}
		// Ada: Mondays 09-12 Berlin time, UTC+1 in January.
		r := get("/api/coaches/1/availability?from=2030-01-07&to=2030-01-21&duration=60")
		sameSlots(t, "ada", slotsOf(t, r),
			"2030-01-07T08:00:00Z/2030-01-07T11:00:00Z 2030-01-07T09:00:00+01:00 180",
			"2030-01-14T08:00:00Z/2030-01-14T11:00:00Z 2030-01-14T09:00:00+01:00 180")
		meta := r.JSON(t)["meta"].(map[string]any)
		if meta["timezone"] != "Europe/Berlin" || num(t, meta["duration"]) != 60 || meta["from"] != "2030-01-07T00:00:00Z" {
			t.Errorf("meta: %v", meta)
		}
		sameSlots(t, "duration longer than any stretch", slotsOf(t, get("/api/coaches/1/availability?from=2030-01-07&to=2030-01-21&duration=181")))
		// Across the spring change (Sunday 2030-03-31): 08:00Z, then 07:00Z.
		sameSlots(t, "ada across the spring change", slotsOf(t, get("/api/coaches/1/availability?from=2030-03-25&to=2030-04-02")),
			"2030-03-25T08:00:00Z/2030-03-25T11:00:00Z 2030-03-25T09:00:00+01:00 180",
			"2030-04-01T07:00:00Z/2030-04-01T10:00:00Z 2030-04-01T09:00:00+02:00 180")

		// Bob: weekdays 09-17 New York time (14:00-22:00Z in January), busy
		// on the 8th from 15:00 to 17:00Z; the cancelled event on the 9th
		// holds nothing.
		sameSlots(t, "bob cut by an event", slotsOf(t, get("/api/coaches/2/availability?from=2030-01-08&to=2030-01-10")),
			"2030-01-08T14:00:00Z/2030-01-08T15:00:00Z 2030-01-08T09:00:00-05:00 60",
			"2030-01-08T17:00:00Z/2030-01-08T22:00:00Z 2030-01-08T12:00:00-05:00 300",
			"2030-01-09T14:00:00Z/2030-01-09T22:00:00Z 2030-01-09T09:00:00-05:00 480")
		sameSlots(t, "bob, 90 minutes", slotsOf(t, get("/api/coaches/2/availability?from=2030-01-08T00:00:00Z&to=2030-01-09T00:00:00Z&duration=90")),
			"2030-01-08T17:00:00Z/2030-01-08T22:00:00Z 2030-01-08T12:00:00-05:00 300")
		sameSlots(t, "range clips the rules", slotsOf(t, get("/api/coaches/2/availability?from=2030-01-09T20:00:00Z&to=2030-01-09T21:00:00Z")),
			"2030-01-09T20:00:00Z/2030-01-09T21:00:00Z 2030-01-09T15:00:00-05:00 60")
		// A coach without rules has no slots.
		sameSlots(t, "flo", slotsOf(t, get("/api/coaches/6/availability?from=2030-01-07&to=2030-01-21")))

		// Permissions: a coach sees their own, not another's; learners and
		// plain users may not ask.
		sameSlots(t, "ada's own", slotsOf(t, get("/api/coaches/1/availability?from=2030-01-07&to=2030-01-08", apptest.As(p.ada)...)),
			"2030-01-07T08:00:00Z/2030-01-07T11:00:00Z 2030-01-07T09:00:00+01:00 180")
		wantError(t, h, "ada asking for bob", get("/api/coaches/2/availability", apptest.As(p.ada)...), 404, "NotFoundError", "")
		wantError(t, h, "learner", get("/api/coaches/1/availability", apptest.As(p.li)...), 403, "ForbiddenError", "")
		wantError(t, h, "plain", get("/api/coaches/1/availability", apptest.As(p.plain)...), 403, "ForbiddenError", "")
		wantError(t, h, "anonymous", get("/api/coaches/1/availability", apptest.As("")...), 401, "UnauthorizedError", "")
		wantError(t, h, "unknown coach", get("/api/coaches/999/availability"), 404, "NotFoundError", "")
	})
}

func TestAvailabilityRefusals(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, h *apptest.Harness, p people) {
		for _, tc := range []struct{ query, key string }{
			{"from=yesterday", "from"},
			{"from=2030-13-01", "from"},
			{"to=2030-01-07T25:00:00Z", "to"},
			{"from=2030-01-10&to=2030-01-09", "to"},
			{"from=2030-01-10&to=2030-01-10", "to"},
			{"from=2030-01-01&to=2030-04-02", "to"}, // 91 days
			{"duration=0", "duration"},
			{"duration=-30", "duration"},
			{"duration=1.5", "duration"},
			{"duration=abc", "duration"},
			{"duration=", "duration"},
			{"duration=99999999999999999999", "duration"},
			{"populate=learners", "populate"},
			{"foo=1", "foo"},
		} {
			r := h.Do("GET", "/api/coaches/1/availability?"+tc.query, nil)
			wantError(t, h, tc.query, r, 400, "ValidationError", tc.key)
		}
		// Exactly 90 days is allowed.
		if r := h.Do("GET", "/api/coaches/1/availability?from=2030-01-01&to=2030-04-01", nil); r.Status != 200 {
			t.Errorf("90 days: %d %s", r.Status, r.Body)
		}
		// A zone the server does not know, written before the rule existed.
		if _, err := h.App.DB.ExecContext(context.Background(), "UPDATE coaches SET timezone = 'Mars/Olympus' WHERE id = 1"); err != nil {
			t.Fatal(err)
		}
		wantError(t, h, "unknown zone", h.Do("GET", "/api/coaches/1/availability", nil), 400, "ValidationError", "timezone")
		// /coaches/available leaves that coach out rather than failing.
		r := h.Do("GET", "/api/coaches/available?from=2030-01-07&to=2030-01-08", nil)
		for _, m := range list(t, r) {
			if h.IDOf(m["coach"]) == 1 {
				t.Errorf("coach with an unknown zone listed: %s", r.Body)
			}
		}
	})
}

func TestAvailableCoaches(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, h *apptest.Harness, p people) {
		coaches := func(r *apptest.Response) []string {
			t.Helper()
			out := []string{}
			for _, m := range list(t, r) {
				out = append(out, fmt.Sprint(m["coach"].(map[string]any)["name"]))
			}
			return out
		}
		check := func(what, query string, want ...string) *apptest.Response {
			t.Helper()
			if !strings.Contains(query, "duration=") {
				query += "&duration=60"
			}
			r := h.Do("GET", "/api/coaches/available?from=2030-01-07&to=2030-01-14"+query, nil)
			if got := coaches(r); !reflect.DeepEqual(got, append([]string{}, want...)) {
				t.Errorf("%s: %v, want %v", what, got, want)
			}
			return r
		}
		// Ada's Monday starts at 08:00Z, Bob's at 14:00Z: Ada first.
		r := check("all", "", "Ada", "Bob")
		bob := list(t, r)[1]
		sameSlots(t, "bob's first three", slotLines(bob["slots"].([]any)),
			"2030-01-07T14:00:00Z/2030-01-07T22:00:00Z 2030-01-07T09:00:00-05:00 480",
			"2030-01-08T14:00:00Z/2030-01-08T15:00:00Z 2030-01-08T09:00:00-05:00 60",
			"2030-01-08T17:00:00Z/2030-01-08T22:00:00Z 2030-01-08T12:00:00-05:00 300")
		check("expertise", "&expertise=Negotiation", "Bob")
		check("language", "&language=de", "Ada")
		check("both, matching nobody", "&expertise=negotiation&language=de")
		check("filters", "&filters[maxLearners][$gte]=3", "Ada")
		check("a long duration", "&duration=400", "Bob")
		r = check("pagination", "&pagination[pageSize]=1&pagination[page]=2", "Bob")
		pg := r.JSON(t)["meta"].(map[string]any)["pagination"].(map[string]any)
		if num(t, pg["total"]) != 2 || num(t, pg["pageCount"]) != 2 || num(t, pg["pageSize"]) != 1 {
			t.Errorf("pagination meta: %v", pg)
		}
		r = check("offset pagination", "&pagination[start]=1&pagination[limit]=5&pagination[withCount]=false", "Bob")
		if pg := r.JSON(t)["meta"].(map[string]any)["pagination"].(map[string]any); pg["total"] != nil || num(t, pg["start"]) != 1 {
			t.Errorf("offset meta: %v", pg)
		}
		r = h.Do("GET", "/api/coaches/available?from=2030-01-07&to=2030-01-08&fields[0]=name&populate=availabilities", nil)
		coach := list(t, r)[0]["coach"].(map[string]any)
		if coach["email"] != nil || len(coach["availabilities"].([]any)) != 1 {
			t.Errorf("fields and populate: %v", coach)
		}

		wantError(t, h, "sort", h.Do("GET", "/api/coaches/available?sort=name", nil), 400, "ValidationError", "sort")
		wantError(t, h, "bad duration", h.Do("GET", "/api/coaches/available?duration=x", nil), 400, "ValidationError", "duration")
		// A key the route does not take is ignored, as Strapi ignores it
		// (api.yaml strictParams refuses it: internal/rest TestStrictParams).
		if r := h.Do("GET", "/api/coaches/available?weekday=1", nil); r.Status != 200 || len(list(t, r)) != len(list(t, h.Do("GET", "/api/coaches/available", nil))) {
			t.Errorf("unknown key: %d %s", r.Status, r.Body)
		}
		wantError(t, h, "coach", h.Do("GET", "/api/coaches/available", nil, apptest.As(p.ada)...), 403, "ForbiddenError", "")
		wantError(t, h, "learner", h.Do("GET", "/api/coaches/available", nil, apptest.As(p.li)...), 403, "ForbiddenError", "")
	})
}
