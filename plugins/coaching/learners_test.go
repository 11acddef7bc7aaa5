package coaching_test

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/account"
	"github.com/kiln-cms/kiln/internal/apptest"
)

// coachOf returns each learner's coach id (0 for none), read from the
// database.
func coachOf(t *testing.T, h *apptest.Harness, learners ...int64) []int64 {
	t.Helper()
	out := []int64{}
	for _, l := range learners {
		var c *int64
		if err := h.App.DB.QueryRowContext(context.Background(), "SELECT coach_id FROM learners WHERE id = ?", l).Scan(&c); err != nil {
			t.Fatal(err)
		}
		if c == nil {
			out = append(out, 0)
		} else {
			out = append(out, *c)
		}
	}
	return out
}

func sameIDs(t *testing.T, what string, got []int64, want ...int64) {
	t.Helper()
	if want == nil {
		want = []int64{}
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: %v, want %v", what, got, want)
	}
}

func TestCoachLearnersList(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, h *apptest.Harness, p people) {
		h.Do("PUT", "/api/learners/4", map[string]any{"data": map[string]any{"coach": 1}})
		sameIDs(t, "admin, coach 1", h.IDs(h.Do("GET", "/api/coaches/1/learners", nil)), 2, 4)
		sameIDs(t, "by documentId", h.IDs(h.Do("GET", "/api/coaches/"+docOf(t, h, "coaches", 1)+"/learners", nil)), 2, 4)
		sameIDs(t, "coach 6 has none", h.IDs(h.Do("GET", "/api/coaches/6/learners", nil)))

		// The whole query language.
		sameIDs(t, "sort", h.IDs(h.Do("GET", "/api/coaches/1/learners?sort=name:desc", nil)), 4, 2)
		sameIDs(t, "filters", h.IDs(h.Do("GET", "/api/coaches/1/learners?filters[name][$eqi]=oz", nil)), 4)
		sameIDs(t, "$or cannot escape the coach", h.IDs(h.Do("GET", "/api/coaches/1/learners?filters[$or][0][name][$eq]=Li&filters[$or][1][name][$eq]=Oz", nil)), 4)
		r := h.Do("GET", "/api/coaches/1/learners?pagination[pageSize]=1&pagination[page]=2&fields[0]=name&populate=customer", nil)
		m := r.JSON(t)
		if pg := m["meta"].(map[string]any)["pagination"].(map[string]any); num(t, pg["total"]) != 2 || num(t, pg["pageCount"]) != 2 || num(t, pg["page"]) != 2 {
			t.Errorf("pagination meta: %v", pg)
		}
		got := m["data"].([]any)[0].(map[string]any)
		if got["name"] != "Oz" || got["email"] != nil || got["customer"] != nil {
			t.Errorf("fields and populate: %v", got)
		}
		if _, ok := got["customer"]; !ok {
			t.Errorf("populate=customer gave no customer key: %v", got)
		}

		// A coach: their own learners by id or by "me", nobody else's.
		sameIDs(t, "ada's own", h.IDs(h.Do("GET", "/api/coaches/me/learners", nil, apptest.As(p.ada)...)), 2, 4)
		sameIDs(t, "ada by id", h.IDs(h.Do("GET", "/api/coaches/1/learners", nil, apptest.As(p.ada)...)), 2, 4)
		sameIDs(t, "bob's own", h.IDs(h.Do("GET", "/api/coaches/me/learners", nil, apptest.As(p.bob)...)))
		wantError(t, h, "ada reading bob's", h.Do("GET", "/api/coaches/2/learners", nil, apptest.As(p.ada)...), 404, "NotFoundError", "")
		wantError(t, h, "admin has no coach record", h.Do("GET", "/api/coaches/me/learners", nil), 404, "NotFoundError", "")
		wantError(t, h, "unknown coach", h.Do("GET", "/api/coaches/999/learners", nil), 404, "NotFoundError", "")
		for _, path := range []string{"/api/coaches/1/learners", "/api/coaches/me/learners"} {
			wantError(t, h, "learner "+path, h.Do("GET", path, nil, apptest.As(p.li)...), 403, "ForbiddenError", "")
			wantError(t, h, "plain "+path, h.Do("GET", path, nil, apptest.As(p.plain)...), 403, "ForbiddenError", "")
			wantError(t, h, "anonymous "+path, h.Do("GET", path, nil, apptest.As("")...), 401, "UnauthorizedError", "")
		}
		wantError(t, h, "bad filter", h.Do("GET", "/api/coaches/1/learners?filters[nope]=1", nil), 400, "ValidationError", "nope")
	})
}

func TestAssign(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, h *apptest.Harness, p people) {
		assign := func(coach string, learners ...any) *apptest.Response {
			return h.Do("POST", "/api/coaches/"+coach+"/learners", map[string]any{"learners": learners})
		}
		// Ada has 1 of 4: Li and Oz join, Mo is already hers.
		d := data(t, assign("1", 1, docOf(t, h, "learners", 4), 2, 1)).(map[string]any)
		if !reflect.DeepEqual(d, map[string]any{"coach": jsonInt(1), "assigned": []any{jsonInt(1), jsonInt(4)},
			"alreadyAssigned": []any{jsonInt(2)}, "learners": jsonInt(3), "maxLearners": jsonInt(4)}) {
			t.Errorf("assign answer: %v", d)
		}
		sameIDs(t, "after assigning", coachOf(t, h, 1, 2, 3, 4), 1, 1, 3, 1)

		// Ne moves from Cy to Ada: 4 of 4. One more is refused with the numbers.
		data(t, assign("1", 3))
		sameIDs(t, "moved", coachOf(t, h, 3), 1)
		extra := h.Create("/api/learners", map[string]any{"name": "Pia", "email": "pia@learner.test"})
		det := wantError(t, h, "past maxLearners", assign("1", extra), 400, "ValidationError", "learners")
		for k, v := range map[string]int64{"coach": 1, "maxLearners": 4, "assigned": 4, "requested": 1, "free": 0} {
			if int64(num(t, det[k])) != v {
				t.Errorf("refusal details %s = %v, want %d", k, det[k], v)
			}
		}
		sameIDs(t, "nothing written", coachOf(t, h, extra), 0)

		// All or nothing: Bob (2 places) is given three.
		wantError(t, h, "three for two places", assign("2", 1, 2, extra), 400, "ValidationError", "learners")
		sameIDs(t, "all or nothing", coachOf(t, h, 1, 2, extra), 1, 1, 0)
		// An unknown learner spoils the whole request too, and is named.
		wantError(t, h, "unknown learner", assign("2", extra, 999), 400, "ValidationError", "learners.1")
		sameIDs(t, "unknown learner writes nothing", coachOf(t, h, extra), 0)

		wantError(t, h, "inactive coach", assign("5", extra), 400, "ValidationError", "learners")
		wantError(t, h, "unknown coach", assign("999", extra), 404, "NotFoundError", "")
		for name, body := range map[string]any{
			"no learners":       map[string]any{"learners": []any{}},
			"learners not list": map[string]any{"learners": 1},
			"unknown key":       map[string]any{"learners": []any{1}, "coach": 1},
			"bad item":          map[string]any{"learners": []any{1, true}},
			"malformed":         `{"learners": [`,
		} {
			wantError(t, h, name, h.Do("POST", "/api/coaches/2/learners", body), 400, "ValidationError", "")
		}
		for who, token := range map[string]string{"coach": p.ada, "learner": p.li, "plain": p.plain} {
			wantError(t, h, who+" assigning", h.Do("POST", "/api/coaches/1/learners", map[string]any{"learners": []int{4}}, apptest.As(token)...),
				403, "ForbiddenError", "")
		}
		wantError(t, h, "anonymous assigning", h.Do("POST", "/api/coaches/1/learners", map[string]any{"learners": []int{4}}, apptest.As("")...),
			401, "UnauthorizedError", "")
	})
}

func TestUnassign(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, h *apptest.Harness, p people) {
		r := h.Do("DELETE", "/api/coaches/1/learners/2?populate=coach", nil)
		d := data(t, r).(map[string]any)
		if h.IDOf(d) != 2 || d["coach"] != nil {
			t.Errorf("unassign answer: %s", r.Body)
		}
		if _, ok := d["coach"]; !ok {
			t.Errorf("populate=coach gave no coach key: %s", r.Body)
		}
		sameIDs(t, "unassigned", coachOf(t, h, 2), 0)
		wantError(t, h, "again", h.Do("DELETE", "/api/coaches/1/learners/2", nil), 404, "NotFoundError", "")
		wantError(t, h, "another coach's learner", h.Do("DELETE", "/api/coaches/1/learners/3", nil), 404, "NotFoundError", "")
		wantError(t, h, "unknown learner", h.Do("DELETE", "/api/coaches/1/learners/999", nil), 404, "NotFoundError", "")
		sameIDs(t, "Ne stays Cy's", coachOf(t, h, 3), 3)
		wantError(t, h, "coach unassigning", h.Do("DELETE", "/api/coaches/3/learners/3", nil, apptest.As(p.ada)...), 403, "ForbiddenError", "")
		wantError(t, h, "learner unassigning", h.Do("DELETE", "/api/coaches/3/learners/3", nil, apptest.As(p.li)...), 403, "ForbiddenError", "")
	})
}

// TestCapacityOnEveryWrite: the generated learner routes obey maxLearners
// too, and a learner who keeps their full coach can still be edited.
func TestCapacityOnEveryWrite(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, h *apptest.Harness, p people) {
		// Cy is full (1 of 1).
		r := h.Do("PUT", "/api/learners/4", map[string]any{"data": map[string]any{"coach": 3}})
		det := wantError(t, h, "update into a full coach", r, 400, "ValidationError", "coach")
		if num(t, det["maxLearners"]) != 1 || num(t, det["assigned"]) != 1 {
			t.Errorf("details: %v", det)
		}
		r = h.Do("PUT", "/api/learners/4", map[string]any{"data": map[string]any{"coach": map[string]any{"connect": []int{3}}}})
		wantError(t, h, "connect into a full coach", r, 400, "ValidationError", "coach")
		r = h.Do("POST", "/api/learners", map[string]any{"data": map[string]any{"name": "Q", "email": "q@learner.test", "coach": 3}})
		wantError(t, h, "create into a full coach", r, 400, "ValidationError", "coach")
		// The coach's side of the relation obeys the same rule.
		for name, body := range map[string]map[string]any{
			"connect through the coach": {"learners": map[string]any{"connect": []int{4}}},
			"set through the coach":     {"learners": []int{3, 4}},
		} {
			wantError(t, h, name, h.Do("PUT", "/api/coaches/3", map[string]any{"data": body}), 400, "ValidationError", "learners")
		}
		r = h.Do("POST", "/api/coaches", map[string]any{"data": map[string]any{"name": "New", "email": "new@coach.test", "maxLearners": 1, "learners": []int{1, 4}}})
		wantError(t, h, "a new coach given too many", r, 400, "ValidationError", "learners")
		sameIDs(t, "nothing moved", coachOf(t, h, 1, 3, 4), 0, 3, 0)
		if r := h.Do("PUT", "/api/coaches/3", map[string]any{"data": map[string]any{"maxLearners": 2, "learners": map[string]any{"connect": []int{1}}}}); r.Status != 200 {
			t.Errorf("raising maxLearners in the same write: %d %s", r.Status, r.Body)
		}
		if r := h.Do("PUT", "/api/coaches/3", map[string]any{"data": map[string]any{"learners": []int{3, 4}}}); r.Status != 200 {
			t.Errorf("a set within capacity: %d %s", r.Status, r.Body)
		}
		sameIDs(t, "set through the coach", coachOf(t, h, 1, 3, 4), 0, 3, 3)
		if r := h.Do("PUT", "/api/coaches/3", map[string]any{"data": map[string]any{"maxLearners": 1, "learners": []int{3}}}); r.Status != 200 {
			t.Errorf("back to one: %d %s", r.Status, r.Body)
		}
		if r := h.Do("PUT", "/api/learners/3", map[string]any{"data": map[string]any{"name": "Ne renamed", "coach": 3}}); r.Status != 200 {
			t.Errorf("editing a learner of a full coach: %d %s", r.Status, r.Body)
		}
		if r := h.Do("PUT", "/api/learners/3", map[string]any{"data": map[string]any{"coach": nil}}); r.Status != 200 {
			t.Errorf("leaving a full coach: %d %s", r.Status, r.Body)
		}
		if r := h.Do("PUT", "/api/learners/4", map[string]any{"data": map[string]any{"coach": 3}}); r.Status != 200 {
			t.Errorf("joining the freed place: %d %s", r.Status, r.Body)
		}
	})
}

func TestTimezoneAndRuleChecks(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, h *apptest.Harness, p people) {
		for _, tc := range []struct {
			name, method, path string
			data               map[string]any
			field              string
		}{
			{"coach with an unknown zone", "POST", "/api/coaches", map[string]any{"name": "X", "email": "x@coach.test", "timezone": "Mars/Olympus"}, "timezone"},
			{"coach moved to Local", "PUT", "/api/coaches/1", map[string]any{"timezone": "Local"}, "timezone"},
			{"learner with an unknown zone", "PUT", "/api/learners/1", map[string]any{"timezone": "CET+1"}, "timezone"},
			{"rule ending before it starts", "POST", "/api/availabilities", map[string]any{"coach": 1, "weekday": 2, "startTime": "12:00", "endTime": "09:00"}, "endTime"},
			{"rule of no length", "POST", "/api/availabilities", map[string]any{"coach": 1, "weekday": 2, "startTime": "12:00", "endTime": "12:00"}, "endTime"},
			{"rule moved to end before it starts", "PUT", "/api/availabilities/1", map[string]any{"endTime": "08:00"}, "endTime"},
		} {
			wantError(t, h, tc.name, h.Do(tc.method, tc.path, map[string]any{"data": tc.data}), 400, "ValidationError", tc.field)
		}
		if r := h.Do("PUT", "/api/coaches/1", map[string]any{"data": map[string]any{"timezone": "Asia/Kathmandu"}}); r.Status != 200 {
			t.Errorf("a real zone: %d %s", r.Status, r.Body)
		}
	})
}

// docOf is an entry's documentId.
func docOf(t *testing.T, h *apptest.Harness, plural string, id int) string {
	t.Helper()
	r := h.Do("GET", "/api/"+plural+"/"+itoa(id), nil)
	return data(t, r).(map[string]any)["documentId"].(string)
}

// deskRole may update coaches but sees only customer 1's learners (Li, Mo
// and Ne; not Oz, who has no customer).
const deskRole = `
  desk:
    name: Desk
    description: Test role.
    actions: [coach.find, coach.findOne, coach.update, learner.find, learner.findOne]
    scopes:
      learner: {customer: {id: {$eq: 1}}}
`

// TestCapacityUnderAScopedSet: a set of coach.learners by a role with a
// scope on learners leaves the learners it cannot see with the coach, so
// they count against maxLearners.
func TestCapacityUnderAScopedSet(t *testing.T) {
	t.Parallel()
	apptest.EachWithRoles(t, deskRole, func(t *testing.T, h *apptest.Harness) {
		fixture(t, h)
		desk := apptest.As(h.CreateUser("desk", "desk@users.test", "desk"))
		// Di: two places, one taken by Oz, whom the desk cannot see.
		if r := h.Do("PUT", "/api/coaches/4", map[string]any{"data": map[string]any{"maxLearners": 2, "learners": []int{4}}}); r.Status != 200 {
			t.Fatalf("admin setup: %d %s", r.Status, r.Body)
		}
		r := h.Do("PUT", "/api/coaches/4", map[string]any{"data": map[string]any{"learners": []int{1, 2}}}, desk...)
		wantError(t, h, "two visible learners and hidden Oz for two places", r, 400, "ValidationError", "learners")
		sameIDs(t, "nothing moved", coachOf(t, h, 1, 2, 4), 0, 1, 4)
		if r := h.Do("PUT", "/api/coaches/4", map[string]any{"data": map[string]any{"learners": []int{1}}}, desk...); r.Status != 200 {
			t.Fatalf("one visible learner and hidden Oz: %d %s", r.Status, r.Body)
		}
		sameIDs(t, "Li joins, Oz stays", coachOf(t, h, 1, 4), 4, 4)
	}, newPlugin())
}

// leadRole is a coach-like role that may also assign and unassign: it
// sees its own coach record and that coach's learners only.
const leadRole = `
  lead:
    name: Lead
    description: Test role.
    actions: [coach.find, coach.findOne, learner.find, learner.findOne, coaching.assign, coaching.unassign, coaching.learners]
    scopes:
      coach: {user: {id: {$eq: $user}}}
      learner: {coach: {user: {id: {$eq: $user}}}}
`

// TestAssignmentsKeepToTheCallersView: a learner the caller may not see
// is refused like one that does not exist, with the same message; and a
// change that would take a learner out of what the caller may see is a
// 403 that writes nothing, as the core refuses such a write.
func TestAssignmentsKeepToTheCallersView(t *testing.T) {
	t.Parallel()
	apptest.EachWithRoles(t, leadRole, func(t *testing.T, h *apptest.Harness) {
		fixture(t, h)
		lead := h.CreateUser("lead", "lead@users.test", "lead")
		pr, err := account.PrincipalByEmail(context.Background(), h.App.Content, "lead@users.test")
		if err != nil {
			t.Fatal(err)
		}
		leadUser := pr.ID
		// Flo (coach 6) is the lead's, with Oz.
		if r := h.Do("PUT", "/api/coaches/6", map[string]any{"data": map[string]any{"user": leadUser, "learners": []int{4}}}); r.Status != 200 {
			t.Fatalf("%d %s", r.Status, r.Body)
		}
		as := apptest.As(lead)
		// Mo (Ada's) and a learner that does not exist: the same 400.
		hidden := wantError(t, h, "hidden learner", h.Do("POST", "/api/coaches/6/learners", map[string]any{"learners": []any{"2"}}, as...), 400, "ValidationError", "")
		missing := wantError(t, h, "missing learner", h.Do("POST", "/api/coaches/6/learners", map[string]any{"learners": []any{"99"}}, as...), 400, "ValidationError", "")
		if fmt.Sprint(hidden) != strings.ReplaceAll(fmt.Sprint(missing), "99", "2") {
			t.Errorf("hidden %v, missing %v", hidden, missing)
		}
		// Mo again, and a missing one, to unassign from Flo: the same 404.
		a := h.Do("DELETE", "/api/coaches/6/learners/2", nil, as...)
		b := h.Do("DELETE", "/api/coaches/6/learners/99", nil, as...)
		if a.Status != 404 || string(a.Body) != string(b.Body) {
			t.Errorf("unassigning a hidden learner: %d %s; a missing one: %d %s", a.Status, a.Body, b.Status, b.Body)
		}
		// Unassigning Oz would take him out of the lead's sight.
		wantError(t, h, "unassigning Oz", h.Do("DELETE", "/api/coaches/6/learners/4", nil, as...), 403, "ForbiddenError", "")
		sameIDs(t, "Oz stays Flo's, Mo Ada's", coachOf(t, h, 4, 2), 6, 1)
	}, newPlugin())
}
