package scheduling

import (
	"context"
	"slices"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/reply"
	"github.com/kiln-cms/kiln/core/schema"
)

// Who may set which attendance status. A role that may update attendance
// entries outright (attendance.update: admins) may set any status here
// too; otherwise marks and answers are separate rights, so a learner can
// never mark themselves present and a coach never answers for a learner.
var (
	marks   = []string{attAttended, attAbsent}
	answers = []string{attAccepted, attDeclined}
	anyMark = []string{attInvited, attAccepted, attDeclined, attAttended, attAbsent}
)

// attendanceRights is the route's policy: the caller needs one of the two
// real actions (the route's own action only gates the role in, see
// Register).
func (s *sched) attendanceRights(c *fiber.Ctx) error {
	if s.api.Allowed(c, "scheduling.markAttendance") || s.api.Allowed(c, "scheduling.answerAttendance") {
		return nil
	}
	return errs.New(errs.KindForbidden, "Forbidden")
}

// setAttendance answers PUT /api/events/:id/attendance/:learnerId
// {"status": ...}. The event and the learner must be ones the caller can
// see (a coach's own event and learners, a learner's own), or the answer
// is the 404 of a missing one, with nothing written; the status must be
// one the caller's role may set; a learner answers only for themselves
// and not for a cancelled event. The learner must already have an
// attendance row on the event that the caller can see (a sync creates
// them). Answers stamp respondedAt. Every read and the write go through
// the caller's read options, in one transaction.
func (s *sched) setAttendance(c *fiber.Ctx) error {
	status, err := attendanceBody(c)
	if err != nil {
		return err
	}
	ro := s.api.ReadOptions(c)
	var out *content.Entry
	err = s.api.Content.InTx(c.UserContext(), func(ctx context.Context, tx content.TxDoor) error {
		ev, err := tx.FindOne(ctx, &query.Query{Type: s.m.Event, Fields: []*schema.Attribute{s.m.EvStatus}, Status: query.Draft},
			content.ParseRef(c.Params("id")), ro)
		if err != nil {
			return err
		}
		learner, err := tx.FindOne(ctx, &query.Query{Type: s.m.Learner, Fields: query.IDsOnly(), Status: query.Draft},
			content.ParseRef(c.Params("learnerId")), ro)
		if err != nil {
			return err
		}
		answering, err := s.mayMark(ctx, c, tx, status, ev, learner)
		if err != nil {
			return err
		}
		out, err = s.writeAttendance(ctx, tx, ev.ID, learner.ID, status, answering, ro)
		return err
	})
	if err != nil {
		return err
	}
	return reply.Entry(c, fiber.StatusOK, out)
}

// mayMark checks that the caller's role may set status on the learner's
// attendance, and reports whether it is the learner's own answer.
func (s *sched) mayMark(ctx context.Context, c *fiber.Ctx, tx content.TxDoor, status string, ev, learner *content.Entry) (answering bool, err error) {
	switch {
	case s.api.Allowed(c, "attendance.update"):
	case s.api.Allowed(c, "scheduling.markAttendance") && slices.Contains(marks, status):
	case s.api.Allowed(c, "scheduling.answerAttendance") && slices.Contains(answers, status):
		owner, err := tx.Targets(ctx, s.m.LearnerUser, learner.ID)
		if err != nil {
			return false, err
		}
		if owner[learner.ID] != s.api.Caller(c).UserID {
			return false, errs.New(errs.KindForbidden, "a learner answers only their own attendance")
		}
		if st, _ := ev.Get(s.m.EvStatus); st == statusCancelled {
			return false, errs.Fields([]errs.FieldError{errs.Field("status", "the event is cancelled")})
		}
		return true, nil
	default:
		return false, errs.New(errs.KindForbidden, "your role may set an attendance only to "+allowedText(s, c))
	}
	return false, nil
}

// writeAttendance sets the status of the learner's attendance row on the
// event, one the caller may see, stamping respondedAt on an answer.
func (s *sched) writeAttendance(ctx context.Context, tx content.TxDoor, eventID, learnerID int64, status string, answering bool, ro content.ReadOptions) (*content.Entry, error) {
	f := query.And(query.Eq(s.m.AttEvent, eventID), query.Eq(s.m.AttLearner, learnerID))
	rows, err := tx.Find(ctx, &query.Query{Type: s.m.Attendance, Filters: f, Fields: query.IDsOnly(),
		Pagination: query.Pagination{Mode: query.OffsetStyle, Limit: 1}}, ro)
	if err != nil {
		return nil, err
	}
	if len(rows.Entries) == 0 {
		return nil, errs.New(errs.KindNotFound, "the learner is not invited to this event (sync the event first)")
	}
	w := content.NewWrite(s.m.Attendance).Set(s.m.AttStatus.Name, status)
	if answering {
		w.Set(s.m.AttResponded.Name, s.now())
	}
	// The content service, so that the write is checked and runs every
	// other plugin's attendance hooks; the rights were settled above.
	return tx.Update(ctx, &query.Query{Type: s.m.Attendance}, content.ID(rows.Entries[0].ID), w, ro)
}

// allowedText names the statuses the caller may set, for the refusal.
func allowedText(s *sched, c *fiber.Ctx) string {
	var ok []string
	if s.api.Allowed(c, "scheduling.markAttendance") {
		ok = append(ok, marks...)
	}
	if s.api.Allowed(c, "scheduling.answerAttendance") {
		ok = append(ok, answers...)
	}
	if len(ok) == 0 {
		return "nothing"
	}
	out := ""
	for i, st := range ok {
		switch {
		case i == 0:
		case i == len(ok)-1:
			out += " or "
		default:
			out += ", "
		}
		out += st
	}
	return out
}

// attendanceBody reads {"status": ...}, or the same inside Strapi's
// {"data": {...}}; nothing else.
func attendanceBody(c *fiber.Ctx) (string, error) {
	var body map[string]any
	if err := reply.DecodeBody(c, &body); err != nil {
		return "", err
	}
	if inner, ok := body["data"].(map[string]any); ok && len(body) == 1 {
		body = inner
	}
	for k := range body {
		if k != "status" {
			return "", errs.InvalidKey(k, k, "body", "")
		}
	}
	status, _ := body["status"].(string)
	if !slices.Contains(anyMark, status) {
		return "", errs.Fields([]errs.FieldError{errs.Field("status",
			"status must be one of the following values: invited, accepted, declined, attended, absent").WithValue(body["status"])})
	}
	return status, nil
}
