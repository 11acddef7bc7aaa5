package scheduling_test

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/apptest"
)

// syncCounts calls a sync route and returns created, removed, unchanged
// (and events for a program sync, else -1).
func syncCounts(t *testing.T, h *apptest.Harness, path string, body any, headers ...string) [4]int {
	t.Helper()
	r := h.Do("POST", path, body, headers...)
	if r.Status != 200 {
		t.Fatalf("POST %s: %d %s", path, r.Status, r.Body)
	}
	d := r.JSON(t)["data"].(map[string]any)
	n := func(k string) int {
		v, ok := d[k].(json.Number)
		if !ok {
			return -1
		}
		i, _ := v.Int64()
		return int(i)
	}
	return [4]int{n("created"), n("removed"), n("unchanged"), n("events")}
}

// syncedAt and updatedAt of an event, as the API shows them.
func stamps(t *testing.T, h *apptest.Harness, id int64) (synced, updated any) {
	t.Helper()
	d := h.Do("GET", fmt.Sprintf("/api/events/%d", id), nil).JSON(t)["data"].(map[string]any)
	return d["syncedAt"], d["updatedAt"]
}

func TestSyncEvent(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, h *apptest.Harness, p people) {
		e := event(t, h, map[string]any{"title": "Kick-off", "startAt": at("09:00"), "endAt": at("10:00"), "coach": 1, "program": 1})
		path := fmt.Sprintf("/api/events/%d/sync", e)

		// Program 1's active enrollments are Li and Mo (Ne is only invited).
		if got := syncCounts(t, h, path, nil, as(p.ada)...); got != [4]int{2, 0, 0, -1} {
			t.Errorf("first sync: %v", got)
		}
		if got := attendance(t, h, e); !reflect.DeepEqual(got, map[int64]string{1: "invited", 2: "invited"}) {
			t.Errorf("attendance %v", got)
		}
		if got := linked(t, h, e); !reflect.DeepEqual(got, []int64{1, 2}) {
			t.Errorf("learners %v", got)
		}
		synced, updated := stamps(t, h, e)
		if synced != "2030-01-01T08:00:00.000Z" {
			t.Errorf("syncedAt %v", synced)
		}

		// Twice is once: nothing written, not even updatedAt.
		if got := syncCounts(t, h, path, nil, as(p.ada)...); got != [4]int{0, 0, 2, -1} {
			t.Errorf("second sync: %v", got)
		}
		if s2, u2 := stamps(t, h, e); s2 != synced || u2 != updated {
			t.Errorf("a no-op sync wrote: syncedAt %v -> %v, updatedAt %v -> %v", synced, s2, updated, u2)
		}

		// Li answers; Mo drops out; Ne becomes active: one in, one out, and
		// Li's answer survives.
		if r := h.Do("PUT", fmt.Sprintf("/api/events/%d/attendance/1", e), map[string]any{"status": "accepted"}, as(p.li)...); r.Status != 200 {
			t.Fatalf("answering: %d %s", r.Status, r.Body)
		}
		h.Do("PUT", "/api/enrollments/2", map[string]any{"data": map[string]any{"status": "dropped"}})
		h.Do("PUT", "/api/enrollments/3", map[string]any{"data": map[string]any{"status": "active"}})
		if got := syncCounts(t, h, path, nil); got != [4]int{1, 1, 1, -1} {
			t.Errorf("after enrollment changes: %v", got)
		}
		if got := attendance(t, h, e); !reflect.DeepEqual(got, map[int64]string{1: "accepted", 3: "invited"}) {
			t.Errorf("attendance %v", got)
		}
		if got := linked(t, h, e); !reflect.DeepEqual(got, []int64{1, 3}) {
			t.Errorf("learners %v", got)
		}

		// An explicit list, by id or documentId, replaces the enrollments.
		doc := h.Do("GET", "/api/learners/2", nil).JSON(t)["data"].(map[string]any)["documentId"]
		if got := syncCounts(t, h, path, map[string]any{"learners": []any{doc, 1}}); got != [4]int{1, 1, 1, -1} {
			t.Errorf("given list: %v", got)
		}
		if got := linked(t, h, e); !reflect.DeepEqual(got, []int64{1, 2}) {
			t.Errorf("learners %v", got)
		}
		if got := syncCounts(t, h, path, map[string]any{"data": map[string]any{"learners": []any{}}}); got != [4]int{0, 2, 0, -1} {
			t.Errorf("empty list: %v", got)
		}
		if got := linked(t, h, e); len(got) != 0 {
			t.Errorf("learners %v", got)
		}

		// Duplicate or learner-less rows made by hand are cleaned up.
		post(t, h, "/api/attendances", map[string]any{"event": e, "learner": 1})
		post(t, h, "/api/attendances", map[string]any{"event": e, "learner": 1, "status": "declined"})
		post(t, h, "/api/attendances", map[string]any{"event": e})
		if got := syncCounts(t, h, path, map[string]any{"learners": []any{1}}); got != [4]int{0, 2, 1, -1} {
			t.Errorf("duplicates: %v", got)
		}
		if got := attendance(t, h, e); !reflect.DeepEqual(got, map[int64]string{1: "invited"}) {
			t.Errorf("the oldest row is kept: %v", got)
		}

		syncRefusals(t, h, p, e, path)
	})
}

// syncRefusals: requests a sync refuses, by status, leave the event's
// attendance as it was.
func syncRefusals(t *testing.T, h *apptest.Harness, p people, e int64, path string) {
	t.Helper()
	other := event(t, h, map[string]any{"title": "Bob's", "startAt": at("09:00"), "endAt": at("10:00"), "coach": 2, "program": 1})
	loose := event(t, h, map[string]any{"title": "No program", "startAt": at("12:00"), "endAt": at("13:00"), "coach": 1})
	gone := event(t, h, map[string]any{"title": "Off", "startAt": at("14:00"), "endAt": at("15:00"), "coach": 1, "program": 1, "status": "cancelled"})
	for _, tc := range []struct {
		path   string
		body   any
		who    string
		status int
	}{
		{fmt.Sprintf("/api/events/%d/sync", other), nil, p.ada, 404},                   // not her event
		{"/api/events/999/sync", nil, "", 404},                                         // no such event (admin)
		{fmt.Sprintf("/api/events/%d/sync", loose), nil, "", 400},                      // no program, no list
		{fmt.Sprintf("/api/events/%d/sync", gone), nil, "", 400},                       // not scheduled
		{path, map[string]any{"learners": []any{99}}, "", 400},                         // no such learner
		{path, map[string]any{"learners": []any{3}}, p.ada, 400},                       // Ne is Bob's learner
		{path, map[string]any{"learners": 1}, "", 400},                                 // not a list
		{path, map[string]any{"learners": []any{true}}, "", 400},                       // not a reference
		{path, map[string]any{"people": []any{1}}, "", 400},                            // unknown key
		{path, "not json", "", 400},                                                    //
		{path, nil, p.li, 403},                                                         // learners do not sync
		{path, nil, p.plain, 403},                                                      //
		{path, nil, "anonymous", 401},                                                  //
		{"/api/programs/1/events/sync", map[string]any{"learners": []any{1}}, "", 400}, // a program sync takes no list
		{"/api/programs/999/events/sync", nil, "", 404},                                //
	} {
		hdr := []string(nil)
		switch tc.who {
		case "":
		case "anonymous":
			hdr = as("")
		default:
			hdr = as(tc.who)
		}
		r := h.Do("POST", tc.path, tc.body, hdr...)
		if r.Status != tc.status {
			t.Errorf("POST %s %v: %d, want %d: %s", tc.path, tc.body, r.Status, tc.status, r.Body)
		}
	}
	if got := attendance(t, h, e); !reflect.DeepEqual(got, map[int64]string{1: "invited"}) {
		t.Errorf("refusals changed attendance: %v", got)
	}
}

func TestSyncProgram(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, h *apptest.Harness, p people) {
		e1 := event(t, h, map[string]any{"title": "One", "startAt": at("09:00"), "endAt": at("10:00"), "coach": 1, "program": 1, "learners": []int{3}})
		e2 := event(t, h, map[string]any{"title": "Two", "startAt": at("11:00"), "endAt": at("12:00"), "coach": 2, "program": 1})
		off := event(t, h, map[string]any{"title": "Off", "startAt": at("13:00"), "endAt": at("14:00"), "coach": 1, "program": 1, "status": "cancelled"})
		elsewhere := event(t, h, map[string]any{"title": "Sales", "startAt": at("13:00"), "endAt": at("14:00"), "coach": 2, "program": 2})

		// A coach syncs only their own events of the program, and only
		// the learners they may see: Ne is Bob's, so Ada's sync leaves her
		// linked to e1 as she was.
		if got := syncCounts(t, h, "/api/programs/1/events/sync", nil, as(p.ada)...); got != [4]int{2, 0, 0, 1} {
			t.Errorf("coach: %v", got)
		}
		if got := linked(t, h, e1); !reflect.DeepEqual(got, []int64{1, 2, 3}) {
			t.Errorf("e1 learners %v", got)
		}
		if len(attendance(t, h, e2)) != 0 {
			t.Errorf("a coach's program sync touched another coach's event")
		}
		// The admin syncs every scheduled event; twice is once.
		if got := syncCounts(t, h, "/api/programs/1/events/sync", nil); got != [4]int{2, 0, 2, 2} {
			t.Errorf("admin: %v", got)
		}
		if got := syncCounts(t, h, "/api/programs/1/events/sync", map[string]any{}); got != [4]int{0, 0, 4, 2} {
			t.Errorf("again: %v", got)
		}
		for _, id := range []int64{off, elsewhere} {
			if len(attendance(t, h, id)) != 0 || len(linked(t, h, id)) != 0 {
				t.Errorf("event %d is not a scheduled event of the program, but was synced", id)
			}
		}
		// Dropping an enrollment removes the learner from every event.
		h.Do("PUT", "/api/enrollments/1", map[string]any{"data": map[string]any{"status": "dropped"}})
		if got := syncCounts(t, h, "/api/programs/1/events/sync", nil); got != [4]int{0, 2, 2, 2} {
			t.Errorf("after a drop: %v", got)
		}
		for _, id := range []int64{e1, e2} {
			if got := attendance(t, h, id); !reflect.DeepEqual(got, map[int64]string{2: "invited"}) {
				t.Errorf("event %d attendance %v", id, got)
			}
		}
	})
}

// saboteur is a test plugin whose attendance hook fails for one event,
// the way any rule of another plugin might: the program sync must then
// leave every event as it was.
type saboteur struct {
	event int64
	m     struct {
		Attendance *schema.ContentType `kiln:"attendance"`
		Event      *schema.Attribute   `kiln:"attendance.event"`
	}
}

func (*saboteur) Name() string { return "saboteur" }
func (s *saboteur) Model() any { return &s.m }
func (s *saboteur) Register(api *plugin.API) error {
	api.Before(hook.Create, s.m.Attendance, func(_ context.Context, ev *hook.Event) error {
		ch := ev.Data.Relations[s.m.Event]
		for _, id := range append(ch.Set, ch.Connect...) {
			if id == s.event {
				return errs.New(errs.KindConflict, "attendance refused for this event")
			}
		}
		return nil
	})
	return nil
}

func TestSyncProgramRollsBackEntirely(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, h *apptest.Harness, p people) {
		e1 := event(t, h, map[string]any{"title": "One", "startAt": at("09:00"), "endAt": at("10:00"), "coach": 1, "program": 1, "learners": []int{3}})
		e2 := event(t, h, map[string]any{"title": "Two", "startAt": at("11:00"), "endAt": at("12:00"), "coach": 2, "program": 1})
		post(t, h, "/api/attendances", map[string]any{"event": e1, "learner": 3, "status": "accepted"})
		if e2 != 2 {
			t.Fatalf("the saboteur expects event 2, got %d", e2)
		}
		// e1 is synced first (id order) and fully written inside the
		// transaction; e2 then fails.
		r := h.Do("POST", "/api/programs/1/events/sync", nil)
		if st, name, msg, _ := errorOf(t, r); r.Status != 409 || st != 409 || name != "ConflictError" || msg != "attendance refused for this event" {
			t.Fatalf("%d %s", r.Status, r.Body)
		}
		if got := linked(t, h, e1); !reflect.DeepEqual(got, []int64{3}) {
			t.Errorf("e1 learners %v, want them untouched", got)
		}
		if got := attendance(t, h, e1); !reflect.DeepEqual(got, map[int64]string{3: "accepted"}) {
			t.Errorf("e1 attendance %v, want it untouched", got)
		}
		if synced, _ := stamps(t, h, e1); synced != nil {
			t.Errorf("e1 syncedAt %v, want none", synced)
		}
		if n := count(t, h, "SELECT COUNT(*) FROM attendances"); n != 1 {
			t.Errorf("%d attendance rows, want the 1 made by hand", n)
		}
		// The per-event sync of e1 alone still works.
		if got := syncCounts(t, h, fmt.Sprintf("/api/events/%d/sync", e1), nil); got != [4]int{2, 1, 0, -1} {
			t.Errorf("e1 alone: %v", got)
		}
	}, &saboteur{event: 2})
}
