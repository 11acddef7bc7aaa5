package scheduling_test

import (
	"context"
	"fmt"
	"net/url"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"

	"github.com/kiln-cms/kiln/dataset"
	"github.com/kiln-cms/kiln/internal/account"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/plugins/scheduling"
)

// TestSyncLeavesHiddenLearnersAlone: a coach's sync — of one event, or of
// the whole program — adds and removes only learners the coach may see.
// Ne is Bob's learner: Ada's syncs never put her into Ada's events, and
// when the admin has, never take her out or touch her answer; Ada's feed
// and .ics never name her.
func TestSyncLeavesHiddenLearnersAlone(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, h *apptest.Harness, p people) {
		// Ne is active in program 1 too: the program's active learners are
		// Li, Mo (Ada's) and Ne (Bob's).
		if r := h.Do("PUT", "/api/enrollments/3", map[string]any{"data": map[string]any{"status": "active"}}); r.Status != 200 {
			t.Fatalf("%d %s", r.Status, r.Body)
		}
		e1 := event(t, h, map[string]any{"title": "One", "startAt": at("09:00"), "endAt": at("10:00"), "coach": 1, "program": 1})
		e2 := event(t, h, map[string]any{"title": "Two", "startAt": at("11:00"), "endAt": at("12:00"), "coach": 1, "program": 1})

		if got := syncCounts(t, h, fmt.Sprintf("/api/events/%d/sync", e1), nil, as(p.ada)...); got != [4]int{2, 0, 0, -1} {
			t.Errorf("Ada's event sync: %v", got)
		}
		if got := syncCounts(t, h, "/api/programs/1/events/sync", nil, as(p.ada)...); got != [4]int{2, 0, 2, 2} {
			t.Errorf("Ada's program sync: %v", got)
		}
		for _, e := range []int64{e1, e2} {
			if got := linked(t, h, e); !reflect.DeepEqual(got, []int64{1, 2}) {
				t.Errorf("event %d learners %v: Ada's sync brought in a learner she may not see", e, got)
			}
			if got := attendance(t, h, e); !reflect.DeepEqual(got, map[int64]string{1: "invited", 2: "invited"}) {
				t.Errorf("event %d attendance %v", e, got)
			}
		}

		// The admin puts Ne in e1, she accepts; then her enrollment is
		// dropped. Ada's syncs leave her exactly as she is.
		if got := syncCounts(t, h, fmt.Sprintf("/api/events/%d/sync", e1), map[string]any{"learners": []int{1, 2, 3}}); got != [4]int{1, 0, 2, -1} {
			t.Fatalf("admin's sync: %v", got)
		}
		if r := h.Do("PUT", fmt.Sprintf("/api/events/%d/attendance/3", e1), map[string]any{"status": "accepted"}); r.Status != 200 {
			t.Fatalf("%d %s", r.Status, r.Body)
		}
		h.Do("PUT", "/api/enrollments/3", map[string]any{"data": map[string]any{"status": "dropped"}})
		h.Do("PUT", "/api/enrollments/2", map[string]any{"data": map[string]any{"status": "dropped"}})
		_, updated := stamps(t, h, e1)
		for _, path := range []string{fmt.Sprintf("/api/events/%d/sync", e1), "/api/programs/1/events/sync"} {
			syncCounts(t, h, path, nil, as(p.ada)...)
			if got := linked(t, h, e1); !reflect.DeepEqual(got, []int64{1, 3}) {
				t.Errorf("%s: e1 learners %v, want Li and, untouched, Ne", path, got)
			}
			if got := attendance(t, h, e1); !reflect.DeepEqual(got, map[int64]string{1: "invited", 3: "accepted"}) {
				t.Errorf("%s: e1 attendance %v, want Li's and, untouched, Ne's", path, got)
			}
		}
		if _, u := stamps(t, h, e1); u == updated {
			t.Errorf("Mo's drop was not synced")
		}
		// Ada's calendar names her learners only, in the feed as in the
		// event's file.
		feed := parse(t, h.Do("GET", rotate(t, h, p.ada), nil, as("")...))
		file := parse(t, h.Do("GET", fmt.Sprintf("/api/events/%d/ics", e1), nil, as(p.ada)...))
		for what, cal := range map[string]*ics.Calendar{"feed": feed, "ics": file} {
			for _, v := range cal.Events() {
				if got := strings.Join(attendees(v), "|"); strings.Contains(got, "ne@learner.test") {
					t.Errorf("Ada's %s names Ne: %s", what, got)
				}
			}
		}
		// The admin, who sees everyone, syncs Ne out.
		if got := syncCounts(t, h, fmt.Sprintf("/api/events/%d/sync", e1), nil); got != [4]int{0, 1, 1, -1} {
			t.Errorf("admin's sync after the drops: %v", got)
		}
		if got := linked(t, h, e1); !reflect.DeepEqual(got, []int64{1}) {
			t.Errorf("e1 learners after the admin's sync %v", got)
		}
	})
}

// TestFeedAgreesWithICS: on the demo data, for the demo coach and the
// demo learner, the feed lists exactly the events /api/events/me lists in
// its window, and each event's ATTENDEEs (and ORGANIZER) are exactly
// those of GET /api/events/:id/ics as the same user. A user whose role no
// longer holds scheduling.calendarToken, or who is blocked, has no feed:
// the 404 of a path that does not exist.
func TestFeedAgreesWithICS(t *testing.T) {
	t.Parallel()
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			clock := dataset.Reference
			h := apptest.NewWith(t, apptest.Config(t, d), &scheduling.Plugin{Now: func() time.Time { return clock }})
			ctx := context.Background()
			if err := dataset.Load(ctx, h.App.Content, dataset.Generate(dataset.Small, 3), h.App.Accounts.RoleIDs, nil); err != nil {
				t.Fatal(err)
			}
			token := func(email string) (int64, string) {
				pr, err := account.PrincipalByEmail(ctx, h.App.Content, email)
				if err != nil {
					t.Fatal(err)
				}
				tok, err := h.App.Security.Tokens.Issue(pr.ID, pr.TokenVersion)
				if err != nil {
					t.Fatal(err)
				}
				return pr.ID, tok
			}
			from := url.QueryEscape(clock.Add(-365 * 24 * time.Hour).Format(time.RFC3339))
			compared := 0
			for _, email := range []string{"coach@kiln.local", "learner@kiln.local"} {
				_, tok := token(email)
				cal := parse(t, h.Do("GET", rotate(t, h, tok), nil, as("")...))
				// The feed's events are the user's events of the window.
				var inFeed []string
				for _, v := range cal.Events() {
					inFeed = append(inFeed, strings.TrimSuffix(v.Id(), "@kiln"))
				}
				var mine []string
				for page := 1; ; page++ {
					r := h.Do("GET", fmt.Sprintf("/api/events/me?from=%s&fields[0]=title&pagination[pageSize]=100&pagination[page]=%d", from, page), nil, as(tok)...)
					list, _ := r.JSON(t)["data"].([]any)
					for _, e := range list {
						mine = append(mine, e.(map[string]any)["documentId"].(string))
					}
					if len(list) < 100 {
						break
					}
				}
				sort.Strings(inFeed)
				sort.Strings(mine)
				if len(inFeed) == 0 || !reflect.DeepEqual(inFeed, mine) {
					t.Errorf("%s: the feed lists %d events %v, /api/events/me %d %v", email, len(inFeed), inFeed, len(mine), mine)
				}
				// Each event's people are the .ics's.
				for _, v := range cal.Events() {
					doc := strings.TrimSuffix(v.Id(), "@kiln")
					one := parse(t, h.Do("GET", "/api/events/"+doc+"/ics", nil, as(tok)...))
					w := one.Events()[0]
					if got, want := attendees(v), attendees(w); !reflect.DeepEqual(got, want) {
						t.Errorf("%s, event %s: the feed's attendees %v, the .ics's %v", email, doc, got, want)
					}
					if got, want := prop(v, ics.ComponentPropertyOrganizer), prop(w, ics.ComponentPropertyOrganizer); got != want {
						t.Errorf("%s, event %s: the feed's organizer %q, the .ics's %q", email, doc, got, want)
					}
					compared++
				}
			}
			if compared < 5 {
				t.Fatalf("only %d events compared: the data set gives the demo users too few", compared)
			}

			feedGoesWithTheRight(t, h, token)
		})
	}
}

// feedGoesWithTheRight: losing the right loses the feed — the coach's
// user moved to the authenticated role (which has no calendarToken), the
// learner blocked.
func feedGoesWithTheRight(t *testing.T, h *apptest.Harness, token func(email string) (int64, string)) {
	t.Helper()
	nothing := h.Do("GET", "/api/nothing-here", nil, as("")...)
	coach, coachTok := token("coach@kiln.local")
	learner, learnerTok := token("learner@kiln.local")
	coachFeed, learnerFeed := rotate(t, h, coachTok), rotate(t, h, learnerTok)
	if r := h.Do("PUT", fmt.Sprint("/api/users/", coach), map[string]any{"role": h.App.Accounts.RoleIDs["authenticated"]}); r.Status != 200 {
		t.Fatalf("moving the coach's user: %d %s", r.Status, r.Body)
	}
	if r := h.Do("PUT", fmt.Sprint("/api/users/", learner), map[string]any{"blocked": true}); r.Status != 200 {
		t.Fatalf("blocking the learner: %d %s", r.Status, r.Body)
	}
	for _, path := range []string{coachFeed, learnerFeed} {
		if r := h.Do("GET", path, nil, as("")...); r.Status != 404 || string(r.Body) != string(nothing.Body) {
			t.Errorf("%s after losing the right: %d %s", path, r.Status, r.Body)
		}
	}
}

// TestAttendanceHiddenIsMissing: setting an attendance on an event, or
// for a learner, the caller may not see gets exactly the 404 of one that
// does not exist, and writes nothing.
func TestAttendanceHiddenIsMissing(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, h *apptest.Harness, p people) {
		// Ada's event with Li, Mo and (put there by the admin) Bob's Ne;
		// Bob's event with Li.
		e := event(t, h, map[string]any{"title": "Kick-off", "startAt": at("09:00"), "endAt": at("10:00"), "coach": 1, "program": 1})
		bobs := event(t, h, map[string]any{"title": "Bob's", "startAt": at("09:00"), "endAt": at("10:00"), "coach": 2})
		h.Do("POST", fmt.Sprintf("/api/events/%d/sync", e), map[string]any{"learners": []int{1, 2, 3}})
		h.Do("POST", fmt.Sprintf("/api/events/%d/sync", bobs), map[string]any{"learners": []int{1}})
		table := func() string {
			rows, err := h.App.DB.QueryContext(context.Background(), "SELECT id, status, responded_at, updated_at FROM attendances ORDER BY id")
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			var b strings.Builder
			for rows.Next() {
				var id, st, resp, upd any
				if err := rows.Scan(&id, &st, &resp, &upd); err != nil {
					t.Fatal(err)
				}
				fmt.Fprintln(&b, id, st, resp, upd)
			}
			return b.String()
		}
		path := func(ev any, learner any) string { return fmt.Sprintf("/api/events/%v/attendance/%v", ev, learner) }
		for _, tc := range []struct {
			who             string
			token           string
			status          string
			missing, hidden []string
		}{
			// Bob's event, for Ada; nothing by that id.
			{"Ada, event", p.ada, "attended", []string{path(999, 1)}, []string{path(bobs, 1)}},
			// Ne, invited to Ada's event but Bob's learner.
			{"Ada, learner", p.ada, "attended", []string{path(e, 999)}, []string{path(e, 3)}},
			// Mo, on Li's own event, is no learner Li may see.
			{"Li, learner", p.li, "accepted", []string{path(e, 999)}, []string{path(e, 2)}},
			// Bob's event Mo is not invited to, for Mo.
			{"Mo, event", p.mo, "accepted", []string{path(999, 2)}, []string{path(bobs, 2)}},
		} {
			before := table()
			var want string
			for _, pth := range append(tc.missing, tc.hidden...) {
				r := h.Do("PUT", pth, map[string]any{"status": tc.status}, as(tc.token)...)
				if r.Status != 404 {
					t.Errorf("%s: PUT %s: %d %s, want 404", tc.who, pth, r.Status, r.Body)
				}
				if want == "" {
					want = string(r.Body)
				} else if string(r.Body) != want {
					t.Errorf("%s: PUT %s: %s, but for a missing one %s", tc.who, pth, r.Body, want)
				}
			}
			if after := table(); after != before {
				t.Errorf("%s: the attendance table changed:\n%s\nto\n%s", tc.who, before, after)
			}
		}
	})
}

// plannerRole plans the events of program 1 and sees no other event.
const plannerRole = `
  planner:
    name: Planner
    description: Test role that plans program 1.
    actions: [event.find, event.findOne, event.create, event.update]
    scopes:
      event: {program: {id: {$eq: 1}}}
`

// TestClashRefusalNamesOnlyVisibleEvents: the double-booking rule counts
// every event of the coach, but its refusal names only those the writer
// may see.
func TestClashRefusalNamesOnlyVisibleEvents(t *testing.T) {
	t.Parallel()
	apptest.EachWithRoles(t, plannerRole, func(t *testing.T, h *apptest.Harness) {
		fixture(t, h)
		planner := h.CreateUser("planner", "planner@users.test", "planner")
		event(t, h, map[string]any{"title": "Visible clash", "startAt": at("09:00"), "endAt": at("10:00"), "coach": 2, "program": 1})
		event(t, h, map[string]any{"title": "Hidden clash", "startAt": at("10:00"), "endAt": at("11:00"), "coach": 2, "program": 2})
		r := h.Do("POST", "/api/events", map[string]any{"data": map[string]any{"title": "New", "startAt": at("09:30"),
			"endAt": at("10:30"), "coach": 2, "program": 1}}, as(planner)...)
		st, name, msg, details := errorOf(t, r)
		if st != 400 || name != "ValidationError" || msg != "the coach already has a scheduled event at that time" {
			t.Errorf("%d %s %q", st, name, msg)
		}
		clashes, _ := details["clashes"].([]any)
		if len(clashes) != 1 || clashes[0].(map[string]any)["title"] != "Visible clash" || strings.Contains(string(r.Body), "Hidden") {
			t.Errorf("the refusal names %v: %s", clashes, r.Body)
		}
		// Only the hidden one: still refused, naming nothing.
		r = h.Do("POST", "/api/events", map[string]any{"data": map[string]any{"title": "Later", "startAt": at("10:30"),
			"endAt": at("11:30"), "coach": 2, "program": 1}}, as(planner)...)
		if st, _, _, details := errorOf(t, r); st != 400 || len(details["clashes"].([]any)) != 0 || strings.Contains(string(r.Body), "Hidden") {
			t.Errorf("a clash with a hidden event only: %d %s", st, r.Body)
		}
		if n := count(t, h, "SELECT COUNT(*) FROM events"); n != 2 {
			t.Errorf("%d events, want the 2 made by the admin", n)
		}
	}, newPlugin())
}
