package schema

import (
	"math/rand/v2"
	"testing"
	"time"
)

// TestAppendDateTimeIsAppendFormat: for instants spread over and beyond
// years 0000–9999, in other zones than UTC, and at the edges of every
// field, AppendDateTime writes what AppendFormat with DateTimeLayout
// writes of the same instant in UTC.
func TestAppendDateTimeIsAppendFormat(t *testing.T) {
	zones := []*time.Location{time.UTC, time.FixedZone("ahead", 5*3600+1800), time.FixedZone("behind", -11*3600)}
	cases := []time.Time{
		time.Date(0, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(9999, 12, 31, 23, 59, 59, 999999999, time.UTC),
		time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(-1, 12, 31, 23, 59, 59, 0, time.UTC),
		time.Date(2026, 11, 24, 2, 56, 15, 318_000_000, time.UTC),
		time.Date(2024, 2, 29, 12, 0, 0, 999_999, time.UTC),
		{},
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		cases = append(cases, time.Unix(r.Int64N(253402300800+2*86400)-86400, r.Int64N(1e9)))
	}
	for _, c := range cases {
		for _, z := range zones {
			in := c.In(z)
			want := string(in.UTC().AppendFormat(nil, DateTimeLayout))
			if got := string(AppendDateTime([]byte("x"), in)); got != "x"+want {
				t.Fatalf("AppendDateTime(%v) = %q, want %q", in, got, "x"+want)
			}
		}
	}
}

func BenchmarkAppendDateTime(b *testing.B) {
	t := time.Date(2026, 11, 24, 2, 56, 15, 318_000_000, time.UTC)
	buf := make([]byte, 0, 64)
	b.Run("AppendDateTime", func(b *testing.B) {
		for b.Loop() {
			buf = AppendDateTime(buf[:0], t)
		}
	})
	b.Run("AppendFormat", func(b *testing.B) {
		for b.Loop() {
			buf = t.UTC().AppendFormat(buf[:0], DateTimeLayout)
		}
	})
}

// slowStoredDateTime is what Decode did before parseStoredDateTime: the
// layouts, through time.Parse. It is the reference the fast reader is
// compared with.
func slowStoredDateTime(s string) (time.Time, bool) {
	for _, layout := range dbLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC(), true
		}
	}
	return time.Time{}, false
}

// TestParseStoredDateTime: the forms the databases give, read as the
// layouts read them, and forms the fast reader leaves to the layouts.
func TestParseStoredDateTime(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string // the instant in RFC 3339, "" when the fast reader declines
	}{
		{"2026-03-07T13:15:15.001Z", "2026-03-07T13:15:15.001Z"},
		{"2026-03-07 13:15:15.001+00", "2026-03-07T13:15:15.001Z"},
		{"2026-03-07 13:15:15+00", "2026-03-07T13:15:15Z"},
		{"2026-03-07 13:15:15.5+02", "2026-03-07T11:15:15.5Z"},
		{"2026-03-07 13:15:15.123456-05:30", "2026-03-07T18:45:15.123456Z"},
		{"2026-03-07 13:15:15", "2026-03-07T13:15:15Z"},
		{"0001-01-01 00:00:00+00", "0001-01-01T00:00:00Z"},
		{"2024-02-29 23:59:59.999+00", "2024-02-29T23:59:59.999Z"},
		{"2025-02-29 00:00:00+00", ""}, // no such day
		{"2026-04-31T00:00:00.000Z", ""},
		{"2026-13-01T00:00:00.000Z", ""},
		{"2026-03-07T24:00:00.000Z", ""},
		{"2026-03-07T13:15:15", ""}, // T without a zone: RFC 3339 wants one
		{"2026-03-07 13:15:15.+00", ""},
		{"2026-03-07 13:15:15.0000000001+00", ""},
		{"2026-03-07 13:15:15+00:00:00", ""},
		{"10000-01-01 00:00:00+00", ""},
		{"infinity", ""},
		{"", ""},
	} {
		got, ok := parseStoredDateTime(tc.in)
		if tc.want == "" {
			if ok {
				t.Errorf("%q read as %v, want it declined", tc.in, got)
			}
			continue
		}
		if !ok || got.Format(time.RFC3339Nano) != tc.want || got.Location() != time.UTC {
			t.Errorf("%q = %v (%v), want %s in UTC", tc.in, got, ok, tc.want)
		}
	}
}

// FuzzStoredDateTime: whatever the fast reader accepts, the layouts read
// as the same instant.
func FuzzStoredDateTime(f *testing.F) {
	for _, s := range []string{"2026-03-07T13:15:15.001Z", "2026-03-07 13:15:15.001+00", "2026-03-07 13:15:15-05:30",
		"2026-03-07 13:15:15", "2024-02-29 23:59:59.999999+14", "0000-01-01T00:00:00.000Z"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fast, ok := parseStoredDateTime(s)
		if !ok {
			return
		}
		slow, sok := slowStoredDateTime(s)
		if !sok || !fast.Equal(slow) {
			t.Fatalf("%q: fast %v, layouts %v (%v)", s, fast, slow, sok)
		}
	})
}

func BenchmarkDecodeDateTime(b *testing.B) {
	for _, s := range []string{"2026-03-07 13:15:15.001+00", "2026-03-07T13:15:15.001Z"} {
		b.Run("fast "+s, func(b *testing.B) {
			for b.Loop() {
				parseStoredDateTime(s)
			}
		})
		b.Run("layouts "+s, func(b *testing.B) {
			for b.Loop() {
				slowStoredDateTime(s)
			}
		})
	}
}
