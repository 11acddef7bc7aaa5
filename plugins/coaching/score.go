package coaching

import (
	"math"
	"slices"
	"strings"
	"time"
)

// The match score is a weighted sum of five parts, each from 0 to 1, so the
// score is from 0 to 1 too. docs/coaching.md explains each choice.
const (
	weightExpertise    = 0.35
	weightLanguage     = 0.20
	weightTimezone     = 0.15
	weightCapacity     = 0.15
	weightAvailability = 0.15

	// fullHours of free time in the two weeks ahead earn the whole
	// availability part: ten hours a week is a well-available coach.
	fullHours = 20.0
	// horizon is how far ahead free time counts.
	horizon = 14 * 24 * time.Hour
)

// Profile is what matching knows of a learner.
type Profile struct {
	Goals, Languages []string
	// Location is the learner's zone; nil when unknown.
	Location *time.Location
}

// Candidate is what matching knows of a coach.
type Candidate struct {
	ID                   int64
	Expertise, Languages []string
	Location             *time.Location // nil when unknown
	MaxLearners          int64
	Assigned             int64
	// FreeTime is the coach's free time in the horizon.
	FreeTime time.Duration
}

// Parts are a match's score parts, each from 0 to 1.
type Parts struct {
	Expertise    float64 `json:"expertise"`
	Language     float64 `json:"language"`
	Timezone     float64 `json:"timezone"`
	Capacity     float64 `json:"capacity"`
	Availability float64 `json:"availability"`
}

// Facts are the plain figures behind the parts.
type Facts struct {
	SharedExpertise []string `json:"sharedExpertise"`
	SharedLanguages []string `json:"sharedLanguages"`
	// TimezoneHours is the distance between the two zones' offsets now, in
	// hours (at most 12); null when either zone is unknown.
	TimezoneHours *float64 `json:"timezoneHours"`
	FreeCapacity  int64    `json:"freeCapacity"`
	FreeHours     float64  `json:"freeHours"`
}

// Match is one ranked coach.
type Match struct {
	Candidate *Candidate
	Score     float64
	Parts     Parts
	Facts     Facts
}

// Rank scores the candidates for the learner at the instant now and
// returns the eligible ones best first, ties by coach id. A coach with no
// free capacity cannot take the learner, and one who shares no language
// with a learner who lists any cannot talk to them: both are left out.
func Rank(p Profile, cands []*Candidate, now time.Time) []Match {
	var out []Match
	for _, c := range cands {
		m, ok := score(p, c, now)
		if ok {
			out = append(out, m)
		}
	}
	slices.SortStableFunc(out, func(a, b Match) int {
		switch {
		case a.Score > b.Score:
			return -1
		case a.Score < b.Score:
			return 1
		}
		return int(a.Candidate.ID - b.Candidate.ID)
	})
	return out
}

// score is one coach's match, and whether the coach is eligible at all.
func score(p Profile, c *Candidate, now time.Time) (Match, bool) {
	f := Facts{
		SharedExpertise: shared(p.Goals, c.Expertise),
		SharedLanguages: shared(p.Languages, c.Languages),
		FreeCapacity:    max(c.MaxLearners-c.Assigned, 0),
		FreeHours:       round(c.FreeTime.Hours(), 2),
	}
	if f.FreeCapacity == 0 || (len(p.Languages) > 0 && len(f.SharedLanguages) == 0) {
		return Match{}, false
	}
	var parts Parts
	if n := len(distinct(p.Goals)); n > 0 {
		parts.Expertise = float64(len(f.SharedExpertise)) / float64(n)
	}
	if len(f.SharedLanguages) > 0 {
		parts.Language = 1
	}
	if p.Location != nil && c.Location != nil {
		h := offsetDistance(p.Location, c.Location, now)
		f.TimezoneHours = &h
		parts.Timezone = 1 - h/12
	}
	parts.Capacity = float64(f.FreeCapacity) / float64(c.MaxLearners)
	parts.Availability = min(c.FreeTime.Hours()/fullHours, 1)
	parts = Parts{round(parts.Expertise, 4), parts.Language, round(parts.Timezone, 4), round(parts.Capacity, 4), round(parts.Availability, 4)}
	s := weightExpertise*parts.Expertise + weightLanguage*parts.Language + weightTimezone*parts.Timezone +
		weightCapacity*parts.Capacity + weightAvailability*parts.Availability
	return Match{Candidate: c, Score: round(s, 4), Parts: parts, Facts: f}, true
}

// offsetDistance is the gap between two zones' UTC offsets at now, in
// hours, the short way round the clock (Tokyo and Honolulu, 19 hours
// apart one way, are 5 the other).
func offsetDistance(a, b *time.Location, now time.Time) float64 {
	_, oa := now.In(a).Zone()
	_, ob := now.In(b).Zone()
	h := math.Abs(float64(oa-ob)) / 3600
	if h > 12 {
		h = 24 - h
	}
	return h
}

// shared lists the items of want that have (case and spacing aside), in
// want's order, each once.
func shared(want, have []string) []string {
	in := map[string]bool{}
	for _, h := range have {
		in[norm(h)] = true
	}
	out := []string{}
	for _, w := range distinct(want) {
		if in[norm(w)] {
			out = append(out, w)
		}
	}
	return out
}

// distinct drops blank items and repeats (case and spacing aside).
func distinct(list []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range list {
		k := norm(s)
		if k == "" || seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, strings.TrimSpace(s))
	}
	return out
}

func norm(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// round keeps n decimals, so the same data gives the same numbers on every
// database and machine, and scores compare as the client sees them.
func round(v float64, n int) float64 {
	p := math.Pow(10, float64(n))
	return math.Round(v*p) / p
}
