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
	"github.com/kiln-cms/kiln/core/schema"
)

// Plugin is the analytics plugin.
type Plugin struct {
	// Now is the clock the "now"-relative figures (next 7 days, last 30
	// days, held versus upcoming) read. Tests fix it so that a fixture's
	// figures can be worked out by hand; nil means time.Now.
	Now func() time.Time

	m model
}

// model is every type and field the figures read, named once: a content
// type edited out from under the plugin stops start-up with a clear
// message instead of failing requests with SQL errors, and the statements
// use these handles, never names.
type model struct {
	Customer       *schema.ContentType `kiln:"customer"`
	CustomerName   *schema.Attribute   `kiln:"customer.name"`
	CustomerActive *schema.Attribute   `kiln:"customer.active"`

	Program         *schema.ContentType `kiln:"program"`
	ProgramTitle    *schema.Attribute   `kiln:"program.title"`
	ProgramStatus   *schema.Attribute   `kiln:"program.status"`
	ProgramCustomer *schema.Attribute   `kiln:"program.customer"`
	ProgramCoaches  *schema.Attribute   `kiln:"program.coaches"`

	Module        *schema.ContentType `kiln:"module"`
	ModuleTitle   *schema.Attribute   `kiln:"module.title"`
	ModuleOrder   *schema.Attribute   `kiln:"module.order"`
	ModuleProgram *schema.Attribute   `kiln:"module.program"`

	Session       *schema.ContentType `kiln:"session"`
	SessionModule *schema.Attribute   `kiln:"session.module"`

	Coach            *schema.ContentType `kiln:"coach"`
	CoachName        *schema.Attribute   `kiln:"coach.name"`
	CoachMaxLearners *schema.Attribute   `kiln:"coach.maxLearners"`
	CoachActive      *schema.Attribute   `kiln:"coach.active"`
	CoachUser        *schema.Attribute   `kiln:"coach.user"`

	Learner         *schema.ContentType `kiln:"learner"`
	LearnerCustomer *schema.Attribute   `kiln:"learner.customer"`
	LearnerCoach    *schema.Attribute   `kiln:"learner.coach"`

	Enrollment         *schema.ContentType `kiln:"enrollment"`
	EnrollmentStatus   *schema.Attribute   `kiln:"enrollment.status"`
	EnrollmentProgress *schema.Attribute   `kiln:"enrollment.progress"`
	EnrollmentLearner  *schema.Attribute   `kiln:"enrollment.learner"`
	EnrollmentProgram  *schema.Attribute   `kiln:"enrollment.program"`

	Event        *schema.ContentType `kiln:"event"`
	EventStart   *schema.Attribute   `kiln:"event.startAt"`
	EventEnd     *schema.Attribute   `kiln:"event.endAt"`
	EventStatus  *schema.Attribute   `kiln:"event.status"`
	EventCoach   *schema.Attribute   `kiln:"event.coach"`
	EventProgram *schema.Attribute   `kiln:"event.program"`

	Attendance       *schema.ContentType `kiln:"attendance"`
	AttendanceStatus *schema.Attribute   `kiln:"attendance.status"`
	AttendanceEvent  *schema.Attribute   `kiln:"attendance.event"`
}

// New returns the analytics plugin on the wall clock.
func New() *Plugin { return &Plugin{} }

var (
	_ plugin.Plugin  = (*Plugin)(nil)
	_ plugin.Modeler = (*Plugin)(nil)
)

// Name is the prefix of the plugin's permission actions.
func (*Plugin) Name() string { return "analytics" }

// Model hands the core the model to check and fill before Register.
func (p *Plugin) Model() any { return &p.m }

// Register adds the four routes (each reads the optional from/to
// window), their pages in the admin panel (panel.go) and the dashboard's
// GraphQL field.
func (p *Plugin) Register(api *plugin.API) error {
	a := &analytics{api: api, m: &p.m, now: p.Now}
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
	if err := api.Admin(a.panel()); err != nil {
		return err
	}
	return api.GraphQL(a.dashboardField())
}

// analytics is the plugin at work: the API it was given, the bound model
// and its clock.
type analytics struct {
	api *plugin.API
	m   *model
	now func() time.Time
}
