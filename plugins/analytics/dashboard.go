package analytics

import (
	"context"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/reply"
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

// dashboard answers GET /analytics/dashboard in four queries, whoever
// asks (every figure counts only what the caller may see, see stmt): the
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
	d, err := a.dashboardOf(c, win)
	if err != nil {
		return err
	}
	return reply.Data(c, fiber.StatusOK, d)
}

// dashboardOf computes the dashboard for the caller of c (REST's route
// and GraphQL's analyticsDashboard).
func (a *analytics) dashboardOf(c *fiber.Ctx, win window) (*Dashboard, error) {
	ctx, now, ro := c.UserContext(), a.now().UTC(), a.api.ReadOptions(c)
	var d Dashboard
	if err := a.population(ctx, ro, &d); err != nil {
		return nil, err
	}
	if err := a.enrollmentTotals(ctx, ro, &d); err != nil {
		return nil, err
	}
	if err := a.next7Days(ctx, ro, &d, now, win); err != nil {
		return nil, err
	}
	if err := a.attendance30Days(ctx, ro, &d, now, win); err != nil {
		return nil, err
	}
	return &d, nil
}

// population counts programs by status, customers, learners and coaches,
// and the coaches' utilization, in one statement.
func (a *analytics) population(ctx context.Context, ro content.ReadOptions, d *Dashboard) error {
	m, b := a.m, a.stmt(ro)
	b.W("SELECT p.total, p.draft, p.published, p.archived, cu.total, cu.active, ln.total, ",
		"co.total, co.active, co.capacity, asg.assigned FROM ")
	b.W("(SELECT COUNT(*) AS total, ")
	for i, s := range []string{"draft", "published", "archived"} {
		if i > 0 {
			b.W(", ")
		}
		b.countIf(func() { b.Col("pr", m.ProgramStatus).W(" = ").Str(s) }).W(" AS ", s)
	}
	b.W(" FROM ").From(m.Program, "pr").W(") p CROSS JOIN ")
	b.W("(SELECT COUNT(*) AS total, ")
	b.countIf(func() { b.Col("c", m.CustomerActive).W(" = ").Bool(true) })
	b.W(" AS active FROM ").From(m.Customer, "c").W(") cu CROSS JOIN ")
	b.W("(SELECT COUNT(*) AS total FROM ").From(m.Learner, "l").W(") ln CROSS JOIN ")
	b.W("(SELECT COUNT(*) AS total, ")
	activeCoach := func() { b.Col("k", m.CoachActive).W(" = ").Bool(true) }
	b.countIf(activeCoach).W(" AS active, ")
	b.sumIf(activeCoach, func() { b.W("COALESCE(").Col("k", m.CoachMaxLearners).W(", 0)") })
	b.W(" AS capacity FROM ").From(m.Coach, "k").W(") co CROSS JOIN ")
	b.W("(SELECT COUNT(*) AS assigned FROM ").From(m.Learner, "la").W(" JOIN ").From(m.Coach, "ka").
		W(" ON ").ID("ka").W(" = ").Col("la", m.LearnerCoach).W(" WHERE ").Col("ka", m.CoachActive).W(" = ").Bool(true).W(") asg")
	var capacity, assigned int64
	bs := &d.Programs.ByStatus
	if err := b.QueryRow(ctx, &d.Programs.Total, &bs.Draft, &bs.Published, &bs.Archived,
		&d.Customers.Total, &d.Customers.Active, &d.Learners.Total,
		&d.Coaches.Total, &d.Coaches.Active, &capacity, &assigned); err != nil {
		return err
	}
	d.Coaches.Utilization = rate(assigned, capacity)
	return nil
}

// enrollmentTotals counts enrollments, their progress, and the learners
// with an active one: the distinct learners of the active enrollments
// (the same set as "learners with an active enrollment", without a probe
// per learner).
func (a *analytics) enrollmentTotals(ctx context.Context, ro content.ReadOptions, d *Dashboard) error {
	m, b := a.m, a.stmt(ro)
	b.W("SELECT ")
	b.enrollmentCounts("en")
	b.W(", COUNT(DISTINCT CASE WHEN ").Col("en", m.EnrollmentStatus).W(" = ").Str("active")
	// A learner the caller may not see is no learner of theirs, active or not.
	b.linkVisible("en", m.EnrollmentLearner)
	b.W(" THEN ").Col("en", m.EnrollmentLearner).W(" END) FROM ").From(m.Enrollment, "en")
	var progress float64
	en := &d.Enrollments
	if err := b.QueryRow(ctx, &en.Total, &en.ByStatus.Invited, &en.ByStatus.Active, &en.ByStatus.Completed,
		&en.ByStatus.Dropped, &progress, &d.Learners.Active); err != nil {
		return err
	}
	en.CompletionRate = rate(en.ByStatus.Completed, en.Total)
	en.MeanProgress = mean(progress, en.Total)
	return nil
}

// next7Days counts the scheduled events starting in the next 7 days (and
// in the window).
func (a *analytics) next7Days(ctx context.Context, ro content.ReadOptions, d *Dashboard, now time.Time, win window) error {
	m, b := a.m, a.stmt(ro)
	b.W("SELECT COUNT(*) FROM ").From(m.Event, "e").W(" WHERE ").Col("e", m.EventStatus).W(" = ").Str("scheduled")
	b.inWindow("e", window{from: &now, to: ptr(now.Add(7 * 24 * time.Hour))})
	b.inWindow("e", win)
	return b.QueryRow(ctx, &d.Events.Next7Days)
}

// attendance30Days is the attendance rate on the events that started in
// the last 30 days (and in the window).
func (a *analytics) attendance30Days(ctx context.Context, ro content.ReadOptions, d *Dashboard, now time.Time, win window) error {
	b := a.stmt(ro)
	b.W("SELECT ")
	b.attendanceCounts("att")
	b.W(" FROM ")
	b.marks("att", "e")
	b.W(" WHERE ")
	b.markedOn("att", "e")
	b.inWindow("e", window{from: ptr(now.Add(-30 * 24 * time.Hour)), to: &now})
	b.inWindow("e", win)
	var attended, absent int64
	if err := b.QueryRow(ctx, &attended, &absent); err != nil {
		return err
	}
	d.Attendance.Rate30Days = rate(attended, attended+absent)
	return nil
}

func ptr[T any](v T) *T { return &v }
