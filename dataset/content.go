package dataset

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

var (
	industries = []string{"Retail", "Software", "Banking", "Healthcare", "Logistics", "Energy", "Media", "Public sector"}
	companyA   = []string{"Acme", "Globex", "Initech", "Umbrella", "Hooli", "Vandelay", "Stark", "Wayne", "Tyrell", "Soylent"}
	companyB   = []string{"Industries", "Group", "Labs", "Partners", "Systems", "Holdings", "Works", "Collective"}
	topics     = []string{"Leadership", "Sales", "Feedback", "Negotiation", "Resilience", "Onboarding", "Strategy", "Coaching", "Communication", "Time management"}
	levels     = []string{"beginner", "intermediate", "advanced"}
	kinds      = []string{"coaching", "workshop", "selfPaced"}
	statuses   = []string{"published", "published", "published", "draft", "archived"}
)

func (g *gen) customers() {
	t := g.table("customer", "name", "industry", "contactEmail", "active")
	for i := 0; i < g.sc.Customers; i++ {
		name := fmt.Sprintf("%s %s", companyA[i%len(companyA)], companyB[(i/len(companyA))%len(companyB)])
		if i >= len(companyA)*len(companyB) {
			name += fmt.Sprintf(" %d", i)
		}
		g.add(t, name, g.maybe(6, g.pick(industries)), g.maybe(4, "contact@"+slug(name)+".example"), i%9 != 8)
	}
}

func (g *gen) categories() {
	t := g.table("category", "name", "slug", "description", "parent")
	roots := max(1, g.sc.Categories/4)
	for i := 0; i < g.sc.Categories; i++ {
		name := topics[i%len(topics)]
		var parent any
		if i >= roots {
			parent = int64(i%roots + 1)
			name = fmt.Sprintf("%s %d", name, i)
		} else if i >= len(topics) {
			name = fmt.Sprintf("%s %d", name, i)
		}
		g.add(t, name, slug(name), g.maybe(3, "Programs about "+strings.ToLower(name)+"."), parent)
	}
}

func (g *gen) blueprints() {
	t := g.table("blueprint", "title", "slug", "description", "level", "durationWeeks", "outline", "category")
	for i := 0; i < g.sc.Blueprints; i++ {
		title := fmt.Sprintf("%s %d01", topics[i%len(topics)], i+1)
		weeks := int64(2 + g.r.IntN(24))
		g.add(t, title, slug(title), "<p>A "+strings.ToLower(topics[i%len(topics)])+" program.</p>",
			levels[i%3], weeks, g.outline(title), int64(g.r.IntN(g.sc.Categories)+1))
		t.Published = append(t.Published, i%7 != 6)
	}
}

// outline is a blueprint's modules with their sessions (the shape content-types/blueprint.yaml describes).
func (g *gen) outline(title string) json.RawMessage {
	type session struct {
		Title           string `json:"title"`
		Kind            string `json:"kind"`
		DurationMinutes int    `json:"durationMinutes"`
	}
	type module struct {
		Title    string    `json:"title"`
		Sessions []session `json:"sessions"`
	}
	var mods []module
	for m := 0; m < 2+g.r.IntN(3); m++ {
		mod := module{Title: fmt.Sprintf("%s, part %d", title, m+1)}
		for s := 0; s < 1+g.r.IntN(3); s++ {
			mod.Sessions = append(mod.Sessions, session{Title: fmt.Sprintf("Session %d.%d", m+1, s+1),
				Kind: kinds[g.r.IntN(3)], DurationMinutes: 30 + 15*g.r.IntN(8)})
		}
		mods = append(mods, mod)
	}
	b, _ := json.Marshal(map[string]any{"modules": mods})
	return b
}

func (g *gen) programs() {
	t := g.table("program", "title", "slug", "description", "status", "startDate", "endDate", "capacity", "customer", "blueprint")
	start := time.Date(2025, 1, 6, 0, 0, 0, 0, time.UTC)
	for i := 0; i < g.sc.Programs; i++ {
		title := fmt.Sprintf("%s for %d", topics[i%len(topics)], i+1)
		from := start.AddDate(0, 0, g.r.IntN(3*365))
		to := from.AddDate(0, 0, 7*(2+g.r.IntN(20)))
		g.add(t, title, slug(title), g.maybe(3, "<p>"+title+"</p>"), statuses[g.r.IntN(len(statuses))],
			from.Format("2006-01-02"), to.Format("2006-01-02"), g.maybe(5, int64(10+g.r.IntN(40))),
			int64(i%g.sc.Customers+1), int64(i%g.sc.Blueprints+1))
	}
}

// modulesAndSessions gives each program its modules, and each module its
// sessions, whose program is the module's program.
func (g *gen) modulesAndSessions() {
	mods := g.table("module", "title", "description", "order", "program")
	sess := g.table("session", "title", "kind", "durationMinutes", "order", "content", "module", "program")
	for p := 1; p <= g.sc.Programs; p++ {
		for m := 0; m < g.sc.ModulesPer; m++ {
			id := g.add(mods, fmt.Sprintf("Module %d", m+1), g.maybe(2, "What this module covers."), int64(m), int64(p))
			for s := 0; s < g.sc.SessionsPer; s++ {
				g.add(sess, fmt.Sprintf("Session %d.%d", m+1, s+1), kinds[g.r.IntN(3)], int64(30+15*g.r.IntN(8)),
					int64(s), g.maybe(3, "<p>Notes.</p>"), id, int64(p))
			}
		}
	}
}

// slug is the uid form of a title, as the content service makes it.
func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.TrimRight(b.String(), "-")
}
