package dataset

import (
	"encoding/json"
	"fmt"
	"time"
)

var (
	firstNames = []string{"Ada", "Ben", "Chloé", "Dev", "Elif", "Femi", "Greta", "Hiro", "Inès", "Jonas", "Kemal", "Lena", "Mateo", "Nia", "Olu", "Priya"}
	lastNames  = []string{"Lovelace", "Okafor", "Schmidt", "Tanaka", "Novak", "García", "Moreau", "Haddad", "Larsen", "Costa", "Ivanova", "Kim"}
	languages  = []string{"en", "de", "fr", "es", "ja", "pt", "it", "nl"}
	zones      = []string{"Europe/Berlin", "America/New_York", "Asia/Tokyo", "Europe/London", "America/Los_Angeles", "Europe/Paris", "Australia/Sydney"}
)

func (g *gen) person(i int) string {
	return fmt.Sprintf("%s %s", firstNames[i%len(firstNames)], lastNames[(i/len(firstNames))%len(lastNames)])
}

// list picks n distinct items as a JSON array.
func (g *gen) list(from []string, n int) json.RawMessage {
	perm := g.r.Perm(len(from))
	out := make([]string, 0, n)
	for _, i := range perm[:n] {
		out = append(out, from[i])
	}
	b, _ := json.Marshal(out)
	return b
}

// coaches makes the coaches, their weekly availability (mornings and
// afternoons on weekdays, in their own zone) and the programs they coach:
// two per program.
func (g *gen) coaches() {
	t := g.table("coach", "name", "email", "bio", "expertise", "languages", "timezone", "maxLearners", "rating", "active")
	per := int(float64(g.sc.Learners)*g.sc.CoachedShare)/g.sc.Coaches + 1
	for i := 0; i < g.sc.Coaches; i++ {
		g.add(t, g.person(i), fmt.Sprintf("coach%d@coaches.example", i+1), g.maybe(3, "Coach since "+fmt.Sprint(2000+i%25)+"."),
			g.list(topics, 1+g.r.IntN(3)), g.list(languages, 1+g.r.IntN(2)), zones[i%len(zones)],
			int64(per+g.r.IntN(per/2+2)), g.maybe(8, float64(30+g.r.IntN(21))/10), i%13 != 12)
	}
	av := g.table("availability", "weekday", "startTime", "endTime", "coach")
	for c := 1; c <= g.sc.Coaches; c++ {
		for k := 0; k < g.sc.AvailabilityPer; k++ {
			start := 8 + 5*(k%2)
			g.add(av, int64(1+k%5), fmt.Sprintf("%02d:00:00", start), fmt.Sprintf("%02d:00:00", start+3+g.r.IntN(2)), int64(c))
		}
	}
	programs := g.set.Table("program")
	link := Link{Field: "coaches"}
	for p := 1; p <= g.sc.Programs; p++ {
		a, b := g.programCoaches(p)
		link.Pairs = append(link.Pairs, [2]int64{int64(p), a}, [2]int64{int64(p), b})
	}
	programs.Links = append(programs.Links, link)
}

// programCoaches are the two coaches of a program, always distinct.
func (g *gen) programCoaches(p int) (int64, int64) {
	n := g.sc.Coaches
	a := (p*7)%n + 1
	b := (p*7+1+p%(n-1))%n + 1
	if b == a {
		b = a%n + 1
	}
	return int64(a), int64(b)
}

// learnersAndEnrollments makes the learners (a share of them with a coach,
// never past the coach's capacity) and enrolls each in programs of their
// own customer, once per program.
func (g *gen) learnersAndEnrollments() {
	coaches := g.set.Table("coach")
	capacity := make([]int64, len(coaches.Rows))
	for i, row := range coaches.Rows {
		capacity[i] = row[6].(int64)
	}
	t := g.table("learner", "name", "email", "goals", "languages", "timezone", "customer", "coach")
	coached := int(float64(g.sc.Learners) * g.sc.CoachedShare)
	for i := 0; i < g.sc.Learners; i++ {
		var coach any
		if i < coached {
			c := i % g.sc.Coaches
			if capacity[c] > 0 {
				capacity[c]--
				coach = int64(c + 1)
			}
		}
		g.add(t, g.person(i+7), fmt.Sprintf("learner%d@learners.example", i+1), g.list(topics, 1+g.r.IntN(3)),
			g.list(languages, 1+g.r.IntN(2)), zones[g.r.IntN(len(zones))], int64(i%g.sc.Customers+1), coach)
	}
	en := g.table("enrollment", "status", "progress", "enrolledAt", "completedAt", "learner", "program")
	byCustomer := g.programsByCustomer()
	for l := 1; l <= g.sc.Learners; l++ {
		own := byCustomer[(l-1)%g.sc.Customers]
		perm := g.r.Perm(len(own))
		for k := 0; k < g.sc.EnrollmentsPer && k < len(own); k++ {
			p := own[perm[k]]
			status := []string{"invited", "active", "active", "active", "completed", "dropped"}[g.r.IntN(6)]
			progress := map[string]float64{"invited": 0, "active": float64(g.r.IntN(100)), "completed": 100, "dropped": float64(g.r.IntN(60))}[status]
			enrolled := Reference.Add(-time.Duration(g.r.IntN(300*24)) * time.Hour)
			var done any
			if status == "completed" {
				done = enrolled.Add(time.Duration(24*(7+g.r.IntN(90))) * time.Hour)
			}
			g.add(en, status, progress, enrolled, done, int64(l), p)
		}
	}
}

// programsByCustomer lists each customer's program ids.
func (g *gen) programsByCustomer() [][]int64 {
	out := make([][]int64, g.sc.Customers)
	for p := 1; p <= g.sc.Programs; p++ {
		c := (p - 1) % g.sc.Customers
		out[c] = append(out[c], int64(p))
	}
	return out
}
