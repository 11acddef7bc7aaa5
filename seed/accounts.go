package seed

import "strings"

// roleRows are the users-and-permissions roles, ids 1..5 in this order:
// the ids the permission config and the users' role field rely on.
var roleRows = []struct{ name, typ, desc string }{
	{"Public", "public", "Anyone without a token: reads published blueprints and categories."},
	{"Authenticated", "authenticated", "A signed-in user with no other role: reads their own user and content."},
	{"Learner", "learner", "A learner's user: their own record, enrollments, events and attendance."},
	{"Coach", "coach", "A coach's user: their own record, learners, events and availability."},
	{"Admin", "admin", "Platform staff: everything, including analytics, matching and assignment."},
}

// roleID is the id of a role type in the roles table.
func roleID(typ string) int64 {
	for i, r := range roleRows {
		if r.typ == typ {
			return int64(i + 1)
		}
	}
	panic("seed: no role " + typ)
}

// DemoUser is a user with a known password, for trying the demo. The
// users table has one row per DemoUser, in this order (ids 1..4).
type DemoUser struct {
	Role, Username, Email, Password string
}

// demoUsers are documented in the README; the passwords meet the user
// type's minLength and are meant to be printed, never used in production.
var demoUsers = []DemoUser{
	{Role: "admin", Username: "demo-admin", Email: "admin@kiln.local", Password: "Admin-demo-1"},
	{Role: "coach", Username: "demo-coach", Email: "coach@kiln.local", Password: "Coach-demo-1"},
	{Role: "learner", Username: "demo-learner", Email: "learner@kiln.local", Password: "Learner-demo-1"},
	{Role: "authenticated", Username: "demo-user", Email: "user@kiln.local", Password: "User-demo-1"},
}

// DemoUsers returns one user per signed-in role (admin, coach, learner,
// authenticated), in the users table's order: user i+1 is DemoUsers()[i].
// The coach's user is linked from a coach row and the learner's from a
// learner row (their user field), chosen to have learners, enrollments and
// both past and future events to show.
func DemoUsers() []DemoUser { return append([]DemoUser(nil), demoUsers...) }

// userID is the id of the demo user of a role.
func userID(role string) int64 {
	for i, u := range demoUsers {
		if u.Role == role {
			return int64(i + 1)
		}
	}
	panic("seed: no demo user " + role)
}

// accountsBase is when the platform was set up: roles and demo users
// predate everything else.
var accountsBase = dateMS(2024, 1, 8) + 9*hour

func (g *gen) roles() *Table {
	t := newTable("role", len(roleRows), "name", "description", "type")
	for i, r := range roleRows {
		t.Rows[i][0], t.Rows[i][1], t.Rows[i][2] = r.name, r.desc, r.typ
		t.CreatedAt[i] = at(accountsBase + int64(i)*second)
	}
	return t
}

// users holds the demo users. The password is nil: the loader hashes the
// plain DemoUsers password, which must never sit in a table of values.
func (g *gen) users() *Table {
	t := newTable("user", len(demoUsers), "username", "email", "provider", "password", "confirmed", "blocked", "role")
	for i, u := range demoUsers {
		t.Rows[i] = append(t.Rows[i][:0], u.Username, u.Email, "local", nil, true, false, roleID(u.Role))
		t.CreatedAt[i] = at(accountsBase + hour + int64(i)*minute)
	}
	return t
}

// customerPlan is what other types need of customers.
type customerPlan struct {
	names, domains []string
	zone           []int   // index into zones: the headquarters
	created        []int64 // ms
	programs       []int   // how many programs each buys
	learners       []int   // how many learners each has
}

func (g *gen) planCustomers() {
	n := g.sz.customers
	c := &g.cust
	names := newUniq(" ", n)
	for len(c.names) < n {
		pre, suf := g.pick(customerPrefixes), customerSuffixes[g.intn(len(customerSuffixes))]
		name := pre + " " + suf.name
		if names.has(name) {
			continue
		}
		names.take(name)
		c.names = append(c.names, name)
		c.domains = append(c.domains, strings.ReplaceAll(slugify(name), "-", "")+".example")
		c.zone = append(c.zone, g.intn(len(zones)))
		c.created = append(c.created, g.randMS(dateMS(2024, 2, 1), dateMS(2024, 9, 30))+g.r.Int64N(day))
	}
	c.programs = g.spreadEven(g.sz.programs, n, g.sz.programsPerCust)
	// Learners in proportion to programs bought, so every customer has
	// people enough to fill its programs.
	c.learners = make([]int, n)
	given := 0
	for i, p := range c.programs {
		c.learners[i] = g.sz.learners * p / g.sz.programs
		given += c.learners[i]
	}
	for _, i := range g.perm(n)[:g.sz.learners-given] {
		c.learners[i]++
	}
}

// industryOf reads the industry back from a customer's name suffix.
func industryOf(name string) string {
	for _, s := range customerSuffixes {
		if strings.HasSuffix(name, " "+s.name) {
			return s.industry
		}
	}
	return ""
}

func (g *gen) customers() *Table {
	c := &g.cust
	t := newTable("customer", len(c.names), "name", "industry", "contactEmail", "active")
	for i, name := range c.names {
		row := t.Rows[i]
		row[0] = name
		row[1] = g.maybe(0.1, industryOf(name))
		row[2] = g.maybe(0.1, "learning@"+c.domains[i])
		row[3] = !g.chance(0.06)
		t.CreatedAt[i] = at(c.created[i])
	}
	return t
}
