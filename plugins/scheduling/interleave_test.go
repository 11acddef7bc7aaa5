package scheduling_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/apptest"
)

// slowBookings holds every event and coach update for a moment after the
// scheduling plugin's checks, so that two writes that could interleave do.
type slowBookings struct {
	m struct {
		Event *schema.ContentType `kiln:"event"`
		Coach *schema.ContentType `kiln:"coach"`
	}
}

func (*slowBookings) Name() string { return "slowbookings" }
func (b *slowBookings) Model() any { return &b.m }
func (b *slowBookings) Register(api *plugin.API) error {
	wait := func(context.Context, *hook.Event) error { time.Sleep(30 * time.Millisecond); return nil }
	api.Before(hook.Update, b.m.Event, wait)
	api.Before(hook.Update, b.m.Coach, wait)
	return nil
}

// TestInterleavedBookingsNeverDoubleBook runs, many times and at the same
// moment, pairs of writes that each check the coach's calendar and could
// each pass alone: handing event X to coach 1 from the coach's side while
// X is moved onto coach 1's booked hour, and moving X to coach 1 while
// coach 1's other event is moved onto X's hour. Whatever the order, coach
// 1 never ends with two overlapping scheduled events: one write is refused
// (400, the clash) or both pass because they no longer clash.
func TestInterleavedBookingsNeverDoubleBook(t *testing.T) {
	each(t, func(t *testing.T, h *apptest.Harness, p people) {
		const trials = 15
		for i := 0; i < trials; i++ {
			day := time.Date(2030, 2, 1+i, 0, 0, 0, 0, time.UTC)
			hm := func(s string) string {
				var hh, mm int
				fmt.Sscanf(s, "%d:%d", &hh, &mm)
				return day.Add(time.Duration(hh)*time.Hour + time.Duration(mm)*time.Minute).Format(time.RFC3339)
			}
			y := event(t, h, map[string]any{"title": "Y", "startAt": hm("11:00"), "endAt": hm("12:00"), "coach": 1})
			x := event(t, h, map[string]any{"title": "X", "startAt": hm("09:00"), "endAt": hm("10:00"), "coach": 2})
			pairs := [][2]func() int{
				{
					func() int {
						return put(h, "/api/coaches/1", map[string]any{"events": map[string]any{"connect": []int64{x}}})
					},
					func() int {
						return put(h, fmt.Sprint("/api/events/", x), map[string]any{"startAt": hm("11:30"), "endAt": hm("12:30")})
					},
				},
				{
					func() int { return put(h, fmt.Sprint("/api/events/", x), map[string]any{"coach": 1}) },
					func() int {
						return put(h, fmt.Sprint("/api/events/", y), map[string]any{"startAt": hm("09:30"), "endAt": hm("10:30")})
					},
				},
			}
			pair := pairs[i%len(pairs)]
			var wg sync.WaitGroup
			st := make([]int, 2)
			for j := range pair {
				wg.Add(1)
				go func() { defer wg.Done(); st[j] = pair[j]() }()
			}
			wg.Wait()
			for _, s := range st {
				if s != 200 && s != 400 {
					t.Errorf("trial %d: status %d", i, s)
				}
			}
			if n := count(t, h, fmt.Sprintf(`SELECT COUNT(*) FROM events a JOIN events b ON a.id < b.id
				WHERE a.coach_id = 1 AND b.coach_id = 1 AND a.status = 'scheduled' AND b.status = 'scheduled'
				AND a.start_at < b.end_at AND b.start_at < a.end_at AND a.id IN (%d, %d)`, x, y)); n != 0 {
				t.Errorf("trial %d (pair %d, statuses %v): coach 1 is double-booked", i, i%len(pairs), st)
			}
		}
	}, &slowBookings{})
}

// put sends a PUT as the admin and returns the status (-1 when the request
// could not be made); it never fails the test, so it may run on any
// goroutine.
func put(h *apptest.Harness, path string, data map[string]any) int {
	body, _ := json.Marshal(map[string]any{"data": data})
	req := httptest.NewRequest("PUT", path, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+h.AdminToken)
	resp, err := h.App.Fiber.Test(req, -1)
	if err != nil {
		return -1
	}
	resp.Body.Close()
	return resp.StatusCode
}
