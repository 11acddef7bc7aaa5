package rest_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
)

// TestRelationTargetsUnderTheCallersScope: a relation in a write body
// resolves under the caller's read scope on the target type. To Ada (coach
// 1) a learner who is not hers is exactly a learner that does not exist:
// the same 400 and message, by id or documentId, in every relation form,
// and nothing is linked. The admin, who has no scope, links anyone. One
// statement per relation field however many references it names.
func TestRelationTargetsUnderTheCallersScope(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		p := withPeople(t, h)
		ada := bearer(p.coach)
		// Learners: 1 Li (Ada's), 2 Mo (no coach), 3 Ne (bob's).
		doc3 := h.Do("GET", "/api/learners/3", nil).JSON(t)["data"].(map[string]any)["documentId"].(string)
		noDoc := strings.Repeat("z", len(doc3))
		put := func(learners any) *apptest.Response {
			return h.Do("PUT", "/api/events/1", map[string]any{"data": map[string]any{"learners": learners}}, ada...)
		}
		post := func(learners any) *apptest.Response {
			return h.Do("POST", "/api/events", map[string]any{"data": map[string]any{"title": "Ada's clinic",
				"startAt": "2026-10-01T10:00:00Z", "endAt": "2026-10-01T11:00:00Z", "coach": 1, "learners": learners}}, ada...)
		}
		same := func(what string, hidden, missing *apptest.Response, hiddenRef, missingRef string) {
			t.Helper()
			st, name, msg := errorOf(t, hidden)
			_, _, want := errorOf(t, missing)
			if hidden.Status != 400 || st != 400 || name != "ValidationError" || missing.Status != 400 ||
				msg != strings.Replace(want, missingRef, hiddenRef, 1) || !strings.Contains(msg, "no learner with id") {
				t.Errorf("%s: another coach's learner answers %d %s; one that does not exist %d %s",
					what, hidden.Status, hidden.Body, missing.Status, missing.Body)
			}
		}
		same("connect by id", put(map[string]any{"connect": []any{3}}), put(map[string]any{"connect": []any{999}}), "3", "999")
		same("connect by documentId", put(map[string]any{"connect": []any{map[string]any{"documentId": doc3}}}),
			put(map[string]any{"connect": []any{map[string]any{"documentId": noDoc}}}), doc3, noDoc)
		same("set", put([]any{1, 3}), put([]any{1, 999}), "3", "999")
		same("an unlinked learner", put(map[string]any{"connect": []any{2}}), put(map[string]any{"connect": []any{999}}), "2", "999")
		same("create", post([]any{3}), post([]any{999}), "3", "999")

		// Nothing was linked or created by the refused writes.
		if got := relIDs(t, h.Do("GET", "/api/events/1?populate=learners", nil), "learners"); !reflect.DeepEqual(got, []int{1, 2}) {
			t.Errorf("event 1 learners after the refused writes: %v, want [1 2]", got)
		}
		if n := ids(t, h.Do("GET", "/api/events", nil)); len(n) != 2 {
			t.Errorf("events after the refused creates: %v", n)
		}

		// Batched: one statement for the relation however many references.
		one := h.FewestQueries(func() { put(map[string]any{"connect": []any{3}}) })
		if many := h.FewestQueries(func() { put(map[string]any{"connect": []any{3, 2, doc3, 1, 999}}) }); many != one {
			t.Errorf("%d statements for five references, %d for one: not one query per relation", many, one)
		}

		// Her own learner she may link; the admin links anyone.
		if r := post([]any{1}); r.Status != 201 {
			t.Errorf("coach linking her own learner: %d %s", r.Status, r.Body)
		}
		if r := h.Do("PUT", "/api/events/1", map[string]any{"data": map[string]any{"learners": map[string]any{"connect": []any{3}}}}); r.Status != 200 {
			t.Errorf("admin linking any learner: %d %s", r.Status, r.Body)
		}
		if got := relIDs(t, h.Do("GET", "/api/events/1?populate=learners", nil), "learners"); !reflect.DeepEqual(got, []int{1, 2, 3}) {
			t.Errorf("event 1 learners after the admin's write: %v, want [1 2 3]", got)
		}
	})
}
