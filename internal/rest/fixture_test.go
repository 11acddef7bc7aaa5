package rest_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
)

// fixture creates the small fixed data set every behaviour test reads,
// through the API itself and in a fixed order, so ids are the same on both
// databases. Mixed-case strings, LIKE metacharacters, nulls and dates on
// purpose.
func fixture(t *testing.T, h *apptest.Harness) {
	t.Helper()
	post := func(path string, data map[string]any) {
		t.Helper()
		r := h.Do("POST", path, map[string]any{"data": data})
		if r.Status != 201 {
			t.Fatalf("fixture POST %s: %d %s", path, r.Status, r.Body)
		}
	}
	post("/api/customers", map[string]any{"name": "Acme", "industry": "Retail", "contactEmail": "ops@acme.test"})
	post("/api/customers", map[string]any{"name": "globex corp", "active": false})
	post("/api/customers", map[string]any{"name": "Initech", "industry": "Software"})

	post("/api/programs", map[string]any{"title": "Leadership Basics", "status": "published",
		"startDate": "2026-01-10", "endDate": "2026-03-01", "capacity": 20, "customer": 1})
	post("/api/programs", map[string]any{"title": "leadership advanced", "startDate": "2026-04-01", "customer": 1})
	post("/api/programs", map[string]any{"title": "Sales 100%_Growth", "status": "published", "capacity": 5, "customer": 2})
	post("/api/programs", map[string]any{"title": "Onboarding", "status": "archived", "startDate": "2025-12-31",
		"capacity": 30, "customer": 3})

	post("/api/modules", map[string]any{"title": "Know yourself", "order": 0, "program": 1})
	post("/api/modules", map[string]any{"title": "Lead others", "order": 1, "program": 1})
	post("/api/modules", map[string]any{"title": "Pipeline", "order": 0, "program": 3})

	post("/api/sessions", map[string]any{"title": "Kick-off", "kind": "workshop", "durationMinutes": 90, "order": 0, "module": 1, "program": 1})
	post("/api/sessions", map[string]any{"title": "1:1 coaching", "kind": "coaching", "durationMinutes": 60, "order": 1, "module": 1, "program": 1})
	post("/api/sessions", map[string]any{"title": "Feedback", "kind": "workshop", "durationMinutes": 120, "module": 2, "program": 1})
	post("/api/sessions", map[string]any{"title": "Cold calls", "kind": "selfPaced", "durationMinutes": 30, "module": 3, "program": 3})

	post("/api/coaches", map[string]any{"name": "Ada", "email": "ada@coach.test", "expertise": []string{"leadership", "sales"},
		"languages": []string{"en", "de"}, "timezone": "Europe/Berlin", "maxLearners": 3, "rating": 4.5, "programs": []int{1, 3}})
	post("/api/coaches", map[string]any{"name": "bob", "email": "bob@coach.test", "active": false, "programs": []int{1}})

	post("/api/learners", map[string]any{"name": "Li", "email": "li@learner.test", "customer": 1, "coach": 1})
	post("/api/learners", map[string]any{"name": "Mo", "email": "mo@learner.test", "customer": 1})
	post("/api/learners", map[string]any{"name": "Ne", "email": "ne@learner.test", "customer": 2, "coach": 2})

	post("/api/events", map[string]any{"title": "Kick-off live", "startAt": "2026-01-12T09:00:00Z", "endAt": "2026-01-12T10:30:00Z",
		"coach": 1, "program": 1, "session": 1, "learners": []int{1, 2}})
	post("/api/events", map[string]any{"title": "Cold call clinic", "startAt": "2026-02-01T14:00:00.500Z", "endAt": "2026-02-01T15:00:00Z",
		"coach": 2, "program": 3, "learners": []int{3}, "status": "cancelled"})

	post("/api/categories", map[string]any{"name": "Root"})
	post("/api/categories", map[string]any{"name": "Child", "parent": 1})
	post("/api/blueprints", map[string]any{"title": "Lead 101", "level": "beginner", "durationWeeks": 6, "category": 1})
	post("/api/blueprints?status=draft", map[string]any{"title": "Draft plan", "level": "advanced"})
}

// ids returns the id of every entry in a list response's data, in order.
func ids(t *testing.T, r *apptest.Response) []int {
	t.Helper()
	m := r.JSON(t)
	list, ok := m["data"].([]any)
	if !ok {
		t.Fatalf("data is not a list: %s", r.Body)
	}
	out := make([]int, len(list))
	for i, e := range list {
		n, _ := e.(map[string]any)["id"].(json.Number).Int64()
		out[i] = int(n)
	}
	return out
}

// errorOf returns the error envelope's status, name and message.
func errorOf(t *testing.T, r *apptest.Response) (int, string, string) {
	t.Helper()
	m := r.JSON(t)
	if m["data"] != nil {
		t.Fatalf("error envelope with data: %s", r.Body)
	}
	e, ok := m["error"].(map[string]any)
	if !ok {
		t.Fatalf("no error object: %s", r.Body)
	}
	st, _ := e["status"].(json.Number).Int64()
	return int(st), fmt.Sprint(e["name"]), fmt.Sprint(e["message"])
}
