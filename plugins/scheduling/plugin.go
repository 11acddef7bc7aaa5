// Package scheduling is the plugin of the platform's Scheduling category:
// the rules every calendar event obeys (a coach is never double-booked),
// the caller's own calendar, bringing an event's learners in line with its
// program's enrollments, attendance answers and marks, and iCalendar
// (RFC 5545) for one event and as a personal subscription feed.
// docs/scheduling.md describes each endpoint and rule.
package scheduling

import (
	"sync/atomic"
	"time"

	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/core/schema"
)

// Plugin is the scheduling plugin.
type Plugin struct {
	// Now is the clock syncedAt, respondedAt, DTSTAMP and the feed's window
	// read. Tests fix it so that outputs can be compared byte for byte;
	// nil means time.Now.
	Now func() time.Time

	m model
}

// New returns the scheduling plugin on the wall clock.
func New() *Plugin { return &Plugin{} }

var (
	_ plugin.Plugin  = (*Plugin)(nil)
	_ plugin.Modeler = (*Plugin)(nil)
	_ plugin.Tabler  = (*Plugin)(nil)
)

// Name is the prefix of the plugin's permission actions.
func (*Plugin) Name() string { return "scheduling" }

// Model hands the core every type and field the plugin reads or writes, so
// that a content type edited out from under it stops start-up with a clear
// message instead of failing requests with SQL errors.
func (p *Plugin) Model() any { return &p.m }

// Register adds the event hooks and the seven routes. The plugin's tables
// (feed tokens, event revisions) and the no-overlap constraint are the
// migrations' business (Tables).
func (p *Plugin) Register(api *plugin.API) error {
	if err := p.m.checkConstraint(); err != nil {
		return err
	}
	s := &sched{api: api, m: p.m, now: p.Now}
	if s.now == nil {
		s.now = time.Now
	}
	s.registerHooks()
	routes := []plugin.Route{
		{Method: "GET", Path: "/events/me", Action: "scheduling.myEvents",
			Summary:   "The caller's events, as coach or as learner, in from..to, with the whole query language",
			QueryKeys: []string{"from", "to"}, Response: eventListSchema, Handler: s.myEvents},
		{Method: "POST", Path: "/events/:id/sync", Action: "scheduling.sync",
			Summary: "Make the event's learners and attendance match its program's active enrollments (or the given learners)",
			Request: syncRequestSchema, Response: syncResultSchema, Handler: s.syncEvent},
		{Method: "POST", Path: "/programs/:id/events/sync", Action: "scheduling.sync",
			Summary:  "Sync every scheduled event of the program, in one transaction",
			Request:  emptyRequestSchema,
			Response: programSyncResultSchema, Handler: s.syncProgram},
		// One route serves two actions: a coach or admin marks attended or
		// absent (scheduling.markAttendance), a learner accepts or declines
		// their own invitation (scheduling.answerAttendance). The core checks
		// exactly one action per route before any plugin code runs, and no
		// action is held by both roles but scheduling.myEvents ("works with
		// their own events"), so that is the gate; the attendanceRights
		// policy and the handler then apply the two real actions.
		{Method: "PUT", Path: "/events/:id/attendance/:learnerId", Action: "scheduling.myEvents",
			Summary:  "Set a learner's attendance: a coach or admin marks attended/absent; a learner accepts or declines their own",
			Request:  attendanceRequestSchema,
			Response: map[string]any{"$ref": "#/components/schemas/attendance"},
			Policies: []plugin.Policy{s.attendanceRights}, Handler: s.setAttendance},
		{Method: "GET", Path: "/events/:id/ics", Action: "scheduling.ics",
			Summary:  "The event as iCalendar (RFC 5545)",
			Response: icsSchema, Handler: s.eventICS},
		{Method: "POST", Path: "/calendar/token", Action: "scheduling.calendarToken",
			Summary:  "Make a new private calendar feed URL for the caller; the previous one stops working",
			Request:  emptyRequestSchema,
			Response: tokenSchema, Handler: s.rotateToken},
		// fiber cannot end a parameter at ".ics", so the whole last segment
		// is the parameter and the handler requires the suffix.
		{Method: "GET", Path: "/calendar/:file", Action: "scheduling.feed",
			Summary:  "The personal iCalendar subscription feed at /api/calendar/<token>.ics (no bearer token: the URL is the secret)",
			Response: icsSchema, Handler: s.feed, Secret: []string{"file"}},
	}
	for _, r := range routes {
		r.Tag = "Scheduling"
		if err := api.Route(r); err != nil {
			return err
		}
	}
	return api.GraphQL(s.myEventsField())
}

// sched is the plugin at work: the API it was given, the schema pieces it
// uses and its clock.
type sched struct {
	api *plugin.API
	m   model
	now func() time.Time
	// guarded caches whether the events table carries the no-overlap
	// constraint (see constraintHeld): 0 not known yet, 1 yes, 2 no.
	guarded atomic.Int32
}

// Event and attendance statuses the rules name.
const (
	statusScheduled = "scheduled"
	statusCancelled = "cancelled"

	attInvited  = "invited"
	attAccepted = "accepted"
	attDeclined = "declined"
	attAttended = "attended"
	attAbsent   = "absent"
)

// model holds the content types and attributes the plugin uses, named
// once; the core checks and fills it before Register.
type model struct {
	Event      *schema.ContentType `kiln:"event"`
	Attendance *schema.ContentType `kiln:"attendance"`
	Learner    *schema.ContentType `kiln:"learner"`
	Coach      *schema.ContentType `kiln:"coach"`
	Enrollment *schema.ContentType `kiln:"enrollment"`
	Program    *schema.ContentType `kiln:"program"`
	User       *schema.ContentType `kiln:"user"`

	EvTitle       *schema.Attribute `kiln:"event.title"`
	EvDescription *schema.Attribute `kiln:"event.description"`
	EvStart       *schema.Attribute `kiln:"event.startAt"`
	EvEnd         *schema.Attribute `kiln:"event.endAt"`
	EvLocation    *schema.Attribute `kiln:"event.location"`
	EvMeetingURL  *schema.Attribute `kiln:"event.meetingUrl"`
	EvStatus      *schema.Attribute `kiln:"event.status"`
	EvSyncedAt    *schema.Attribute `kiln:"event.syncedAt"`
	EvCoach       *schema.Attribute `kiln:"event.coach"`
	EvProgram     *schema.Attribute `kiln:"event.program"`
	EvLearners    *schema.Attribute `kiln:"event.learners"`
	EvAttendances *schema.Attribute `kiln:"event.attendances"`

	AttStatus    *schema.Attribute `kiln:"attendance.status"`
	AttResponded *schema.Attribute `kiln:"attendance.respondedAt"`
	AttEvent     *schema.Attribute `kiln:"attendance.event"`
	AttLearner   *schema.Attribute `kiln:"attendance.learner"`

	LearnerName        *schema.Attribute `kiln:"learner.name"`
	LearnerEmail       *schema.Attribute `kiln:"learner.email"`
	LearnerUser        *schema.Attribute `kiln:"learner.user"`
	LearnerEnrollments *schema.Attribute `kiln:"learner.enrollments"`
	LearnerEvents      *schema.Attribute `kiln:"learner.events"`

	CoachName   *schema.Attribute `kiln:"coach.name"`
	CoachEmail  *schema.Attribute `kiln:"coach.email"`
	CoachUser   *schema.Attribute `kiln:"coach.user"`
	CoachEvents *schema.Attribute `kiln:"coach.events"`

	EnrStatus  *schema.Attribute `kiln:"enrollment.status"`
	EnrLearner *schema.Attribute `kiln:"enrollment.learner"`
	EnrProgram *schema.Attribute `kiln:"enrollment.program"`

	// UserBlocked is read through API.UserByID (a blocked user has no
	// feed); named here so that start-up checks it is there.
	UserBlocked *schema.Attribute `kiln:"user.blocked"`
}
