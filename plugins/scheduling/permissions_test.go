package scheduling_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// TestPermissionsByRole calls every route as each role: no token (401),
// a role without the action (403), and the roles that have it (200).
// Learners and coaches act on the fixture's own records here; other
// people's records are the other tests' business.
func TestPermissionsByRole(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, h *apptest.Harness, p people) {
		e := event(t, h, map[string]any{"title": "Kick-off", "startAt": at("09:00"), "endAt": at("10:00"), "coach": 1, "program": 1})
		h.Do("POST", fmt.Sprintf("/api/events/%d/sync", e), nil)
		feed := rotate(t, h, p.ada)
		roles := []struct {
			name, token string
		}{{"public", ""}, {"authenticated", p.plain}, {"learner", p.li}, {"coach", p.ada}, {"admin", h.AdminToken}}
		mark := map[string]any{"status": "attended"}
		routes := []struct {
			method, path string
			body         map[string]any
			status       [5]int // public, authenticated, learner, coach, admin
		}{
			{"GET", "/api/events/me", nil, [5]int{401, 403, 200, 200, 200}},
			{"POST", fmt.Sprintf("/api/events/%d/sync", e), nil, [5]int{401, 403, 403, 200, 200}},
			{"POST", "/api/programs/1/events/sync", nil, [5]int{401, 403, 403, 200, 200}},
			// A learner may answer but not mark: the role passes the route's
			// gate and is refused the status.
			{"PUT", fmt.Sprintf("/api/events/%d/attendance/1", e), mark, [5]int{401, 403, 403, 200, 200}},
			{"PUT", fmt.Sprintf("/api/events/%d/attendance/1", e), map[string]any{"status": "accepted"}, [5]int{401, 403, 200, 403, 200}},
			{"GET", fmt.Sprintf("/api/events/%d/ics", e), nil, [5]int{401, 403, 200, 200, 200}},
			// The feed is for calendar apps, which send no token: only the
			// public role (and the admin's "*") has scheduling.feed.
			{"GET", feed, nil, [5]int{200, 403, 403, 403, 200}},
			// Last: it rotates the coach's token, which ends the feed above.
			{"POST", "/api/calendar/token", nil, [5]int{401, 403, 200, 200, 200}},
		}
		for _, rt := range routes {
			for i, role := range roles {
				var body any
				if rt.body != nil {
					body = rt.body
				}
				r := h.Do(rt.method, rt.path, body, as(role.token)...)
				if r.Status != rt.status[i] {
					t.Errorf("%s %s as %s: %d, want %d: %.200s", rt.method, rt.path, role.name, r.Status, rt.status[i], r.Body)
				}
			}
		}
	})
}

// TestRouteTable: every route is listed with its action and tag, and the
// roles config/permissions.yaml grants.
func TestRouteTable(t *testing.T) {
	t.Parallel()
	h := apptest.New(t, database.SQLite, newPlugin())
	want := map[string]string{
		"GET /api/events/me":                        "scheduling.myEvents admin,coach,learner",
		"POST /api/events/:id/sync":                 "scheduling.sync admin,coach",
		"POST /api/programs/:id/events/sync":        "scheduling.sync admin,coach",
		"PUT /api/events/:id/attendance/:learnerId": "scheduling.myEvents admin,coach,learner",
		"GET /api/events/:id/ics":                   "scheduling.ics admin,coach,learner",
		"POST /api/calendar/token":                  "scheduling.calendarToken admin,coach,learner",
		"GET /api/calendar/:file":                   "scheduling.feed admin,public",
	}
	got := map[string]string{}
	for _, r := range h.App.RouteTable() {
		if r.Source != "plugin:scheduling" {
			continue
		}
		roles := append([]string(nil), r.Roles...)
		sort.Strings(roles)
		got[r.Method+" "+r.Path] = r.Action + " " + strings.Join(roles, ",")
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: %q, want %q", k, got[k], v)
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d scheduling routes, want %d: %v", len(got), len(want), got)
	}
	for _, r := range h.App.Plugins.Routes() {
		if r.Plugin == "scheduling" && (r.Tag != "Scheduling" || r.Summary == "" || r.Response == nil ||
			(r.Method != "GET" && r.Request == nil)) {
			t.Errorf("%s %s: tag %q, summary %q, request %v, response %v", r.Method, r.Path, r.Tag, r.Summary, r.Request != nil, r.Response != nil)
		}
	}
}
