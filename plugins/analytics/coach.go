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

// coach answers GET /analytics/coaches/:id in four queries: the reference
// resolved, the coach with their learner count, their events, and the
// attendance on those events. A caller who may not read every coach sees
// only the coach whose user they are; anyone else's is a 403, told after
// the second query (the coach's user is read with the coach).
func (a *analytics) coach(c *fiber.Ctx) error {
	win, err := parseWindow(c)
	if err != nil {
		return err
	}
	ctx, now := c.UserContext(), a.now().UTC()
	id, err := a.resolve(ctx, "coach", c.Params("id"))
	if err != nil {
		return err
	}
	k := Coach{ID: id}

	// 1. The coach, their user and their learners.
	var user sql.NullInt64
	var capacity sql.NullInt64
	b := a.sql()
	b.w("SELECT ", sys("k", schema.ColDocumentID), ", ", b.c("k", "coach", "name"), ", ", b.c("k", "coach", "user"), ", ",
		b.c("k", "coach", "maxLearners"), ", (SELECT COUNT(*) FROM ", b.tblAs("learner", "l"), " WHERE ",
		b.c("l", "learner", "coach"), " = ", sys("k", schema.ColID), ") FROM ", b.tblAs("coach", "k"),
		" WHERE ", sys("k", schema.ColID), " = ").id(id)
	err = b.row(ctx, &k.DocumentID, &k.Name, &user, &capacity, &k.Learners.Assigned)
	if errors.Is(err, sql.ErrNoRows) {
		return errs.NotFound() // deleted since it was resolved
	} else if err != nil {
		return err
	}
	if !a.seesEveryCoach(c) && (!user.Valid || user.Int64 != a.api.Caller(c).UserID) {
		return errs.New(errs.KindForbidden, "a coach sees only their own figures")
	}
	k.Learners.Capacity = capacity.Int64
	k.Learners.Utilization = rate(k.Learners.Assigned, k.Learners.Capacity)

	// 2. Their events in the window.
	var hours float64
	b = a.sql()
	b.w("SELECT ")
	b.countIf(func() { b.held("e", now) }).w(", ")
	b.countIf(func() { b.upcoming("e", now) }).w(", ")
	b.countIf(func() { b.cancelled("e") }).w(", ")
	b.sumIf(func() { b.held("e", now) }, func() { b.hours("e") })
	b.w(" FROM ", b.tblAs("event", "e"), " WHERE ", b.c("e", "event", "coach"), " = ").id(id)
	b.inWindow("e", win)
	if err := b.row(ctx, &k.Events.Delivered, &k.Events.Upcoming, &k.Events.Cancelled, &hours); err != nil {
		return err
	}
	k.HoursDelivered = round(hours, 2)

	// 3. Attendance marks on those events.
	var attended, absent int64
	b = a.sql()
	b.w("SELECT ")
	b.attendanceCounts("att")
	b.w(" FROM ", b.tblAs("attendance", "att"), " JOIN ", b.tblAs("event", "e"),
		" ON ", sys("e", schema.ColID), " = ", b.c("att", "attendance", "event"),
		" WHERE ", b.c("e", "event", "coach"), " = ").id(id).w(" AND ")
	b.markedOn("att", "e")
	b.inWindow("e", win)
	if err := b.row(ctx, &attended, &absent); err != nil {
		return err
	}
	k.AttendanceRate = rate(attended, attended+absent)
	return rest.WriteData(c, fiber.StatusOK, &k)
}

// seesEveryCoach reports whether the caller may see any coach's figures:
// their role reads coach records without an ownership scope
// (config/permissions.yaml), as the admin's does. The coach role reads
// coaches through the scope "the coach whose user is me", so it gets only
// its own figures; a role that may not read coaches at all gets only its
// own too, which fails closed if analytics.coach is granted carelessly.
func (a *analytics) seesEveryCoach(c *fiber.Ctx) bool {
	if !a.api.Allowed(c, "coach.findOne") {
		return false
	}
	ro := a.api.ReadOptions(c)
	return ro.Scope(a.api.Schema.Type("coach")) == nil
}
