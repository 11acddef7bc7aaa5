package dataset

import (
	"fmt"
	"time"
)

// events makes each program's calendar: events led by one of the
// program's coaches, on one of its sessions, with some of its enrolled
// learners, and an attendance row per learner. A coach's events never
// overlap: each takes the coach's next slot, a day and an hour after the
// last.
func (g *gen) events() {
	t := g.table("event", "title", "description", "startAt", "endAt", "timezone", "location", "meetingUrl", "kind", "status", "syncedAt", "coach", "program", "session")
	att := g.table("attendance", "status", "respondedAt", "event", "learner")
	enrolled := g.enrolledByProgram()
	coachZone := func(c int64) string { return g.set.Table("coach").Rows[c-1][5].(string) }
	next := make([]int, g.sc.Coaches+1)
	// Six in ten of a coach's events are past, four to come.
	perCoach := g.sc.Programs * g.sc.EventsPer / g.sc.Coaches
	first := Reference.Add(-time.Duration(perCoach*25*6/10) * time.Hour).Truncate(24 * time.Hour).Add(8 * time.Hour)
	link := Link{Field: "learners"}
	perProgram := g.sc.ModulesPer * g.sc.SessionsPer
	for p := 1; p <= g.sc.Programs; p++ {
		a, b := g.programCoaches(p)
		for k := 0; k < g.sc.EventsPer; k++ {
			coach := a
			if k%2 == 1 {
				coach = b
			}
			start := first.Add(time.Duration(next[coach]) * 25 * time.Hour)
			next[coach]++
			end := start.Add(time.Duration(30+30*g.r.IntN(6)) * time.Minute)
			past := start.Before(Reference)
			status := "scheduled"
			switch {
			case g.r.IntN(20) == 0:
				status = "cancelled"
			case past:
				status = "completed"
			}
			session := int64((p-1)*perProgram + g.r.IntN(perProgram) + 1)
			var synced any
			if past {
				synced = start.Add(-48 * time.Hour)
			}
			id := g.add(t, fmt.Sprintf("Session %d of program %d", k+1, p), g.maybe(2, "Bring questions."), start, end,
				coachZone(coach), g.maybe(2, "Room "+fmt.Sprint(1+g.r.IntN(40))), g.maybe(3, fmt.Sprintf("https://meet.example/%d-%d", p, k)),
				[]string{"coaching", "workshop", "webinar", "other"}[g.r.IntN(4)], status, synced, coach, int64(p), session)
			for _, l := range g.eventLearners(enrolled[p]) {
				link.Pairs = append(link.Pairs, [2]int64{id, l})
				g.add(att, g.attendanceStatus(past), g.maybe(3, start.Add(-24*time.Hour)), id, l)
			}
		}
	}
	t.Links = append(t.Links, link)
}

func (g *gen) attendanceStatus(past bool) string {
	if past {
		return []string{"attended", "attended", "attended", "absent"}[g.r.IntN(4)]
	}
	return []string{"invited", "accepted", "accepted", "declined"}[g.r.IntN(4)]
}

// eventLearners picks up to EventSize distinct learners from the enrolled.
func (g *gen) eventLearners(from []int64) []int64 {
	n := min(g.sc.EventSize, len(from))
	perm := g.r.Perm(len(from))
	out := make([]int64, n)
	for i := range out {
		out[i] = from[perm[i]]
	}
	return out
}

// enrolledByProgram lists each program's enrolled (not dropped) learners.
func (g *gen) enrolledByProgram() map[int][]int64 {
	out := map[int][]int64{}
	for _, row := range g.set.Table("enrollment").Rows {
		if row[0] != "dropped" {
			p := int(row[5].(int64))
			out[p] = append(out[p], row[4].(int64))
		}
	}
	return out
}
