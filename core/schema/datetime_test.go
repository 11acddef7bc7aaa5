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
