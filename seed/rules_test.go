package seed

import (
	"bytes"
	"encoding/json"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	_ "time/tzdata" // the zone names are checked with time.LoadLocation
)

// TestRulesLarge checks every domain rule over the whole large set.
func TestRulesLarge(t *testing.T) {
	d := large()
	checkRules(t, d)
	// Too few rows at the small scale to be sure of both.
	checker{t, d}.nulls()
}

// tv reads a table's values by field name.
type tv struct {
	t  *testing.T
	tb *Table
}

func (v tv) n() int { return len(v.tb.Rows) }

func (v tv) get(i int, field string) any {
	j := v.tb.Index(field)
	if j < 0 {
		v.t.Fatalf("%s has no field %s", v.tb.Type, field)
	}
	return v.tb.Rows[i][j]
}

func (v tv) str(i int, f string) string { s, _ := v.get(i, f).(string); return s }

// id returns a relation's target row index (id-1), or -1 for null.
func (v tv) id(i int, f string) int {
	x, ok := v.get(i, f).(int64)
	if !ok {
		return -1
	}
	return int(x - 1)
}

func (v tv) num(i int, f string) float64 {
	switch x := v.get(i, f).(type) {
	case int64:
		return float64(x)
	case float64:
		return x
	}
	return math.NaN()
}

func (v tv) datetime(i int, f string) (time.Time, bool) {
	x, ok := v.get(i, f).(time.Time)
	return x, ok
}

func (v tv) date(i int, f string) (time.Time, bool) {
	s, ok := v.get(i, f).(string)
	if !ok {
		return time.Time{}, false
	}
	d, err := time.Parse("2006-01-02", s)
	return d, err == nil
}

func (v tv) strings(i int, f string) []string {
	raw, ok := v.get(i, f).(json.RawMessage)
	if !ok {
		return nil
	}
	var out []string
	if err := json.Unmarshal(raw, &out); err != nil {
		v.t.Errorf("%s %d .%s: %s is not a list of strings", v.tb.Type, i+1, f, raw)
	}
	return out
}

// checker bundles the tables of one data set.
type checker struct {
	t *testing.T
	d *Dataset
}

func (c checker) tab(typ string) tv {
	tb := c.d.Table(typ)
	if tb == nil {
		c.t.Fatalf("no %s table", typ)
	}
	return tv{c.t, tb}
}

// errorf reports and stops at the first few problems of a kind, so a
// broken rule over 100,000 rows does not flood the log.
func (c checker) errorf(count *int, format string, args ...any) {
	c.t.Helper()
	if *count++; *count <= 5 {
		c.t.Errorf(format, args...)
	}
}

func checkRules(t *testing.T, d *Dataset) {
	t.Helper()
	c := checker{t, d}
	c.systemFields()
	c.accounts()
	c.catalog()
	c.programs()
	c.people()
	c.enrollments()
	c.events()
	c.attendances()
	c.demoLinks()
	c.chronology()
}

// after are relations whose row must be created no earlier than its
// target: nothing refers to what did not exist yet.
var after = map[string][]string{
	"category": {"parent"}, "blueprint": {"category"}, "program": {"customer", "blueprint"},
	"module": {"program"}, "session": {"module", "program"}, "coach": {"user"}, "availability": {"coach"},
	"learner": {"user", "customer", "coach"}, "enrollment": {"learner", "program"},
	"event": {"coach", "program", "session"}, "attendance": {"event", "learner"},
}

func (c checker) chronology() {
	var bad int
	for typ, fields := range after {
		v := c.tab(typ)
		for _, f := range fields {
			target := c.d.Table(f) // every relation here is named after its target...
			if f == "parent" {
				target = c.d.Table("category") // ...but the category tree's
			}
			for i := range v.n() {
				if j := v.id(i, f); j >= 0 && v.tb.CreatedAt[i].Before(target.CreatedAt[j]) {
					c.errorf(&bad, "%s %d (created %v) is older than its %s %d (%v)", typ, i+1, v.tb.CreatedAt[i], f, j+1, target.CreatedAt[j])
				}
			}
		}
	}
	// An invitation is sent once the learner is enrolled.
	enr, att, evs := c.tab("enrollment"), c.tab("attendance"), c.tab("event")
	enrolledAt := map[[2]int]time.Time{}
	for e := range enr.n() {
		enrolledAt[[2]int{enr.id(e, "program"), enr.id(e, "learner")}] = enr.tb.CreatedAt[e]
	}
	for a := range att.n() {
		p := evs.id(att.id(a, "event"), "program")
		if at := enrolledAt[[2]int{p, att.id(a, "learner")}]; att.tb.CreatedAt[a].Before(at) {
			c.errorf(&bad, "attendance %d: invited %v before enrolling %v", a+1, att.tb.CreatedAt[a], at)
		}
	}
}

var docIDRE = regexp.MustCompile(`^[a-z0-9]{24}$`)

// systemFields: documentIds are well formed and unique over the whole
// set; creation times are canonical and never after Reference; drafts are
// only some blueprints.
func (c checker) systemFields() {
	seen := map[string]string{}
	var bad int
	for _, tb := range c.d.Tables {
		for i, id := range tb.DocumentIDs {
			if !docIDRE.MatchString(id) {
				c.errorf(&bad, "%s %d: documentId %q", tb.Type, i+1, id)
			}
			if prev, dup := seen[id]; dup {
				c.errorf(&bad, "documentId %s of %s %d is also %s's", id, tb.Type, i+1, prev)
			}
			seen[id] = tb.Type
		}
		for i, tm := range tb.CreatedAt {
			if msg := timeProblem(tm); msg != "" || tm.After(Reference) {
				c.errorf(&bad, "%s %d: createdAt %v %s", tb.Type, i+1, tm, msg)
			}
		}
		drafts := 0
		for _, p := range tb.Published {
			if !p {
				drafts++
			}
		}
		if (tb.Type == "blueprint") != (drafts > 0) || drafts == len(tb.Published) {
			c.errorf(&bad, "%s: %d drafts of %d", tb.Type, drafts, len(tb.Published))
		}
	}
}

// accounts: roles 1..5 in order; one user per demo user, with the right
// role and no password in the table.
func (c checker) accounts() {
	roles := c.tab("role")
	want := []string{"public", "authenticated", "learner", "coach", "admin"}
	for i, typ := range want {
		if i >= roles.n() || roles.str(i, "type") != typ || roles.str(i, "name") == "" {
			c.t.Errorf("role %d is not %s", i+1, typ)
		}
	}
	users := c.tab("user")
	for i, u := range DemoUsers() {
		if users.str(i, "username") != u.Username || users.str(i, "email") != u.Email ||
			users.get(i, "password") != nil || users.str(i, "provider") != "local" ||
			users.get(i, "confirmed") != true || users.get(i, "blocked") != false ||
			want[users.id(i, "role")] != u.Role {
			c.t.Errorf("user %d = %v, want %+v", i+1, users.tb.Rows[i], u)
		}
	}
}

// catalog: a two-level category tree; slugs are the uid of their source
// field; blueprint outlines have domain.md's shape and the session
// type's values.
func (c checker) catalog() {
	cats := c.tab("category")
	roots := 0
	for i := range cats.n() {
		p := cats.id(i, "parent")
		if p < 0 {
			roots++
		} else if p >= i || cats.id(p, "parent") >= 0 {
			c.t.Errorf("category %d: parent %d is later or not a root", i+1, p+1)
		}
	}
	if roots == 0 || roots == cats.n() {
		c.t.Errorf("categories: %d roots of %d, not a tree", roots, cats.n())
	}
	c.slugs("category", "name")
	c.slugs("blueprint", "title")
	c.slugs("program", "title")

	bps := c.tab("blueprint")
	var bad int
	for i := range bps.n() {
		raw, _ := bps.get(i, "outline").(json.RawMessage)
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		var o outline
		if err := dec.Decode(&o); err != nil || len(o.Modules) == 0 {
			c.errorf(&bad, "blueprint %d: outline %s: %v", i+1, raw, err)
			continue
		}
		for _, m := range o.Modules {
			if m.Title == "" || len(m.Sessions) == 0 {
				c.errorf(&bad, "blueprint %d: module %+v", i+1, m)
			}
			for _, s := range m.Sessions {
				if s.Title == "" || !slices.Contains(sessionKinds, s.Kind) || s.DurationMinutes < 5 || s.DurationMinutes > 480 {
					c.errorf(&bad, "blueprint %d: session %+v", i+1, s)
				}
			}
		}
		if w := bps.num(i, "durationWeeks"); w < 1 || w > 104 {
			c.errorf(&bad, "blueprint %d: %v weeks", i+1, w)
		}
	}
}

// slugs: unique per type, and the core's uid of the source field, with
// "-2", "-3", ... where two sources give the same uid.
func (c checker) slugs(typ, source string) {
	tb := c.tab(typ)
	seen := map[string]bool{}
	suffix := regexp.MustCompile(`-[0-9]+$`)
	var bad int
	for i := range tb.n() {
		s, base := tb.str(i, "slug"), coreSlugify(tb.str(i, source))
		if seen[s] {
			c.errorf(&bad, "%s %d: slug %q twice", typ, i+1, s)
		}
		seen[s] = true
		if s != base && suffix.ReplaceAllString(s, "") != base {
			c.errorf(&bad, "%s %d: slug %q is not the uid of %q", typ, i+1, s, tb.str(i, source))
		}
	}
}

// programs: titles within maxLength, dates in order and in 2025-2027,
// statuses mixed and consistent with the dates, modules numbered from 0,
// sessions in a module of their own program, published blueprints only.
func (c checker) programs() {
	progs, mods, sess, bps := c.tab("program"), c.tab("module"), c.tab("session"), c.tab("blueprint")
	statuses := map[string]int{}
	var bad int
	for i := range progs.n() {
		st := progs.str(i, "status")
		statuses[st]++
		if len(progs.str(i, "title")) > 200 {
			c.errorf(&bad, "program %d: title too long", i+1)
		}
		start, okS := progs.date(i, "startDate")
		end, okE := progs.date(i, "endDate")
		if okS != okE || (okS && end.Before(start)) {
			c.errorf(&bad, "program %d: %v..%v", i+1, progs.get(i, "startDate"), progs.get(i, "endDate"))
		}
		if okS && (start.Year() < 2025 || start.Year() > 2027) {
			c.errorf(&bad, "program %d: starts %v", i+1, start)
		}
		switch {
		case st == "archived" && !end.Before(Reference):
			c.errorf(&bad, "program %d: archived but ends %v", i+1, end)
		case st == "draft" && okS && !start.After(Reference):
			c.errorf(&bad, "program %d: draft but started %v", i+1, start)
		case st != "draft" && !okS:
			c.errorf(&bad, "program %d: %s without dates", i+1, st)
		}
		if b := progs.id(i, "blueprint"); b >= 0 && !bps.tb.Published[b] {
			c.errorf(&bad, "program %d: built from draft blueprint %d", i+1, b+1)
		}
	}
	if statuses["published"] <= progs.n()/2 || statuses["draft"] == 0 || statuses["archived"] == 0 {
		c.t.Errorf("program statuses %v: want mostly published, some of each", statuses)
	}

	next := make([]int, progs.n()) // the next module order per program
	for i := range mods.n() {
		p := mods.id(i, "program")
		if p < 0 || int(mods.num(i, "order")) != next[p] {
			c.errorf(&bad, "module %d: program %d, order %v, want %d", i+1, p+1, mods.get(i, "order"), next[p])
			continue
		}
		next[p]++
	}
	for p, n := range next {
		if n == 0 {
			c.errorf(&bad, "program %d has no modules", p+1)
		}
	}
	for i := range sess.n() {
		m, p := sess.id(i, "module"), sess.id(i, "program")
		if m < 0 || p < 0 || mods.id(m, "program") != p {
			c.errorf(&bad, "session %d: module %d is of program %d, not %d", i+1, m+1, mods.id(m, "program")+1, p+1)
		}
		if d := sess.num(i, "durationMinutes"); d < 5 || d > 480 {
			c.errorf(&bad, "session %d: %v minutes", i+1, d)
		}
	}
}

var (
	isoLanguages = map[string]bool{}
	zoneNames    = map[string]bool{}
)

func init() {
	for _, l := range strings.Fields("en de fr es it nl pt pl sv ja zh ko hi ar tr") {
		isoLanguages[l] = true
	}
}

// people: emails unique, expertise from the vocabulary, languages ISO
// 639-1, time zones IANA, ratings 0..5 in tenths, availabilities on a
// weekday with endTime after startTime, learners per coach within
// maxLearners, a learner's coach one of their programs' coaches.
func (c checker) people() {
	coaches, learners, avail := c.tab("coach"), c.tab("learner"), c.tab("availability")
	var bad int
	for i := range coaches.n() {
		ex := coaches.strings(i, "expertise")
		if len(ex) == 0 {
			c.errorf(&bad, "coach %d: no expertise", i+1)
		}
		for _, e := range ex {
			if !slices.Contains(expertise, e) {
				c.errorf(&bad, "coach %d: expertise %q", i+1, e)
			}
		}
		c.personCommon(&bad, coaches, i)
		if r, ok := coaches.get(i, "rating").(float64); ok && (r < 0 || r > 5 || math.Abs(r*10-math.Round(r*10)) > 1e-9) {
			c.errorf(&bad, "coach %d: rating %v", i+1, r)
		}
	}
	customers := c.tab("customer")
	for i := range learners.n() {
		c.personCommon(&bad, learners, i)
		// People's addresses are at their employer's domain.
		domain := strings.ReplaceAll(coreSlugify(customers.str(learners.id(i, "customer"), "name")), "-", "") + ".example"
		if !strings.HasSuffix(learners.str(i, "email"), "@"+domain) {
			c.errorf(&bad, "learner %d: email %q is not at %s", i+1, learners.str(i, "email"), domain)
		}
		for _, g := range learners.strings(i, "goals") {
			if !slices.Contains(goals, g) {
				c.errorf(&bad, "learner %d: goal %q", i+1, g)
			}
		}
	}
	days := map[[2]int]bool{}
	for i := range avail.n() {
		wd := int(avail.num(i, "weekday"))
		co := avail.id(i, "coach")
		if wd < 0 || wd > 6 || co < 0 {
			c.errorf(&bad, "availability %d: weekday %d coach %d", i+1, wd, co+1)
		}
		if days[[2]int{co, wd}] {
			c.errorf(&bad, "availability %d: coach %d twice on weekday %d", i+1, co+1, wd)
		}
		days[[2]int{co, wd}] = true
		if s, e := avail.str(i, "startTime"), avail.str(i, "endTime"); len(s) != 8 || len(e) != 8 || e <= s {
			c.errorf(&bad, "availability %d: %s..%s", i+1, s, e)
		}
	}

	// Learners per coach, and each coach one of the learner's programs'.
	progCoaches := map[[2]int]bool{}
	for _, p := range c.tab("program").tb.Link("coaches") {
		progCoaches[[2]int{int(p[0] - 1), int(p[1] - 1)}] = true
	}
	enr := c.tab("enrollment")
	progsOf := map[int][]int{}
	for e := range enr.n() {
		progsOf[enr.id(e, "learner")] = append(progsOf[enr.id(e, "learner")], enr.id(e, "program"))
	}
	load := make([]int, coaches.n())
	coached := 0
	for i := range learners.n() {
		co := learners.id(i, "coach")
		if co < 0 {
			continue
		}
		coached++
		load[co]++
		if coaches.get(co, "active") != true {
			c.errorf(&bad, "learner %d: coach %d is inactive", i+1, co+1)
		}
		if !slices.ContainsFunc(progsOf[i], func(p int) bool { return progCoaches[[2]int{p, co}] }) {
			c.errorf(&bad, "learner %d: coach %d coaches none of their programs", i+1, co+1)
		}
	}
	for co, n := range load {
		if max := int(coaches.num(co, "maxLearners")); n > max {
			c.errorf(&bad, "coach %d: %d learners, maxLearners %d", co+1, n, max)
		}
	}
	if coached == 0 || coached == learners.n() {
		c.t.Errorf("%d of %d learners coached: want a mix", coached, learners.n())
	}
	for p := range progCoaches {
		if coaches.get(p[1], "active") != true {
			c.errorf(&bad, "program %d: coach %d is inactive", p[0]+1, p[1]+1)
		}
	}
}

// emailRE: first.last, a number when the name is taken, at a reserved
// example domain (RFC 2606) or the demo's kiln.local.
var emailRE = regexp.MustCompile(`^[a-z]+\.[a-z]+[0-9]*@[a-z0-9]+(\.[a-z0-9]+)*\.example$`)

func (c checker) personCommon(bad *int, v tv, i int) {
	if e := v.str(i, "email"); !emailRE.MatchString(e) {
		c.errorf(bad, "%s %d: email %q", v.tb.Type, i+1, e)
	}
	langs := v.strings(i, "languages")
	if len(langs) == 0 {
		c.errorf(bad, "%s %d: no languages", v.tb.Type, i+1)
	}
	for _, l := range langs {
		if !isoLanguages[l] {
			c.errorf(bad, "%s %d: language %q is not ISO 639-1", v.tb.Type, i+1, l)
		}
	}
	c.zone(bad, v, i)
}

func (c checker) zone(bad *int, v tv, i int) {
	z := v.str(i, "timezone")
	if zoneNames[z] {
		return
	}
	if _, err := time.LoadLocation(z); err != nil || !strings.Contains(z, "/") {
		c.errorf(bad, "%s %d: time zone %q: %v", v.tb.Type, i+1, z, err)
		return
	}
	zoneNames[z] = true
}

// enrollments: one per learner and program, within the learner's own
// customer, none for drafts; progress 0..100 in tenths, consistent with
// the status; completedAt only when completed, after enrolledAt;
// capacity holds the enrolled.
func (c checker) enrollments() {
	enr, progs, learners := c.tab("enrollment"), c.tab("program"), c.tab("learner")
	pairs := map[[2]int]bool{}
	perProg := make([]int, progs.n())
	var bad int
	for e := range enr.n() {
		l, p := enr.id(e, "learner"), enr.id(e, "program")
		if pairs[[2]int{l, p}] {
			c.errorf(&bad, "enrollment %d: learner %d enrolled twice in program %d", e+1, l+1, p+1)
		}
		pairs[[2]int{l, p}] = true
		perProg[p]++
		if learners.id(l, "customer") != progs.id(p, "customer") {
			c.errorf(&bad, "enrollment %d: learner %d of customer %d in program %d of customer %d", e+1, l+1,
				learners.id(l, "customer")+1, p+1, progs.id(p, "customer")+1)
		}
		if progs.str(p, "status") == "draft" {
			c.errorf(&bad, "enrollment %d: program %d is a draft", e+1, p+1)
		}
		st, pr := enr.str(e, "status"), enr.num(e, "progress")
		if pr < 0 || pr > 100 || math.Abs(pr*10-math.Round(pr*10)) > 1e-9 {
			c.errorf(&bad, "enrollment %d: progress %v", e+1, pr)
		}
		at, okAt := enr.datetime(e, "enrolledAt")
		done, okDone := enr.datetime(e, "completedAt")
		if !okAt || at.After(Reference) || okDone != (st == "completed") ||
			(okDone && (done.Before(at) || done.After(Reference))) {
			c.errorf(&bad, "enrollment %d: %s, enrolled %v, completed %v", e+1, st, enr.get(e, "enrolledAt"), enr.get(e, "completedAt"))
		}
		if (st == "completed") != (pr == 100) || (st == "invited" && pr != 0) {
			c.errorf(&bad, "enrollment %d: %s with progress %v", e+1, st, pr)
		}
		if start, ok := progs.date(p, "startDate"); ok && start.After(Reference) && st != "invited" && st != "active" {
			c.errorf(&bad, "enrollment %d: %s before program %d started", e+1, st, p+1)
		}
	}
	for p, n := range perProg {
		if capacity := int(progs.num(p, "capacity")); capacity < n || capacity < 1 {
			c.errorf(&bad, "program %d: capacity %d for %d enrolled", p+1, capacity, n)
		}
	}
}

// events: within their program's dates; 30..180 minutes; a coach of the
// program; a session of the program; learners enrolled in the program;
// status completed only when past and scheduled only when future.
func (c checker) events() {
	evs, progs, sess, enr := c.tab("event"), c.tab("program"), c.tab("session"), c.tab("enrollment")
	progCoaches := map[[2]int]bool{}
	for _, p := range progs.tb.Link("coaches") {
		progCoaches[[2]int{int(p[0] - 1), int(p[1] - 1)}] = true
	}
	enrolled := map[[2]int]bool{}
	for e := range enr.n() {
		enrolled[[2]int{enr.id(e, "program"), enr.id(e, "learner")}] = true
	}
	pastAny, futureAny := false, false
	var bad int
	for e := range evs.n() {
		p, co, s := evs.id(e, "program"), evs.id(e, "coach"), evs.id(e, "session")
		startAt, _ := evs.datetime(e, "startAt")
		endAt, _ := evs.datetime(e, "endAt")
		if d := endAt.Sub(startAt); d < 30*time.Minute || d > 180*time.Minute {
			c.errorf(&bad, "event %d: lasts %v", e+1, d)
		}
		start, _ := progs.date(p, "startDate")
		end, _ := progs.date(p, "endDate")
		if startAt.Before(start) || !startAt.Before(end.AddDate(0, 0, 1)) {
			c.errorf(&bad, "event %d at %v outside program %d's %v..%v", e+1, startAt, p+1, start, end)
		}
		if !progCoaches[[2]int{p, co}] {
			c.errorf(&bad, "event %d: coach %d does not coach program %d", e+1, co+1, p+1)
		}
		if s >= 0 && sess.id(s, "program") != p {
			c.errorf(&bad, "event %d: session %d is of program %d, not %d", e+1, s+1, sess.id(s, "program")+1, p+1)
		}
		if s < 0 && evs.str(e, "kind") != "other" {
			c.errorf(&bad, "event %d: a %s without a session", e+1, evs.str(e, "kind"))
		}
		past := startAt.Before(Reference)
		pastAny, futureAny = pastAny || past, futureAny || !past
		switch st := evs.str(e, "status"); {
		case st == "completed" && !past, st == "scheduled" && past:
			c.errorf(&bad, "event %d: %s but starts %v", e+1, st, startAt)
		}
		if ct := evs.tb.CreatedAt[e]; ct.After(startAt) {
			c.errorf(&bad, "event %d: created %v after it started", e+1, ct)
		}
		if sy, ok := evs.datetime(e, "syncedAt"); ok && (sy.Before(evs.tb.CreatedAt[e]) || sy.After(Reference)) {
			c.errorf(&bad, "event %d: synced %v", e+1, sy)
		}
		c.zone(&bad, evs, e)
		if evs.get(e, "location") == nil && evs.get(e, "meetingUrl") == nil && evs.str(e, "kind") != "webinar" {
			c.errorf(&bad, "event %d: neither a place nor a link", e+1)
		}
	}
	if !pastAny || !futureAny {
		c.t.Errorf("events: past %v, future %v: want both", pastAny, futureAny)
	}
	for _, pr := range evs.tb.Link("learners") {
		e, l := int(pr[0]-1), int(pr[1]-1)
		if !enrolled[[2]int{evs.id(e, "program"), l}] {
			c.errorf(&bad, "event %d: learner %d is not enrolled in program %d", e+1, l+1, evs.id(e, "program")+1)
		}
	}
}

// attendances: exactly the events' learner pairs, with statuses by
// whether the event is past (attended, absent) or future (invited,
// accepted, declined) at Reference, and answers before Reference.
func (c checker) attendances() {
	att, evs := c.tab("attendance"), c.tab("event")
	want := map[[2]int64]bool{}
	for _, p := range evs.tb.Link("learners") {
		want[p] = true
	}
	got := map[[2]int64]bool{}
	var bad int
	for a := range att.n() {
		e, l := att.id(a, "event"), att.id(a, "learner")
		p := [2]int64{int64(e + 1), int64(l + 1)}
		if got[p] {
			c.errorf(&bad, "attendance %d: event %d learner %d twice", a+1, e+1, l+1)
		}
		got[p] = true
		if !want[p] {
			c.errorf(&bad, "attendance %d: learner %d is not a learner of event %d", a+1, l+1, e+1)
		}
		startAt, _ := evs.datetime(e, "startAt")
		st := att.str(a, "status")
		past := startAt.Before(Reference)
		if ok := slices.Contains([]string{"attended", "absent"}, st) == past; !ok {
			c.errorf(&bad, "attendance %d: %s for an event at %v", a+1, st, startAt)
		}
		r, answered := att.datetime(a, "respondedAt")
		if answered && (r.After(Reference) || r.Before(att.tb.CreatedAt[a])) {
			c.errorf(&bad, "attendance %d: responded %v", a+1, r)
		}
		if answered == (st == "invited") && st != "attended" && st != "absent" {
			c.errorf(&bad, "attendance %d: %s, responded %v", a+1, st, att.get(a, "respondedAt"))
		}
	}
	if len(got) != len(want) {
		c.t.Errorf("%d attendances for %d event learners", len(got), len(want))
	}
}

// demoLinks: exactly one coach row links the demo coach user and one
// learner row the demo learner user, and both have something to show.
func (c checker) demoLinks() {
	coaches, learners, evs := c.tab("coach"), c.tab("learner"), c.tab("event")
	find := func(v tv, user int64) int {
		at := -1
		for i := range v.n() {
			if u, ok := v.get(i, "user").(int64); ok {
				if u != user || at >= 0 {
					c.t.Errorf("%s %d links user %d", v.tb.Type, i+1, u)
				}
				at = i
			}
		}
		if at < 0 {
			c.t.Fatalf("no %s links user %d", v.tb.Type, user)
		}
		return at
	}
	co, le := find(coaches, userID("coach")), find(learners, userID("learner"))
	var coachPast, coachFuture, learnerPast, learnerFuture bool
	for e := range evs.n() {
		startAt, _ := evs.datetime(e, "startAt")
		if evs.id(e, "coach") == co {
			coachPast, coachFuture = coachPast || startAt.Before(Reference), coachFuture || !startAt.Before(Reference)
		}
	}
	for _, p := range evs.tb.Link("learners") {
		if int(p[1]-1) == le {
			startAt, _ := evs.datetime(int(p[0]-1), "startAt")
			learnerPast, learnerFuture = learnerPast || startAt.Before(Reference), learnerFuture || !startAt.Before(Reference)
		}
	}
	ownLearners := 0
	for i := range learners.n() {
		if learners.id(i, "coach") == co {
			ownLearners++
		}
	}
	if !coachPast || !coachFuture || ownLearners == 0 || coaches.get(co, "active") != true {
		c.t.Errorf("demo coach %d: past events %v, future %v, learners %d", co+1, coachPast, coachFuture, ownLearners)
	}
	if !learnerPast || !learnerFuture || learners.id(le, "coach") < 0 {
		c.t.Errorf("demo learner %d: past events %v, future %v, coach %d", le+1, learnerPast, learnerFuture, learners.id(le, "coach")+1)
	}
}

// mixedNulls are optional fields that should hold both nulls and values.
var mixedNulls = map[string][]string{
	"customer":   {"industry", "contactEmail"},
	"category":   {"description", "parent"},
	"blueprint":  {"description", "category"},
	"program":    {"description", "blueprint", "startDate", "endDate"},
	"module":     {"description"},
	"session":    {"content"},
	"coach":      {"bio", "rating", "user"},
	"learner":    {"goals", "coach", "user"},
	"enrollment": {"completedAt"},
	"event":      {"description", "location", "meetingUrl", "syncedAt", "session"},
	"attendance": {"respondedAt"},
}

func (c checker) nulls() {
	for typ, fields := range mixedNulls {
		v := c.tab(typ)
		for _, f := range fields {
			nulls := 0
			for i := range v.n() {
				if v.get(i, f) == nil {
					nulls++
				}
			}
			if nulls == 0 || nulls == v.n() {
				c.t.Errorf("%s.%s: %d nulls in %d rows, want a mix", typ, f, nulls, v.n())
			}
		}
	}
}

// TestVocabularyIsJSONSafe: jsonStrings writes vocabulary words without
// escaping, which is only right while none needs it.
func TestVocabularyIsJSONSafe(t *testing.T) {
	var words []string
	words = append(append(append(words, expertise...), goals...), extraLanguages...)
	for _, z := range zones {
		words = append(words, z.name, z.lang)
	}
	for _, w := range words {
		if b, _ := json.Marshal(w); string(b) != `"`+w+`"` {
			t.Errorf("%q needs escaping in JSON", w)
		}
	}
	if got := string(jsonStrings([]string{"a", "b c"})); got != `["a","b c"]` {
		t.Errorf("jsonStrings = %s", got)
	}
}

// TestSlugify: the generator's slugify agrees with the core's rule.
func TestSlugify(t *testing.T) {
	for _, s := range []string{"Leadership", "Sales and Customers", "1:1 coaching", "First-Time Managers",
		"AI Fundamentals: Deep Dive for Acme Logistics, cohort 12", "  --Odd__ spacing!!  ", "x" + strconv.Itoa(7)} {
		if got, want := slugify(s), coreSlugify(s); got != want {
			t.Errorf("slugify(%q) = %q, core gives %q", s, got, want)
		}
	}
}
