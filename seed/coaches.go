package seed

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
)

// coachPlan is what other types need of coaches.
type coachPlan struct {
	first, name, email []string
	zone               []int
	languages          []json.RawMessage
	expertise          [][]string
	maxLearners        []int
	active             []bool
	created            []int64
	// progCoaches lists each program's coaches (progCoachStart: n+1
	// offsets): program.coaches.
	progCoachStart []int
	progCoaches    []int
	assigned       []int // learners whose coach it is, counted against maxLearners
}

func (g *gen) planCoaches() {
	n := g.sz.coaches
	c := &g.coach
	emails := newUniq("", n)
	for range n {
		first, last := g.pick(firstNames), g.pick(lastNames)
		c.first = append(c.first, first)
		c.name = append(c.name, first+" "+last)
		c.email = append(c.email, emails.email(emailLocal(first, last), "coaches.kiln.example"))
		z := g.intn(len(zones))
		c.zone = append(c.zone, z)
		c.languages = append(c.languages, jsonStrings(g.languages(z)))
		k := g.between(2, 4)
		var ex []string
		for _, i := range g.pickDistinct(k, len(expertise)) {
			ex = append(ex, expertise[i])
		}
		c.expertise = append(c.expertise, ex)
		c.maxLearners = append(c.maxLearners, g.between(g.sz.maxLearners.lo, g.sz.maxLearners.hi))
		c.created = append(c.created, g.randMS(dateMS(2024, 1, 15), dateMS(2024, 9, 30))) // before any program
	}
	inactive := g.deal(n-g.sz.inactiveCoaches, g.sz.inactiveCoaches)
	var activeIdx []int
	for i := range n {
		c.active = append(c.active, inactive[i] == 0)
		if inactive[i] == 0 {
			activeIdx = append(activeIdx, i)
		}
	}
	c.assigned = make([]int, n)

	// Only active coaches take programs; each program gets one to a few.
	counts := g.spreadEven(g.sz.programCoaches, g.sz.programs, g.sz.coachesPer)
	for _, k := range counts {
		c.progCoachStart = append(c.progCoachStart, len(c.progCoaches))
		picked := g.pickDistinct(k, len(activeIdx))
		for j, a := range picked {
			picked[j] = activeIdx[a]
		}
		slices.Sort(picked)
		c.progCoaches = append(c.progCoaches, picked...)
	}
	c.progCoachStart = append(c.progCoachStart, len(c.progCoaches))
}

// programCoaches returns the coaches of program p.
func (g *gen) programCoaches(p int) []int {
	return g.coach.progCoaches[g.coach.progCoachStart[p]:g.coach.progCoachStart[p+1]]
}

// languages returns a person's ISO 639-1 languages: English, the language
// of their time zone, and sometimes one more.
func (g *gen) languages(zone int) []string {
	langs := []string{"en"}
	if l := zones[zone].lang; l != "en" {
		langs = append(langs, l)
	}
	if g.chance(0.25) {
		if l := g.pick(extraLanguages); !slices.Contains(langs, l) {
			langs = append(langs, l)
		}
	}
	return langs
}

// emailLocal is "first.last", lowercase letters only.
func emailLocal(first, last string) string {
	return strings.ReplaceAll(slugify(first), "-", "") + "." + strings.ReplaceAll(slugify(last), "-", "")
}

func (g *gen) coaches() *Table {
	c := &g.coach
	t := newTable("coach", len(c.name), "name", "email", "bio", "expertise", "languages", "timezone", "maxLearners", "rating", "active", "user")
	for i, name := range c.name {
		row := t.Rows[i]
		ex := c.expertise[i]
		row[0], row[1] = name, c.email[i]
		row[2] = g.maybe(0.1, c.first[i]+" "+g.pick(bioOpeners)+", with "+strconv.Itoa(g.between(3, 25))+
			" years of experience in "+ex[0]+" and "+ex[1]+".")
		row[3] = jsonStrings(ex)
		row[4] = c.languages[i]
		row[5] = zones[c.zone[i]].name
		row[6] = int64(c.maxLearners[i])
		if !g.chance(0.1) { // new coaches have no rating yet
			row[7] = float64(g.between(30, 50)) / 10
		}
		row[8] = c.active[i]
		if i == g.demo.coach {
			row[9] = userID("coach")
		}
		t.CreatedAt[i] = at(c.created[i])
	}
	return t
}

// availabilities are weekly slots: mostly on working days, each coach on
// distinct weekdays, between 07:00 and 21:00 of the coach's time zone.
func (g *gen) availabilities() *Table {
	c := &g.coach
	counts := g.spreadEven(g.sz.availabilities, len(c.name), g.sz.availabilitiesPer)
	t := newTable("availability", g.sz.availabilities, "weekday", "startTime", "endTime", "coach")
	r := 0
	for ci, k := range counts {
		days := make([]int, 0, 7)
		for _, d := range g.perm(5) {
			days = append(days, d+1) // Monday..Friday first
		}
		if g.chance(0.5) {
			days = append(days, 6, 0)
		} else {
			days = append(days, 0, 6)
		}
		days = days[:k]
		slices.Sort(days)
		for _, d := range days {
			startMin := g.between(14, 28) * 30
			endMin := min(startMin+g.between(4, 16)*30, 21*60)
			row := t.Rows[r]
			row[0], row[1], row[2], row[3] = int64(d), clockString(startMin), clockString(endMin), int64(ci+1)
			t.CreatedAt[r] = at(notAfterRef(c.created[ci] + g.r.Int64N(30*day)))
			r++
		}
	}
	return t
}
