package analytics

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/reply"
	"github.com/kiln-cms/kiln/core/schema"
)

// Coach is one coach's figures.
type Coach struct {
	ID         int64  `json:"id"`
	DocumentID string `json:"documentId"`
	Name       string `json:"name"`
	Learners   struct {
		Assigned    int64   `json:"assigned"`
		Capacity    int64   `json:"capacity"`
		Utilization float64 `json:"utilization"`
	} `json:"learners"`
	Events struct {
		Delivered int64 `json:"delivered"`
		Upcoming  int64 `json:"upcoming"`
		Cancelled int64 `json:"cancelled"`
	} `json:"events"`
	AttendanceRate float64 `json:"attendanceRate"`
	HoursDelivered float64 `json:"hoursDelivered"`
}

// coach answers GET /analytics/coaches/:id in four queries, whoever asks:
// the reference resolved, the coach with their learner count, their
// events, and the attendance on those events. A coach the caller may not
// see is the 404 of one that does not exist; so is any coach but their
// own for a role that may not read coach records at all. Every figure
// counts only what the caller may see (see stmt): a coach sees their own
// learners, events and attendance.
func (a *analytics) coach(c *fiber.Ctx) error {
	win, err := parseWindow(c)
	if err != nil {
		return err
	}
	ctx, now, ro := c.UserContext(), a.now().UTC(), a.api.ReadOptions(c)
	id, err := a.resolve(ctx, a.m.Coach, c.Params("id"), ro)
	if err != nil {
		return err
	}
	k := Coach{ID: id}
	user, err := a.coachLearners(ctx, ro, &k)
	if errors.Is(err, sql.ErrNoRows) {
		return errs.NotFound() // deleted since it was resolved
	} else if err != nil {
		return err
	}
	if !a.api.Allowed(c, "coach.findOne") && (!user.Valid || user.Int64 != a.api.Caller(c).UserID) {
		return errs.NotFound()
	}
	if err := a.coachEvents(ctx, ro, &k, win, now); err != nil {
		return err
	}
	if err := a.coachAttendance(ctx, ro, &k, win); err != nil {
		return err
	}
	return reply.Data(c, fiber.StatusOK, &k)
}

// coachLearners reads the coach k.ID, their user (for the permission
// check, returned) and their learners against their capacity.
func (a *analytics) coachLearners(ctx context.Context, ro content.ReadOptions, k *Coach) (user sql.NullInt64, err error) {
	m, b := a.m, a.stmt(ro)
	b.W("SELECT ")
	b.cols("k", schema.SysDocumentID, m.CoachName, m.CoachUser, m.CoachMaxLearners).W(", (SELECT COUNT(*) FROM ").
		From(m.Learner, "l").W(" WHERE ").Col("l", m.LearnerCoach).W(" = ").ID("k").
		W(") FROM ").From(m.Coach, "k").W(" WHERE ").ID("k").W(" = ").Int(k.ID)
	var capacity sql.NullInt64
	if err := b.QueryRow(ctx, &k.DocumentID, &k.Name, &user, &capacity, &k.Learners.Assigned); err != nil {
		return user, err
	}
	k.Learners.Capacity = capacity.Int64
	k.Learners.Utilization = rate(k.Learners.Assigned, k.Learners.Capacity)
	return user, nil
}

// coachEvents counts the coach's events in the window and the hours they
// delivered.
func (a *analytics) coachEvents(ctx context.Context, ro content.ReadOptions, k *Coach, win window, now time.Time) error {
	m, b := a.m, a.stmt(ro)
	b.W("SELECT ")
	b.eventCounts("e", now)
	b.W(" FROM ").From(m.Event, "e").W(" WHERE ").Col("e", m.EventCoach).W(" = ").Int(k.ID)
	b.inWindow("e", win)
	var hours float64
	if err := b.QueryRow(ctx, &k.Events.Delivered, &k.Events.Upcoming, &k.Events.Cancelled, &hours); err != nil {
		return err
	}
	k.HoursDelivered = round(hours, 2)
	return nil
}

// coachAttendance is the attendance rate on the coach's events in the
// window.
func (a *analytics) coachAttendance(ctx context.Context, ro content.ReadOptions, k *Coach, win window) error {
	m, b := a.m, a.stmt(ro)
	b.W("SELECT ")
	b.attendanceCounts("att")
	b.W(" FROM ")
	b.marks("att", "e")
	b.W(" WHERE ").Col("e", m.EventCoach).W(" = ").Int(k.ID).W(" AND ")
	b.markedOn("att", "e")
	b.inWindow("e", win)
	var attended, absent int64
	if err := b.QueryRow(ctx, &attended, &absent); err != nil {
		return err
	}
	k.AttendanceRate = rate(attended, attended+absent)
	return nil
}
