package analytics

import (
	"context"
	"database/sql"
	"errors"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/reply"
	"github.com/kiln-cms/kiln/core/schema"
)

// Customer is one customer's figures. The roll-ups (enrollments, progress,
// events, attendance, hours) cover the customer's programs and are made
// from the programs' unrounded sums, not averaged from their rounded
// figures.
type Customer struct {
	ID             int64       `json:"id"`
	DocumentID     string      `json:"documentId"`
	Name           string      `json:"name"`
	Programs       []*Program  `json:"programs"`
	Learners       Learners    `json:"learners"`
	Enrollments    Enrollments `json:"enrollments"`
	CompletionRate float64     `json:"completionRate"`
	MeanProgress   float64     `json:"meanProgress"`
	Events         struct {
		Held      int64 `json:"held"`
		Scheduled int64 `json:"scheduled"`
		Cancelled int64 `json:"cancelled"`
	} `json:"events"`
	AttendanceRate float64 `json:"attendanceRate"`
	HoursDelivered float64 `json:"hoursDelivered"`
}

// customer answers GET /analytics/customers/:id in eight queries, whoever
// asks: the reference resolved (a customer the caller may not see is a
// 404), the customer with its learner counts, and the six program-figure
// queries over all its programs at once — all over what the caller may
// see (see stmt).
func (a *analytics) customer(c *fiber.Ctx) error {
	win, err := parseWindow(c)
	if err != nil {
		return err
	}
	ctx, ro := c.UserContext(), a.api.ReadOptions(c)
	id, err := a.resolve(ctx, a.m.Customer, c.Params("id"), ro)
	if err != nil {
		return err
	}
	cu := Customer{ID: id}
	err = a.customerLearners(ctx, ro, &cu)
	if errors.Is(err, sql.ErrNoRows) {
		return errs.NotFound() // deleted since it was resolved
	} else if err != nil {
		return err
	}
	cu.Programs, err = a.programFigures(ctx, ro, programSet{customer: id}, win, a.now().UTC())
	if err != nil {
		return err
	}
	if cu.Programs == nil {
		cu.Programs = []*Program{}
	}
	cu.rollUp()
	return reply.Data(c, fiber.StatusOK, &cu)
}

// customerLearners reads the customer cu.ID with the number of its
// learners and of the active ones among them.
func (a *analytics) customerLearners(ctx context.Context, ro content.ReadOptions, cu *Customer) error {
	m, b := a.m, a.stmt(ro)
	learnerOf := func(l string) {
		b.W("SELECT COUNT(*) FROM ").From(m.Learner, l).W(" WHERE ").Col(l, m.LearnerCustomer).W(" = ").ID("cu")
	}
	b.W("SELECT ")
	b.cols("cu", schema.SysDocumentID, m.CustomerName).W(", (")
	learnerOf("l")
	b.W("), (")
	learnerOf("la")
	b.W(" AND ")
	b.activeLearner("la")
	b.W(") FROM ").From(m.Customer, "cu").W(" WHERE ").ID("cu").W(" = ").Int(cu.ID)
	return b.QueryRow(ctx, &cu.DocumentID, &cu.Name, &cu.Learners.Total, &cu.Learners.Active)
}

// rollUp makes the customer's figures from its programs' counts and
// unrounded sums.
func (cu *Customer) rollUp() {
	var progress, hours float64
	var attended, absent int64
	e := &cu.Enrollments
	for _, p := range cu.Programs {
		pe := p.Enrollments
		e.Total += pe.Total
		e.ByStatus.Invited += pe.ByStatus.Invited
		e.ByStatus.Active += pe.ByStatus.Active
		e.ByStatus.Completed += pe.ByStatus.Completed
		e.ByStatus.Dropped += pe.ByStatus.Dropped
		cu.Events.Held += p.Events.Held
		cu.Events.Scheduled += p.Events.Scheduled
		cu.Events.Cancelled += p.Events.Cancelled
		progress += p.progress
		hours += p.hours
		attended += p.attended
		absent += p.absent
	}
	cu.CompletionRate = rate(e.ByStatus.Completed, e.Total)
	cu.MeanProgress = mean(progress, e.Total)
	cu.AttendanceRate = rate(attended, attended+absent)
	cu.HoursDelivered = round(hours, 2)
}
