package analytics_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/dataset"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/store/storetest"
	"github.com/kiln-cms/kiln/internal/testmain"
	"github.com/kiln-cms/kiln/plugins/analytics"
)

// now is the fixture's "now": every figure below is worked out from it.
var now = time.Date(2026, 6, 15, 12, 0, 0, 0, time.UTC)

func plugin() *analytics.Plugin {
	p := analytics.New()
	p.Now = func() time.Time { return now }
	return p
}

// fixture is what build made: the tokens of the users the permission
// tests call as, and documentIds to ask by.
type fixture struct {
	coachToken, learnerToken, userToken string
	program1Doc, coach1Doc              string
}

// post creates an entry through the API and returns its documentId.
func post(t *testing.T, h *apptest.Harness, plural string, data map[string]any) string {
	t.Helper()
	r := h.Do("POST", "/api/"+plural, map[string]any{"data": data})
	if r.Status != 201 {
		t.Fatalf("POST %s %v: %d %s", plural, data, r.Status, r.Body)
	}
	var body struct{ Data struct{ DocumentID string } }
	json.Unmarshal(r.Body, &body)
	return body.Data.DocumentID
}

func userID(t *testing.T, h *apptest.Harness, token string) int64 {
	t.Helper()
	r := h.Do("GET", "/api/users/me", nil, "Authorization", "Bearer "+token)
	var me struct{ ID int64 }
	if err := json.Unmarshal(r.Body, &me); err != nil || me.ID == 0 {
		t.Fatalf("users/me: %d %s", r.Status, r.Body)
	}
	return me.ID
}

// build makes the hand-built data set, through the API, ids in creation
// order from 1. The comments are the facts the expected figures use.
func build(t *testing.T, h *apptest.Harness) fixture {
	var f fixture
	f.coachToken = h.CreateUser("kim", "kim@kiln.test", "coach")
	f.learnerToken = h.CreateUser("lou", "lou@kiln.test", "learner")
	f.userToken = h.CreateUser("una", "una@kiln.test", "authenticated")
	kimUser := userID(t, h, f.coachToken)

	// Customers: C1 and C3 active, C2 not. C3 has nothing.
	post(t, h, "customers", map[string]any{"name": "Acme", "active": true})    // C1
	post(t, h, "customers", map[string]any{"name": "Globex", "active": false}) // C2
	post(t, h, "customers", map[string]any{"name": "Initech", "active": true}) // C3

	// Coaches: K1 (Kim's user, capacity 3), K2 (capacity 2), K3 inactive (5).
	f.coach1Doc = post(t, h, "coaches", map[string]any{"name": "Kim", "email": "k1@c.test", "maxLearners": 3, "active": true, "user": kimUser})
	post(t, h, "coaches", map[string]any{"name": "Lee", "email": "k2@c.test", "maxLearners": 2, "active": true})
	post(t, h, "coaches", map[string]any{"name": "Max", "email": "k3@c.test", "maxLearners": 5, "active": false})

	// Programs: P1 published (C1; coaches K1, K2), P2 draft (C1; K1),
	// P3 archived (C2; nothing at all).
	f.program1Doc = post(t, h, "programs", map[string]any{"title": "Leadership", "status": "published", "customer": 1, "coaches": []any{1, 2}})
	post(t, h, "programs", map[string]any{"title": "Sales", "status": "draft", "customer": 1, "coaches": []any{1}})
	post(t, h, "programs", map[string]any{"title": "Empty", "status": "archived", "customer": 2})

	// Modules, created out of order: P1 has M2 (order 0, two sessions),
	// M1 (order 1, one session), M3 (no order, none); P2 has M4 (three).
	post(t, h, "modules", map[string]any{"title": "Deep dive", "order": 1, "program": 1}) // M1
	post(t, h, "modules", map[string]any{"title": "Intro", "order": 0, "program": 1})     // M2
	post(t, h, "modules", map[string]any{"title": "Wrap-up", "program": 1})               // M3
	post(t, h, "modules", map[string]any{"title": "Pitch", "order": 0, "program": 2})     // M4
	for _, s := range []struct{ module, program int }{{2, 1}, {2, 1}, {1, 1}, {4, 2}, {4, 2}, {4, 2}} {
		post(t, h, "sessions", map[string]any{"title": "S", "module": s.module, "program": s.program})
	}

	// Learners: L1, L2 (C1, coach K1), L3 (C1, K2), L4 (C2, K3 — inactive),
	// L5 (C2, no coach), L6 (C1, no coach).
	for i, l := range []struct{ customer, coach any }{{1, 1}, {1, 1}, {1, 2}, {2, 3}, {2, nil}, {1, nil}} {
		post(t, h, "learners", map[string]any{"name": fmt.Sprint("L", i+1), "email": fmt.Sprintf("l%d@l.test", i+1),
			"customer": l.customer, "coach": l.coach})
	}

	buildActivity(t, h)
	return f
}

// buildActivity makes build's enrollments, events and attendance.
func buildActivity(t *testing.T, h *apptest.Harness) {
	// Enrollments (status, progress): P1: L1 completed 100, L2 active 45,
	// L3 active 9.25, L6 dropped 20. P2: L1 invited 0, L4 active 90,
	// L2 completed 100. Active learners: L2, L3, L4.
	for _, e := range []struct {
		learner, program int
		status           string
		progress         float64
	}{{1, 1, "completed", 100}, {2, 1, "active", 45}, {3, 1, "active", 9.25}, {6, 1, "dropped", 20},
		{1, 2, "invited", 0}, {4, 2, "active", 90}, {2, 2, "completed", 100}} {
		post(t, h, "enrollments", map[string]any{"learner": e.learner, "program": e.program, "status": e.status, "progress": e.progress})
	}

	// Events, against now = 2026-06-15T12:00Z (next 7 days until 06-22T12:00,
	// last 30 days from 05-16T12:00).
	for _, e := range []struct {
		program, coach int
		status         string
		start          string
		minutes        int
	}{
		{1, 1, "completed", "2026-06-01T09:00:00.000Z", 90},  // V1 held, last 30 days
		{1, 1, "scheduled", "2026-06-10T09:00:00.000Z", 120}, // V2 held: over, never cancelled
		{1, 2, "cancelled", "2026-06-12T09:00:00.000Z", 60},  // V3 cancelled
		{1, 1, "scheduled", "2026-06-18T09:00:00.000Z", 60},  // V4 upcoming, next 7 days
		{1, 2, "scheduled", "2026-07-01T09:00:00.000Z", 60},  // V5 upcoming, later
		{1, 2, "completed", "2026-04-01T09:00:00.000Z", 45},  // V6 held, before the 30 days
		{2, 1, "scheduled", "2026-06-16T08:00:00.000Z", 60},  // V7 upcoming, next 7 days
		{2, 1, "completed", "2026-05-20T14:00:00.000Z", 90},  // V8 held, last 30 days
		{2, 1, "cancelled", "2026-06-20T10:00:00.000Z", 60},  // V9 cancelled (in the next 7 days)
		{1, 2, "scheduled", "2026-06-15T11:00:00.000Z", 120}, // V10 under way: upcoming, not next 7 days
	} {
		start, _ := time.Parse(time.RFC3339, e.start)
		post(t, h, "events", map[string]any{"title": "E", "program": e.program, "coach": e.coach, "status": e.status,
			"startAt": e.start, "endAt": start.Add(time.Duration(e.minutes) * time.Minute).Format(time.RFC3339)})
	}

	// Attendance (event, learner, status).
	for _, a := range []struct {
		event, learner int
		status         string
	}{
		{1, 1, "attended"}, {1, 2, "attended"}, {1, 3, "absent"}, // V1: 2 attended, 1 absent
		{2, 1, "absent"}, {2, 2, "attended"}, // V2: 1, 1
		{3, 1, "attended"},                    // V3 cancelled: never counts
		{4, 1, "invited"}, {4, 2, "accepted"}, // V4: no marks
		{6, 3, "attended"},                   // V6: 1, 0
		{8, 4, "attended"}, {8, 1, "absent"}, // V8: 1, 1
		{7, 4, "declined"},  // V7: no marks
		{10, 2, "attended"}, // V10: 1, 0
	} {
		post(t, h, "attendances", map[string]any{"event": a.event, "learner": a.learner, "status": a.status})
	}
}

// get asks for path as the admin and returns data, failing on a non-200.
func get(t *testing.T, h *apptest.Harness, path string) any {
	t.Helper()
	r := h.Do("GET", path, nil)
	if r.Status != 200 {
		t.Fatalf("GET %s: %d %s", path, r.Status, r.Body)
	}
	return r.JSON(t)["data"]
}

// same fails unless got equals the expected JSON exactly: every key, no
// extra one, numbers by value.
func same(t *testing.T, what string, got any, want string) {
	t.Helper()
	var w any
	dec := json.NewDecoder(bytes.NewBufferString(want))
	dec.UseNumber()
	if err := dec.Decode(&w); err != nil {
		t.Fatalf("%s: bad expectation: %v", what, err)
	}
	if !reflect.DeepEqual(numbers(got), numbers(w)) {
		g, _ := json.MarshalIndent(got, "", "  ")
		t.Errorf("%s:\n got %s\nwant %s", what, g, want)
	}
}

// numbers turns json.Numbers into float64, so that 1 and 1.0 are equal.
func numbers(v any) any {
	switch x := v.(type) {
	case json.Number:
		f, _ := x.Float64()
		return f
	case map[string]any:
		out := map[string]any{}
		for k, e := range x {
			out[k] = numbers(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = numbers(e)
		}
		return out
	}
	return v
}

// zeros is the histogram of a program without enrollments.
const zeros = `[{"from":0,"to":10,"count":0},{"from":10,"to":20,"count":0},{"from":20,"to":30,"count":0},
 {"from":30,"to":40,"count":0},{"from":40,"to":50,"count":0},{"from":50,"to":60,"count":0},{"from":60,"to":70,"count":0},
 {"from":70,"to":80,"count":0},{"from":80,"to":90,"count":0},{"from":90,"to":100,"count":0}]`

// Program figures, worked out from build's comments.
//
// P1: enrollments 4 (active 2, completed 1, dropped 1); completion 1/4;
// progress (100+45+9.25+20)/4 = 43.5625; buckets 9.25→[0,10), 20→[20,30),
// 45→[40,50), 100→[90,100]. Events: held V1, V2, V6; scheduled V4, V5,
// V10; cancelled V3; hours 1.5+2+0.75 = 4.25. Attendance (V3 left out):
// attended 2+1+1+1 = 5, absent 1+1 = 2 → 5/7. Coaches: K1 held V1, V2
// (3.5 h), K2 held V6 (0.75 h).
const p1 = `{"id":1,"title":"Leadership","status":"published",
 "enrollments":{"total":4,"byStatus":{"invited":0,"active":2,"completed":1,"dropped":1}},
 "completionRate":0.25,"meanProgress":43.56,
 "progressHistogram":[{"from":0,"to":10,"count":1},{"from":10,"to":20,"count":0},{"from":20,"to":30,"count":1},
  {"from":30,"to":40,"count":0},{"from":40,"to":50,"count":1},{"from":50,"to":60,"count":0},{"from":60,"to":70,"count":0},
  {"from":70,"to":80,"count":0},{"from":80,"to":90,"count":0},{"from":90,"to":100,"count":1}],
 "modules":[{"id":2,"title":"Intro","order":0,"sessions":2},{"id":1,"title":"Deep dive","order":1,"sessions":1},
  {"id":3,"title":"Wrap-up","order":null,"sessions":0}],
 "events":{"held":3,"scheduled":3,"cancelled":1},"attendanceRate":0.7143,"hoursDelivered":4.25,
 "coaches":[{"id":1,"name":"Kim","eventsHeld":2,"hoursDelivered":3.5},{"id":2,"name":"Lee","eventsHeld":1,"hoursDelivered":0.75}]}`

// P2: enrollments 3 (invited 1, active 1, completed 1); completion 1/3;
// progress (0+90+100)/3 = 63.33; buckets 0→[0,10), 90 and 100→[90,100].
// Events: held V8 (1.5 h), scheduled V7, cancelled V9; attendance V8 1/2.
const p2 = `{"id":2,"title":"Sales","status":"draft",
 "enrollments":{"total":3,"byStatus":{"invited":1,"active":1,"completed":1,"dropped":0}},
 "completionRate":0.3333,"meanProgress":63.33,
 "progressHistogram":[{"from":0,"to":10,"count":1},{"from":10,"to":20,"count":0},{"from":20,"to":30,"count":0},
  {"from":30,"to":40,"count":0},{"from":40,"to":50,"count":0},{"from":50,"to":60,"count":0},{"from":60,"to":70,"count":0},
  {"from":70,"to":80,"count":0},{"from":80,"to":90,"count":0},{"from":90,"to":100,"count":2}],
 "modules":[{"id":4,"title":"Pitch","order":0,"sessions":3}],
 "events":{"held":1,"scheduled":1,"cancelled":1},"attendanceRate":0.5,"hoursDelivered":1.5,
 "coaches":[{"id":1,"name":"Kim","eventsHeld":1,"hoursDelivered":1.5}]}`

// P3 has nothing: zeros and empty lists, never null.
const p3 = `{"id":3,"title":"Empty","status":"archived",
 "enrollments":{"total":0,"byStatus":{"invited":0,"active":0,"completed":0,"dropped":0}},
 "completionRate":0,"meanProgress":0,"progressHistogram":` + zeros + `,
 "modules":[],"events":{"held":0,"scheduled":0,"cancelled":0},"attendanceRate":0,"hoursDelivered":0,"coaches":[]}`

// dropDocs removes documentIds (random per run) from the answer.
func dropDocs(v any) any {
	switch x := v.(type) {
	case map[string]any:
		delete(x, "documentId")
		for _, e := range x {
			dropDocs(e)
		}
	case []any:
		for _, e := range x {
			dropDocs(e)
		}
	}
	return v
}

// deskRole is a role the shipped file does not have: every analytics
// route, and a scope on every type the figures read, so that each table of
// every statement is narrowed for it. Its scopes read only rows it may see
// itself, so deleting what it may not see leaves what it sees unchanged
// (the premise of TestHiddenRowsCountForNothing).
const deskRole = `
  desk:
    name: Desk
    description: Test role that sees part of everything the analytics read.
    actions: [analytics.*, users.me,
      customer.find, customer.findOne, program.find, program.findOne, module.find, module.findOne,
      session.find, session.findOne, coach.find, coach.findOne, learner.find, learner.findOne,
      enrollment.find, enrollment.findOne, event.find, event.findOne, attendance.find, attendance.findOne]
    scopes:
      customer: {id: {$eq: 1}}
      program: {customer: {id: {$eq: 1}}}
      module: {program: {customer: {id: {$eq: 1}}}}
      session: {module: {order: {$eq: 0}}}
      learner: {customer: {id: {$eq: 1}}}
      enrollment: {program: {customer: {id: {$eq: 1}}}}
      event: {status: {$ne: "completed"}}
      attendance: {learner: {customer: {id: {$eq: 1}}}}
      coach: {active: {$eq: true}}
`

// TestAnalytics builds the fixture once per database and checks every
// figure of every endpoint, the window, the errors, the permissions and the
// number of queries.
func TestAnalytics(t *testing.T) {
	t.Parallel()
	apptest.EachWithRoles(t, deskRole, func(t *testing.T, h *apptest.Harness) {
		// An empty platform: zeros everywhere, no division by zero.
		same(t, "empty dashboard", get(t, h, "/api/analytics/dashboard"), `{
			"programs":{"total":0,"byStatus":{"draft":0,"published":0,"archived":0}},
			"customers":{"total":0,"active":0},"learners":{"total":0,"active":0},
			"coaches":{"total":0,"active":0,"utilization":0},
			"enrollments":{"total":0,"byStatus":{"invited":0,"active":0,"completed":0,"dropped":0},"completionRate":0,"meanProgress":0},
			"events":{"next7Days":0},"attendance":{"rate30Days":0}}`)

		f := build(t, h)

		for _, sub := range []struct {
			name string
			fn   func(t *testing.T, h *apptest.Harness, f fixture)
		}{
			{"dashboard", checkDashboard},
			{"programs", checkPrograms},
			{"customers", checkCustomers},
			{"coaches", checkCoaches},
			{"window", checkWindow},
			{"bad window", checkBadWindow},
			{"unknown ids", checkUnknownIDs},
			{"permissions", checkPermissions},
			{"answers match their schemas", checkSchemas},
			{"queries", checkQueries},
		} {
			t.Run(sub.name, func(t *testing.T) { sub.fn(t, h, f) })
		}
	}, plugin())
}

// checkDashboard checks every dashboard figure of the fixture.
func checkDashboard(t *testing.T, h *apptest.Harness, f fixture) {
	// Programs 3 (one of each status); customers 3, active 2; learners
	// 6, active 3 (L2, L3, L4). Coaches 3, active 2 (K1, K2): capacity
	// 3+2, assigned L1, L2, L3 (L4's coach is inactive) → 3/5.
	// Enrollments 7: progress 364.25/7 = 52.04, completion 2/7.
	// Next 7 days: V4, V7 (V9 is cancelled, V10 started before now).
	// Attendance of the last 30 days: V1, V2, V8, V10 → 5/8.
	same(t, "dashboard", get(t, h, "/api/analytics/dashboard"), `{
		"programs":{"total":3,"byStatus":{"draft":1,"published":1,"archived":1}},
		"customers":{"total":3,"active":2},"learners":{"total":6,"active":3},
		"coaches":{"total":3,"active":2,"utilization":0.6},
		"enrollments":{"total":7,"byStatus":{"invited":1,"active":3,"completed":2,"dropped":1},"completionRate":0.2857,"meanProgress":52.04},
		"events":{"next7Days":2},"attendance":{"rate30Days":0.625}}`)
}

// checkPrograms checks every figure of each program, asked by id and by
// documentId.
func checkPrograms(t *testing.T, h *apptest.Harness, f fixture) {
	same(t, "P1", dropDocs(get(t, h, "/api/analytics/programs/1")), p1)
	same(t, "P1 by documentId", dropDocs(get(t, h, "/api/analytics/programs/"+f.program1Doc)), p1)
	same(t, "P2", dropDocs(get(t, h, "/api/analytics/programs/2")), p2)
	same(t, "P3 (empty)", dropDocs(get(t, h, "/api/analytics/programs/3")), p3)
}

// checkCustomers checks every figure of each customer, with its
// programs' roll-ups.
func checkCustomers(t *testing.T, h *apptest.Harness, f fixture) {
	// C1: P1 and P2; learners L1, L2, L3, L6, active L2, L3; roll-ups
	// over both programs: progress 364.25/7, attendance 6/9, hours 5.75.
	same(t, "C1", dropDocs(get(t, h, "/api/analytics/customers/1")), `{"id":1,"name":"Acme",
		"programs":[`+p1+`,`+p2+`],"learners":{"total":4,"active":2},
		"enrollments":{"total":7,"byStatus":{"invited":1,"active":3,"completed":2,"dropped":1}},
		"completionRate":0.2857,"meanProgress":52.04,"events":{"held":4,"scheduled":4,"cancelled":2},
		"attendanceRate":0.6667,"hoursDelivered":5.75}`)
	// C2: the empty P3; learners L4 (active in C1's P2) and L5.
	same(t, "C2", dropDocs(get(t, h, "/api/analytics/customers/2")), `{"id":2,"name":"Globex",
		"programs":[`+p3+`],"learners":{"total":2,"active":1},
		"enrollments":{"total":0,"byStatus":{"invited":0,"active":0,"completed":0,"dropped":0}},
		"completionRate":0,"meanProgress":0,"events":{"held":0,"scheduled":0,"cancelled":0},
		"attendanceRate":0,"hoursDelivered":0}`)
	same(t, "C3 (empty)", dropDocs(get(t, h, "/api/analytics/customers/3")), `{"id":3,"name":"Initech",
		"programs":[],"learners":{"total":0,"active":0},
		"enrollments":{"total":0,"byStatus":{"invited":0,"active":0,"completed":0,"dropped":0}},
		"completionRate":0,"meanProgress":0,"events":{"held":0,"scheduled":0,"cancelled":0},
		"attendanceRate":0,"hoursDelivered":0}`)
}

// checkCoaches checks every figure of each coach.
func checkCoaches(t *testing.T, h *apptest.Harness, f fixture) {
	// K1: learners L1, L2 of 3; delivered V1, V2, V8 (1.5+2+1.5 h),
	// upcoming V4, V7, cancelled V9; attendance V1, V2, V8 → 4/7.
	same(t, "K1", dropDocs(get(t, h, "/api/analytics/coaches/1")), `{"id":1,"name":"Kim",
		"learners":{"assigned":2,"capacity":3,"utilization":0.6667},
		"events":{"delivered":3,"upcoming":2,"cancelled":1},"attendanceRate":0.5714,"hoursDelivered":5}`)
	// K2: L3 of 2; delivered V6 (0.75 h), upcoming V5, V10, cancelled
	// V3 (whose "attended" is not counted); attendance V6, V10 → 2/2.
	same(t, "K2", dropDocs(get(t, h, "/api/analytics/coaches/2")), `{"id":2,"name":"Lee",
		"learners":{"assigned":1,"capacity":2,"utilization":0.5},
		"events":{"delivered":1,"upcoming":2,"cancelled":1},"attendanceRate":1,"hoursDelivered":0.75}`)
	same(t, "K3 (no events)", dropDocs(get(t, h, "/api/analytics/coaches/3")), `{"id":3,"name":"Max",
		"learners":{"assigned":1,"capacity":5,"utilization":0.2},
		"events":{"delivered":0,"upcoming":0,"cancelled":0},"attendanceRate":0,"hoursDelivered":0}`)
}

// checkWindow checks what from/to move and what they leave alone.
func checkWindow(t *testing.T, h *apptest.Harness, f fixture) {
	// 2026-06-01..2026-06-12 holds V1, V2 (held, 3.5 h; marks 3
	// attended, 2 absent) and V3 (cancelled). Figures that are not
	// about events do not move; the dashboard's next 7 days lie
	// outside the window, its last 30 days keep V1 and V2.
	q := "?from=2026-06-01&to=2026-06-12"
	same(t, "dashboard in window", get(t, h, "/api/analytics/dashboard"+q), `{
		"programs":{"total":3,"byStatus":{"draft":1,"published":1,"archived":1}},
		"customers":{"total":3,"active":2},"learners":{"total":6,"active":3},
		"coaches":{"total":3,"active":2,"utilization":0.6},
		"enrollments":{"total":7,"byStatus":{"invited":1,"active":3,"completed":2,"dropped":1},"completionRate":0.2857,"meanProgress":52.04},
		"events":{"next7Days":0},"attendance":{"rate30Days":0.6}}`)
	p := dropDocs(get(t, h, "/api/analytics/programs/1"+q)).(map[string]any)
	same(t, "P1 events in window", p["events"], `{"held":2,"scheduled":0,"cancelled":1}`)
	same(t, "P1 attendance in window", p["attendanceRate"], `0.6`)
	same(t, "P1 hours in window", p["hoursDelivered"], `3.5`)
	same(t, "P1 coaches in window", p["coaches"], `[{"id":1,"name":"Kim","eventsHeld":2,"hoursDelivered":3.5},{"id":2,"name":"Lee","eventsHeld":0,"hoursDelivered":0}]`)
	same(t, "P1 enrollments in window", p["enrollments"], `{"total":4,"byStatus":{"invited":0,"active":2,"completed":1,"dropped":1}}`)
	c := get(t, h, "/api/analytics/customers/1"+q).(map[string]any)
	same(t, "C1 in window", []any{c["events"], c["attendanceRate"], c["hoursDelivered"]},
		`[{"held":2,"scheduled":0,"cancelled":1},0.6,3.5]`)
	same(t, "K1 in window", dropDocs(get(t, h, "/api/analytics/coaches/1"+q)), `{"id":1,"name":"Kim",
		"learners":{"assigned":2,"capacity":3,"utilization":0.6667},
		"events":{"delivered":2,"upcoming":0,"cancelled":0},"attendanceRate":0.6,"hoursDelivered":3.5}`)
	// "to" keeps its whole day: up to 06-01 K1 has V8 and V1 (09:00 on
	// the 1st); from alone, and one day, work too.
	k := get(t, h, "/api/analytics/coaches/1?to=2026-06-01").(map[string]any)
	same(t, "K1 to 06-01", []any{k["events"], k["hoursDelivered"]}, `[{"delivered":2,"upcoming":0,"cancelled":0},3]`)
	k = get(t, h, "/api/analytics/coaches/1?from=2026-06-01&to=2026-06-01").(map[string]any)
	same(t, "K1 on 06-01", []any{k["events"], k["hoursDelivered"]}, `[{"delivered":1,"upcoming":0,"cancelled":0},1.5]`)
	k = get(t, h, "/api/analytics/coaches/1?from=2026-06-16").(map[string]any)
	same(t, "K1 from 06-16", []any{k["events"], k["hoursDelivered"]}, `[{"delivered":0,"upcoming":2,"cancelled":1},0]`)
	// The dashboard's periods are cut by the window: from 06-17 the
	// next 7 days keep V4 only; from 06-01 the last 30 days keep V1,
	// V2 and V10 (4 attended, 2 absent).
	d := get(t, h, "/api/analytics/dashboard?from=2026-06-17").(map[string]any)
	same(t, "dashboard from 06-17", d["events"], `{"next7Days":1}`)
	d = get(t, h, "/api/analytics/dashboard?from=2026-06-01").(map[string]any)
	same(t, "dashboard from 06-01", []any{d["events"], d["attendance"]}, `[{"next7Days":2},{"rate30Days":0.6667}]`)
	d = get(t, h, "/api/analytics/dashboard?to=2026-06-15").(map[string]any)
	same(t, "dashboard to 06-15", d["events"], `{"next7Days":0}`)
}

// checkBadWindow checks that a bad from/to is a 400 naming it, on every
// route.
func checkBadWindow(t *testing.T, h *apptest.Harness, f fixture) {
	for _, tc := range []struct{ query, param string }{
		{"from=2026-13-01", "from"}, {"from=yesterday", "from"}, {"to=2026-02-30", "to"},
		{"to=2026-06-01T10:00:00Z", "to"}, {"from=2026-06-02&to=2026-06-01", "from"},
	} {
		for _, path := range []string{"dashboard", "programs/1", "customers/1", "coaches/1"} {
			r := h.Do("GET", "/api/analytics/"+path+"?"+tc.query, nil)
			var e struct {
				Error struct {
					Name    string
					Details struct{ Param string }
				}
			}
			json.Unmarshal(r.Body, &e)
			if r.Status != 400 || e.Error.Name != "ValidationError" || e.Error.Details.Param != tc.param {
				t.Errorf("%s?%s: %d %s, want 400 naming %s", path, tc.query, r.Status, r.Body, tc.param)
			}
		}
	}
}

// checkUnknownIDs checks that a reference naming nothing is a 404.
func checkUnknownIDs(t *testing.T, h *apptest.Harness, f fixture) {
	for _, path := range []string{"programs/99", "programs/nosuchdocument", "customers/99", "coaches/99", "coaches/0"} {
		if r := h.Do("GET", "/api/analytics/"+path, nil); r.Status != 404 {
			t.Errorf("%s: %d %s, want 404", path, r.Status, r.Body)
		}
	}
}

// checkPermissions checks who may call which route, and that a coach's
// own figures are the admin's view of them.
func checkPermissions(t *testing.T, h *apptest.Harness, f fixture) {
	bearer := func(tok string) string { return "Bearer " + tok }
	for _, tc := range []struct {
		who, auth string
		want      map[string]int // path → status
	}{
		{"admin", bearer(h.AdminToken), map[string]int{"dashboard": 200, "programs/1": 200, "customers/1": 200, "coaches/1": 200, "coaches/2": 200}},
		// Another coach is one the coach may not see: the 404 of
		// one that does not exist.
		{"coach", bearer(f.coachToken), map[string]int{"dashboard": 403, "programs/1": 403, "customers/1": 403,
			"coaches/1": 200, "coaches/" + f.coach1Doc: 200, "coaches/2": 404, "coaches/3": 404, "coaches/99": 404}},
		{"learner", bearer(f.learnerToken), map[string]int{"dashboard": 403, "programs/1": 403, "customers/1": 403, "coaches/1": 403}},
		{"authenticated", bearer(f.userToken), map[string]int{"dashboard": 403, "programs/1": 403, "customers/1": 403, "coaches/1": 403}},
		{"no token", apptest.Anonymous, map[string]int{"dashboard": 401, "programs/1": 401, "customers/1": 401, "coaches/1": 401}},
	} {
		for path, want := range tc.want {
			if r := h.Do("GET", "/api/analytics/"+path, nil, "Authorization", tc.auth); r.Status != want {
				t.Errorf("%s GET %s: %d %s, want %d", tc.who, path, r.Status, r.Body, want)
			}
		}
	}
	// The coach's own figures are the admin's view of them.
	r := h.Do("GET", "/api/analytics/coaches/1", nil, "Authorization", bearer(f.coachToken))
	same(t, "coach's own", r.JSON(t)["data"], numbersJSON(t, get(t, h, "/api/analytics/coaches/1")))
}

// checkSchemas checks the answers against the response schemas the
// OpenAPI document publishes.
func checkSchemas(t *testing.T, h *apptest.Harness, f fixture) {
	// The route table's response schemas are what the OpenAPI
	// document publishes: every figure an answer holds is declared
	// there, and every figure declared required is in the answer.
	schemas := map[string]map[string]any{}
	for _, r := range h.App.Plugins.Routes() {
		if r.Plugin == "analytics" {
			schemas[r.Path] = r.Response
		}
	}
	for path, url := range map[string]string{
		"/analytics/dashboard":     "/api/analytics/dashboard",
		"/analytics/programs/:id":  "/api/analytics/programs/1",
		"/analytics/customers/:id": "/api/analytics/customers/1",
		"/analytics/coaches/:id":   "/api/analytics/coaches/1",
	} {
		if schemas[path] == nil {
			t.Errorf("%s: no response schema", path)
			continue
		}
		conforms(t, url, schemas[path], get(t, h, url))
	}
}

// checkQueries pins the number of queries per route, for the admin and
// for callers whose scopes narrow what they see.
func checkQueries(t *testing.T, h *apptest.Harness, f fixture) {
	// Every query the app sends is counted; a request refused for its
	// window before the handler touches the database measures what
	// authentication costs, so the handler's share is the rest.
	c := h.CountQueries()
	count := func(path string, auth ...string) int64 {
		before := c.N()
		r := h.Do("GET", path, nil, auth...)
		if r.Status != 200 && r.Status != 400 {
			t.Fatalf("GET %s: %d %s", path, r.Status, r.Body)
		}
		return c.N() - before
	}
	base := count("/api/analytics/dashboard?from=bad")
	desk := apptest.As(h.CreateUser("dee", "dee@kiln.test", "desk"))
	// A new user's first request reads the user; on PostgreSQL later ones
	// do not (docs/identity-cache.md): the base is taken warm.
	count("/api/analytics/dashboard?from=bad", desk...)
	deskBase := count("/api/analytics/dashboard?from=bad", desk...)
	for _, tc := range []struct {
		path string
		want int64
		desk bool // the desk role sees it
	}{
		{"/api/analytics/dashboard", 4, true},
		{"/api/analytics/dashboard?from=2026-01-01&to=2026-12-31", 4, true},
		{"/api/analytics/programs/1", 7, true},
		{"/api/analytics/programs/3", 7, false},
		{"/api/analytics/customers/1", 8, true},  // two programs
		{"/api/analytics/customers/2", 8, false}, // one: the count does not grow with programs
		{"/api/analytics/coaches/1", 4, true},
		{"/api/analytics/coaches/1?from=2026-06-01", 4, true},
	} {
		if got := count(tc.path) - base; got != tc.want {
			t.Errorf("GET %s: %d queries, want %d", tc.path, got, tc.want)
		}
		// Scopes on every type the figures read cost nothing more:
		// they travel inside the statements.
		if !tc.desk {
			continue
		}
		if got := count(tc.path, desk...) - deskBase; got != tc.want {
			t.Errorf("GET %s as desk: %d queries, want %d", tc.path, got, tc.want)
		}
	}
	count("/api/analytics/coaches/1?from=bad", "Authorization", "Bearer "+f.coachToken) // warm, as above
	coachBase := count("/api/analytics/coaches/1?from=bad", "Authorization", "Bearer "+f.coachToken)
	// The coach's scopes limit learners, events and attendance, and
	// cost nothing more either.
	if got := count("/api/analytics/coaches/1", "Authorization", "Bearer "+f.coachToken) - coachBase; got != 4 {
		t.Errorf("coach's own figures: %d queries, want 4", got)
	}
}

func numbersJSON(t *testing.T, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestHiddenRowsCountForNothing takes the rule of docs/analytics.md at its
// word: a row the caller may not see counts for nothing, as if it had been
// deleted with the links to it. The desk role (a scope on every type the
// figures read) asks every endpoint about every entry, with and without a
// window; then the admin deletes every row the desk may not see, and the
// desk's answers must not change by a byte. They must differ from the
// admin's, or the scopes would have narrowed nothing.
func TestHiddenRowsCountForNothing(t *testing.T) {
	t.Parallel()
	apptest.EachWithRoles(t, deskRole, func(t *testing.T, h *apptest.Harness) {
		build(t, h)
		desk := apptest.As(h.CreateUser("dee", "dee@kiln.test", "desk"))
		var paths []string
		for _, p := range []string{"dashboard", "programs/1", "programs/2", "programs/3", "customers/1", "customers/2",
			"customers/3", "coaches/1", "coaches/2", "coaches/3"} {
			paths = append(paths, "/api/analytics/"+p, "/api/analytics/"+p+"?from=2026-06-01&to=2026-06-12")
		}
		answers := func(auth ...string) []string {
			out := make([]string, len(paths))
			for i, path := range paths {
				r := h.Do("GET", path, nil, auth...)
				out[i] = fmt.Sprint(r.Status, " ", string(r.Body))
			}
			return out
		}
		before, admin := answers(desk...), answers()
		plurals := []string{"customers", "programs", "modules", "sessions", "coaches", "learners", "enrollments", "events", "attendances"}
		seen := map[string][]string{}
		hidden := 0
		for _, plural := range plurals {
			all, visible := documents(t, h, plural), documents(t, h, plural, desk...)
			seen[plural] = visible
			for _, doc := range all {
				if !slices.Contains(visible, doc) {
					if r := h.Do("DELETE", "/api/"+plural+"/"+doc, nil); r.Status != 204 {
						t.Fatalf("DELETE %s %s: %d %s", plural, doc, r.Status, r.Body)
					}
					hidden++
				}
			}
		}
		if hidden == 0 {
			t.Fatal("the desk role sees everything: nothing to delete")
		}
		for _, plural := range plurals {
			if got := documents(t, h, plural, desk...); !slices.Equal(got, seen[plural]) {
				t.Fatalf("deleting what the desk may not see changed what it sees of %s: %v, then %v", plural, seen[plural], got)
			}
		}
		after := answers(desk...)
		differ := 0
		for i, path := range paths {
			if before[i] != after[i] {
				t.Errorf("GET %s as desk: the answer depends on the %d rows it may not see:\n  before: %.600s\n  after:  %.600s",
					path, hidden, before[i], after[i])
			}
			if before[i] != admin[i] {
				differ++
			}
		}
		if differ < len(paths)/2 {
			t.Errorf("only %d of %d desk answers differ from the admin's: the scopes narrow too little to test anything", differ, len(paths))
		}
	}, plugin())
}

// documents lists the documentIds of every entry of plural that the
// caller may see, by id.
func documents(t *testing.T, h *apptest.Harness, plural string, auth ...string) []string {
	t.Helper()
	r := h.Do("GET", "/api/"+plural+"?sort=id&pagination[pageSize]=100", nil, auth...)
	var body struct{ Data []struct{ DocumentID string } }
	if r.Status != 200 || json.Unmarshal(r.Body, &body) != nil {
		t.Fatalf("GET %s: %d %s", plural, r.Status, r.Body)
	}
	out := make([]string, len(body.Data))
	for i, e := range body.Data {
		out[i] = e.DocumentID
	}
	return out
}

// TestSameOnBothDatabases loads the seed's small data set into SQLite and
// PostgreSQL and asks every endpoint about every program, customer and
// coach, with and without a window: the answers must be byte for byte the
// same (the data set's ids, documentIds and times are deterministic).
func TestSameOnBothDatabases(t *testing.T) {
	t.Parallel()
	if storetest.PostgresURL() == "" {
		testmain.Skip(t, testmain.Postgres, "needs KILN_TEST_POSTGRES_URL")
	}
	scale := dataset.Small
	set := dataset.Generate(scale, 7)
	p := analytics.New()
	p.Now = func() time.Time { return dataset.Reference }
	var hs []*apptest.Harness
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		h := apptest.New(t, d, p)
		if err := dataset.Load(context.Background(), h.App.Content, set, h.App.Accounts.RoleIDs, nil); err != nil {
			t.Fatal(err)
		}
		hs = append(hs, h)
	}
	paths := []string{"/api/analytics/dashboard"}
	for kind, n := range map[string]int{"programs": scale.Programs, "customers": scale.Customers, "coaches": scale.Coaches} {
		for id := 1; id <= n; id++ {
			paths = append(paths, fmt.Sprintf("/api/analytics/%s/%d", kind, id))
		}
	}
	for _, path := range paths {
		for _, q := range []string{"", "?from=2026-03-01&to=2026-06-15"} {
			sq, pg := hs[0].Do("GET", path+q, nil), hs[1].Do("GET", path+q, nil)
			if sq.Status != 200 || !bytes.Equal(sq.Body, pg.Body) {
				t.Errorf("GET %s%s:\n sqlite   %d %s\n postgres %d %s", path, q, sq.Status, sq.Body, pg.Status, pg.Body)
			}
		}
	}
}

// conforms checks v against the parts of a JSON Schema the analytics
// schemas use: an object's required keys are present and it has no key
// its properties do not declare; an array's items conform; a number or
// integer is a number.
func conforms(t *testing.T, at string, schema map[string]any, v any) {
	t.Helper()
	switch schema["type"] {
	case "object":
		m, ok := v.(map[string]any)
		if !ok {
			t.Errorf("%s: %v is not an object", at, v)
			return
		}
		props, _ := schema["properties"].(map[string]any)
		req, _ := schema["required"].([]any)
		for _, k := range req {
			if _, ok := m[k.(string)]; !ok {
				t.Errorf("%s: the schema requires %q, the answer has none", at, k)
			}
		}
		for k, e := range m {
			p, ok := props[k].(map[string]any)
			if !ok {
				t.Errorf("%s: the answer has %q, the schema does not declare it", at, k)
				continue
			}
			conforms(t, at+"."+k, p, e)
		}
	case "array":
		list, ok := v.([]any)
		if !ok {
			t.Errorf("%s: %v is not an array", at, v)
			return
		}
		items, _ := schema["items"].(map[string]any)
		for i, e := range list {
			conforms(t, fmt.Sprintf("%s[%d]", at, i), items, e)
		}
	case "integer", "number":
		if _, ok := v.(json.Number); !ok {
			t.Errorf("%s: %v is not a number", at, v)
		}
	}
}
