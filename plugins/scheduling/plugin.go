// Package scheduling is the plugin of the platform's Scheduling category:
// the rules every calendar event obeys (a coach is never double-booked),
// the caller's own calendar, bringing an event's learners in line with its
// program's enrollments, attendance answers and marks, and iCalendar
// (RFC 5545) for one event and as a personal subscription feed.
// docs/scheduling.md describes each endpoint and rule.
package scheduling

import (
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
}

// New returns the scheduling plugin on the wall clock.
func New() *Plugin { return &Plugin{} }

var _ plugin.Plugin = (*Plugin)(nil)

// Name is the prefix of the plugin's permission actions.
func (*Plugin) Name() string { return "scheduling" }

// Requires lists every type and field the plugin reads or writes, so that a
// content type edited out from under it stops start-up with a clear message
// instead of failing requests with SQL errors.
func (*Plugin) Requires() []plugin.Requirement {
	return []plugin.Requirement{
		plugin.Need("event", "title", "description", "startAt", "endAt", "location", "meetingUrl",
			"status", "syncedAt", "coach", "program", "learners", "attendances"),
		plugin.Need("attendance", "status", "respondedAt", "event", "learner"),
		plugin.Need("learner", "name", "email", "user", "enrollments"),
		plugin.Need("coach", "name", "email", "user", "events"),
		plugin.Need("enrollment", "status", "learner", "program"),
		plugin.Need("program"),
		plugin.Need("user", "blocked"),
	}
}

// Register creates the plugin's tables (feed tokens, event revisions) if
// needed, and adds the event hooks and the seven routes.
func (p *Plugin) Register(api *plugin.API) error {
	s := &sched{api: api, m: modelOf(api.Schema), now: p.Now}
	if s.now == nil {
		s.now = time.Now
	}
	if err := s.ensureTables(); err != nil {
		return err
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
			Response: icsSchema, Handler: s.feed},
	}
	for _, r := range routes {
		r.Tag = "Scheduling"
		if err := api.Route(r); err != nil {
			return err
		}
	}
	return nil
}

// sched is the plugin at work: the API it was given, the schema pieces it
// uses and its clock.
type sched struct {
	api *plugin.API
	m   model
	now func() time.Time
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

// model holds the content types and attributes the plugin uses, looked up
// once (Requires guarantees they exist).
type model struct {
	event, attendance, learner, coach, enrollment, program, user *schema.ContentType

	evTitle, evDescription, evStart, evEnd, evLocation, evMeetingURL, evStatus, evSyncedAt *schema.Attribute
	evCoach, evProgram, evLearners, evAttendances                                          *schema.Attribute

	attStatus, attResponded, attEvent, attLearner *schema.Attribute

	learnerName, learnerEmail, learnerUser, learnerEnrollments *schema.Attribute
	coachName, coachEmail, coachUser                           *schema.Attribute
	coachEvents                                                *schema.Attribute

	enrStatus, enrLearner, enrProgram *schema.Attribute
}

func modelOf(s *schema.Schema) model {
	ev, at, le, co, en, us := s.Type("event"), s.Type("attendance"), s.Type("learner"), s.Type("coach"), s.Type("enrollment"), s.Type("user")
	return model{
		event: ev, attendance: at, learner: le, coach: co, enrollment: en, program: s.Type("program"), user: us,

		evTitle: ev.Attr("title"), evDescription: ev.Attr("description"), evStart: ev.Attr("startAt"), evEnd: ev.Attr("endAt"),
		evLocation: ev.Attr("location"), evMeetingURL: ev.Attr("meetingUrl"), evStatus: ev.Attr("status"), evSyncedAt: ev.Attr("syncedAt"),
		evCoach: ev.Attr("coach"), evProgram: ev.Attr("program"), evLearners: ev.Attr("learners"), evAttendances: ev.Attr("attendances"),

		attStatus: at.Attr("status"), attResponded: at.Attr("respondedAt"), attEvent: at.Attr("event"), attLearner: at.Attr("learner"),

		learnerName: le.Attr("name"), learnerEmail: le.Attr("email"), learnerUser: le.Attr("user"), learnerEnrollments: le.Attr("enrollments"),
		coachName: co.Attr("name"), coachEmail: co.Attr("email"), coachUser: co.Attr("user"), coachEvents: co.Attr("events"),

		enrStatus: en.Attr("status"), enrLearner: en.Attr("learner"), enrProgram: en.Attr("program"),
	}
}
