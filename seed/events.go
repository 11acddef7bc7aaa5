package seed

import (
	"cmp"
	"slices"
	"time"
)

// Event kinds, as dealt: the index into eventKinds.
const (
	evCoaching = iota
	evWorkshop
	evWebinar
	evOther
)

var eventKinds = []string{"coaching", "workshop", "webinar", "other"}

// eventMinutes are lengths for events without a session to follow.
var eventMinutes = [][]int{{30, 45, 60, 60, 90}, {90, 120, 180}, {45, 60, 90}, {30, 60, 90, 120}}

// otherTitles are the events that follow no session.
var otherTitles = []string{"Kick-off", "Office hours", "Q&A", "Graduation", "Stakeholder update"}

// planned is one event while its program's events are made; they are
// sorted by start before they get ids.
type planned struct {
	start, end  int64
	kind, coach int
	session     int // row index or -1
	learners    []int
	created     int64
	cancelled   bool
	otherTitle  string
}

// eventPlan holds the events, program by program and by start within a
// program, with their learners (learnerStart: n+1 offsets).
type eventPlan struct {
	progStart    []int
	start, end   []int64
	kind, coach  []int
	session      []int
	cancelled    []bool
	created      []int64
	otherTitle   []string
	learnerStart []int
	learners     []int
}

// planEvents schedules each non-draft program's events within its dates:
// a coach of the program, a session of the program (of the event's kind
// where there is one) and some of the program's enrolled learners. A
// coaching event is 1:1, with the learner's own coach when that coach is
// on the program.
func (g *gen) planEvents() {
	p := &g.prog
	np := g.sz.programs
	lo, hi := make([]int, np), make([]int, np)
	for i := range np {
		if p.status[i] != draft {
			lo[i], hi[i] = g.sz.eventsPer.lo, g.sz.eventsPer.hi
		}
	}
	counts := g.spread(g.sz.events, lo, hi)
	kinds := g.deal(g.sz.eventKinds[:]...)
	// The demo program's first two events are 1:1 coaching of the demo
	// learner, one past and one future: swap coaching kinds into place.
	demoFirst := 0
	for i := range g.demo.program {
		demoFirst += counts[i]
	}
	for k := demoFirst; k < demoFirst+2; k++ {
		for j := 0; kinds[k] != evCoaching; j++ {
			if kinds[j] == evCoaching && (j < demoFirst || j >= demoFirst+2) {
				kinds[k], kinds[j] = kinds[j], kinds[k]
			}
		}
	}
	lo, hi = make([]int, len(kinds)), make([]int, len(kinds))
	e := 0
	for i, k := range counts {
		have := len(g.enrolled(i))
		for range k {
			s := g.sz.eventLearners[kinds[e]]
			lo[e], hi[e] = min(s.lo, have), min(s.hi, have)
			e++
		}
	}
	sizes := g.spread(g.sz.attendances, lo, hi)

	ev := &g.ev
	ev.progStart = make([]int, 0, np+1)
	ev.learnerStart = make([]int, 0, len(kinds)+1)
	ev.learners = make([]int, 0, g.sz.attendances)
	ne := g.sz.events
	ev.start, ev.end, ev.created = make([]int64, 0, ne), make([]int64, 0, ne), make([]int64, 0, ne)
	ev.kind, ev.coach, ev.session = make([]int, 0, ne), make([]int, 0, ne), make([]int, 0, ne)
	ev.cancelled, ev.otherTitle = make([]bool, 0, ne), make([]string, 0, ne)
	var batch []planned
	var pool []int
	e = 0
	for i, k := range counts {
		ev.progStart = append(ev.progStart, len(ev.start))
		pool = append(pool[:0], g.enrolled(i)...)
		batch = batch[:0]
		for j := range k {
			fix := fixed{learner: -1, from: p.start[i], to: p.end[i]}
			if i == g.demo.program && j < 2 {
				fix.learner = g.demo.learner
				if j == 0 {
					fix.to = refMS - 3*day // the Friday before: no weekend move crosses Reference
				} else {
					fix.from = refMS
				}
			}
			batch = append(batch, g.event(i, kinds[e], sizes[e], pool, fix))
			e++
		}
		slices.SortStableFunc(batch, func(a, b planned) int { return cmp.Compare(a.start, b.start) })
		for _, b := range batch {
			ev.start, ev.end = append(ev.start, b.start), append(ev.end, b.end)
			ev.kind, ev.coach = append(ev.kind, b.kind), append(ev.coach, b.coach)
			ev.session, ev.cancelled = append(ev.session, b.session), append(ev.cancelled, b.cancelled)
			ev.created, ev.otherTitle = append(ev.created, b.created), append(ev.otherTitle, b.otherTitle)
			ev.learnerStart = append(ev.learnerStart, len(ev.learners))
			ev.learners = append(ev.learners, b.learners...)
		}
	}
	ev.progStart = append(ev.progStart, len(ev.start))
	ev.learnerStart = append(ev.learnerStart, len(ev.learners))
}

// fixed constrains an event: the days it may fall on (midnight ms) and,
// for the demo's 1:1 events, its one learner (-1: drawn).
type fixed struct {
	learner  int
	from, to int64
}

// event plans one event of program p with n learners drawn from pool (the
// program's enrolled learners, reordered in place).
func (g *gen) event(p, kind, n int, pool []int, fix fixed) planned {
	b := planned{kind: kind, session: -1}
	// Learners: a partial shuffle of the pool takes n distinct ones.
	for j := range n {
		k := j + g.intn(len(pool)-j)
		pool[j], pool[k] = pool[k], pool[j]
	}
	b.learners = slices.Clone(pool[:n])
	if fix.learner >= 0 {
		b.learners = []int{fix.learner}
	}
	slices.Sort(b.learners)

	coaches := g.programCoaches(p)
	b.coach = coaches[g.intn(len(coaches))]
	if kind == evCoaching && n == 1 {
		if own := g.learner.coach[b.learners[0]]; own >= 0 && slices.Contains(coaches, own) {
			b.coach = own
		}
	}

	if kind != evOther || g.chance(0.5) {
		b.session = g.sessionFor(p, kind)
	} else {
		b.otherTitle = g.pick(otherTitles)
	}

	// Day: within the allowed days, moved off weekends when it can be.
	start, end := fix.from, fix.to
	d := start + int64(g.intn(int((end-start)/day)+1))*day
	switch at(d).Weekday() {
	case time.Saturday:
		d = max(d-day, start)
	case time.Sunday:
		d = min(d+day, end)
	}
	slot := g.between(18, 32) // 09:00..16:00
	if kind == evCoaching {
		slot = g.between(16, 34) // 08:00..17:00
	}
	mins := eventMinutes[kind][g.intn(len(eventMinutes[kind]))]
	if b.session >= 0 {
		mins = min(max(g.prog.sesMinutes[b.session], 30), 180)
	}
	b.start = d + int64(slot)*30*minute
	b.end = b.start + int64(mins)*minute
	b.cancelled = g.chance(0.07)

	// Created some days ahead, after the program's sessions (at most 4
	// days after the program), never after Reference.
	b.created = notAfterRef(max(g.prog.created[p]+5*day, min(b.start-7*day-g.r.Int64N(38*day), refMS-g.r.Int64N(10*day))))
	return b
}

// sessionFor picks a session of program p, of the event's kind when the
// program has one (a webinar presents a workshop's material).
func (g *gen) sessionFor(p, kind int) int {
	from, to := g.prog.sesStart[p], g.prog.sesStart[p+1]
	want := [...]string{evCoaching: "coaching", evWorkshop: "workshop", evWebinar: "workshop", evOther: ""}[kind]
	s := from + g.intn(to-from)
	for try := 0; try < 6 && want != "" && g.prog.sesKind[s] != want; try++ {
		s = from + g.intn(to-from)
	}
	return s
}

func (g *gen) events() *Table {
	ev := &g.ev
	n := len(ev.start)
	t := newTable("event", n, "title", "description", "startAt", "endAt", "timezone", "location", "meetingUrl", "kind", "status", "syncedAt", "coach", "program", "session")
	pairs := make([][2]int64, 0, len(ev.learners))
	p := 0
	url := make([]byte, 0, 64)
	for e := range n {
		for e >= ev.progStart[p+1] {
			p++
		}
		row := t.Rows[e]
		kind, coach := ev.kind[e], ev.coach[e]
		var title string
		switch {
		case ev.session[e] < 0:
			title = ev.otherTitle[e] + ": " + g.prog.title[p]
		case kind == evCoaching && g.prog.sesKind[ev.session[e]] == "coaching":
			title = g.prog.sesTitle[ev.session[e]] + " with " + g.coach.first[coach]
		case kind == evCoaching:
			title = "1:1 coaching with " + g.coach.first[coach]
		case kind == evWorkshop:
			title = "Workshop: " + g.prog.sesTitle[ev.session[e]]
		case kind == evWebinar:
			title = "Webinar: " + g.prog.sesTitle[ev.session[e]]
		default:
			title = g.prog.sesTitle[ev.session[e]]
		}
		row[0] = title
		row[1] = g.maybe(0.35, eventBlurbs[g.intn(len(eventBlurbs))])
		row[2], row[3] = at(ev.start[e]), at(ev.end[e])
		row[4] = zones[g.coach.zone[coach]].name
		online := [4]float64{0.85, 0.4, 1, 0.6}[kind]
		if g.chance(online) {
			if kind != evWebinar && g.chance(0.5) {
				row[5] = "Online"
			}
			url = append(url[:0], "https://meet.kiln.example/"...)
			for i := range 12 {
				if i == 3 || i == 8 {
					url = append(url, '-')
				}
				url = append(url, byte('a'+g.intn(26)))
			}
			row[6] = string(url)
		} else {
			row[5] = zones[g.cust.zone[g.prog.customer[p]]].city + " office, room " + string(rune('A'+g.intn(6)))
		}
		row[7] = eventKinds[kind]
		past := ev.start[e] < refMS
		switch {
		case ev.cancelled[e]:
			row[8] = "cancelled"
		case past:
			row[8] = "completed"
		default:
			row[8] = "scheduled"
		}
		if g.chance(0.75) { // pushed to the coach's calendar
			row[9] = at(notAfterRef(ev.created[e] + minute + g.r.Int64N(2*hour)))
		}
		row[10], row[11] = int64(coach+1), int64(p+1)
		if s := ev.session[e]; s >= 0 {
			row[12] = int64(s + 1)
		}
		t.CreatedAt[e] = at(ev.created[e])
		for _, li := range ev.learners[ev.learnerStart[e]:ev.learnerStart[e+1]] {
			pairs = append(pairs, [2]int64{int64(e + 1), int64(li + 1)})
		}
	}
	t.Links = []Link{{Field: "learners", Pairs: pairs}}
	return t
}

// attendances are exactly the events' learners. Statuses follow the
// event's place in time: a past event was attended or missed, a future one
// is still invited, accepted or declined. Answers are never after
// Reference.
func (g *gen) attendances() *Table {
	ev := &g.ev
	t := newTable("attendance", len(ev.learners), "status", "respondedAt", "event", "learner")
	r, p := 0, 0
	for e := range ev.start {
		for e >= ev.progStart[p+1] {
			p++
		}
		past := ev.start[e] < refMS
		enrolled := g.enrolled(p)
		for _, li := range ev.learners[ev.learnerStart[e]:ev.learnerStart[e+1]] {
			row := t.Rows[r]
			// Invited when the event was made, or when they enrolled.
			k, _ := slices.BinarySearch(enrolled, li)
			created := notAfterRef(max(ev.created[e], g.learner.enrAt[g.learner.progEnrStart[p]+k]) + g.r.Int64N(5*second))
			answer := func() any {
				return at(notAfterRef(g.randMS(created+minute, min(ev.start[e], refMS))))
			}
			x := g.r.Float64()
			switch {
			case past && !ev.cancelled[e] && x < 0.85:
				row[0] = "attended"
				if g.chance(0.8) {
					row[1] = answer()
				}
			case past:
				row[0] = "absent"
				if g.chance(0.4) {
					row[1] = answer()
				}
			case x < 0.35:
				row[0] = "invited"
			case x < 0.85:
				row[0], row[1] = "accepted", answer()
			default:
				row[0], row[1] = "declined", answer()
			}
			row[2], row[3] = int64(e+1), int64(li+1)
			t.CreatedAt[r] = at(created)
			r++
		}
	}
	return t
}
