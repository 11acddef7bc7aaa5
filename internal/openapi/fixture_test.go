package openapi_test

import (
	"encoding/json"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
)

// fixture writes a small data set through the API and returns the
// documentIds the calls use, by name.
func fixture(t *testing.T, h *apptest.Harness) map[string]string {
	t.Helper()
	ids := map[string]string{}
	create := func(key, path string, data map[string]any) {
		t.Helper()
		r := h.Do("POST", path, map[string]any{"data": data})
		if r.Status != 201 {
			t.Fatalf("POST %s: %d %s", path, r.Status, r.Body)
		}
		var body struct {
			Data struct {
				DocumentID string `json:"documentId"`
			} `json:"data"`
		}
		json.Unmarshal(r.Body, &body)
		ids[key] = body.Data.DocumentID
	}
	var outline any
	json.Unmarshal([]byte(`{"modules":[{"title":"Know yourself","sessions":[{"title":"Kick-off","kind":"workshop","durationMinutes":90}]}]}`), &outline)
	coachUser := h.CreateUser("coachy", "coach@kiln.test", "coach")
	_ = coachUser
	create("customer", "/api/customers", map[string]any{"name": "Acme", "industry": "Steel", "contactEmail": "ops@acme.test"})
	create("category", "/api/categories", map[string]any{"name": "Leadership", "description": "Leading people"})
	create("subcategory", "/api/categories", map[string]any{"name": "Teams", "parent": ids["category"]})
	create("blueprint", "/api/blueprints", map[string]any{"title": "Lead 101", "level": "beginner", "durationWeeks": 6, "outline": outline, "category": ids["category"]})
	create("coach", "/api/coaches", map[string]any{"name": "Cora", "email": "cora@kiln.test", "expertise": []any{"leadership"}, "rating": 4.5, "user": 2, "timezone": "Europe/Paris"})
	create("availability", "/api/availabilities", map[string]any{"weekday": 1, "startTime": "09:00", "endTime": "12:30", "coach": ids["coach"]})
	create("program", "/api/programs", map[string]any{"title": "Leaders", "customer": ids["customer"], "blueprint": ids["blueprint"],
		"coaches": []any{ids["coach"]}, "startDate": "2026-03-02", "capacity": 20})
	create("module", "/api/modules", map[string]any{"title": "Module 1", "order": 0, "program": ids["program"]})
	create("learner", "/api/learners", map[string]any{"name": "Lee", "email": "lee@kiln.test", "customer": ids["customer"], "coach": ids["coach"]})
	create("enrollment", "/api/enrollments", map[string]any{"learner": ids["learner"], "program": ids["program"], "status": "active", "progress": 40})
	create("event", "/api/events", map[string]any{"title": "Kick-off", "startAt": "2026-03-02T09:00:00Z", "endAt": "2026-03-02T10:00:00Z",
		"coach": ids["coach"], "program": ids["program"], "learners": []any{ids["learner"]}})
	create("attendance", "/api/attendances", map[string]any{"event": ids["event"], "learner": ids["learner"], "status": "accepted"})
	create("spare", "/api/programs", map[string]any{"title": "Spare"})
	create("spare2", "/api/programs", map[string]any{"title": "Spare 2"})
	return ids
}
