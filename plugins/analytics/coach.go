package analytics

import (
	"database/sql"
	"errors"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/rest"
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

// coach answers GET /analytics/coaches/:id: the reference resolved, the
// coach with their learner count, their events, and the attendance on
// those events — four queries, and one more per type the caller's scopes
// limit (see view). A coach the caller may not see is the 404 of one that
// does not exist; so is any coach but their own for a role that may not
// read coach records at all. Every figure counts only what the caller may
// see: a coach sees their own learners, events and attendance.
func (a *analytics) coach(c *fiber.Ctx) error {
	win, err := parseWindow(c)
	if err != nil {
		return err
	}
	ctx, now, ro := c.UserContext(), a.now().UTC(), a.api.ReadOptions(c)
	id, err := a.resolve(ctx, "coach", c.Params("id"), ro)
	if err != nil {
		return err
	}
	v, err := a.viewOf(ctx, ro, "learner", "event", "attendance")
	if err != nil {
		return err
	}
	k := Coach{ID: id}

	// 1. The coach, their user and their learners.
	var user sql.NullInt64
	var capacity sql.NullInt64
	b := a.sql(v)
	b.w("SELECT ", sys("k", schema.ColDocumentID), ", ", b.c("k", "coach", "name"), ", ", b.c("k", "coach", "user"), ", ",
		b.c("k", "coach", "maxLearners"), ", (SELECT COUNT(*) FROM ", b.tblAs("learner", "l"), " WHERE ",
		b.c("l", "learner", "coach"), " = ", sys("k", schema.ColID))
	b.and(sys("l", schema.ColID), "learner")
	b.w(") FROM ", b.tblAs("coach", "k"), " WHERE ", sys("k", schema.ColID), " = ").id(id)
	err = b.row(ctx, &k.DocumentID, &k.Name, &user, &capacity, &k.Learners.Assigned)
	if errors.Is(err, sql.ErrNoRows) {
		return errs.NotFound() // deleted since it was resolved
	} else if err != nil {
		return err
	}
	if !a.api.Allowed(c, "coach.findOne") && (!user.Valid || user.Int64 != a.api.Caller(c).UserID) {
		return errs.NotFound()
	}
	k.Learners.Capacity = capacity.Int64
	k.Learners.Utilization = rate(k.Learners.Assigned, k.Learners.Capacity)

	// 2. Their events in the window.
	var hours float64
	b = a.sql(v)
	b.w("SELECT ")
	b.countIf(func() { b.held("e", now) }).w(", ")
	b.countIf(func() { b.upcoming("e", now) }).w(", ")
	b.countIf(func() { b.cancelled("e") }).w(", ")
	b.sumIf(func() { b.held("e", now) }, func() { b.hours("e") })
	b.w(" FROM ", b.tblAs("event", "e"), " WHERE ", b.c("e", "event", "coach"), " = ").id(id)
	b.and(sys("e", schema.ColID), "event")
	b.inWindow("e", win)
	if err := b.row(ctx, &k.Events.Delivered, &k.Events.Upcoming, &k.Events.Cancelled, &hours); err != nil {
		return err
	}
	k.HoursDelivered = round(hours, 2)

	// 3. Attendance marks on those events.
	var attended, absent int64
	b = a.sql(v)
	b.w("SELECT ")
	b.attendanceCounts("att")
	b.w(" FROM ", b.tblAs("attendance", "att"), " JOIN ", b.tblAs("event", "e"),
		" ON ", sys("e", schema.ColID), " = ", b.c("att", "attendance", "event"),
		" WHERE ", b.c("e", "event", "coach"), " = ").id(id).w(" AND ")
	b.markedOn("att", "e")
	b.and(sys("att", schema.ColID), "attendance").and(sys("e", schema.ColID), "event")
	b.inWindow("e", win)
	if err := b.row(ctx, &attended, &absent); err != nil {
		return err
	}
	k.AttendanceRate = rate(attended, attended+absent)
	return rest.WriteData(c, fiber.StatusOK, &k)
}
