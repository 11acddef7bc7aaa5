package scheduling_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"

	ics "github.com/arran4/golang-ical"

	"github.com/kiln-cms/kiln/internal/apptest"
)

var feedPath = regexp.MustCompile(`^/api/calendar/[0-9a-f]{64}\.ics$`)

// rotate asks for a new feed URL as the user and returns its path.
func rotate(t *testing.T, h *apptest.Harness, token string) string {
	t.Helper()
	r := h.Do("POST", "/api/calendar/token", nil, as(token)...)
	if r.Status != 200 {
		t.Fatalf("rotating: %d %s", r.Status, r.Body)
	}
	d := r.JSON(t)["data"].(map[string]any)
	path, _ := d["path"].(string)
	url, _ := d["url"].(string)
	webcal, _ := d["webcal"].(string)
	if !feedPath.MatchString(path) || !strings.HasPrefix(url, "http") || !strings.HasSuffix(url, path) ||
		!strings.HasPrefix(webcal, "webcal://") || !strings.HasSuffix(webcal, path) {
		t.Fatalf("token answer %v", d)
	}
	return path
}

// summaries lists a feed's events by SUMMARY, sorted, with their STATUS
// and attendees' e-mails.
func summaries(cal *ics.Calendar) []string {
	var out []string
	for _, e := range cal.Events() {
		var who []string
		for _, a := range e.Attendees() {
			who = append(who, strings.TrimSuffix(a.Email(), "@learner.test"))
		}
		out = append(out, fmt.Sprintf("%s %s %s", prop(e, ics.ComponentPropertySummary), prop(e, ics.ComponentPropertyStatus), strings.Join(who, ",")))
	}
	sort.Strings(out)
	return out
}

func TestFeed(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, h *apptest.Harness, p people) {
		e1 := event(t, h, map[string]any{"title": "Kick-off", "startAt": at("09:00"), "endAt": at("10:00"), "coach": 1, "program": 1})
		e2 := event(t, h, map[string]any{"title": "Clinic", "startAt": at("11:00"), "endAt": at("12:00"), "coach": 2, "program": 1})
		event(t, h, map[string]any{"title": "Only Ne", "startAt": at("13:00"), "endAt": at("14:00"), "coach": 2, "learners": []int{3}})
		event(t, h, map[string]any{"title": "Long ago", "startAt": "2028-12-01T09:00:00Z", "endAt": "2028-12-01T10:00:00Z", "coach": 1, "learners": []int{1}})
		h.Do("POST", fmt.Sprintf("/api/events/%d/sync", e1), nil)
		h.Do("POST", fmt.Sprintf("/api/events/%d/sync", e2), map[string]any{"learners": []int{1, 3}})
		h.Do("PUT", fmt.Sprintf("/api/events/%d", e2), map[string]any{"data": map[string]any{"status": "cancelled"}})

		// Li's feed: her two events (the cancelled one marked so), herself
		// as the only attendee, nothing that ended over a year ago, nobody else's.
		li := rotate(t, h, p.li)
		r := h.Do("GET", li, nil, as("")...)
		if cc := r.Header.Get("Cache-Control"); cc != "private, max-age=300" {
			t.Errorf("Cache-Control %q", cc)
		}
		cal := parse(t, r)
		want := []string{"Clinic CANCELLED li", "Kick-off CONFIRMED li"}
		if got := summaries(cal); strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("Li's feed %v, want %v", got, want)
		}
		names := map[string]string{}
		for _, cp := range cal.CalendarProperties {
			names[cp.IANAToken] = cp.Value
		}
		if names["X-WR-CALNAME"] != "Kiln" || names["METHOD"] != "PUBLISH" {
			t.Errorf("calendar properties %v", names)
		}
		// Ada's feed: her events with all their learners.
		ada := rotate(t, h, p.ada)
		if got := summaries(parse(t, h.Do("GET", ada, nil, as("")...))); strings.Join(got, "|") != "Kick-off CONFIRMED li,mo" {
			t.Errorf("Ada's feed %v", got)
		}
		// SEQUENCE is each event's revision: Kick-off was synced (1),
		// Clinic synced and cancelled (2).
		seq := map[string]string{}
		for _, v := range cal.Events() {
			seq[prop(v, ics.ComponentPropertySummary)] = prop(v, ics.ComponentPropertySequence)
		}
		if seq["Kick-off"] != "1" || seq["Clinic"] != "2" {
			t.Errorf("SEQUENCE in Li's feed %v", seq)
		}
		feedStatementsStayPut(t, h, ada)

		// The same under the versioned prefixes.
		if r := h.Do("GET", strings.Replace(ada, "/api/", "/api/v1/", 1), nil, as("")...); r.Status != 200 {
			t.Errorf("v1 feed: %d", r.Status)
		}

		feedTokenRules(t, h, p, li, ada)
	})
}

// feedTokenRules: only the token's hash is stored; a wrong, rotated or
// malformed token, a blocked or deleted user has no feed.
func feedTokenRules(t *testing.T, h *apptest.Harness, p people, li, ada string) {
	t.Helper()
	// Only the hash is stored.
	var stored string
	if err := h.App.DB.QueryRowContext(context.Background(), "SELECT token_hash FROM scheduling_calendar_tokens WHERE user_id = 4").Scan(&stored); err != nil {
		t.Fatal(err)
	}
	raw := strings.TrimSuffix(strings.TrimPrefix(li, "/api/calendar/"), ".ics")
	sum := sha256.Sum256([]byte(raw))
	if stored != hex.EncodeToString(sum[:]) {
		t.Errorf("stored %q, want the token's SHA-256", stored)
	}

	// A wrong, rotated or malformed token is the 404 of a path that
	// does not exist, byte for byte.
	nothing := h.Do("GET", "/api/nothing-here", nil, as("")...)
	newLi := rotate(t, h, p.li)
	if newLi == li {
		t.Fatal("rotating gave the same URL")
	}
	if r := h.Do("GET", newLi, nil, as("")...); r.Status != 200 {
		t.Errorf("new URL: %d", r.Status)
	}
	upper := "/api/calendar/" + strings.ToUpper(raw) + ".ics"
	for _, path := range []string{li, "/api/calendar/" + strings.Repeat("0", 64) + ".ics", "/api/calendar/" + raw,
		"/api/calendar/" + raw + ".ICS", "/api/calendar/abc.ics", upper, "/api/calendar/" + raw + "0.ics", "/api/calendar/.ics"} {
		r := h.Do("GET", path, nil, as("")...)
		if r.Status != 404 || string(r.Body) != string(nothing.Body) {
			t.Errorf("%s: %d %s, want %s", path, r.Status, r.Body, nothing.Body)
		}
	}
	// A blocked user's feed is gone too.
	if r := h.Do("PUT", "/api/users/2", map[string]any{"blocked": true}); r.Status != 200 {
		t.Fatalf("blocking: %d %s", r.Status, r.Body)
	}
	if r := h.Do("GET", ada, nil, as("")...); r.Status != 404 || string(r.Body) != string(nothing.Body) {
		t.Errorf("blocked user's feed: %d", r.Status)
	}

	// Deleting a user deletes their token.
	if r := h.Do("DELETE", "/api/users/4", nil); r.Status != 200 {
		t.Fatalf("deleting Li's user: %d %s", r.Status, r.Body)
	}
	if n := count(t, h, "SELECT COUNT(*) FROM scheduling_calendar_tokens WHERE user_id = 4"); n != 0 {
		t.Errorf("a deleted user's token is kept")
	}
	if r := h.Do("GET", newLi, nil, as("")...); r.Status != 404 {
		t.Errorf("a deleted user's feed: %d", r.Status)
	}
	// A rotation takes no body but an empty one.
	if r := h.Do("POST", "/api/calendar/token", map[string]any{"token": "mine"}, as(p.mo)...); r.Status != 400 {
		t.Errorf("rotation with a body: %d", r.Status)
	}
}

// feedStatementsStayPut: the revisions are read for the whole feed at
// once, so the feed's statements do not grow with its events.
func feedStatementsStayPut(t *testing.T, h *apptest.Harness, ada string) {
	t.Helper()
	// The revisions are read for the whole feed at once: three more
	// events of Ada's, each updated, cost no statement more.
	qc := h.CountQueries()
	statements := func() int64 {
		before := qc.N()
		parse(t, h.Do("GET", ada, nil, as("")...))
		return qc.N() - before
	}
	few := statements()
	for i, hh := range []string{"15:00", "16:00", "17:00"} {
		id := event(t, h, map[string]any{"title": fmt.Sprint("Extra ", i), "startAt": at(hh), "endAt": at(hh[:2] + ":30"), "coach": 1, "program": 1})
		h.Do("PUT", fmt.Sprintf("/api/events/%d", id), map[string]any{"data": map[string]any{"location": "Room 2"}})
	}
	if many := statements(); many != few {
		t.Errorf("Ada's feed took %d statements with one event, %d with four", few, many)
	}
	if got := len(parse(t, h.Do("GET", ada, nil, as("")...)).Events()); got != 4 {
		t.Errorf("Ada's feed has %d events, want 4", got)
	}
}
