package scheduling_test

import (
	"fmt"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
)

func TestAttendanceRights(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, h *apptest.Harness, p people) {
		// Ada's event with Li and Mo; Bob's event with Ne; a cancelled one.
		e := event(t, h, map[string]any{"title": "Kick-off", "startAt": at("09:00"), "endAt": at("10:00"), "coach": 1, "program": 1})
		bobs := event(t, h, map[string]any{"title": "Bob's", "startAt": at("09:00"), "endAt": at("10:00"), "coach": 2, "learners": []int{1, 3}})
		off := event(t, h, map[string]any{"title": "Off", "startAt": at("11:00"), "endAt": at("12:00"), "coach": 1, "program": 1})
		h.Do("POST", fmt.Sprintf("/api/events/%d/sync", e), nil)
		h.Do("POST", fmt.Sprintf("/api/events/%d/sync", bobs), map[string]any{"learners": []int{1, 3}})
		h.Do("POST", fmt.Sprintf("/api/events/%d/sync", off), nil)
		h.Do("PUT", fmt.Sprintf("/api/events/%d", off), map[string]any{"data": map[string]any{"status": "cancelled"}})

		path := func(ev, learner int64) string { return fmt.Sprintf("/api/events/%d/attendance/%d", ev, learner) }
		cases := []struct {
			name, who string
			path      string
			body      any
			status    int
			after     string // the row's status afterwards, when the call succeeded
		}{
			{"learner accepts their own", p.li, path(e, 1), map[string]any{"status": "accepted"}, 200, "accepted"},
			{"learner declines, Strapi body", p.li, path(e, 1), map[string]any{"data": map[string]any{"status": "declined"}}, 200, "declined"},
			{"learner marks themselves attended", p.li, path(e, 1), map[string]any{"status": "attended"}, 403, ""},
			// Mo is not a learner Li may see: as if he did not exist.
			{"learner answers for another", p.li, path(e, 2), map[string]any{"status": "declined"}, 404, ""},
			{"learner on an event not theirs", p.mo, path(bobs, 1), map[string]any{"status": "accepted"}, 404, ""},
			{"learner answers a cancelled event", p.li, path(off, 1), map[string]any{"status": "accepted"}, 400, ""},
			{"coach marks attended", p.ada, path(e, 1), map[string]any{"status": "attended"}, 200, "attended"},
			{"coach marks absent", p.ada, path(e, 2), map[string]any{"status": "absent"}, 200, "absent"},
			{"coach answers for a learner", p.ada, path(e, 2), map[string]any{"status": "accepted"}, 403, ""},
			{"coach on another coach's event", p.ada, path(bobs, 1), map[string]any{"status": "attended"}, 404, ""},
			{"other coach", p.bob, path(e, 1), map[string]any{"status": "absent"}, 404, ""},
			{"admin sets anything", "", path(bobs, 3), map[string]any{"status": "invited"}, 200, "invited"},
			{"admin marks", "", path(bobs, 1), map[string]any{"status": "attended"}, 200, "attended"},
			{"learner not invited", "", path(e, 3), map[string]any{"status": "attended"}, 404, ""},
			{"no such learner", "", path(e, 99), map[string]any{"status": "attended"}, 404, ""},
			{"no such event", "", path(999, 1), map[string]any{"status": "attended"}, 404, ""},
			{"unknown status", "", path(e, 1), map[string]any{"status": "maybe"}, 400, ""},
			{"no status", "", path(e, 1), map[string]any{}, 400, ""},
			{"unknown key", "", path(e, 1), map[string]any{"status": "attended", "note": "late"}, 400, ""},
			{"not JSON", "", path(e, 1), "status=attended", 400, ""},
			{"authenticated role", p.plain, path(e, 1), map[string]any{"status": "accepted"}, 403, ""},
			{"no token", "anonymous", path(e, 1), map[string]any{"status": "accepted"}, 401, ""},
		}
		for _, tc := range cases {
			var hdr []string
			switch tc.who {
			case "":
			case "anonymous":
				hdr = as("")
			default:
				hdr = as(tc.who)
			}
			r := h.Do("PUT", tc.path, tc.body, hdr...)
			if r.Status != tc.status {
				t.Errorf("%s: %d, want %d: %s", tc.name, r.Status, tc.status, r.Body)
				continue
			}
			if r.Status != 200 {
				if st, _, _, _ := errorOf(t, r); st != tc.status {
					t.Errorf("%s: envelope status %d", tc.name, st)
				}
				continue
			}
			d := r.JSON(t)["data"].(map[string]any)
			if d["status"] != tc.after {
				t.Errorf("%s: status %v, want %s", tc.name, d["status"], tc.after)
			}
		}
		// Answers stamp respondedAt; marks leave it.
		got := h.Do("GET", "/api/attendances?filters[event][id]="+fmt.Sprint(e)+"&sort=id", nil).JSON(t)["data"].([]any)
		li, mo := got[0].(map[string]any), got[1].(map[string]any)
		if li["respondedAt"] != "2030-01-01T08:00:00.000Z" || li["status"] != "attended" {
			t.Errorf("Li: %v", li)
		}
		if mo["respondedAt"] != nil || mo["status"] != "absent" {
			t.Errorf("Mo: %v", mo)
		}
	})
}
