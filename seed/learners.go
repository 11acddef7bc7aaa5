package seed

import (
	"encoding/json"
	"slices"
)

// Enrollment statuses, as the enum names them.
const (
	enrInvited   = "invited"
	enrActive    = "active"
	enrCompleted = "completed"
	enrDropped   = "dropped"
)

// learnerPlan is what other types need of learners and enrollments.
// Enrollments are laid out program by program (progEnrStart: n+1
// offsets), learners ascending within a program.
type learnerPlan struct {
	customer  []int
	name      []string
	email     []string
	zone      []int
	languages []json.RawMessage
	coach     []int // row index or -1
	created   []int64

	progEnrStart []int
	enrLearner   []int
	enrStatus    []string
	enrProgress  []float64
	enrAt        []int64
	enrDone      []int64 // completedAt, -1 for none
}

// enrolled returns the learners enrolled in program p.
func (g *gen) enrolled(p int) []int {
	return g.learner.enrLearner[g.learner.progEnrStart[p]:g.learner.progEnrStart[p+1]]
}

func (g *gen) planLearners() {
	n := g.sz.learners
	l := &g.learner
	l.customer = g.deal(g.cust.learners...)
	emails := newUniq("", n)
	for i := range n {
		c := l.customer[i]
		first, last := g.pick(firstNames), g.pick(lastNames)
		l.name = append(l.name, first+" "+last)
		l.email = append(l.email, emails.email(emailLocal(first, last), g.cust.domains[c]))
		z := g.cust.zone[c]
		if g.chance(0.3) { // remote colleagues
			z = g.intn(len(zones))
		}
		l.zone = append(l.zone, z)
		l.languages = append(l.languages, jsonStrings(g.languages(z)))
	}
	g.planEnrollments()
	g.planLearnerCoaches()

	// A learner's record is created shortly before their first enrollment.
	first := make([]int64, n)
	for i := range first {
		first[i] = -1
	}
	for e, li := range l.enrLearner {
		if first[li] < 0 || l.enrAt[e] < first[li] {
			first[li] = l.enrAt[e]
		}
	}
	for i := range n {
		created := refMS - 10*day - g.r.Int64N(200*day) // not enrolled yet
		if first[i] >= 0 {
			created = first[i] - hour - g.r.Int64N(14*day)
		}
		l.created = append(l.created, max(created, g.cust.created[l.customer[i]]+day))
	}
}

// planEnrollments enrolls each non-draft program's learners from its own
// customer's people. A customer's learners are taken in a shuffled cycle,
// so enrollments spread evenly over them and no pair repeats within a
// program (a program never takes more than the customer has).
func (g *gen) planEnrollments() {
	l := &g.learner
	p := &g.prog
	np := g.sz.programs
	byCust := make([][]int, g.sz.customers)
	for i, c := range l.customer {
		byCust[c] = append(byCust[c], i)
	}
	lo, hi := make([]int, np), make([]int, np)
	for i := range np {
		if p.status[i] == draft {
			continue
		}
		have := len(byCust[p.customer[i]])
		lo[i], hi[i] = min(g.sz.enrollmentsPer.lo, have), min(g.sz.enrollmentsPer.hi, have)
	}
	counts := g.spread(g.sz.enrollments, lo, hi)
	cycle := make([][]int, len(byCust))
	cursor := make([]int, len(byCust))
	for c, ls := range byCust {
		cycle[c] = ls
		g.r.Shuffle(len(ls), func(i, j int) { ls[i], ls[j] = ls[j], ls[i] })
	}
	l.progEnrStart = make([]int, 0, np+1)
	ne := g.sz.enrollments
	l.enrLearner, l.enrStatus, l.enrProgress = make([]int, 0, ne), make([]string, 0, ne), make([]float64, 0, ne)
	l.enrAt, l.enrDone = make([]int64, 0, ne), make([]int64, 0, ne)
	for i := range np {
		l.progEnrStart = append(l.progEnrStart, len(l.enrLearner))
		c := p.customer[i]
		from := len(l.enrLearner)
		for range counts[i] {
			l.enrLearner = append(l.enrLearner, cycle[c][cursor[c]])
			cursor[c] = (cursor[c] + 1) % len(cycle[c])
		}
		slices.Sort(l.enrLearner[from:])
		for range counts[i] {
			g.enrollment(i)
		}
		// Capacity: the enrolled, rounded up to a multiple of five, with
		// some room left; drafts get a planned size.
		capacity := (counts[i]+4)/5*5 + 5*g.between(0, 2)
		if p.status[i] == draft {
			capacity = 5 * g.between(2, 8)
		}
		p.capacity = append(p.capacity, max(capacity, 1))
	}
	l.progEnrStart = append(l.progEnrStart, len(l.enrLearner))
}

// enrollment plans one enrollment of program p: its status, progress and
// dates follow from where the program stands at Reference.
func (g *gen) enrollment(p int) {
	l := &g.learner
	start, end, created := g.prog.start[p], g.prog.end[p], g.prog.created[p]
	enrolledAt := notAfterRef(g.randMS(created+hour, created+28*day))
	status, progress, done := enrInvited, 0.0, int64(-1)
	x := g.r.Float64()
	switch {
	case start > refMS: // not started
		if x < 0.45 {
			status = enrActive
		}
	case end+day <= refMS: // over
		switch {
		case x < 0.78:
			status, progress = enrCompleted, 100
			done = g.randMS(max(end-14*day, enrolledAt), min(end+7*day, refMS))
		case x < 0.95:
			status, progress = enrDropped, oneDecimal(5+80*g.r.Float64())
		default:
			status, progress = enrActive, oneDecimal(60+39*g.r.Float64())
		}
	default: // running
		elapsed := 100 * float64(refMS-start) / float64(end+day-start)
		switch {
		case x < 0.75:
			status = enrActive
			progress = oneDecimal(min(99, max(0, elapsed+40*(g.r.Float64()-0.5))))
		case x < 0.83:
			// still invited: never started
		case x < 0.93:
			status, progress = enrDropped, oneDecimal(elapsed*g.r.Float64())
		default:
			status, progress = enrCompleted, 100
			done = g.randMS(max(start, enrolledAt), refMS)
		}
	}
	l.enrStatus = append(l.enrStatus, status)
	l.enrProgress = append(l.enrProgress, progress)
	l.enrAt = append(l.enrAt, enrolledAt)
	l.enrDone = append(l.enrDone, done)
}

// planLearnerCoaches gives some learners a personal coach: one who coaches
// a program they are enrolled in and still has room (maxLearners). They
// are visited in random order so the first ids are not favoured.
func (g *gen) planLearnerCoaches() {
	l := &g.learner
	n := g.sz.learners
	l.coach = make([]int, n)
	progsOf := make([][]int, n)
	for p := range g.sz.programs {
		for _, li := range g.enrolled(p) {
			progsOf[li] = append(progsOf[li], p)
		}
	}
	// The demo learner comes first, coached by one of the demo program's
	// coaches, so the demo coach is on the program too.
	g.demo.learner = g.enrolled(g.demo.program)[0]
	order := append([]int{g.demo.learner}, g.perm(n)...)
	var candidates []int
	for k, li := range order {
		if k > 0 && li == g.demo.learner {
			continue
		}
		l.coach[li] = -1
		if k > 0 && (len(progsOf[li]) == 0 || !g.chance(g.sz.coachedShare)) {
			continue
		}
		candidates = candidates[:0]
		from := progsOf[li]
		if k == 0 {
			from = []int{g.demo.program}
		}
		for _, p := range from {
			for _, c := range g.programCoaches(p) {
				if g.coach.assigned[c] < g.coach.maxLearners[c] && !slices.Contains(candidates, c) {
					candidates = append(candidates, c)
				}
			}
		}
		if len(candidates) > 0 {
			c := candidates[g.intn(len(candidates))]
			l.coach[li] = c
			g.coach.assigned[c]++
		}
	}
	g.demo.coach = l.coach[g.demo.learner]
}

func (g *gen) learners() *Table {
	l := &g.learner
	t := newTable("learner", len(l.name), "name", "email", "goals", "languages", "timezone", "user", "customer", "coach")
	for i, name := range l.name {
		row := t.Rows[i]
		row[0], row[1] = name, l.email[i]
		if !g.chance(0.15) {
			k := g.between(1, 3)
			gs := make([]string, 0, k)
			for _, j := range g.pickDistinct(k, len(goals)) {
				gs = append(gs, goals[j])
			}
			row[2] = jsonStrings(gs)
		}
		row[3] = l.languages[i]
		row[4] = zones[l.zone[i]].name
		if i == g.demo.learner {
			row[5] = userID("learner")
		}
		row[6] = int64(l.customer[i] + 1)
		if c := l.coach[i]; c >= 0 {
			row[7] = int64(c + 1)
		}
		t.CreatedAt[i] = at(l.created[i])
	}
	return t
}

func (g *gen) enrollments() *Table {
	l := &g.learner
	t := newTable("enrollment", len(l.enrLearner), "status", "progress", "enrolledAt", "completedAt", "learner", "program")
	p := 0
	for e, li := range l.enrLearner {
		for e >= l.progEnrStart[p+1] {
			p++
		}
		row := t.Rows[e]
		row[0], row[1], row[2] = l.enrStatus[e], l.enrProgress[e], at(l.enrAt[e])
		if l.enrDone[e] >= 0 {
			row[3] = at(l.enrDone[e])
		}
		row[4], row[5] = int64(li+1), int64(p+1)
		t.CreatedAt[e] = at(l.enrAt[e])
	}
	return t
}
