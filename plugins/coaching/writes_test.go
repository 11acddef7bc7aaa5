package coaching_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/apptest"
)

// spy is another plugin with hooks on coach and learner updates: it
// counts them and, when told, refuses coach updates. The coaching routes'
// writes go through the content service, so its hooks run for them as for
// any other write.
type spy struct {
	m struct {
		Coach   *schema.ContentType `kiln:"coach"`
		Learner *schema.ContentType `kiln:"learner"`
	}
	coachBefore, coachAfter, learnerBefore, learnerAfter atomic.Int64
	refuse                                               atomic.Bool
}

func (*spy) Name() string { return "spy" }
func (s *spy) Model() any { return &s.m }
func (s *spy) reset() {
	s.coachBefore.Store(0)
	s.coachAfter.Store(0)
	s.learnerBefore.Store(0)
	s.learnerAfter.Store(0)
}
func (s *spy) counts() [4]int64 {
	return [4]int64{s.coachBefore.Load(), s.coachAfter.Load(), s.learnerBefore.Load(), s.learnerAfter.Load()}
}

func (s *spy) Register(api *plugin.API) error {
	count := func(n *atomic.Int64) hook.Func {
		return func(context.Context, *hook.Event) error { n.Add(1); return nil }
	}
	api.Before(hook.Update, s.m.Coach, func(_ context.Context, ev *hook.Event) error {
		s.coachBefore.Add(1)
		if s.refuse.Load() {
			return errs.New(errs.KindValidation, "the spy refuses")
		}
		return nil
	})
	api.After(hook.Update, s.m.Coach, count(&s.coachAfter))
	api.Before(hook.Update, s.m.Learner, count(&s.learnerBefore))
	api.After(hook.Update, s.m.Learner, count(&s.learnerAfter))
	return nil
}

var _ plugin.Modeler = (*spy)(nil)

// updatedAt reads an entry's updatedAt through the API.
func updatedAt(t *testing.T, h *apptest.Harness, path string) string {
	t.Helper()
	return fmt.Sprint(data(t, h.Do("GET", path, nil)).(map[string]any)["updatedAt"])
}

// TestAssignmentsAreWritesThroughTheService: an assignment is one write of
// the coach (coach.learners connect) and an unassignment one write of the
// learner, both through the content service: every hook on them runs
// once, another plugin's hook can refuse them (and nothing is written),
// and the core sets updatedAt.
func TestAssignmentsAreWritesThroughTheService(t *testing.T) {
	t.Parallel()
	s := &spy{}
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		fixture(t, h)
		s.reset()
		coachBefore := updatedAt(t, h, "/api/coaches/1")
		time.Sleep(5 * time.Millisecond) // updatedAt keeps milliseconds
		// Ada has Mo (2) of 4: Li, Oz, Mo again and Li twice.
		r := h.Do("POST", "/api/coaches/1/learners", map[string]any{"learners": []any{1, 4, 2, 1}})
		if d := data(t, r).(map[string]any); num(t, d["learners"]) != 3 {
			t.Errorf("assign: %s", r.Body)
		}
		if got := s.counts(); got != [4]int64{1, 1, 0, 0} {
			t.Errorf("hooks run by one assignment (coach before, after, learner before, after): %v, want one write of the coach", got)
		}
		if after := updatedAt(t, h, "/api/coaches/1"); after <= coachBefore {
			t.Errorf("coach updatedAt %s, was %s", after, coachBefore)
		}
		// Nothing new to assign: no write, no hook.
		s.reset()
		data(t, h.Do("POST", "/api/coaches/1/learners", map[string]any{"learners": []any{2, 4}}))
		if got := s.counts(); got != [4]int64{} {
			t.Errorf("hooks run by an assignment of learners already the coach's: %v", got)
		}

		// Another plugin refuses: its error, and nothing written.
		s.refuse.Store(true)
		r = h.Do("POST", "/api/coaches/2/learners", map[string]any{"learners": []any{3}})
		wantError(t, h, "refused by another plugin's hook", r, 400, "ValidationError", "")
		if _, _, msg, _ := h.ErrorOf(r); msg != "the spy refuses" {
			t.Errorf("refusal message %q", msg)
		}
		s.refuse.Store(false)
		sameIDs(t, "nothing moved", coachOf(t, h, 3), 3)

		s.reset()
		learnerBefore := updatedAt(t, h, "/api/learners/4")
		time.Sleep(5 * time.Millisecond)
		data(t, h.Do("DELETE", "/api/coaches/1/learners/4", nil))
		if got := s.counts(); got != [4]int64{0, 0, 1, 1} {
			t.Errorf("hooks run by one unassignment: %v, want one write of the learner", got)
		}
		if after := updatedAt(t, h, "/api/learners/4"); after <= learnerBefore {
			t.Errorf("learner updatedAt %s, was %s", after, learnerBefore)
		}
		sameIDs(t, "unassigned", coachOf(t, h, 4), 0)
	}, newPlugin(), s)
}

// TestBatchCapacityCountedOnce: a batch is checked once against the
// coach's room, each learner counted once — repeated in the body or
// already the coach's — so a batch that exactly fills the coach passes,
// one more is refused with the batch's numbers, and nothing of a refused
// batch is written.
func TestBatchCapacityCountedOnce(t *testing.T) {
	each(t, func(t *testing.T, h *apptest.Harness, p people) {
		// Di (4): three places, none taken.
		if r := h.Do("PUT", "/api/coaches/4", map[string]any{"data": map[string]any{"maxLearners": 3}}); r.Status != 200 {
			t.Fatalf("%d %s", r.Status, r.Body)
		}
		data(t, h.Do("POST", "/api/coaches/4/learners", map[string]any{"learners": []any{4}}))
		extra := h.Create("/api/learners", map[string]any{"name": "Pia", "email": "pia@learner.test"})
		// Oz again, Li twice, Mo (from Ada): 1 + 2 = 3 of 3.
		d := data(t, h.Do("POST", "/api/coaches/4/learners", map[string]any{"learners": []any{4, 1, 2, 1}})).(map[string]any)
		if num(t, d["learners"]) != 3 || len(d["assigned"].([]any)) != 2 || len(d["alreadyAssigned"].([]any)) != 1 {
			t.Errorf("filling the coach exactly: %v", d)
		}
		sameIDs(t, "Mo moved from Ada", coachOf(t, h, 1, 2, 4), 4, 4, 4)
		// Back to one of three, then three new ones for two places.
		h.Do("PUT", "/api/coaches/4", map[string]any{"data": map[string]any{"learners": []int{4}}})
		det := wantError(t, h, "three for two", h.Do("POST", "/api/coaches/4/learners", map[string]any{"learners": []any{4, 1, 2, extra, 1}}),
			400, "ValidationError", "learners")
		for k, v := range map[string]int64{"coach": 4, "maxLearners": 3, "assigned": 1, "requested": 3, "free": 2} {
			if int64(num(t, det[k])) != v {
				t.Errorf("refusal details %s = %v, want %d", k, det[k], v)
			}
		}
		sameIDs(t, "nothing of the batch written", coachOf(t, h, 1, 2, extra, 4), 0, 0, 0, 4)
		// maxLearners lowered below the learners a coach has: naming a
		// learner they already have keeps them, as any write may.
		h.Do("PUT", "/api/coaches/4", map[string]any{"data": map[string]any{"learners": []int{1, 2, 4}}})
		h.Do("PUT", "/api/coaches/4", map[string]any{"data": map[string]any{"maxLearners": 1}})
		d = data(t, h.Do("POST", "/api/coaches/4/learners", map[string]any{"learners": []any{2}})).(map[string]any)
		if num(t, d["learners"]) != 3 || len(d["assigned"].([]any)) != 0 {
			t.Errorf("keeping a learner of an overfull coach: %v", d)
		}
		wantError(t, h, "a new one for an overfull coach", h.Do("POST", "/api/coaches/4/learners", map[string]any{"learners": []any{extra}}),
			400, "ValidationError", "learners")
	})
}

// TestRouteQueries proves assigning, unassigning, the available coaches
// and one coach's availability cost the same number of statements however
// many learners, coaches, rules and events there are.
func TestRouteQueries(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, h *apptest.Harness, p people) {
		c := h.CountQueries()
		cost := func(method, path string, body any) int64 {
			t.Helper()
			before := c.N()
			if r := h.Do(method, path, body); r.Status != 200 {
				t.Fatalf("%s %s: %d %s", method, path, r.Status, r.Body)
			}
			return c.N() - before
		}
		if r := h.Do("PUT", "/api/coaches/6", map[string]any{"data": map[string]any{"maxLearners": 100}}); r.Status != 200 {
			t.Fatalf("%d %s", r.Status, r.Body)
		}
		var many []any
		for i := 0; i < 21; i++ {
			many = append(many, h.Create("/api/learners", map[string]any{"name": fmt.Sprint("L", i), "email": fmt.Sprintf("l%d@learner.test", i)}))
		}
		one := cost("POST", "/api/coaches/6/learners", map[string]any{"learners": many[:1]})
		twenty := cost("POST", "/api/coaches/6/learners", map[string]any{"learners": many[1:]})
		unassign := cost("DELETE", "/api/coaches/6/learners/"+fmt.Sprint(many[0]), nil)
		const week = "/api/coaches/available?from=2030-01-07&to=2030-01-14&populate=availabilities"
		available := cost("GET", week, nil)
		availability := cost("GET", "/api/coaches/2/availability?from=2030-01-07&to=2030-01-14", nil)
		for i := 0; i < 20; i++ {
			id := h.Create("/api/coaches", map[string]any{"name": fmt.Sprint("Extra ", i), "email": fmt.Sprintf("extra%d@coach.test", i),
				"timezone": "Europe/London"})
			h.Create("/api/availabilities", map[string]any{"coach": id, "weekday": 2, "startTime": "10:00", "endTime": "11:00"})
			h.Create("/api/availabilities", map[string]any{"coach": 2, "weekday": 6, "startTime": fmt.Sprintf("%02d:00", i), "endTime": fmt.Sprintf("%02d:30", i)})
			h.Create("/api/events", map[string]any{"title": fmt.Sprint("E", i), "coach": id,
				"startAt": "2030-01-08T10:00:00Z", "endAt": "2030-01-08T10:30:00Z"})
		}
		if n := len(list(t, h.Do("GET", week, nil))); n != 22 {
			t.Fatalf("%d coaches available after adding 20, want 22", n)
		}
		t.Logf("statements: assign one %d, assign twenty %d, unassign %d, available %d, availability %d", one, twenty, unassign, available, availability)
		if twenty != one {
			t.Errorf("assign: %d statements for one learner, %d for twenty", one, twenty)
		}
		// BEGIN, coach and learners (one statement), the coach's lock
		// (PostgreSQL; the write's hook does not take it again), room,
		// learners' coaches, the coach (with its fields for the hooks),
		// references, the coach's learners, UPDATE ... RETURNING,
		// learners' keys, COMMIT; on SQLite, the caller's user read in
		// place of the lock (PostgreSQL keeps the caller in the identity
		// cache, docs/identity-cache.md).
		const wantAssign = int64(11)
		if one != wantAssign {
			t.Errorf("assign: %d statements, want %d", one, wantAssign)
		}
		if got := cost("GET", week, nil); got != available {
			t.Errorf("available: %d statements with 6 coaches, %d with 26", available, got)
		}
		if got := cost("GET", "/api/coaches/2/availability?from=2030-01-07&to=2030-01-14", nil); got != availability {
			t.Errorf("availability: %d statements with 5 rules, %d with 25", availability, got)
		}
		if got := cost("DELETE", "/api/coaches/6/learners/"+fmt.Sprint(many[1]), nil); got != unassign {
			t.Errorf("unassign: %d statements, then %d", unassign, got)
		}
	})
}

// matcherRole may match and list available coaches but sees only
// customer 1's learners (not Oz), no Wednesday rule and not Bob's busy
// event.
const matcherRole = `
  matcher:
    name: Matcher
    description: Test role.
    actions: [coaching.match, coaching.available, coach.find, learner.find, availability.find, event.find]
    scopes:
      learner: {customer: {id: {$eq: 1}}}
      availability: {weekday: {$ne: 3}}
      event: {title: {$ne: "Bob busy"}}
`

// TestFiguresKeepToTheCallersView: the statements behind the figures read
// every content table as the caller sees it: a learner they may not see
// takes no place, a rule gives no time, an event holds no slot.
func TestFiguresKeepToTheCallersView(t *testing.T) {
	t.Parallel()
	apptest.EachWithRoles(t, matcherRole, func(t *testing.T, h *apptest.Harness) {
		fixture(t, h)
		if r := h.Do("PUT", "/api/coaches/6", map[string]any{"data": map[string]any{"learners": []int{4}}}); r.Status != 200 {
			t.Fatalf("%d %s", r.Status, r.Body)
		}
		matcher := apptest.As(h.CreateUser("matcher", "matcher@users.test", "matcher"))
		facts := func(token ...string) map[string][2]float64 {
			out := map[string][2]float64{}
			for _, m := range list(t, h.Do("POST", "/api/coaches/match", map[string]any{"learner": 1}, token...)) {
				f := m["facts"].(map[string]any)
				out[fmt.Sprint(m["coach"].(map[string]any)["name"])] = [2]float64{num(t, f["freeCapacity"]), num(t, f["freeHours"])}
			}
			return out
		}
		// Bob: ten weekdays of 8 hours, minus the busy 2 hours for the
		// admin; minus the two Wednesdays, and nothing busy, for the
		// matcher. Flo: Oz takes a place only for the admin.
		admin, mine := facts(), facts(matcher...)
		if admin["Bob"] != [2]float64{2, 78} || admin["Flo"] != [2]float64{9, 0} {
			t.Errorf("admin's figures: %v", admin)
		}
		if mine["Bob"] != [2]float64{2, 64} || mine["Flo"] != [2]float64{10, 0} || mine["Ada"] != [2]float64{3, 6} {
			t.Errorf("matcher's figures: %v", mine)
		}
		r := h.Do("GET", "/api/coaches/available?from=2030-01-07&to=2030-01-14&expertise=negotiation&fields[0]=name", nil, matcher...)
		sameSlots(t, "bob's first three, as the matcher sees them", slotLines(list(t, r)[0]["slots"].([]any)),
			"2030-01-07T14:00:00Z/2030-01-07T22:00:00Z 2030-01-07T09:00:00-05:00 480",
			"2030-01-08T14:00:00Z/2030-01-08T22:00:00Z 2030-01-08T09:00:00-05:00 480",
			"2030-01-10T14:00:00Z/2030-01-10T22:00:00Z 2030-01-10T09:00:00-05:00 480")
	}, newPlugin())
}
