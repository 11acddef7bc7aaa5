// Package analytics is the plugin of the platform's Analytics category: a
// dashboard of platform totals and the figures of one program, customer or
// coach. Every figure is computed by aggregate SQL in the database, in a
// fixed number of queries per endpoint whatever the data's size, with the
// same numbers on SQLite and PostgreSQL. docs/analytics.md defines each
// figure.
package analytics

import (
	"time"

	"github.com/kiln-cms/kiln/core/plugin"
)

// Plugin is the analytics plugin.
type Plugin struct {
	// Now is the clock the "now"-relative figures (next 7 days, last 30
	// days, held versus upcoming) read. Tests fix it so that a fixture's
	// figures can be worked out by hand; nil means time.Now.
	Now func() time.Time
}

// New returns the analytics plugin on the wall clock.
func New() *Plugin { return &Plugin{} }

var _ plugin.Plugin = (*Plugin)(nil)

// Name is the prefix of the plugin's permission actions.
func (*Plugin) Name() string { return "analytics" }

// Requires lists every type and field the SQL reads, so that a content
// type edited out from under the plugin stops start-up with a clear
// message instead of failing requests with SQL errors.
func (*Plugin) Requires() []plugin.Requirement {
	return []plugin.Requirement{
		plugin.Need("customer", "name", "active"),
		plugin.Need("program", "title", "status", "customer", "coaches"),
		plugin.Need("module", "title", "order", "program"),
		plugin.Need("session", "module"),
		plugin.Need("coach", "name", "maxLearners", "active", "user"),
		plugin.Need("learner", "customer", "coach"),
		plugin.Need("enrollment", "status", "progress", "learner", "program"),
		plugin.Need("event", "startAt", "endAt", "status", "coach", "program"),
		plugin.Need("attendance", "status", "event"),
	}
}

// Register adds the four routes. Each reads the optional from/to window.
func (p *Plugin) Register(api *plugin.API) error {
	a := &analytics{api: api, now: p.Now}
	if a.now == nil {
		a.now = time.Now
	}
	routes := []plugin.Route{
		{Method: "GET", Path: "/analytics/dashboard", Action: "analytics.dashboard",
			Summary:  "Platform totals: programs, customers, learners, coaches, enrollments, events and attendance",
			Response: dashboardSchema, Handler: a.dashboard},
		{Method: "GET", Path: "/analytics/programs/:id", Action: "analytics.program",
			Summary:  "One program's figures: enrollments, progress, modules, events, attendance and coaches",
			Response: programSchema, Handler: a.program},
		{Method: "GET", Path: "/analytics/customers/:id", Action: "analytics.customer",
			Summary:  "One customer's figures: its programs with their figures, learners, progress, attendance and hours",
			Response: customerSchema, Handler: a.customer},
		{Method: "GET", Path: "/analytics/coaches/:id", Action: "analytics.coach",
			Summary:  "One coach's figures: learners against capacity, events, attendance and hours (a coach sees only their own)",
			Response: coachSchema, Handler: a.coach},
	}
	for _, r := range routes {
		r.Tag = "Analytics"
		r.QueryKeys = []string{"from", "to"}
		if err := api.Route(r); err != nil {
			return err
		}
	}
	return nil
}

// analytics is the plugin at work: the API it was given and its clock.
type analytics struct {
	api *plugin.API
	now func() time.Time
}
