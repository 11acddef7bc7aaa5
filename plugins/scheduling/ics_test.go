package scheduling_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"

	"github.com/kiln-cms/kiln/internal/apptest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// A description that needs every TEXT escape and is long enough to fold.
const description = "Bring your notes, questions; and a pen.\n" +
	`Backslashes \ stay backslashes.` + "\r\n" +
	"Ünïcödé names and a long line that goes on and on past seventy-five octets so the library must fold it more than once, twice at least."

// parse reads an iCalendar answer back with the library's parser, after
// checking the wire form: CRLF line ends, no line over 75 octets.
func parse(t *testing.T, r *apptest.Response) *ics.Calendar {
	t.Helper()
	if r.Status != 200 {
		t.Fatalf("%d %s", r.Status, r.Body)
	}
	if ct := r.Header.Get("Content-Type"); ct != "text/calendar; charset=utf-8" {
		t.Errorf("Content-Type %q", ct)
	}
	body := string(r.Body)
	if !strings.HasSuffix(body, "END:VCALENDAR\r\n") {
		t.Errorf("the calendar does not end with END:VCALENDAR CRLF")
	}
	for i, line := range strings.Split(strings.TrimSuffix(body, "\r\n"), "\r\n") {
		if len(line) > 75 {
			t.Errorf("line %d is %d octets: %q", i+1, len(line), line)
		}
		if strings.ContainsAny(line, "\r\n") {
			t.Errorf("line %d has a bare CR or LF: %q", i+1, line)
		}
	}
	cal, err := ics.ParseCalendar(strings.NewReader(body))
	if err != nil {
		t.Fatalf("the library cannot parse the answer: %v\n%s", err, body)
	}
	return cal
}

// prop is a property's value, "" when absent.
func prop(e *ics.VEvent, p ics.ComponentProperty) string {
	if v := e.GetProperty(p); v != nil {
		return v.Value
	}
	return ""
}

// people lists an event's attendees as "email PARTSTAT CN", in order.
func attendees(e *ics.VEvent) []string {
	var out []string
	for _, a := range e.Attendees() {
		out = append(out, fmt.Sprintf("%s %s %s", a.Email(), a.ParticipationStatus(), strings.Join(a.ICalParameters["CN"], ",")))
	}
	return out
}

func sequenceOf(t *testing.T, cal *ics.Calendar) int {
	t.Helper()
	n, err := strconv.Atoi(prop(cal.Events()[0], ics.ComponentPropertySequence))
	if err != nil {
		t.Fatalf("SEQUENCE: %v", err)
	}
	return n
}

func TestEventICS(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, h *apptest.Harness, p people) {
		e := event(t, h, map[string]any{"title": "Kick-off: goals, roles; plans", "description": description,
			"startAt": at("09:00"), "endAt": at("10:30"), "location": "Room 1, Floor 2",
			"meetingUrl": "https://meet.example.com/kick-off?pwd=a1b2&lang=en", "coach": 1, "program": 1})
		h.Do("POST", fmt.Sprintf("/api/events/%d/sync", e), nil)
		h.Do("PUT", fmt.Sprintf("/api/events/%d/attendance/1", e), map[string]any{"status": "accepted"}, as(p.li)...)
		// Fixed identity and history, so that the golden file holds.
		created := time.Date(2024, 12, 1, 12, 0, 0, 0, time.UTC)
		sql(t, h, "UPDATE events SET document_id = ?, created_at = ?, updated_at = ? WHERE id = ?",
			"kickoff0000000000000000a", created, created, e)
		path := fmt.Sprintf("/api/events/%d/ics", e)

		r := h.Do("GET", path, nil)
		if cd := r.Header.Get("Content-Disposition"); cd != `attachment; filename="kickoff0000000000000000a.ics"` {
			t.Errorf("Content-Disposition %q", cd)
		}
		cal := parse(t, r)
		golden(t, "event.ics", r.Body)

		calProps := map[string]string{}
		for _, cp := range cal.CalendarProperties {
			calProps[cp.IANAToken] = cp.Value
		}
		if calProps["VERSION"] != "2.0" || calProps["PRODID"] != "-//Kiln//Scheduling//EN" || calProps["METHOD"] != "PUBLISH" {
			t.Errorf("calendar properties %v", calProps)
		}
		events := cal.Events()
		if len(events) != 1 {
			t.Fatalf("%d events", len(events))
		}
		v := events[0]
		want := map[ics.ComponentProperty]string{
			ics.ComponentPropertyUniqueId:     "kickoff0000000000000000a@kiln",
			ics.ComponentPropertySummary:      "Kick-off: goals, roles; plans",
			ics.ComponentPropertyDescription:  strings.ReplaceAll(description, "\r\n", "\n"),
			ics.ComponentPropertyLocation:     "Room 1, Floor 2",
			ics.ComponentPropertyUrl:          "https://meet.example.com/kick-off?pwd=a1b2&lang=en",
			ics.ComponentPropertyDtStart:      "20300110T090000Z",
			ics.ComponentPropertyDtEnd:        "20300110T103000Z",
			ics.ComponentPropertyDtstamp:      "20300101T080000Z",
			ics.ComponentPropertyCreated:      "20241201T120000Z",
			ics.ComponentPropertyLastModified: "20241201T120000Z",
			ics.ComponentPropertySequence:     "1", // the sync was a revision
			ics.ComponentPropertyStatus:       "CONFIRMED",
			ics.ComponentPropertyTransp:       "OPAQUE",
			ics.ComponentPropertyOrganizer:    "mailto:ada@coach.test",
		}
		for k, val := range want {
			if got := prop(v, k); got != val {
				t.Errorf("%s = %q, want %q", k, got, val)
			}
		}
		if cn := v.GetProperty(ics.ComponentPropertyOrganizer).ICalParameters["CN"]; len(cn) != 1 || cn[0] != "Ada Lovelace" {
			t.Errorf("ORGANIZER CN %v", cn)
		}
		if start, err := v.GetStartAt(); err != nil || !start.Equal(time.Date(2030, 1, 10, 9, 0, 0, 0, time.UTC)) {
			t.Errorf("start %v %v", start, err)
		}
		// "Li, Wei": a CN cannot hold a bare comma, so it is a space.
		wantPeople := []string{"li@learner.test ACCEPTED Li Wei", "mo@learner.test NEEDS-ACTION Mo"}
		if got := attendees(v); strings.Join(got, "|") != strings.Join(wantPeople, "|") {
			t.Errorf("attendees %v, want %v", got, wantPeople)
		}

		eventICSViewsAndSequence(t, h, p, e, path, cal)
	})
}

// eventICSViewsAndSequence: a learner sees only themselves, others see
// nothing; SEQUENCE grows with the event's revisions and a cancelled
// event stays, marked so.
func eventICSViewsAndSequence(t *testing.T, h *apptest.Harness, p people, e int64, path string, cal *ics.Calendar) {
	t.Helper()
	// A learner sees themselves only; Bob and the public see nothing.
	if got := attendees(parse(t, h.Do("GET", path, nil, as(p.li)...)).Events()[0]); len(got) != 1 || !strings.HasPrefix(got[0], "li@") {
		t.Errorf("Li's view: %v", got)
	}
	for who, st := range map[string]int{p.bob: 404, p.plain: 403, "": 401} {
		if r := h.Do("GET", path, nil, as(who)...); r.Status != st {
			t.Errorf("%.8s: %d, want %d", who, r.Status, st)
		}
	}
	if r := h.Do("GET", "/api/events/nope/ics", nil); r.Status != 404 {
		t.Errorf("missing event: %d", r.Status)
	}

	// SEQUENCE is the event's revision: the sync above changed its
	// attendees (1), the cancellation is the next (2).
	if n := sequenceOf(t, cal); n != 1 {
		t.Errorf("SEQUENCE %d after a sync, want 1", n)
	}
	h.Do("PUT", fmt.Sprintf("/api/events/%d", e), map[string]any{"data": map[string]any{"status": "cancelled"}})
	cal = parse(t, h.Do("GET", path, nil))
	if n := sequenceOf(t, cal); n != 2 {
		t.Errorf("SEQUENCE %d after a change, want 2", n)
	}
	v := cal.Events()[0]
	if prop(v, ics.ComponentPropertyStatus) != "CANCELLED" || prop(v, ics.ComponentPropertyTransp) != "TRANSPARENT" ||
		prop(v, ics.ComponentPropertyUniqueId) != "kickoff0000000000000000a@kiln" {
		t.Errorf("cancelled: STATUS %q TRANSP %q UID %q", prop(v, ics.ComponentPropertyStatus),
			prop(v, ics.ComponentPropertyTransp), prop(v, ics.ComponentPropertyUniqueId))
	}
}

// TestSequenceRevisions: SEQUENCE counts an event's revisions — 0 when
// created, one more per update however close together (two updates
// within one second, which a SEQUENCE made of seconds could not tell
// apart), the same in the single event and the feed. A refused update,
// an attendance answer and a sync with nothing to do are no revision; a
// deleted event's count goes with it.
func TestSequenceRevisions(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, h *apptest.Harness, p people) {
		e := event(t, h, map[string]any{"title": "Clinic", "startAt": at("09:00"), "endAt": at("10:00"), "coach": 1, "learners": []int{1}})
		path := fmt.Sprintf("/api/events/%d/ics", e)
		feed := rotate(t, h, p.ada)
		seqs := func(want int) {
			t.Helper()
			one := parse(t, h.Do("GET", path, nil))
			if got := sequenceOf(t, one); got != want {
				t.Errorf("SEQUENCE %d, want %d", got, want)
			}
			uid := prop(one.Events()[0], ics.ComponentPropertyUniqueId)
			found := false
			for _, v := range parse(t, h.Do("GET", feed, nil, as("")...)).Events() {
				if prop(v, ics.ComponentPropertyUniqueId) == uid {
					found = true
					if got := prop(v, ics.ComponentPropertySequence); got != strconv.Itoa(want) {
						t.Errorf("the feed's SEQUENCE %s, want %d", got, want)
					}
				}
			}
			if !found {
				t.Errorf("%s is not in the feed", uid)
			}
		}
		seqs(0)

		// Two updates within the same second: the timestamps are pinned
		// after each to one second, 300 ms and 600 ms past creation.
		created := time.Date(2029, 6, 1, 12, 0, 0, 0, time.UTC)
		for i, title := range []string{"Clinic, moved", "Clinic, moved again"} {
			if r := h.Do("PUT", fmt.Sprintf("/api/events/%d", e), map[string]any{"data": map[string]any{"title": title}}); r.Status != 200 {
				t.Fatalf("update %d: %d %s", i+1, r.Status, r.Body)
			}
			sql(t, h, "UPDATE events SET created_at = ?, updated_at = ? WHERE id = ?", created, created.Add(time.Duration(i+1)*300*time.Millisecond), e)
			seqs(i + 1)
		}
		v := parse(t, h.Do("GET", path, nil)).Events()[0]
		if prop(v, ics.ComponentPropertyCreated) != "20290601T120000Z" || prop(v, ics.ComponentPropertyLastModified) != "20290601T120000Z" {
			t.Errorf("CREATED %q LAST-MODIFIED %q: not the same second", prop(v, ics.ComponentPropertyCreated), prop(v, ics.ComponentPropertyLastModified))
		}

		// Not revisions: an update the rules refuse (rolled back with the
		// write), a learner's answer, a sync that finds nothing to do.
		other := event(t, h, map[string]any{"title": "Other", "startAt": at("11:00"), "endAt": at("12:00"), "coach": 1})
		if r := h.Do("PUT", fmt.Sprintf("/api/events/%d", other), map[string]any{"data": map[string]any{"startAt": at("09:30")}}); r.Status != 400 {
			t.Fatalf("overlapping update: %d %s", r.Status, r.Body)
		}
		if r := h.Do("PUT", fmt.Sprintf("/api/events/%d", e), map[string]any{"data": map[string]any{"endAt": at("08:00")}}); r.Status != 400 {
			t.Fatalf("endAt before startAt: %d %s", r.Status, r.Body)
		}
		if r := h.Do("POST", fmt.Sprintf("/api/events/%d/sync", e), map[string]any{"learners": []int{1}}); r.Status != 200 {
			t.Fatalf("first sync: %d %s", r.Status, r.Body)
		}
		seqs(3) // the first sync stamps syncedAt and adds Li's attendance row
		if r := h.Do("POST", fmt.Sprintf("/api/events/%d/sync", e), map[string]any{"learners": []int{1}}); r.Status != 200 {
			t.Fatalf("second sync: %d %s", r.Status, r.Body)
		}
		if r := h.Do("PUT", fmt.Sprintf("/api/events/%d/attendance/1", e), map[string]any{"status": "accepted"}, as(p.li)...); r.Status != 200 {
			t.Fatalf("answer: %d %s", r.Status, r.Body)
		}
		seqs(3)
		if n := count(t, h, "SELECT COUNT(*) FROM scheduling_event_revisions WHERE event_id = ?", other); n != 0 {
			t.Errorf("a refused update left a revision row")
		}

		// A deleted event takes its revision with it.
		if r := h.Do("DELETE", fmt.Sprintf("/api/events/%d", e), nil); r.Status != 200 && r.Status != 204 {
			t.Fatalf("delete: %d %s", r.Status, r.Body)
		}
		if n := count(t, h, "SELECT COUNT(*) FROM scheduling_event_revisions WHERE event_id = ?", e); n != 0 {
			t.Errorf("the deleted event's revision is kept")
		}
	})
}

// TestICSInjection: values that could break out of their content line (a
// CR in a title, a meeting URL with a line break) never add a property.
// The content type's regex now refuses such a URL, so it is stored the way
// older data or a direct import could have it: by SQL.
func TestICSInjection(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, h *apptest.Harness, p people) {
		e := event(t, h, map[string]any{"title": "Hi\rATTENDEE:mailto:evil@x.test", "description": "a\r\nORGANIZER:mailto:evil@x.test",
			"startAt": at("09:00"), "endAt": at("10:00"), "location": "x\x1by\x07z"})
		sql(t, h, "UPDATE events SET meeting_url = ? WHERE id = ?", "https://ok.test/\r\nATTENDEE:mailto:evil@x.test", e)
		body := string(h.Do("GET", fmt.Sprintf("/api/events/%d/ics", e), nil).Body)
		for _, line := range strings.Split(body, "\r\n") {
			if strings.HasPrefix(line, "ATTENDEE") || strings.HasPrefix(line, "ORGANIZER") || strings.HasPrefix(line, "URL") {
				t.Errorf("injected line %q", line)
			}
		}
		v := parse(t, h.Do("GET", fmt.Sprintf("/api/events/%d/ics", e), nil)).Events()[0]
		if got := prop(v, ics.ComponentPropertySummary); got != "Hi\nATTENDEE:mailto:evil@x.test" {
			t.Errorf("SUMMARY %q", got)
		}
		if got := prop(v, ics.ComponentPropertyLocation); got != "xyz" {
			t.Errorf("LOCATION %q", got)
		}
	})
}

var dtstamp = regexp.MustCompile(`(?m)^DTSTAMP:[0-9TZ]+\r$`)

// golden compares an answer with testdata/<name> (DTSTAMP normalised: it
// is the time of the answer), or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	norm := dtstamp.ReplaceAll(got, []byte("DTSTAMP:<now>\r"))
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, norm, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if string(want) != string(norm) {
		t.Errorf("%s differs from the golden file:\n--- got\n%s\n--- want\n%s", name, norm, want)
	}
}
