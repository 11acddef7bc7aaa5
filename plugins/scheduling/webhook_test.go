package scheduling_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
)

// addWebhook makes a webhook through the admin route and returns its id.
// Its URL is never reached (a name for a private address, refused at
// the dial): the tests read what was emitted from its delivery log.
func addWebhook(t *testing.T, h *apptest.Harness, events ...string) any {
	t.Helper()
	r := h.Do("POST", "/api/admin/webhooks", map[string]any{"data": map[string]any{
		"name": "test", "url": "http://localhost:9/hook", "events": events}})
	if r.Status != 201 {
		t.Fatalf("webhook: %d %s", r.Status, r.Body)
	}
	return r.JSON(t)["data"].(map[string]any)["id"]
}

// emitted are the events of a webhook's delivery log, oldest first, with
// their payloads' entries.
func emitted(t *testing.T, h *apptest.Harness, hook any) (events []string, entries []map[string]any) {
	t.Helper()
	r := h.Do("GET", fmt.Sprintf("/api/admin/webhooks/%v/deliveries", hook), nil)
	var out struct {
		Data []struct {
			Event   string
			Payload struct {
				Event, Model string
				Entry        map[string]any
			}
		}
	}
	if err := json.Unmarshal(r.Body, &out); err != nil || r.Status != 200 {
		t.Fatalf("deliveries: %d %s", r.Status, r.Body)
	}
	for i := len(out.Data) - 1; i >= 0; i-- {
		d := out.Data[i]
		if d.Payload.Event != d.Event || d.Payload.Model != "event" {
			t.Errorf("delivery %+v", d)
		}
		events = append(events, d.Event)
		entries = append(entries, d.Payload.Entry)
	}
	return events, entries
}

func TestEventsEmittedToWebhooks(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, h *apptest.Harness, p people) {
		hook := addWebhook(t, h, "event.scheduled", "event.cancelled")
		a := event(t, h, map[string]any{"title": "A", "startAt": at("10:00"), "endAt": at("11:00"), "coach": 1})
		// A clash is refused: its transaction rolls back, and its event with it.
		if r := h.Do("POST", "/api/events", map[string]any{"data": map[string]any{
			"title": "C", "startAt": at("10:30"), "endAt": at("11:30"), "coach": 1}}); r.Status != 400 {
			t.Fatalf("clash: %d", r.Status)
		}
		// Created cancelled: nothing scheduled.
		event(t, h, map[string]any{"title": "off", "startAt": at("12:00"), "endAt": at("13:00"), "status": "cancelled"})
		// A title change is no status change; a cancellation is.
		path := fmt.Sprintf("/api/events/%d", a)
		for _, body := range []map[string]any{{"title": "A2"}, {"status": "cancelled"}, {"status": "cancelled"}} {
			if r := h.Do("PUT", path, map[string]any{"data": body}); r.Status != 200 {
				t.Fatalf("PUT %v: %d %s", body, r.Status, r.Body)
			}
		}
		events, entries := emitted(t, h, hook)
		if fmt.Sprint(events) != "[event.scheduled event.cancelled]" {
			t.Fatalf("events %v", events)
		}
		if entries[0]["title"] != "A" || entries[0]["status"] != "scheduled" || entries[1]["status"] != "cancelled" ||
			entries[1]["title"] != "A2" {
			t.Errorf("entries %v", entries)
		}
	})
}
