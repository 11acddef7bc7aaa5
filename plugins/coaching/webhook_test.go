package coaching_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
)

func TestLearnerAssignedEmitted(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, h *apptest.Harness, p people) {
		r := h.Do("POST", "/api/admin/webhooks", map[string]any{"data": map[string]any{
			"name": "assignments", "url": "http://localhost:9/hook", "events": []string{"learner.assigned"}}})
		if r.Status != 201 {
			t.Fatalf("webhook: %d %s", r.Status, r.Body)
		}
		hook := r.JSON(t)["data"].(map[string]any)["id"]
		// Li joins Ada; Mo is already hers: one event, for Li.
		data(t, h.Do("POST", "/api/coaches/1/learners", map[string]any{"learners": []any{1, 2}}))
		r = h.Do("GET", fmt.Sprintf("/api/admin/webhooks/%v/deliveries", hook), nil)
		var out struct {
			Data []struct {
				Event   string
				Payload struct {
					Model string
					Entry map[string]any
				}
			}
		}
		json.Unmarshal(r.Body, &out)
		var ids []float64
		for _, d := range out.Data {
			if d.Event != "learner.assigned" || d.Payload.Model != "learner" {
				t.Errorf("delivery %+v", d)
			}
			ids = append(ids, d.Payload.Entry["id"].(float64))
		}
		slices.Sort(ids)
		if fmt.Sprint(ids) != "[1]" {
			t.Errorf("learners assigned %v (%s)", ids, r.Body)
		}
	})
}
