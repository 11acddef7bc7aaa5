package scheduling

import (
	"context"
	"net/url"
	"sort"
	"strings"
	"time"
	"unicode"

	ics "github.com/arran4/golang-ical"
	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// icsPopulate is what an event needs for iCalendar: the coach as
// ORGANIZER, the learners and their attendance answers as ATTENDEEs.
func (s *sched) icsPopulate() []*query.Populate {
	m := s.m
	person := func(rel, name, email *schema.Attribute) *query.Populate {
		return &query.Populate{Relation: rel, Query: &query.Query{Type: rel.TargetType, Fields: []*schema.Attribute{name, email}}}
	}
	return []*query.Populate{
		person(m.EvCoach, m.CoachName, m.CoachEmail),
		person(m.EvLearners, m.LearnerName, m.LearnerEmail),
		{Relation: m.EvAttendances, Query: &query.Query{Type: m.EvAttendances.TargetType, Fields: []*schema.Attribute{m.AttStatus},
			Populate: []*query.Populate{person(m.AttLearner, m.LearnerName, m.LearnerEmail)}}},
	}
}

// eventICS answers GET /api/events/:id/ics: one event as a calendar file.
// The caller must be able to see the event (404 otherwise), and sees as
// attendees only the learners their scopes show them: a learner sees
// themselves, a coach their learners.
func (s *sched) eventICS(c *fiber.Ctx) error {
	ctx := c.UserContext()
	ro := s.api.ReadOptions(c)
	ev, err := s.api.Content.FindOne(ctx, &query.Query{Type: s.m.Event, Fields: query.IDsOnly(), Status: query.Draft}, content.ParseRef(c.Params("id")), ro)
	if err != nil {
		return err
	}
	list, revs, err := s.icsEvents(ctx, query.Eq(schema.SysID, ev.ID), ro, 1, false)
	if err != nil {
		return err
	}
	cal := s.calendar()
	for _, e := range list {
		s.addEvent(cal, e, revs[e.ID])
	}
	c.Set(fiber.HeaderContentDisposition, `attachment; filename="`+ev.DocumentID+`.ics"`)
	return sendCalendar(c, cal)
}

// icsEvents loads at most limit events that f selects, with what
// iCalendar shows, through ro: the earliest, or with latest the latest;
// and their revisions by id, in one more statement for all of them.
func (s *sched) icsEvents(ctx context.Context, f *query.Filter, ro content.ReadOptions, limit int, latest bool) ([]*content.Entry, map[int64]int64, error) {
	q := &query.Query{Type: s.m.Event, Filters: f, Status: query.Draft, Populate: s.icsPopulate(),
		Sort:       []query.SortKey{{Path: []*schema.Attribute{s.m.EvStart}, Desc: latest}},
		Pagination: query.Pagination{Mode: query.OffsetStyle, Limit: limit}}
	page, err := s.api.Content.Find(ctx, q, ro)
	if err != nil {
		return nil, nil, err
	}
	revs, err := s.revisions(ctx, page.Entries)
	return page.Entries, revs, err
}

// calendar is an empty VCALENDAR as Kiln publishes it.
func (s *sched) calendar() *ics.Calendar {
	cal := ics.NewCalendar()
	cal.SetProductId("-//Kiln//Scheduling//EN")
	cal.SetCalscale("GREGORIAN")
	cal.SetMethod(ics.MethodPublish)
	return cal
}

// addEvent writes one event as a VEVENT. UID is the documentId, stable for
// the event's life; SEQUENCE is the event's revision (revision.go), one
// more on every change; times are UTC; a cancelled event stays in the
// calendar with STATUS:CANCELLED (and TRANSP:TRANSPARENT) so that clients
// remove it rather than keep a stale copy. ATTENDEEs are the learners and
// attendance rows the read populated, so those its read options show. The
// library escapes TEXT values and folds lines at 75 octets.
func (s *sched) addEvent(cal *ics.Calendar, e *content.Entry, revision int64) {
	m := s.m
	v := cal.AddEvent(e.DocumentID + "@kiln")
	created, updated, _ := e.Timestamps()
	v.SetDtStampTime(s.now())
	if t, ok := created.(time.Time); ok {
		v.SetCreatedTime(t)
	}
	if u, ok := updated.(time.Time); ok {
		v.SetModifiedAt(u)
	}
	v.SetSequence(sequence(revision))
	if t, ok := get(e, m.EvStart).(time.Time); ok {
		v.SetStartAt(t)
	}
	if t, ok := get(e, m.EvEnd).(time.Time); ok {
		v.SetEndAt(t)
	}
	v.SetSummary(text(str(get(e, m.EvTitle))))
	if d := text(str(get(e, m.EvDescription))); d != "" {
		v.SetDescription(d)
	}
	link := safeURL(str(get(e, m.EvMeetingURL)))
	if loc := text(str(get(e, m.EvLocation))); loc != "" {
		v.SetLocation(loc)
	} else if link != "" {
		v.SetLocation(link) // where clients show it, a link is the place
	}
	if link != "" {
		v.SetURL(link)
	}
	if get(e, m.EvStatus) == statusCancelled {
		v.SetStatus(ics.ObjectStatusCancelled)
		v.SetTimeTransparency(ics.TransparencyTransparent)
	} else {
		v.SetStatus(ics.ObjectStatusConfirmed)
		v.SetTimeTransparency(ics.TransparencyOpaque)
	}
	if coach, ok := get(e, m.EvCoach).(*content.Entry); ok && coach != nil {
		if addr := mailto(str(get(coach, m.CoachEmail))); addr != "" {
			v.SetOrganizer(addr, ics.WithCN(cn(str(get(coach, m.CoachName)))))
		}
	}
	for _, a := range s.attendees(e) {
		if addr := mailto(a.email); addr != "" {
			v.AddAttendee(addr, ics.CalendarUserTypeIndividual, ics.ParticipationRoleReqParticipant, a.partstat, ics.WithCN(cn(a.name)))
		}
	}
}

// attendee is one learner of an event with their answer.
type attendee struct {
	id          int64
	name, email string
	partstat    ics.ParticipationStatus
}

// attendees merges an event's learners and attendance rows, by learner id:
// a learner without a row has not answered (NEEDS-ACTION). attended and
// absent are marks made after the event; a calendar can only say whether
// the learner took part (ACCEPTED) or not (DECLINED).
func (s *sched) attendees(e *content.Entry) []attendee {
	m := s.m
	by := map[int64]*attendee{}
	learners, _ := get(e, m.EvLearners).([]*content.Entry)
	for _, l := range learners {
		by[l.ID] = &attendee{id: l.ID, name: str(get(l, m.LearnerName)), email: str(get(l, m.LearnerEmail)),
			partstat: ics.ParticipationStatusNeedsAction}
	}
	rows, _ := get(e, m.EvAttendances).([]*content.Entry)
	sort.Slice(rows, func(i, j int) bool { return rows[i].ID < rows[j].ID })
	for _, r := range rows {
		l, _ := get(r, m.AttLearner).(*content.Entry)
		if l == nil {
			continue
		}
		a := by[l.ID]
		if a == nil {
			a = &attendee{id: l.ID, name: str(get(l, m.LearnerName)), email: str(get(l, m.LearnerEmail))}
			by[l.ID] = a
		} else if a.partstat != ics.ParticipationStatusNeedsAction {
			continue // a duplicate row: the oldest one speaks
		}
		switch get(r, m.AttStatus) {
		case attAccepted, attAttended:
			a.partstat = ics.ParticipationStatusAccepted
		case attDeclined, attAbsent:
			a.partstat = ics.ParticipationStatusDeclined
		default:
			a.partstat = ics.ParticipationStatusNeedsAction
		}
	}
	out := make([]attendee, 0, len(by))
	for _, a := range by {
		out = append(out, *a)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].id < out[j].id })
	return out
}

// sendCalendar writes the calendar with its media type. RFC 5545 ends
// content lines with CRLF; the library's default is LF alone.
func sendCalendar(c *fiber.Ctx, cal *ics.Calendar) error {
	c.Set(fiber.HeaderContentType, "text/calendar; charset=utf-8")
	return c.SendString(cal.Serialize(ics.WithNewLine("\r\n")))
}

// get is an entry's value for a, nil when absent.
func get(e *content.Entry, a *schema.Attribute) any {
	v, _ := e.Get(a)
	return v
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

// text prepares a TEXT value for the library, which escapes backslash,
// comma, semicolon and LF but passes other control characters through: a
// CR would end the content line early, so line breaks become LF and other
// controls but TAB are dropped.
func text(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' || !unicode.IsControl(r) {
			return r
		}
		if r == '\r' {
			return '\n'
		}
		return -1
	}, s)
}

// cn prepares a CN parameter. A parameter value may not hold DQUOTE or
// controls at all, and the library writes ",", ";" and ":" with backslash
// escapes that RFC 5545 does not define for parameters (it only quotes
// ALTREP), so those become spaces: "Doe, Jane" is shown as "Doe  Jane"
// collapsed to "Doe Jane", never a broken line.
func cn(s string) string {
	s = strings.Map(func(r rune) rune {
		switch {
		case r == '"' || unicode.IsControl(r):
			return -1
		case r == ',' || r == ';' || r == ':':
			return ' '
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}

// mailto is a CAL-ADDRESS for an e-mail, or "" when the address could
// break the content line (URIs are not escaped by the library).
func mailto(email string) string {
	if email == "" || strings.IndexFunc(email, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) >= 0 {
		return ""
	}
	return "mailto:" + email
}

// safeURL is the meeting link when it is an http(s) URL without spaces or
// controls; the content type's regex refuses others on write, but a value
// stored before it (or imported) is not checked, and a URI value is
// written unescaped, so anything else is left out.
func safeURL(raw string) string {
	if raw == "" || strings.IndexFunc(raw, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) >= 0 {
		return ""
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return ""
	}
	return raw
}
