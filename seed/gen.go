package seed

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/kiln-cms/kiln/core/schema"
)

// span is an inclusive range of counts.
type span struct{ lo, hi int }

// size holds a scale's row counts. Totals are exact, whatever the seed:
// the seed only decides how they are spread (which program gets how many
// modules), so tests and benchmarks can rely on the numbers.
type size struct {
	customers          int
	programsPerCust    span
	rootCategories     int
	childCategories    int
	blueprints         int
	draftBlueprints    int
	programs           int
	programStatus      [3]int // published, draft, archived
	modules            int
	modulesPer         span
	sessions           int
	sessionsPer        span
	coaches            int
	inactiveCoaches    int
	programCoaches     int // program.coaches pairs
	coachesPer         span
	maxLearners        span
	availabilities     int
	availabilitiesPer  span
	learners           int
	coachedShare       float64 // share of learners offered a coach
	enrollments        int
	enrollmentsPer     span // per non-draft program, capped by the customer's learners
	events             int
	eventsPer          span    // per non-draft program
	eventKinds         [4]int  // coaching, workshop, webinar, other
	eventLearners      [4]span // learners per event, by kind
	attendances        int     // = event.learners pairs
	programWeeksNoBlue span    // length of a program without blueprint
}

// sizes are the scales' counts. Large is domain.md's: 50 customers, 2,000
// programs, 20,000 modules, 60,000 sessions, 200 coaches, 20,000
// learners, 40,000 enrollments, 50,000 events.
var sizes = map[Scale]size{
	Small: {
		customers: 5, programsPerCust: span{2, 3},
		rootCategories: 3, childCategories: 5,
		blueprints: 6, draftBlueprints: 2,
		programs: 12, programStatus: [3]int{9, 2, 1},
		modules: 40, modulesPer: span{2, 5},
		sessions: 120, sessionsPer: span{1, 5},
		coaches: 6, inactiveCoaches: 1, programCoaches: 20, coachesPer: span{1, 3}, maxLearners: span{4, 10},
		availabilities: 18, availabilitiesPer: span{2, 4},
		learners: 40, coachedShare: 0.7,
		enrollments: 60, enrollmentsPer: span{2, 12},
		events: 80, eventsPer: span{4, 12}, eventKinds: [4]int{36, 24, 12, 8},
		eventLearners: [4]span{{1, 1}, {2, 8}, {3, 20}, {0, 4}},
		attendances:   160, programWeeksNoBlue: span{4, 16},
	},
	Large: {
		customers: 50, programsPerCust: span{20, 60},
		rootCategories: 8, childCategories: 32,
		blueprints: 100, draftBlueprints: 10,
		programs: 2000, programStatus: [3]int{1600, 200, 200},
		modules: 20000, modulesPer: span{5, 15},
		sessions: 60000, sessionsPer: span{1, 6},
		coaches: 200, inactiveCoaches: 10, programCoaches: 4000, coachesPer: span{1, 4}, maxLearners: span{20, 60},
		availabilities: 1000, availabilitiesPer: span{3, 7},
		learners: 20000, coachedShare: 0.3,
		enrollments: 40000, enrollmentsPer: span{5, 40},
		events: 50000, eventsPer: span{10, 50}, eventKinds: [4]int{22500, 15000, 7500, 5000},
		eventLearners: [4]span{{1, 1}, {3, 12}, {4, 30}, {0, 6}},
		attendances:   120000, programWeeksNoBlue: span{4, 16},
	},
}

// gen is the generator: the random source, the sizes and the plans that
// tie the types together. Plans are plain slices indexed by row (id-1).
type gen struct {
	sz  size
	r   *rand.Rand
	ids *rand.Rand // documentIds only, so they do not shift the data's draws

	cust    customerPlan
	cat     catalogPlan
	prog    programPlan
	coach   coachPlan
	learner learnerPlan
	ev      eventPlan
	// demo is what the demo users are linked to (row indexes): a running
	// program, its first enrolled learner and that learner's coach.
	demo struct{ program, learner, coach int }
}

func newGen(sz size, seed int64) *gen {
	s := uint64(seed)
	return &gen{
		sz:  sz,
		r:   rand.New(rand.NewPCG(s, 0x6b696c6e2d736565)),            // "kiln-see"
		ids: rand.New(rand.NewPCG(s^0x9e3779b97f4a7c15, 0x646f6369)), // "doci"
	}
}

// newTable makes a table of n rows whose values share one backing array:
// one allocation per table instead of one per row.
func newTable(typ string, n int, fields ...string) *Table {
	t := &Table{Type: typ, Fields: fields, Rows: make([][]any, n), CreatedAt: make([]time.Time, n)}
	f := len(fields)
	back := make([]any, n*f)
	for i := range t.Rows {
		t.Rows[i] = back[i*f : (i+1)*f : (i+1)*f]
	}
	return t
}

// finish fills what every table has: documentIds, and Published where the
// table's emitter left it unset.
func (g *gen) finish(t *Table) {
	// One string holds all the ids; each is a slice of it (they live
	// exactly as long as the table).
	buf := make([]byte, 24*len(t.Rows))
	for i := range t.Rows {
		g.docID(buf[i*24 : (i+1)*24])
	}
	all := string(buf)
	t.DocumentIDs = make([]string, len(t.Rows))
	for i := range t.DocumentIDs {
		t.DocumentIDs[i] = all[i*24 : (i+1)*24]
	}
	if t.Published == nil {
		t.Published = make([]bool, len(t.Rows))
		for i := range t.Published {
			t.Published[i] = true
		}
	}
}

const docAlphabet = "abcdefghijklmnopqrstuvwxyz0123456789"

// docID writes a 24-character documentId, the shape of Strapi 5's: 12
// base-36 digits from each of two 64-bit draws (36^12 < 2^64, so the
// digits are near-uniform).
func (g *gen) docID(b []byte) {
	for half := 0; half < 2; half++ {
		x := g.ids.Uint64()
		for i := 0; i < 12; i++ {
			b[half*12+i] = docAlphabet[x%36]
			x /= 36
		}
	}
}

// --- random helpers ---------------------------------------------------

func (g *gen) intn(n int) int { return g.r.IntN(n) }

// between returns a uniform int in [lo, hi].
func (g *gen) between(lo, hi int) int { return lo + g.r.IntN(hi-lo+1) }

// chance is true with probability p.
func (g *gen) chance(p float64) bool { return g.r.Float64() < p }

func (g *gen) pick(list []string) string { return list[g.r.IntN(len(list))] }

// maybe returns v, or nil (a null in an optional field) with probability p.
func (g *gen) maybe(p float64, v any) any {
	if g.chance(p) {
		return nil
	}
	return v
}

// perm returns a shuffled [0, n).
func (g *gen) perm(n int) []int { return g.r.Perm(n) }

// pickDistinct returns k distinct values of [0, n) (k small).
func (g *gen) pickDistinct(k, n int) []int {
	out := make([]int, 0, k)
	for len(out) < k {
		v := g.r.IntN(n)
		dup := false
		for _, o := range out {
			dup = dup || o == v
		}
		if !dup {
			out = append(out, v)
		}
	}
	return out
}

// deal returns counts[0] zeros, counts[1] ones, ... in random order: exact
// proportions (say, of program statuses) with a random placement.
func (g *gen) deal(counts ...int) []int {
	var out []int
	for v, c := range counts {
		for range c {
			out = append(out, v)
		}
	}
	g.r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// spread splits total into len(lo) counts with lo[i] <= c[i] <= hi[i],
// one unit at a time into a random bin that still has room. It panics if
// the bounds cannot hold total: the sizes are chosen so they always can.
func (g *gen) spread(total int, lo, hi []int) []int {
	c := append([]int(nil), lo...)
	rest := total
	var open []int
	for i := range c {
		rest -= lo[i]
		if hi[i] > lo[i] {
			open = append(open, i)
		}
	}
	if rest < 0 {
		panic("seed: spread: lower bounds exceed the total")
	}
	for ; rest > 0; rest-- {
		if len(open) == 0 {
			panic("seed: spread: upper bounds cannot hold the total")
		}
		k := g.r.IntN(len(open))
		i := open[k]
		c[i]++
		if c[i] == hi[i] {
			open[k] = open[len(open)-1]
			open = open[:len(open)-1]
		}
	}
	return c
}

// spreadEven is spread with the same bounds for n bins.
func (g *gen) spreadEven(total, n int, s span) []int {
	lo, hi := make([]int, n), make([]int, n)
	for i := range lo {
		lo[i], hi[i] = s.lo, s.hi
	}
	return g.spread(total, lo, hi)
}

// --- values -----------------------------------------------------------

// Times are kept as Unix milliseconds while planning, and become time.Time
// only in the rows.
const (
	second = int64(1000)
	minute = 60 * second
	hour   = 60 * minute
	day    = 24 * hour
)

var refMS = Reference.UnixMilli()

// at is the canonical datetime value: UTC, millisecond precision.
func at(msec int64) time.Time { return time.UnixMilli(msec).UTC() }

// dateMS is midnight UTC of a calendar day.
func dateMS(y int, m time.Month, d int) int64 {
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC).UnixMilli()
}

// dateString is the canonical date value of the day holding msec.
func dateString(msec int64) string { return at(msec).Format(schema.DateLayout) }

// clockString is the canonical time value (schema.TimeLayout) of minutes
// after midnight, written by hand: it runs for every availability.
func clockString(minutes int) string {
	b := make([]byte, 0, 8)
	b = append(b, byte('0'+minutes/600), byte('0'+minutes/60%10), ':', byte('0'+minutes%60/10), byte('0'+minutes%10))
	return string(append(b, ":00"...))
}

// randMS returns a uniform time in [from, to] (to < from gives from).
func (g *gen) randMS(from, to int64) int64 {
	if to <= from {
		return from
	}
	return from + g.r.Int64N(to-from+1)
}

// notAfterRef keeps a timestamp at or before Reference: the data set
// records nothing that happens after its own "now".
func notAfterRef(t int64) int64 { return min(t, refMS) }

// oneDecimal rounds to one decimal, as ratings and progress are shown.
func oneDecimal(x float64) float64 { return math.Round(x*10) / 10 }

// jsonStrings encodes a list of plain strings (the vocabularies hold no
// character JSON must escape) without encoding/json's reflection.
func jsonStrings(list []string) json.RawMessage {
	n := 2
	for _, s := range list {
		n += len(s) + 3
	}
	b := make([]byte, 0, n)
	b = append(b, '[')
	for i, s := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, s...)
		b = append(b, '"')
	}
	return append(b, ']')
}

// slugify makes a uid from text as the core does (content.Slugify):
// lowercase ASCII words joined by dashes. Generated text is ASCII.
func slugify(text string) string {
	b := make([]byte, 0, len(text))
	dash := false
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' {
			if dash && len(b) > 0 {
				b = append(b, '-')
			}
			dash = false
			b = append(b, c)
		} else {
			dash = true
		}
	}
	if len(b) > 200 {
		b = []byte(strings.TrimRight(string(b[:200]), "-"))
	}
	return string(b)
}

// uniq hands out names not given before, adding " 2", "-2" and so on as
// the core does for clashing slugs.
type uniq struct {
	taken map[string]bool
	sep   string
}

func newUniq(sep string, n int) *uniq { return &uniq{taken: make(map[string]bool, n), sep: sep} }

func (u *uniq) take(base string) string {
	s := base
	for i := 2; u.taken[s]; i++ {
		s = base + u.sep + strconv.Itoa(i)
	}
	u.taken[s] = true
	return s
}

// email hands out local@domain, adding 2, 3, ... to the local part when
// the address is taken ("anna.smith2@...").
func (u *uniq) email(local, domain string) string {
	s := local + "@" + domain
	for i := 2; u.taken[s]; i++ {
		s = local + strconv.Itoa(i) + "@" + domain
	}
	u.taken[s] = true
	return s
}

// has reports whether s was handed out.
func (u *uniq) has(s string) bool { return u.taken[s] }
