package rest_test

import (
	"reflect"
	"strconv"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
)

// learnersOf is the learners of event id as the admin sees them.
func learnersOf(t *testing.T, h *apptest.Harness, id string) []int {
	t.Helper()
	return relIDs(t, h.Do("GET", "/api/events/"+id+"?populate=learners", nil), "learners")
}

// setLearnersFixture: event 1 (Ada's) linked to 1 Li and 4 Pe (Ada's),
// 2 Mo (no coach) and 3 Ne (bob's) — the last two hidden from Ada.
func setLearnersFixture(t *testing.T, h *apptest.Harness) people {
	t.Helper()
	p := withPeople(t, h)
	if r := h.Do("POST", "/api/learners", map[string]any{"data": map[string]any{"name": "Pe", "email": "pe@learner.test", "coach": 1}}); r.Status != 201 {
		t.Fatalf("creating learner 4: %d %s", r.Status, r.Body)
	}
	if r := h.Do("PUT", "/api/events/1", map[string]any{"data": map[string]any{"learners": []any{1, 2, 3, 4}}}); r.Status != 200 {
		t.Fatalf("linking event 1: %d %s", r.Status, r.Body)
	}
	return p
}

// TestCoachSetKeepsHiddenLearners: a set of an event's learners by Ada
// (coach 1) replaces only the learners she can see; those her scope hides
// (Mo without a coach, bob's Ne) stay linked, in every form of a set. The
// empty set and null clear only hers. The admin, who has no scope, still
// replaces everything.
func TestCoachSetKeepsHiddenLearners(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		p := setLearnersFixture(t, h)
		ada := bearer(p.coach)
		put := func(learners any, as ...string) {
			t.Helper()
			if r := h.Do("PUT", "/api/events/1", map[string]any{"data": map[string]any{"learners": learners}}, as...); r.Status != 200 {
				t.Fatalf("PUT learners %v: %d %s", learners, r.Status, r.Body)
			}
		}
		check := func(what string, want ...int) {
			t.Helper()
			if got := learnersOf(t, h, "1"); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: event 1 learners %v, want %v", what, got, want)
			}
		}
		put([]any{1}, ada...)
		check("Ada sets [1]", 1, 2, 3)
		put(map[string]any{"set": []any{4}}, ada...)
		check("Ada sets {set: [4]}", 2, 3, 4)
		put(map[string]any{"set": []any{1, 4}}, ada...)
		check("Ada sets {set: [1, 4]}", 1, 2, 3, 4)
		// What Ada reads is what she set: the hidden ones are not shown to her.
		if got := relIDs(t, h.Do("GET", "/api/events/1?populate=learners", nil, ada...), "learners"); !reflect.DeepEqual(got, []int{1, 4}) {
			t.Errorf("event 1 learners as Ada sees them: %v, want [1 4]", got)
		}
		put([]any{}, ada...)
		check("Ada sets []", 2, 3)
		put([]any{1}, ada...)
		put(map[string]any{"set": []any{}}, ada...)
		check("Ada sets {set: []}", 2, 3)
		put([]any{4}, ada...)
		put(nil, ada...)
		check("Ada sets null", 2, 3)

		// The admin's set replaces every learner, hidden from Ada or not.
		put([]any{1, 4})
		check("admin sets [1 4]", 1, 4)
		put([]any{1, 2, 3})
		put([]any{1})
		check("admin sets [1]", 1)
		put([]any{2, 3})
		put([]any{})
		check("admin sets []", []int{}...)
	})
}

// TestCoachSetStatementsFixed: Ada's set is the same number of statements
// whether one or six of bob's learners are linked to her event, and they
// all stay linked.
func TestCoachSetStatementsFixed(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		p := setLearnersFixture(t, h)
		ada := bearer(p.coach)
		put := func(learners any) int64 {
			t.Helper()
			count := h.CountQueries()
			if r := h.Do("PUT", "/api/events/1", map[string]any{"data": map[string]any{"learners": learners}}, ada...); r.Status != 200 {
				t.Fatalf("PUT learners %v: %d %s", learners, r.Status, r.Body)
			}
			return count.N()
		}
		put([]any{1}) // warm up
		few := put([]any{4})
		want := []int{2, 3, 4}
		for i := 0; i < 5; i++ {
			id := h.Create("/api/learners", map[string]any{"name": "bob's", "email": "b" + string(rune('a'+i)) + "@learner.test", "coach": 2})
			if r := h.Do("PUT", "/api/events/1", map[string]any{"data": map[string]any{"learners": map[string]any{"connect": []any{id}}}}); r.Status != 200 {
				t.Fatalf("linking learner %d: %d %s", id, r.Status, r.Body)
			}
			want = append(want, int(id))
		}
		put([]any{1})
		many := put([]any{4})
		if many != few {
			t.Errorf("Ada's set: %d statements with 6 hidden learners linked, %d with 2", many, few)
		}
		if got := learnersOf(t, h, "1"); !reflect.DeepEqual(got, want) {
			t.Errorf("event 1 learners: %v, want %v", got, want)
		}
	})
}

// deskPermissions is the shipped permissions plus a "desk" role that
// updates coaches and enrollments with no scope on them, and sees only
// the learners of customer 1 (Li and Mo; Ne is customer 2's).
const deskRole = `
  desk:
    name: Desk
    description: Test role.
    actions:
      - coach.find
      - coach.findOne
      - coach.update
      - learner.find
      - learner.findOne
      - enrollment.find
      - enrollment.findOne
      - enrollment.update
    scopes:
      learner: {customer: {id: {$eq: 1}}}
`

// eachWithDesk is apptest.Each on a config whose permissions add the desk
// role.
func eachWithDesk(t *testing.T, fn func(t *testing.T, h *apptest.Harness)) {
	apptest.EachWithRoles(t, deskRole, fn)
}

// TestScopedSetOfInverseForeignKey: coach.learners is stored as the
// learners' foreign key. The desk's set of a coach's learners releases
// only learners it can see; bob's Ne (customer 2), moved to Ada by the
// admin, keeps pointing at Ada. The admin's set releases everyone.
func TestScopedSetOfInverseForeignKey(t *testing.T) {
	t.Parallel()
	eachWithDesk(t, func(t *testing.T, h *apptest.Harness) {
		fixture(t, h)
		desk := bearer(h.CreateUser("desk", "desk@users.test", "desk"))
		learnersOfCoach := func() []int {
			t.Helper()
			return relIDs(t, h.Do("GET", "/api/coaches/1?populate=learners", nil), "learners")
		}
		put := func(learners any, as ...string) {
			t.Helper()
			if r := h.Do("PUT", "/api/coaches/1", map[string]any{"data": map[string]any{"learners": learners}}, as...); r.Status != 200 {
				t.Fatalf("PUT coach learners %v: %d %s", learners, r.Status, r.Body)
			}
		}
		put([]any{1, 3}) // admin: Ada coaches Li and Ne
		put([]any{2}, desk...)
		if got := learnersOfCoach(); !reflect.DeepEqual(got, []int{2, 3}) {
			t.Errorf("desk sets [2]: Ada's learners %v, want [2 3]", got)
		}
		put(map[string]any{"set": []any{}}, desk...)
		if got := learnersOfCoach(); !reflect.DeepEqual(got, []int{3}) {
			t.Errorf("desk sets []: Ada's learners %v, want [3]", got)
		}
		put([]any{1, 2})
		put([]any{})
		if got := learnersOfCoach(); len(got) != 0 {
			t.Errorf("admin sets []: Ada's learners %v, want none", got)
		}
	})
}

// TestScopedToOneWithHiddenTarget: enrollment.learner is a foreign key on
// the enrollment. The desk sees every enrollment but not learner Ne. It
// may set the learner of an enrollment whose learner it sees, or that has
// none; replacing or clearing Ne there is a 400 on the field and changes
// nothing, while the enrollment's other fields stay writable. The admin
// replaces Ne.
func TestScopedToOneWithHiddenTarget(t *testing.T) {
	t.Parallel()
	eachWithDesk(t, func(t *testing.T, h *apptest.Harness) {
		fixture(t, h)
		desk := bearer(h.CreateUser("desk", "desk@users.test", "desk"))
		hidden := h.Create("/api/enrollments", map[string]any{"learner": 3, "program": 3})
		visible := h.Create("/api/enrollments", map[string]any{"learner": 2, "program": 1})
		none := h.Create("/api/enrollments", map[string]any{"program": 1})
		path := func(id int64) string { return "/api/enrollments/" + strconv.FormatInt(id, 10) }
		learnerOf := func(id int64) any {
			t.Helper()
			l := h.Do("GET", path(id)+"?populate=learner", nil).JSON(t)["data"].(map[string]any)["learner"]
			if l == nil {
				return nil
			}
			return h.IDOf(l)
		}
		put := func(id int64, data map[string]any, as ...string) *apptest.Response {
			return h.Do("PUT", path(id), map[string]any{"data": data}, as...)
		}
		for _, v := range []any{1, nil, map[string]any{"set": []any{1}}, map[string]any{"connect": []any{2}}} {
			r := put(hidden, map[string]any{"learner": v}, desk...)
			st, name, msg := errorOf(t, r)
			if r.Status != 400 || st != 400 || name != "ValidationError" || msg != "learner: the learner it links to now is not one you may change" {
				t.Errorf("desk replacing a hidden learner with %v: %d %s", v, r.Status, r.Body)
			}
		}
		if got := learnerOf(hidden); got != int64(3) {
			t.Errorf("after the refused writes the enrollment's learner is %v, want 3", got)
		}
		if r := put(hidden, map[string]any{"status": "active"}, desk...); r.Status != 200 {
			t.Errorf("desk changing another field: %d %s", r.Status, r.Body)
		}
		if r := put(visible, map[string]any{"learner": 1}, desk...); r.Status != 200 || learnerOf(visible) != int64(1) {
			t.Errorf("desk replacing a visible learner: %d %s", r.Status, r.Body)
		}
		if r := put(none, map[string]any{"learner": 2}, desk...); r.Status != 200 || learnerOf(none) != int64(2) {
			t.Errorf("desk setting an empty learner: %d %s", r.Status, r.Body)
		}
		if r := put(visible, map[string]any{"learner": nil}, desk...); r.Status != 200 || learnerOf(visible) != nil {
			t.Errorf("desk clearing a visible learner: %d %s", r.Status, r.Body)
		}
		if r := put(hidden, map[string]any{"learner": 1}); r.Status != 200 || learnerOf(hidden) != int64(1) {
			t.Errorf("admin replacing the learner: %d %s", r.Status, r.Body)
		}
	})
}
