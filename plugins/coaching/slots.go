package coaching

import (
	"fmt"
	"slices"
	"time"
)

// Rule is one weekly availability rule, in the coach's own time zone: on
// Weekday, from Start to End after local midnight (End after Start).
type Rule struct {
	Weekday    time.Weekday
	Start, End time.Duration
}

// Interval is the half-open span of time [Start, End).
type Interval struct{ Start, End time.Time }

// Length is the interval's duration.
func (iv Interval) Length() time.Duration { return iv.End.Sub(iv.Start) }

// parseClock reads a time field ("09:30:00", as the store keeps it) as the
// duration since midnight.
func parseClock(s string) (time.Duration, error) {
	t, err := time.Parse("15:04:05", s)
	if err != nil {
		return 0, fmt.Errorf("time %q is not HH:MM:SS", s)
	}
	return time.Duration(t.Hour())*time.Hour + time.Duration(t.Minute())*time.Minute + time.Duration(t.Second())*time.Second, nil
}

// wallInstant is the instant a wall-clock reading (date, then since after
// midnight) names in loc, by RFC 5545's rules for the two readings a
// daylight-saving change makes odd (§3.3.5): a reading the spring change
// skips is read with the offset in force before the gap, so 02:30 on the
// night Berlin moves from 02:00 to 03:00 is 03:30 summer time; a reading
// the autumn change repeats is its first occurrence.
//
// Go's time.Date leaves both cases unspecified, hence this: the offsets in
// force two days before and after are the only candidates (no zone
// changes twice within four days), a candidate is right when loc agrees
// with it at the instant it gives, and the earliest right one wins.
func wallInstant(loc *time.Location, y int, m time.Month, d int, since time.Duration) time.Time {
	wall := time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Add(since)
	offsetAt := func(t time.Time) time.Duration {
		_, off := t.In(loc).Zone()
		return time.Duration(off) * time.Second
	}
	before, after := offsetAt(wall.Add(-48*time.Hour)), offsetAt(wall.Add(48*time.Hour))
	var best time.Time
	for _, off := range []time.Duration{before, after} {
		t := wall.Add(-off)
		if offsetAt(t) == off && (best.IsZero() || t.Before(best)) {
			best = t
		}
	}
	if best.IsZero() { // in a gap
		best = wall.Add(-before)
	}
	return best.In(loc)
}

// covered is the time the rules give within [from, to): each rule on each
// local date in reach, read in loc, clipped to the range, sorted and with
// touching or overlapping windows merged into one.
func covered(rules []Rule, loc *time.Location, from, to time.Time) []Interval {
	if len(rules) == 0 || !to.After(from) {
		return nil
	}
	// A day before and after the range's local dates: a rule's local
	// window can lie on another UTC date than its own.
	first := from.In(loc)
	day := time.Date(first.Year(), first.Month(), first.Day(), 0, 0, 0, 0, time.UTC).AddDate(0, 0, -1)
	last := to.In(loc)
	end := time.Date(last.Year(), last.Month(), last.Day(), 0, 0, 0, 0, time.UTC).AddDate(0, 0, 1)
	var out []Interval
	for ; !day.After(end); day = day.AddDate(0, 0, 1) {
		for _, r := range rules {
			if r.Weekday != day.Weekday() || r.End <= r.Start {
				continue
			}
			iv := Interval{
				Start: wallInstant(loc, day.Year(), day.Month(), day.Day(), r.Start),
				End:   wallInstant(loc, day.Year(), day.Month(), day.Day(), r.End),
			}
			if iv.Start.Before(from) {
				iv.Start = from
			}
			if iv.End.After(to) {
				iv.End = to
			}
			if iv.End.After(iv.Start) {
				out = append(out, iv)
			}
		}
	}
	return merge(out)
}

// merge sorts intervals by start and joins those that overlap or touch.
func merge(list []Interval) []Interval {
	slices.SortFunc(list, func(a, b Interval) int { return a.Start.Compare(b.Start) })
	var out []Interval
	for _, iv := range list {
		if n := len(out); n > 0 && !iv.Start.After(out[n-1].End) {
			if iv.End.After(out[n-1].End) {
				out[n-1].End = iv.End
			}
			continue
		}
		out = append(out, iv)
	}
	return out
}

// subtract removes the busy intervals from free (sorted and merged, as
// covered returns it); busy may come in any order and overlap.
func subtract(free, busy []Interval) []Interval {
	busy = merge(slices.Clone(busy))
	var out []Interval
	j := 0
	for _, f := range free {
		cur := f.Start
		for j < len(busy) && !busy[j].End.After(cur) {
			j++
		}
		for k := j; k < len(busy) && busy[k].Start.Before(f.End); k++ {
			if busy[k].Start.After(cur) {
				out = append(out, Interval{cur, busy[k].Start})
			}
			if busy[k].End.After(cur) {
				cur = busy[k].End
			}
		}
		if f.End.After(cur) {
			out = append(out, Interval{cur, f.End})
		}
	}
	return out
}

// FreeSlots are a coach's free slots in [from, to): the time their weekly
// rules give, read in loc, minus their busy intervals (scheduled events),
// keeping only the stretches at least min long, earliest first.
func FreeSlots(rules []Rule, loc *time.Location, busy []Interval, from, to time.Time, min time.Duration) []Interval {
	var out []Interval
	for _, iv := range subtract(covered(rules, loc, from, to), busy) {
		if iv.Length() >= min {
			out = append(out, iv)
		}
	}
	return out
}

// freeTime is the total of a coach's free time in [from, to).
func freeTime(rules []Rule, loc *time.Location, busy []Interval, from, to time.Time) time.Duration {
	var sum time.Duration
	for _, iv := range subtract(covered(rules, loc, from, to), busy) {
		sum += iv.Length()
	}
	return sum
}
