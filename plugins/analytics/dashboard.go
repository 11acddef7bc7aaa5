package analytics

import (
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/rest"
	"github.com/kiln-cms/kiln/core/schema"
)

// Dashboard is the platform at a glance. Field names are the figures'
// names on the wire; docs/analytics.md defines each.
type Dashboard struct {
	Programs struct {
		Total    int64 `json:"total"`
		ByStatus struct {
			Draft     int64 `json:"draft"`
			Published int64 `json:"published"`
			Archived  int64 `json:"archived"`
		} `json:"byStatus"`
	} `json:"programs"`
	Customers struct {
		Total  int64 `json:"total"`
		Active int64 `json:"active"`
	} `json:"customers"`
	Learners Learners `json:"learners"`
	Coaches  struct {
		Total       int64   `json:"total"`
		Active      int64   `json:"active"`
		Utilization float64 `json:"utilization"`
	} `json:"coaches"`
	Enrollments struct {
		Enrollments
		CompletionRate float64 `json:"completionRate"`
		MeanProgress   float64 `json:"meanProgress"`
	} `json:"enrollments"`
	Events struct {
		Next7Days int64 `json:"next7Days"`
	} `json:"events"`
	Attendance struct {
		Rate30Days float64 `json:"rate30Days"`
	} `json:"attendance"`
}

// Learners counts learners and the active ones among them (with at least
// one active enrollment).
type Learners struct {
	Total  int64 `json:"total"`
	Active int64 `json:"active"`
}

// Enrollments counts enrollments by status.
type Enrollments struct {
	Total    int64 `json:"total"`
	ByStatus struct {
		Invited   int64 `json:"invited"`
		Active    int64 `json:"active"`
		Completed int64 `json:"completed"`
		Dropped   int64 `json:"dropped"`
	} `json:"byStatus"`
}

// dashboard answers GET /analytics/dashboard in four queries (and one
// more per type the caller's scopes limit, see view; every figure counts
// only what the caller may see): the
// population (programs, customers, learners, coaches), enrollments (with
// the active learners, counted from them), the events of the next 7 days
// and the attendance of the last 30. The population's parts are one-row
// derived tables cross-joined, so they travel in one round trip.
//
// Every figure here is either a count of current state or bounded to its
// own short period (next 7 days, last 30): the dashboard scans each
// table at most once and stays fast at scale. A from/to window narrows
// the two periods (their part inside the window counts).
func (a *analytics) dashboard(c *fiber.Ctx) error {
	win, err := parseWindow(c)
	if err != nil {
		return err
	}
	ctx, now := c.UserContext(), a.now().UTC()
	v, err := a.viewOf(ctx, a.api.ReadOptions(c), "program", "customer", "learner", "coach", "enrollment", "event", "attendance")
	if err != nil {
		return err
	}
	var d Dashboard

	// 1. Population.
	var capacity, assigned int64
	b := a.sql(v)
	b.w("SELECT p.total, p.draft, p.published, p.archived, cu.total, cu.active, ln.total, ",
		"co.total, co.active, co.capacity, asg.assigned FROM ")
	b.w("(SELECT COUNT(*) AS total, ")
	for i, s := range []string{"draft", "published", "archived"} {
		if i > 0 {
			b.w(", ")
		}
		b.countIf(func() { b.w(b.c("pr", "program", "status"), " = ").str(s) }).w(" AS ", s)
	}
	b.w(" FROM ", b.tblAs("program", "pr"))
	b.where(sys("pr", schema.ColID), "program")
	b.w(") p CROSS JOIN ")
	b.w("(SELECT COUNT(*) AS total, ")
	b.countIf(func() { b.w(b.c("c", "customer", "active"), " = ").boolean(true) })
	b.w(" AS active FROM ", b.tblAs("customer", "c"))
	b.where(sys("c", schema.ColID), "customer")
	b.w(") cu CROSS JOIN ")
	b.w("(SELECT COUNT(*) AS total FROM ", b.tblAs("learner", "l"))
	b.where(sys("l", schema.ColID), "learner")
	b.w(") ln CROSS JOIN ")
	b.w("(SELECT COUNT(*) AS total, ")
	b.countIf(func() { b.w(b.c("k", "coach", "active"), " = ").boolean(true) })
	b.w(" AS active, ")
	b.sumIf(func() { b.w(b.c("k", "coach", "active"), " = ").boolean(true) },
		func() { b.w("COALESCE(", b.c("k", "coach", "maxLearners"), ", 0)") })
	b.w(" AS capacity FROM ", b.tblAs("coach", "k"))
	b.where(sys("k", schema.ColID), "coach")
	b.w(") co CROSS JOIN ")
	b.w("(SELECT COUNT(*) AS assigned FROM ", b.tblAs("learner", "la"), " JOIN ", b.tblAs("coach", "ka"),
		" ON ", sys("ka", schema.ColID), " = ", b.c("la", "learner", "coach"),
		" WHERE ", b.c("ka", "coach", "active"), " = ").boolean(true)
	b.and(sys("la", schema.ColID), "learner").and(sys("ka", schema.ColID), "coach")
	b.w(") asg")
	bs := &d.Programs.ByStatus
	if err := b.row(ctx, &d.Programs.Total, &bs.Draft, &bs.Published, &bs.Archived,
		&d.Customers.Total, &d.Customers.Active, &d.Learners.Total,
		&d.Coaches.Total, &d.Coaches.Active, &capacity, &assigned); err != nil {
		return err
	}
	d.Coaches.Utilization = rate(assigned, capacity)

	// 2. Enrollments, and the learners with an active one: the distinct
	// learners of the active enrollments (the same set as "learners with an
	// active enrollment", without a probe per learner).
	var progress float64
	b = a.sql(v)
	b.w("SELECT ")
	b.enrollmentCounts("en")
	b.w(", COUNT(DISTINCT CASE WHEN ", b.c("en", "enrollment", "status"), " = ").str("active")
	// A learner the caller may not see is no learner of theirs, active or not.
	b.and(b.c("en", "enrollment", "learner"), "learner")
	b.w(" THEN ", b.c("en", "enrollment", "learner"), " END) FROM ", b.tblAs("enrollment", "en"))
	b.where(sys("en", schema.ColID), "enrollment")
	en := &d.Enrollments
	if err := b.row(ctx, &en.Total, &en.ByStatus.Invited, &en.ByStatus.Active, &en.ByStatus.Completed,
		&en.ByStatus.Dropped, &progress, &d.Learners.Active); err != nil {
		return err
	}
	en.CompletionRate = rate(en.ByStatus.Completed, en.Total)
	en.MeanProgress = mean(progress, en.Total)

	// 3. Scheduled events starting in the next 7 days.
	b = a.sql(v)
	b.w("SELECT COUNT(*) FROM ", b.tblAs("event", "e"), " WHERE ", b.c("e", "event", "status"), " = ").str("scheduled")
	b.and(sys("e", schema.ColID), "event")
	b.inWindow("e", window{from: &now, to: ptr(now.Add(7 * 24 * time.Hour))})
	b.inWindow("e", win)
	if err := b.row(ctx, &d.Events.Next7Days); err != nil {
		return err
	}

	// 4. Attendance on events that started in the last 30 days.
	var attended, absent int64
	b = a.sql(v)
	b.w("SELECT ")
	b.attendanceCounts("att")
	b.w(" FROM ", b.tblAs("attendance", "att"), " JOIN ", b.tblAs("event", "e"),
		" ON ", sys("e", schema.ColID), " = ", b.c("att", "attendance", "event"), " WHERE ")
	b.markedOn("att", "e")
	b.and(sys("att", schema.ColID), "attendance").and(sys("e", schema.ColID), "event")
	b.inWindow("e", window{from: ptr(now.Add(-30 * 24 * time.Hour)), to: &now})
	b.inWindow("e", win)
	if err := b.row(ctx, &attended, &absent); err != nil {
		return err
	}
	d.Attendance.Rate30Days = rate(attended, attended+absent)

	return rest.WriteData(c, fiber.StatusOK, &d)
}

func ptr[T any](v T) *T { return &v }

// activeLearner writes the condition that learner l has at least one
// active enrollment (that the caller may see): the one definition of an
// active learner.
func (b *sqlb) activeLearner(l string) {
	b.w("EXISTS (SELECT 1 FROM ", b.tblAs("enrollment", "ae"), " WHERE ", b.c("ae", "enrollment", "learner"),
		" = ", sys(l, schema.ColID), " AND ", b.c("ae", "enrollment", "status"), " = ").str("active")
	b.and(sys("ae", schema.ColID), "enrollment")
	b.w(")")
}

// enrollmentCounts writes COUNT(*), the four status counts and the sum of
// progress (a missing progress counts as 0) over enrollments aliased en.
func (b *sqlb) enrollmentCounts(en string) {
	b.w("COUNT(*)")
	for _, s := range []string{"invited", "active", "completed", "dropped"} {
		b.w(", ")
		b.countIf(func() { b.w(b.c(en, "enrollment", "status"), " = ").str(s) })
	}
	b.w(", COALESCE(SUM(COALESCE(", b.c(en, "enrollment", "progress"), ", 0)), 0)")
}
