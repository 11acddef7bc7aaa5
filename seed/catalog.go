package seed

import (
	"encoding/json"
	"strconv"
	"strings"
)

// outlineSession and outlineModule are blueprint.outline's shape
// (domain.md): {"modules":[{"title","sessions":[{"title","kind",
// "durationMinutes"}]}]}. Programs built from a blueprint copy it.
type outlineSession struct {
	Title           string `json:"title"`
	Kind            string `json:"kind"`
	DurationMinutes int    `json:"durationMinutes"`
}

type outlineModule struct {
	Title    string           `json:"title"`
	Sessions []outlineSession `json:"sessions"`
}

type outline struct {
	Modules []outlineModule `json:"modules"`
}

// catalogPlan is what other types need of categories and blueprints.
type catalogPlan struct {
	catName    []string
	catParent  []int // row index, -1 for a root
	catCreated []int64

	bpTitle    []string
	bpRoot     []string // the root topic's name, for descriptions
	bpLevel    []string
	bpWeeks    []int
	bpOutline  []outline
	bpCategory []int // row index or -1
	bpDraft    []bool
	bpCreated  []int64
	published  []int // the published blueprints, which programs may use
}

// planCatalog builds a two-level category tree (roots from the topics,
// children from their subtopics) and blueprints on the child topics.
func (g *gen) planCatalog() {
	c := &g.cat
	roots := g.perm(len(topics))[:g.sz.rootCategories]
	for _, ti := range roots {
		c.catName = append(c.catName, topics[ti].name)
		c.catParent = append(c.catParent, -1)
	}
	perRoot := g.spreadEven(g.sz.childCategories, len(roots), span{1, len(topics[0].subs)})
	var childRows []int // category rows that are children
	for ri, ti := range roots {
		subs := topics[ti].subs
		for _, si := range g.perm(len(subs))[:perRoot[ri]] {
			childRows = append(childRows, len(c.catName))
			c.catName = append(c.catName, subs[si])
			c.catParent = append(c.catParent, ri)
		}
	}
	for _, parent := range c.catParent {
		from := dateMS(2024, 2, 1) // roots in February, children in March
		if parent >= 0 {
			from = dateMS(2024, 3, 1)
		}
		c.catCreated = append(c.catCreated, g.randMS(from, from+28*day))
	}

	n := g.sz.blueprints
	drafts := g.deal(n-g.sz.draftBlueprints, g.sz.draftBlueprints)
	titles := newUniq(" ", n)
	for i := 0; i < n; {
		cat := childRows[g.intn(len(childRows))]
		v := blueprintVariants[g.intn(len(blueprintVariants))]
		title := c.catName[cat] + ": " + v.name
		if titles.has(title) {
			continue
		}
		titles.take(title)
		root := c.catParent[cat]
		c.bpTitle = append(c.bpTitle, title)
		c.bpRoot = append(c.bpRoot, c.catName[root])
		c.bpLevel = append(c.bpLevel, v.level)
		switch x := g.r.Float64(); {
		case x < 0.05:
			cat = -1 // not yet filed
		case x < 0.15:
			cat = root // filed under the broad topic only
		}
		c.bpCategory = append(c.bpCategory, cat)
		o := g.outline()
		c.bpOutline = append(c.bpOutline, o)
		c.bpWeeks = append(c.bpWeeks, min(104, len(o.Modules)*g.between(1, 3)))
		c.bpDraft = append(c.bpDraft, drafts[i] == 1)
		if drafts[i] == 0 {
			c.published = append(c.published, i)
		}
		c.bpCreated = append(c.bpCreated, g.randMS(dateMS(2024, 4, 1), dateMS(2024, 9, 30)))
		i++
	}
}

// outline makes a blueprint's modules and sessions: a kick-off first, a
// reflection last, a mix of coaching, workshops and self-paced work between.
func (g *gen) outline() outline {
	k := g.between(3, 8)
	titles := g.moduleTitleOrder()
	o := outline{Modules: make([]outlineModule, k)}
	for i := range o.Modules {
		m := &o.Modules[i]
		m.Title = titles[i]
		if i == k-1 {
			m.Title = moduleTitles[len(moduleTitles)-1]
		}
		m.Sessions = make([]outlineSession, g.between(2, 4))
		for j := range m.Sessions {
			m.Sessions[j] = g.sessionOf(g.sessionKind())
			if i == 0 && j == 0 {
				m.Sessions[j] = outlineSession{Title: "Kick-off", Kind: "workshop", DurationMinutes: 90}
			}
		}
	}
	return o
}

// moduleTitleOrder is moduleTitles with the first kept first and the last
// left out (an outline ends with it), the rest shuffled.
func (g *gen) moduleTitleOrder() []string {
	mid := moduleTitles[1 : len(moduleTitles)-1]
	out := make([]string, 1, len(moduleTitles))
	out[0] = moduleTitles[0]
	for _, i := range g.perm(len(mid)) {
		out = append(out, mid[i])
	}
	return out
}

// sessionKind draws a session kind: self-paced work is the most common.
func (g *gen) sessionKind() string {
	switch x := g.intn(10); {
	case x < 3:
		return "coaching"
	case x < 6:
		return "workshop"
	}
	return "selfPaced"
}

func (g *gen) sessionOf(kind string) outlineSession {
	mins := sessionMinutes[kind]
	return outlineSession{Title: g.pick(sessionTitles[kind]), Kind: kind, DurationMinutes: mins[g.intn(len(mins))]}
}

func (g *gen) categories() *Table {
	c := &g.cat
	t := newTable("category", len(c.catName), "name", "slug", "description", "parent")
	slugs := newUniq("-", len(c.catName))
	for i, name := range c.catName {
		row := t.Rows[i]
		row[0], row[1] = name, slugs.take(slugify(name))
		if p := c.catParent[i]; p >= 0 {
			row[2] = g.maybe(0.2, "Programs on "+strings.ToLower(name)+", part of "+c.catName[p]+".")
			row[3] = int64(p + 1)
		} else {
			row[2] = "Everything about " + strings.ToLower(name) + "."
		}
		t.CreatedAt[i] = at(c.catCreated[i])
	}
	return t
}

func (g *gen) blueprints() *Table {
	c := &g.cat
	n := len(c.bpTitle)
	t := newTable("blueprint", n, "title", "slug", "description", "level", "durationWeeks", "outline", "category")
	t.Published = make([]bool, n)
	slugs := newUniq("-", n)
	for i, title := range c.bpTitle {
		row := t.Rows[i]
		row[0], row[1] = title, slugs.take(slugify(title))
		row[2] = g.maybe(0.1, "**"+title+"** is "+article(c.bpLevel[i])+" "+c.bpLevel[i]+" program of "+strconv.Itoa(c.bpWeeks[i])+
			" weeks in "+c.bpRoot[i]+".\n\n"+g.pick(programIntros))
		row[3] = c.bpLevel[i]
		row[4] = int64(c.bpWeeks[i])
		js, err := json.Marshal(c.bpOutline[i])
		if err != nil {
			panic(err)
		}
		row[5] = json.RawMessage(js)
		if cat := c.bpCategory[i]; cat >= 0 {
			row[6] = int64(cat + 1)
		}
		t.Published[i] = !c.bpDraft[i]
		t.CreatedAt[i] = at(c.bpCreated[i])
	}
	return t
}

// article is "a" or "an" before word.
func article(word string) string {
	if strings.ContainsRune("aeiou", rune(word[0])) {
		return "an"
	}
	return "a"
}
