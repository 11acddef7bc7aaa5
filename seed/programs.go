package seed

import (
	"strconv"
	"time"
)

// Program statuses, as dealt: the index into programStatuses.
const (
	published = iota
	draft
	archived
)

var programStatuses = []string{"published", "draft", "archived"}

// programPlan is what other types need of programs, modules and sessions.
// Modules and sessions are laid out program by program, so a program's
// are one contiguous run of ids (modStart, sesStart: n+1 offsets).
type programPlan struct {
	customer   []int
	blueprint  []int // row index or -1
	status     []int
	start, end []int64 // midnight UTC in ms; -1 when not scheduled yet
	title      []string
	created    []int64
	capacity   []int

	modStart   []int
	modTitle   []string
	modSrc     []int // the outline module it copies, or -1
	modProgram []int
	modCreated []int64

	sesStart   []int // by program
	sesTitle   []string
	sesKind    []string
	sesMinutes []int
	sesOrder   []int
	sesModule  []int
}

// Bounds of program start dates, by status. Archived programs ended well
// before Reference; drafts start after it; published ones spread over
// 2025-2027, so some are over, some running and some still to come.
var (
	archivedFrom, archivedTo   = dateMS(2025, 1, 6), dateMS(2025, 6, 30)
	publishedFrom, publishedTo = dateMS(2025, 1, 6), dateMS(2027, 9, 27)
	draftFrom, draftTo         = dateMS(2026, 7, 6), dateMS(2027, 12, 27)
)

func (g *gen) planPrograms() {
	n := g.sz.programs
	p := &g.prog
	p.customer = g.deal(g.cust.programs...)
	p.status = g.deal(g.sz.programStatus[:]...)
	// A fifth of the published programs are running at Reference, as on
	// any working day; the others spread over 2025-2027.
	pub := g.sz.programStatus[published]
	running := g.deal(pub-pub/5, pub/5)
	cohorts := make(map[string]int, n)
	g.demo.program = -1
	for i := range n {
		bp := -1
		if g.chance(0.9) {
			bp = g.cat.published[g.intn(len(g.cat.published))]
		}
		p.blueprint = append(p.blueprint, bp)

		var base string
		weeks := g.between(g.sz.programWeeksNoBlue.lo, g.sz.programWeeksNoBlue.hi)
		if bp >= 0 {
			base, weeks = g.cat.bpTitle[bp], g.cat.bpWeeks[bp]
		} else {
			tp := topics[g.intn(len(topics))]
			base = g.pick(tp.subs) + ": Tailored Program"
		}
		cust := g.cust.names[p.customer[i]]
		key := base + "|" + cust
		cohorts[key]++
		p.title = append(p.title, base+" for "+cust+", cohort "+strconv.Itoa(cohorts[key]))

		start := int64(-1)
		switch p.status[i] {
		case archived:
			start = g.randMS(archivedFrom, archivedTo)
		case published:
			start = g.randMS(publishedFrom, publishedTo)
			if running[0] == 1 {
				// Started at least two weeks before Reference, ends at
				// least a week after it (nextMonday moves both up to 6
				// days on). The first is the demo users' program.
				start = g.randMS(refMS+7*day-int64(weeks*7-3)*day, refMS-13*day)
				if g.demo.program < 0 {
					g.demo.program = i
				}
			}
			running = running[1:]
		case draft:
			if g.chance(0.7) {
				start = g.randMS(draftFrom, draftTo)
			}
		}
		end := int64(-1)
		if start >= 0 {
			start = nextMonday(start - start%day)
			end = start + int64(weeks*7-3)*day // ends on the last Friday
		}
		p.start, p.end = append(p.start, start), append(p.end, end)

		created := refMS - g.r.Int64N(120*day)
		if start >= 0 {
			created = min(start-30*day-g.r.Int64N(60*day), refMS-g.r.Int64N(20*day))
		}
		p.created = append(p.created, created)
	}
	g.planModules()
}

// nextMonday moves a day (midnight ms) forward to a Monday: programs
// start at the beginning of a week.
func nextMonday(d int64) int64 {
	wd := at(d).Weekday()
	return d + int64((int(time.Monday)-int(wd)+7)%7)*day
}

// planModules gives each program its modules and sessions: a program with
// a blueprint follows the blueprint's outline, then adds modules of its
// own; every program ends with a reflection module.
func (g *gen) planModules() {
	p := &g.prog
	n := g.sz.programs
	mods := g.spreadEven(g.sz.modules, n, g.sz.modulesPer)
	sess := g.spreadEven(g.sz.sessions, g.sz.modules, g.sz.sessionsPer)
	p.modStart = make([]int, 0, n+1)
	p.sesStart = make([]int, 0, n+1)
	nm, ns := g.sz.modules, g.sz.sessions
	p.modTitle, p.modSrc, p.modProgram, p.modCreated = make([]string, 0, nm), make([]int, 0, nm), make([]int, 0, nm), make([]int64, 0, nm)
	p.sesTitle, p.sesKind, p.sesMinutes = make([]string, 0, ns), make([]string, 0, ns), make([]int, 0, ns)
	p.sesOrder, p.sesModule = make([]int, 0, ns), make([]int, 0, ns)
	for i := range n {
		p.modStart = append(p.modStart, len(p.modTitle))
		p.sesStart = append(p.sesStart, len(p.sesTitle))
		var o *outline
		if bp := p.blueprint[i]; bp >= 0 {
			o = &g.cat.bpOutline[bp]
		}
		m := mods[i]
		titles, src := g.programModules(o, m)
		for k := range m {
			mi := len(p.modTitle)
			p.modTitle = append(p.modTitle, titles[k])
			p.modSrc = append(p.modSrc, src[k])
			p.modProgram = append(p.modProgram, i)
			p.modCreated = append(p.modCreated, notAfterRef(p.created[i]+hour+g.r.Int64N(3*day)))
			var os []outlineSession
			if src[k] >= 0 {
				os = o.Modules[src[k]].Sessions
			}
			for j := range sess[mi] {
				s := outlineSession{}
				if j < len(os) {
					s = os[j]
				} else {
					s = g.sessionOf(g.sessionKind())
				}
				p.sesTitle = append(p.sesTitle, s.Title)
				p.sesKind = append(p.sesKind, s.Kind)
				p.sesMinutes = append(p.sesMinutes, s.DurationMinutes)
				p.sesOrder = append(p.sesOrder, j)
				p.sesModule = append(p.sesModule, mi)
			}
		}
	}
	p.modStart = append(p.modStart, len(p.modTitle))
	p.sesStart = append(p.sesStart, len(p.sesTitle))
}

// programModules returns m module titles and, for each, the outline module
// it copies (-1 for the program's own).
func (g *gen) programModules(o *outline, m int) ([]string, []int) {
	titles, src := make([]string, 0, m), make([]int, 0, m)
	used := map[string]bool{}
	if o != nil {
		for k := 0; k < len(o.Modules)-1 && len(titles) < m-1; k++ {
			titles, src = append(titles, o.Modules[k].Title), append(src, k)
			used[o.Modules[k].Title] = true
		}
	}
	for _, t := range g.moduleTitleOrder() {
		if len(titles) == m-1 {
			break
		}
		if !used[t] {
			titles, src = append(titles, t), append(src, -1)
		}
	}
	last := -1
	if o != nil {
		last = len(o.Modules) - 1
	}
	return append(titles, moduleTitles[len(moduleTitles)-1]), append(src, last)
}

func (g *gen) programs() *Table {
	p := &g.prog
	t := newTable("program", len(p.title), "title", "slug", "description", "status", "startDate", "endDate", "capacity", "customer", "blueprint")
	slugs := newUniq("-", len(p.title))
	for i, title := range p.title {
		row := t.Rows[i]
		row[0], row[1] = title, slugs.take(slugify(title))
		row[2] = g.maybe(0.15, "## "+title+"\n\n"+g.pick(programIntros)+"\n\n- "+
			strconv.Itoa(p.modStart[i+1]-p.modStart[i])+" modules\n- "+
			strconv.Itoa(p.sesStart[i+1]-p.sesStart[i])+" sessions")
		row[3] = programStatuses[p.status[i]]
		if p.start[i] >= 0 {
			row[4], row[5] = dateString(p.start[i]), dateString(p.end[i])
		}
		row[6] = int64(p.capacity[i])
		row[7] = int64(p.customer[i] + 1)
		if bp := p.blueprint[i]; bp >= 0 {
			row[8] = int64(bp + 1)
		}
		t.CreatedAt[i] = at(p.created[i])
	}
	coaches := make([][2]int64, 0, len(g.coach.progCoaches))
	for i := range p.title {
		for _, c := range g.coach.progCoaches[g.coach.progCoachStart[i]:g.coach.progCoachStart[i+1]] {
			coaches = append(coaches, [2]int64{int64(i + 1), int64(c + 1)})
		}
	}
	t.Links = []Link{{Field: "coaches", Pairs: coaches}}
	return t
}

func (g *gen) modules() *Table {
	p := &g.prog
	t := newTable("module", len(p.modTitle), "title", "description", "order", "program")
	for i, title := range p.modTitle {
		row := t.Rows[i]
		row[0] = title
		row[1] = g.maybe(0.25, moduleBlurbs[g.intn(len(moduleBlurbs))])
		row[2] = int64(i - p.modStart[p.modProgram[i]])
		row[3] = int64(p.modProgram[i] + 1)
		t.CreatedAt[i] = at(p.modCreated[i])
	}
	return t
}

func (g *gen) sessions() *Table {
	p := &g.prog
	t := newTable("session", len(p.sesTitle), "title", "kind", "durationMinutes", "order", "content", "module", "program")
	for i, title := range p.sesTitle {
		row := t.Rows[i]
		mod := p.sesModule[i]
		row[0], row[1] = title, p.sesKind[i]
		row[2], row[3] = int64(p.sesMinutes[i]), int64(p.sesOrder[i])
		if !g.chance(0.2) {
			row[4] = "### " + title + "\n\n" + sessionBodies[g.intn(len(sessionBodies))]
		}
		row[5], row[6] = int64(mod+1), int64(p.modProgram[mod]+1)
		t.CreatedAt[i] = at(notAfterRef(p.modCreated[mod] + minute + g.r.Int64N(day)))
	}
	return t
}
