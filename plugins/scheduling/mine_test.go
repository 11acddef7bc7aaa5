package scheduling_test

import (
	"reflect"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
)

func TestMyEvents(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, h *apptest.Harness, p people) {
		e1 := event(t, h, map[string]any{"title": "Kick-off", "startAt": at("09:00"), "endAt": at("10:00"), "coach": 1, "learners": []int{1, 2}})
		e2 := event(t, h, map[string]any{"title": "Feedback round", "startAt": at("11:00"), "endAt": at("12:00"), "coach": 1, "learners": []int{2}})
		e3 := event(t, h, map[string]any{"title": "Bob's clinic", "startAt": at("09:30"), "endAt": at("10:30"), "coach": 2, "learners": []int{1, 3}})
		e4 := event(t, h, map[string]any{"title": "Next week", "startAt": "2030-01-17T09:00:00Z", "endAt": "2030-01-17T10:00:00Z", "coach": 1})

		cases := []struct {
			who, query string
			want       []int64
		}{
			{p.ada, "", []int64{e1, e2, e4}},
			{p.bob, "", []int64{e3}},
			{p.li, "", []int64{e1, e3}}, // by start time
			{p.mo, "", []int64{e1, e2}}, // as learner
			{p.ada, "?from=2030-01-10T09:30:00Z&to=2030-01-10T11:00:00Z", []int64{e1}}, // overlaps from; e2 only touches to
			{p.ada, "?from=2030-01-10T10:00:00Z", []int64{e2, e4}},                     // e1 ends exactly at from
			{p.ada, "?to=2030-01-11", []int64{e1, e2}},                                 // a date is midnight UTC
			{p.ada, "?filters[title][$containsi]=FEED", []int64{e2}},
			{p.ada, "?sort=startAt:desc", []int64{e4, e2, e1}},
			{p.ada, "?pagination[pageSize]=1&pagination[page]=2", []int64{e2}},
			{p.ada, "?filters[learners][id][$eq]=1", []int64{e1}},
			{"admin", "", []int64{}}, // the admin runs and attends nothing
		}
		for _, tc := range cases {
			hdr := as(tc.who)
			if tc.who == "admin" {
				hdr = nil
			}
			r := h.Do("GET", "/api/events/me"+tc.query, nil, hdr...)
			if r.Status != 200 {
				t.Errorf("%s: %d %s", tc.query, r.Status, r.Body)
				continue
			}
			if got := ids(t, r); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%s as %.10s: %v, want %v", tc.query, tc.who, got, tc.want)
			}
		}

		// Pagination meta, populate within the caller's scopes.
		r := h.Do("GET", "/api/events/me?populate=learners&pagination[pageSize]=1", nil, as(p.li)...)
		m := r.JSON(t)
		pg := m["meta"].(map[string]any)["pagination"].(map[string]any)
		if pg["total"].(interface{ String() string }).String() != "2" || pg["pageCount"].(interface{ String() string }).String() != "2" {
			t.Errorf("meta %v", m["meta"])
		}
		learners := m["data"].([]any)[0].(map[string]any)["learners"].([]any)
		if len(learners) != 1 || idOf(t, learners[0]) != 1 {
			t.Errorf("a learner sees only themselves among an event's learners: %v", learners)
		}
		// The Strapi 4 shape under /api/v1.
		r = h.Do("GET", "/api/v1/events/me", nil, as(p.bob)...)
		if r.Header.Get("API-Version") != "1" {
			t.Errorf("v1: API-Version %q", r.Header.Get("API-Version"))
		}
		if d := r.JSON(t)["data"].([]any); len(d) != 1 || d[0].(map[string]any)["attributes"] == nil {
			t.Errorf("v1 shape: %s", r.Body)
		}

		// The caller's read rights hold: a learner may not read coaches, so
		// may not filter on them either.
		if r := h.Do("GET", "/api/events/me?filters[coach][id][$eq]=2", nil, as(p.li)...); r.Status != 400 {
			t.Errorf("learner filtering on coach: %d %s", r.Status, r.Body)
		}

		// Bad input is a 400 naming the key.
		for _, q := range []string{"?from=yesterday", "?to=2030-13-01", "?from=2030-01-10&to=2030-01-09",
			"?filters[nope][$eq]=1", "?from[0]=2030-01-10"} {
			r := h.Do("GET", "/api/events/me"+q, nil, as(p.ada)...)
			if st, name, _, _ := errorOf(t, r); r.Status != 400 || st != 400 || name != "ValidationError" {
				t.Errorf("%s: %d %s", q, r.Status, r.Body)
			}
		}

		// A bound whose offset carries it past the years a date-time holds
		// (0000 to 9999, in UTC) is a 400 naming the bound.
		for _, c := range []struct{ query, key string }{
			{"?from=0000-01-01T00:30:00%2B01:00", "from"}, {"?to=9999-12-31T23:00:00-05:00", "to"},
		} {
			r := h.Do("GET", "/api/events/me"+c.query, nil, as(p.ada)...)
			st, name, msg, d := errorOf(t, r)
			if want := c.key + " must be between the years 0000 and 9999 in UTC"; r.Status != 400 || st != 400 ||
				name != "ValidationError" || msg != want || d["key"] != c.key || d["param"] != c.key {
				t.Errorf("%s: %d %s", c.query, r.Status, r.Body)
			}
		}
	})
}
