// Package coaching is the plugin of the platform's Coaches category:
// ranking coaches for a learner, assigning learners to coaches within
// their capacity, a coach's learners as a list endpoint, and free slots
// from the coaches' weekly availability rules. docs/coaching.md describes
// each endpoint and the match score.
package coaching

import (
	"time"
	// Time zone data in the binary: coaches' zones must resolve on a
	// machine without /usr/share/zoneinfo.
	_ "time/tzdata"

	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/core/schema"
)

// Plugin is the coaching plugin.
type Plugin struct {
	// Now is the clock matching and the default availability range read;
	// nil means time.Now. Tests fix it.
	Now func() time.Time
	m   model
}

// New returns the coaching plugin on the wall clock.
func New() *Plugin { return &Plugin{} }

var (
	_ plugin.Plugin  = (*Plugin)(nil)
	_ plugin.Modeler = (*Plugin)(nil)
)

// Name is the prefix of the plugin's permission actions.
func (*Plugin) Name() string { return "coaching" }

// Model hands the core every type and field the plugin reads or writes,
// to check at start-up and fill before Register.
func (p *Plugin) Model() any { return &p.m }

// Register adds the rules on coach, learner and availability writes, the
// seven routes, three of them as GraphQL fields (graphql.go), and the
// Coach's week page of the admin panel (panel.go). /coaches/me/... and /coaches/available come before
// /coaches/:id/... so that "me" and "available" are never taken for ids.
func (p *Plugin) Register(api *plugin.API) error {
	k := &coaching{api: api, m: p.m, now: p.Now}
	if k.now == nil {
		k.now = time.Now
	}
	k.registerHooks()
	routes := []plugin.Route{
		{Method: "POST", Path: "/coaches/match", Action: "coaching.match",
			Summary: "Rank the active coaches with free capacity for a learner, with each score's parts (query: filters on coaches, fields, populate)",
			Request: matchRequestSchema, Response: matchResponseSchema, Handler: k.match},
		{Method: "GET", Path: "/coaches/available", Action: "coaching.available",
			Summary:   "The active coaches with at least one free slot of duration minutes in from..to, with their first slots",
			QueryKeys: []string{"from", "to", "duration", "expertise", "language"},
			Response:  availableResponseSchema, Handler: k.available},
		{Method: "GET", Path: "/coaches/me/learners", Action: "coaching.myLearners",
			Summary:  "The signed-in coach's learners, with the whole query language",
			Response: learnerListSchema, Handler: k.myLearners},
		{Method: "GET", Path: "/coaches/:id/learners", Action: "coaching.learners",
			Summary:  "A coach's learners, with the whole query language",
			Response: learnerListSchema, Handler: k.learners},
		{Method: "POST", Path: "/coaches/:id/learners", Action: "coaching.assign",
			Summary: "Assign learners to the coach, all or none, never past maxLearners",
			Request: assignRequestSchema, Response: assignResponseSchema, Handler: k.assign},
		{Method: "DELETE", Path: "/coaches/:id/learners/:learnerId", Action: "coaching.unassign",
			Summary:  "Unassign a learner from the coach",
			Response: map[string]any{"$ref": "#/components/schemas/learner"}, Handler: k.unassign},
		{Method: "GET", Path: "/coaches/:id/availability", Action: "coaching.availability",
			Summary:   "The coach's free slots of duration minutes in from..to: weekly rules in the coach's time zone minus scheduled events",
			QueryKeys: []string{"from", "to", "duration"},
			Response:  slotListSchema, Handler: k.availability},
	}
	for _, r := range routes {
		r.Tag = "Coaches"
		if err := api.Route(r); err != nil {
			return err
		}
	}
	for _, f := range k.graphQLFields() {
		if err := api.GraphQL(f); err != nil {
			return err
		}
	}
	return api.Admin(panel())
}

// coaching is the plugin at work: the API it was given, the schema pieces
// it uses and its clock.
type coaching struct {
	api *plugin.API
	m   model
	now func() time.Time
}

// model is everything the plugin uses of the schema, named once; the
// core checks it at start-up and fills it before Register.
type model struct {
	Coach        *schema.ContentType `kiln:"coach"`
	Learner      *schema.ContentType `kiln:"learner"`
	Availability *schema.ContentType `kiln:"availability"`
	Event        *schema.ContentType `kiln:"event"`
	Program      *schema.ContentType `kiln:"program"`

	CoachExpertise *schema.Attribute `kiln:"coach.expertise"`
	CoachLanguages *schema.Attribute `kiln:"coach.languages"`
	CoachTimezone  *schema.Attribute `kiln:"coach.timezone"`
	CoachMax       *schema.Attribute `kiln:"coach.maxLearners"`
	CoachActive    *schema.Attribute `kiln:"coach.active"`
	CoachUser      *schema.Attribute `kiln:"coach.user"`
	CoachLearners  *schema.Attribute `kiln:"coach.learners"`
	CoachPrograms  *schema.Attribute `kiln:"coach.programs"`

	LearnerGoals     *schema.Attribute `kiln:"learner.goals"`
	LearnerLanguages *schema.Attribute `kiln:"learner.languages"`
	LearnerTimezone  *schema.Attribute `kiln:"learner.timezone"`
	LearnerCoach     *schema.Attribute `kiln:"learner.coach"`

	AvWeekday *schema.Attribute `kiln:"availability.weekday"`
	AvStart   *schema.Attribute `kiln:"availability.startTime"`
	AvEnd     *schema.Attribute `kiln:"availability.endTime"`
	AvCoach   *schema.Attribute `kiln:"availability.coach"`

	EvStart  *schema.Attribute `kiln:"event.startAt"`
	EvEnd    *schema.Attribute `kiln:"event.endAt"`
	EvStatus *schema.Attribute `kiln:"event.status"`
	EvCoach  *schema.Attribute `kiln:"event.coach"`
}
