package coaching

import (
	"testing"
	"time"
)

func zone(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

func utc(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

func hm(h, m int) time.Duration { return time.Duration(h)*time.Hour + time.Duration(m)*time.Minute }

// spans writes intervals as "start/end" in UTC, for readable failures.
func spans(list []Interval) []string {
	out := []string{}
	for _, iv := range list {
		out = append(out, iv.Start.UTC().Format(time.RFC3339)+"/"+iv.End.UTC().Format(time.RFC3339))
	}
	return out
}

func sameSpans(t *testing.T, what string, got []Interval, want ...string) {
	t.Helper()
	g := spans(got)
	if len(g) != len(want) {
		t.Fatalf("%s: got %v, want %v", what, g, want)
	}
	for i := range g {
		if g[i] != want[i] {
			t.Fatalf("%s: got %v, want %v", what, g, want)
		}
	}
}

func TestWallInstantAroundDaylightSaving(t *testing.T) {
	t.Parallel()
	berlin, ny := zone(t, "Europe/Berlin"), zone(t, "America/New_York")
	for _, tc := range []struct {
		name string
		loc  *time.Location
		date string
		at   time.Duration
		want string
	}{
		{"Berlin winter", berlin, "2026-03-23", hm(9, 0), "2026-03-23T08:00:00Z"},
		{"Berlin summer", berlin, "2026-03-30", hm(9, 0), "2026-03-30T07:00:00Z"},
		{"Berlin before the spring gap", berlin, "2026-03-29", hm(1, 59), "2026-03-29T00:59:00Z"},
		{"Berlin in the spring gap reads the old offset", berlin, "2026-03-29", hm(2, 30), "2026-03-29T01:30:00Z"},
		{"Berlin after the spring gap", berlin, "2026-03-29", hm(3, 0), "2026-03-29T01:00:00Z"},
		{"Berlin repeated hour is its first occurrence", berlin, "2026-10-25", hm(2, 30), "2026-10-25T00:30:00Z"},
		{"Berlin after the repeated hour", berlin, "2026-10-25", hm(3, 0), "2026-10-25T02:00:00Z"},
		{"New York in the spring gap", ny, "2026-03-08", hm(2, 30), "2026-03-08T07:30:00Z"},
		{"New York after the spring change", ny, "2026-03-08", hm(9, 0), "2026-03-08T13:00:00Z"},
		{"New York repeated hour is its first occurrence", ny, "2026-11-01", hm(1, 30), "2026-11-01T05:30:00Z"},
		{"New York after the autumn change", ny, "2026-11-01", hm(9, 0), "2026-11-01T14:00:00Z"},
	} {
		d, _ := time.Parse(time.DateOnly, tc.date)
		got := wallInstant(tc.loc, d.Year(), d.Month(), d.Day(), tc.at).UTC().Format(time.RFC3339)
		if got != tc.want {
			t.Errorf("%s: %s %v = %s, want %s", tc.name, tc.date, tc.at, got, tc.want)
		}
	}
}

func TestFreeSlotsAcrossTheSpringChange(t *testing.T) {
	t.Parallel()
	berlin := zone(t, "Europe/Berlin")
	// Sundays and Mondays 09:00-12:00 Berlin time, the week the clocks go
	// forward (Sunday 2026-03-29): before it 08:00Z, after it 07:00Z.
	rules := []Rule{{time.Sunday, hm(9, 0), hm(12, 0)}, {time.Monday, hm(9, 0), hm(12, 0)}}
	got := FreeSlots(rules, berlin, nil, utc("2026-03-22T00:00:00Z"), utc("2026-03-31T00:00:00Z"), 30*time.Minute)
	sameSpans(t, "spring", got,
		"2026-03-22T08:00:00Z/2026-03-22T11:00:00Z",
		"2026-03-23T08:00:00Z/2026-03-23T11:00:00Z",
		"2026-03-29T07:00:00Z/2026-03-29T10:00:00Z",
		"2026-03-30T07:00:00Z/2026-03-30T10:00:00Z")

	// A night rule across the change is an hour shorter in real time; one
	// that lies wholly in the skipped hour gives nothing.
	night := []Rule{{time.Sunday, hm(1, 0), hm(4, 0)}, {time.Sunday, hm(2, 15), hm(2, 45)}}
	got = FreeSlots(night, berlin, nil, utc("2026-03-28T12:00:00Z"), utc("2026-03-29T12:00:00Z"), time.Minute)
	sameSpans(t, "spring night", got, "2026-03-29T00:00:00Z/2026-03-29T02:00:00Z")
}

func TestFreeSlotsAcrossTheAutumnChange(t *testing.T) {
	t.Parallel()
	ny := zone(t, "America/New_York")
	// Sundays 09:00-10:00 and a night rule 00:30-02:30 New York time; the
	// clocks go back on Sunday 2026-11-01 at 02:00, so the night rule lasts
	// three real hours that night.
	rules := []Rule{{time.Sunday, hm(9, 0), hm(10, 0)}, {time.Sunday, hm(0, 30), hm(2, 30)}}
	got := FreeSlots(rules, ny, nil, utc("2026-10-25T00:00:00Z"), utc("2026-11-02T00:00:00Z"), time.Minute)
	sameSpans(t, "autumn", got,
		"2026-10-25T04:30:00Z/2026-10-25T06:30:00Z",
		"2026-10-25T13:00:00Z/2026-10-25T14:00:00Z",
		"2026-11-01T04:30:00Z/2026-11-01T07:30:00Z",
		"2026-11-01T14:00:00Z/2026-11-01T15:00:00Z")
}

func TestFreeSlotsRulesCrossingMidnightInUTC(t *testing.T) {
	t.Parallel()
	// Monday 19:00-23:00 in New York (summer, UTC-4) is Monday 23:00Z to
	// Tuesday 03:00Z; a range of Tuesday in UTC still sees its tail.
	ny := zone(t, "America/New_York")
	rules := []Rule{{time.Monday, hm(19, 0), hm(23, 0)}}
	got := FreeSlots(rules, ny, nil, utc("2026-07-07T00:00:00Z"), utc("2026-07-08T00:00:00Z"), 30*time.Minute)
	sameSpans(t, "tail", got, "2026-07-07T00:00:00Z/2026-07-07T03:00:00Z")

	// Monday 08:00-10:00 in Sydney (winter, UTC+10) is Sunday 22:00Z to
	// Monday 00:00Z.
	syd := zone(t, "Australia/Sydney")
	got = FreeSlots([]Rule{{time.Monday, hm(8, 0), hm(10, 0)}}, syd, nil, utc("2026-07-05T00:00:00Z"), utc("2026-07-07T00:00:00Z"), time.Minute)
	sameSpans(t, "sydney", got, "2026-07-05T22:00:00Z/2026-07-06T00:00:00Z")
}

func TestFreeSlotsMinusEvents(t *testing.T) {
	t.Parallel()
	rules := []Rule{{time.Monday, hm(9, 0), hm(12, 0)}, {time.Monday, hm(12, 0), hm(14, 0)}}
	busy := []Interval{
		{utc("2026-07-06T11:45:00Z"), utc("2026-07-06T12:15:00Z")}, // given out of order
		{utc("2026-07-06T10:00:00Z"), utc("2026-07-06T10:30:00Z")},
		{utc("2026-07-06T10:30:00Z"), utc("2026-07-06T11:00:00Z")}, // touches the one before
		{utc("2026-07-06T13:30:00Z"), utc("2026-07-06T15:00:00Z")}, // runs past the rule
		{utc("2026-07-06T07:00:00Z"), utc("2026-07-06T08:00:00Z")}, // before the rule
	}
	from, to := utc("2026-07-06T00:00:00Z"), utc("2026-07-07T00:00:00Z")
	all := FreeSlots(rules, time.UTC, busy, from, to, time.Minute)
	sameSpans(t, "cut", all,
		"2026-07-06T09:00:00Z/2026-07-06T10:00:00Z",
		"2026-07-06T11:00:00Z/2026-07-06T11:45:00Z",
		"2026-07-06T12:15:00Z/2026-07-06T13:30:00Z")
	sameSpans(t, "an hour or more", FreeSlots(rules, time.UTC, busy, from, to, time.Hour),
		"2026-07-06T09:00:00Z/2026-07-06T10:00:00Z",
		"2026-07-06T12:15:00Z/2026-07-06T13:30:00Z")
	sameSpans(t, "longer than any gap", FreeSlots(rules, time.UTC, busy, from, to, 90*time.Minute))
	if got := freeTime(rules, time.UTC, busy, from, to); got != hm(3, 0) {
		t.Errorf("freeTime = %v, want 3h", got)
	}
	// Adjacent rules are one stretch when nothing cuts them.
	sameSpans(t, "merged", FreeSlots(rules, time.UTC, nil, from, to, 5*time.Hour),
		"2026-07-06T09:00:00Z/2026-07-06T14:00:00Z")
	// The range clips the rules.
	sameSpans(t, "clipped", FreeSlots(rules, time.UTC, nil, utc("2026-07-06T10:00:00Z"), utc("2026-07-06T11:00:00Z"), time.Minute),
		"2026-07-06T10:00:00Z/2026-07-06T11:00:00Z")
}

func TestParseClock(t *testing.T) {
	t.Parallel()
	if d, err := parseClock("09:30:15"); err != nil || d != hm(9, 30)+15*time.Second {
		t.Errorf("parseClock = %v, %v", d, err)
	}
	for _, bad := range []string{"", "9:30", "25:00:00", "09:30:00Z"} {
		if _, err := parseClock(bad); err == nil {
			t.Errorf("parseClock(%q) is no error", bad)
		}
	}
}
