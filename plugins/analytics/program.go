package analytics

import (
	"context"
	"database/sql"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/reply"
	"github.com/kiln-cms/kiln/core/schema"
)

// Program is one program's figures: the program endpoint's answer, and
// each item of a customer's programs.
type Program struct {
	ID         int64   `json:"id"`
	DocumentID string  `json:"documentId"`
	Title      string  `json:"title"`
	Status     *string `json:"status"`

	Enrollments       Enrollments `json:"enrollments"`
	CompletionRate    float64     `json:"completionRate"`
	MeanProgress      float64     `json:"meanProgress"`
	ProgressHistogram []Bucket    `json:"progressHistogram"`
	Modules           []Module    `json:"modules"`
	Events            struct {
		Held      int64 `json:"held"`
		Scheduled int64 `json:"scheduled"`
		Cancelled int64 `json:"cancelled"`
	} `json:"events"`
	AttendanceRate float64        `json:"attendanceRate"`
	HoursDelivered float64        `json:"hoursDelivered"`
	Coaches        []ProgramCoach `json:"coaches"`

	// The unrounded sums behind the figures, for a customer's roll-up.
	progress         float64
	attended, absent int64
	hours            float64
}

// Bucket is one tenth of the progress range: enrollments whose progress p
// has From <= p < To (the last bucket holds 100 too).
type Bucket struct {
	From  int   `json:"from"`
	To    int   `json:"to"`
	Count int64 `json:"count"`
}

// Module is a module of the program with its number of sessions.
type Module struct {
	ID         int64  `json:"id"`
	DocumentID string `json:"documentId"`
	Title      string `json:"title"`
	Order      *int64 `json:"order"`
	Sessions   int64  `json:"sessions"`
}

// ProgramCoach is a coach assigned to the program, with the events of the
// program they held and the hours those lasted.
type ProgramCoach struct {
	ID             int64   `json:"id"`
	DocumentID     string  `json:"documentId"`
	Name           string  `json:"name"`
	EventsHeld     int64   `json:"eventsHeld"`
	HoursDelivered float64 `json:"hoursDelivered"`
}

// program answers GET /analytics/programs/:id: the reference resolved
// (a program the caller may not see is a 404), then the program figures'
// six queries over what the caller may see.
func (a *analytics) program(c *fiber.Ctx) error {
	win, err := parseWindow(c)
	if err != nil {
		return err
	}
	ctx, ro := c.UserContext(), a.api.ReadOptions(c)
	id, err := a.resolve(ctx, a.m.Program, c.Params("id"), ro)
	if err != nil {
		return err
	}
	ps, err := a.programFigures(ctx, ro, programSet{program: id}, win, a.now().UTC())
	if err != nil {
		return err
	}
	if len(ps) == 0 { // deleted since it was resolved
		return errs.NotFound()
	}
	return reply.Data(c, fiber.StatusOK, ps[0])
}

// resolve turns an id or documentId into the row id of an entry the
// caller may see, in one query; one they may not see is the 404 of one
// that does not exist.
func (a *analytics) resolve(ctx context.Context, ct *schema.ContentType, ref string, ro content.ReadOptions) (int64, error) {
	ids, err := a.api.Content.Resolve(ctx, ct, []string{ref}, ro)
	if err != nil {
		return 0, err
	}
	id, ok := ids[ref]
	if !ok {
		return 0, errs.NotFound()
	}
	return id, nil
}

// programSet is the programs a figure query covers: one program, or every
// program of a customer. The same six queries serve both, grouped by
// program, so a customer with forty programs costs what one program does.
type programSet struct{ program, customer int64 }

// where writes the condition that the program id programID writes is in
// the set.
func (ps programSet) where(b *stmt, programID func()) {
	programID()
	if ps.customer == 0 {
		b.W(" = ").Int(ps.program)
		return
	}
	b.W(" IN (SELECT ").ID("ps").W(" FROM ").From(b.m.Program, "ps").
		W(" WHERE ").Col("ps", b.m.ProgramCustomer).W(" = ").Int(ps.customer).W(")")
}

// programRun is one computation of the figures of a set of programs: what
// every step reads, and the programs the steps fill in.
type programRun struct {
	a   *analytics
	m   *model
	ro  content.ReadOptions
	set programSet
	win window
	now time.Time

	out  []*Program
	byID map[int64]*Program
}

// programFigures computes the figures of every program of the set, in six
// queries: the programs, their enrollments, modules, events, attendance
// and coaches, each one aggregate grouped by program, each table read as
// the caller ro sees it.
func (a *analytics) programFigures(ctx context.Context, ro content.ReadOptions, set programSet, win window, now time.Time) ([]*Program, error) {
	r := &programRun{a: a, m: a.m, ro: ro, set: set, win: win, now: now, byID: map[int64]*Program{}}
	if err := r.programs(ctx); err != nil || len(r.out) == 0 {
		return r.out, err
	}
	for _, step := range []func(context.Context) error{r.enrollments, r.modules, r.events, r.attendance, r.coaches} {
		if err := step(ctx); err != nil {
			return nil, err
		}
	}
	for _, p := range r.out {
		p.CompletionRate = rate(p.Enrollments.ByStatus.Completed, p.Enrollments.Total)
		p.MeanProgress = mean(p.progress, p.Enrollments.Total)
		p.AttendanceRate = rate(p.attended, p.attended+p.absent)
	}
	return r.out, nil
}

// stmt starts one of the run's statements.
func (r *programRun) stmt() *stmt { return r.a.stmt(r.ro) }

// rows runs b, whose rows are a program id and then dest, and calls fill
// with that program after each row is scanned into dest. dest is the same
// for every row: fill copies what it keeps. Rows of a program outside the
// run are skipped.
func (r *programRun) rows(ctx context.Context, b *stmt, dest []any, fill func(p *Program)) error {
	var pid int64
	dest = append([]any{&pid}, dest...)
	return b.each(ctx, func(scan func(...any) error) error {
		if err := scan(dest...); err != nil {
			return err
		}
		if p := r.byID[pid]; p != nil {
			fill(p)
		}
		return nil
	})
}

// programs reads the programs of the set, by id, each with an empty
// histogram and empty lists (never null) for the next steps to fill.
func (r *programRun) programs(ctx context.Context) error {
	m, b := r.m, r.stmt()
	b.W("SELECT ")
	b.cols("p", schema.SysID, schema.SysDocumentID, m.ProgramTitle, m.ProgramStatus).W(" FROM ").From(m.Program, "p").W(" WHERE ")
	if r.set.customer == 0 {
		b.ID("p").W(" = ").Int(r.set.program)
	} else {
		b.Col("p", m.ProgramCustomer).W(" = ").Int(r.set.customer)
	}
	b.W(" ORDER BY ").ID("p")
	return b.each(ctx, func(scan func(...any) error) error {
		p := &Program{Modules: []Module{}, Coaches: []ProgramCoach{}, ProgressHistogram: make([]Bucket, 10)}
		var status sql.NullString
		if err := scan(&p.ID, &p.DocumentID, &p.Title, &status); err != nil {
			return err
		}
		if status.Valid {
			p.Status = &status.String
		}
		for i := range p.ProgressHistogram {
			p.ProgressHistogram[i] = Bucket{From: 10 * i, To: 10 * (i + 1)}
		}
		r.out = append(r.out, p)
		r.byID[p.ID] = p
		return nil
	})
}

// enrollments reads the programs' enrollments: statuses, the sum of
// progress and its histogram.
func (r *programRun) enrollments(ctx context.Context) error {
	m, b := r.m, r.stmt()
	b.W("SELECT ").Col("en", m.EnrollmentProgram).W(", ")
	b.enrollmentCounts("en")
	for i := 0; i < 10; i++ {
		b.W(", ")
		b.countIf(func() { b.bucket("en", i) })
	}
	b.W(" FROM ").From(m.Enrollment, "en").W(" WHERE ")
	r.set.where(b, func() { b.Col("en", m.EnrollmentProgram) })
	b.W(" GROUP BY ").Col("en", m.EnrollmentProgram)
	var e Enrollments
	var sum float64
	var h [10]int64
	dest := []any{&e.Total, &e.ByStatus.Invited, &e.ByStatus.Active, &e.ByStatus.Completed, &e.ByStatus.Dropped, &sum}
	for i := range h {
		dest = append(dest, &h[i])
	}
	return r.rows(ctx, b, dest, func(p *Program) {
		p.Enrollments, p.progress = e, sum
		for i := range h {
			p.ProgressHistogram[i].Count = h[i]
		}
	})
}

// bucket writes the condition that an enrollment's progress (a missing
// one counts as 0) is in the i-th tenth: [10i, 10i+10), the last one
// holding 100 too.
func (b *stmt) bucket(en string, i int) {
	progress := func() { b.W("COALESCE(").Col(en, b.m.EnrollmentProgress).W(", 0)") }
	progress()
	switch i {
	case 0:
		b.W(" < ").Int(10)
	case 9:
		b.W(" >= ").Int(90)
	default:
		b.W(" >= ").Int(int64(10 * i)).W(" AND ")
		progress()
		b.W(" < ").Int(int64(10*i + 10))
	}
}

// modules reads the programs' modules with their session counts, in the
// modules' order.
func (r *programRun) modules(ctx context.Context) error {
	m, b := r.m, r.stmt()
	keys := []*schema.Attribute{m.ModuleProgram, schema.SysID, schema.SysDocumentID, m.ModuleTitle, m.ModuleOrder}
	b.W("SELECT ")
	b.cols("m", keys...).W(", COUNT(").ID("s").W(") FROM ").From(m.Module, "m").
		W(" LEFT JOIN ").From(m.Session, "s").W(" ON ").Col("s", m.SessionModule).W(" = ").ID("m").W(" WHERE ")
	r.set.where(b, func() { b.Col("m", m.ModuleProgram) })
	b.W(" GROUP BY ")
	b.cols("m", keys...)
	// Modules without an order last on both databases (their NULL sorts
	// first on SQLite and last on PostgreSQL).
	b.W(" ORDER BY ").Col("m", m.ModuleProgram).W(", CASE WHEN ").Col("m", m.ModuleOrder).W(" IS NULL THEN 1 ELSE 0 END, ").
		Col("m", m.ModuleOrder).W(", ").ID("m")
	var mod Module
	var order sql.NullInt64
	return r.rows(ctx, b, []any{&mod.ID, &mod.DocumentID, &mod.Title, &order, &mod.Sessions}, func(p *Program) {
		mod.Order = nil
		if order.Valid {
			mod.Order = ptr(order.Int64)
		}
		p.Modules = append(p.Modules, mod)
	})
}

// events reads the programs' events in the window: held, scheduled
// (upcoming), cancelled, and the hours held.
func (r *programRun) events(ctx context.Context) error {
	m, b := r.m, r.stmt()
	b.W("SELECT ").Col("e", m.EventProgram).W(", ")
	b.eventCounts("e", r.now)
	b.W(" FROM ").From(m.Event, "e").W(" WHERE ")
	r.set.where(b, func() { b.Col("e", m.EventProgram) })
	b.inWindow("e", r.win)
	b.W(" GROUP BY ").Col("e", m.EventProgram)
	var held, upcoming, cancelled int64
	var hours float64
	return r.rows(ctx, b, []any{&held, &upcoming, &cancelled, &hours}, func(p *Program) {
		p.Events.Held, p.Events.Scheduled, p.Events.Cancelled = held, upcoming, cancelled
		p.hours, p.HoursDelivered = hours, round(hours, 2)
	})
}

// attendance reads the attendance marks on the programs' events in the
// window.
func (r *programRun) attendance(ctx context.Context) error {
	m, b := r.m, r.stmt()
	b.W("SELECT ").Col("e", m.EventProgram).W(", ")
	b.attendanceCounts("att")
	b.W(" FROM ")
	b.marks("att", "e")
	b.W(" WHERE ")
	r.set.where(b, func() { b.Col("e", m.EventProgram) })
	b.W(" AND ")
	b.markedOn("att", "e")
	b.inWindow("e", r.win)
	b.W(" GROUP BY ").Col("e", m.EventProgram)
	var attended, absent int64
	return r.rows(ctx, b, []any{&attended, &absent}, func(p *Program) {
		p.attended, p.absent = attended, absent
	})
}

// coaches reads the coaches of program.coaches (its join table) with the
// held events of the program in the window that each led. The join table
// is no content type: its rows are links, seen when both ends are — the
// coach through From, the program by the set.
func (r *programRun) coaches(ctx context.Context) error {
	m, b := r.m, r.stmt()
	rel := m.ProgramCoaches
	jp := func() { b.W("jt.").Ident(rel.JoinSelf) }
	b.W("SELECT ")
	jp()
	b.W(", ")
	b.cols("k", schema.SysID, schema.SysDocumentID, m.CoachName).W(", COUNT(").ID("e").W("), COALESCE(SUM(")
	b.hours("e")
	b.W("), 0) FROM ").Ident(rel.JoinTable).W(" jt JOIN ").From(m.Coach, "k").W(" ON ").ID("k").W(" = jt.").Ident(rel.JoinTarget).
		W(" LEFT JOIN ").From(m.Event, "e").W(" ON ").Col("e", m.EventCoach).W(" = ").ID("k").
		W(" AND ").Col("e", m.EventProgram).W(" = ")
	jp()
	b.W(" AND ")
	b.held("e", r.now)
	b.inWindow("e", r.win)
	b.W(" WHERE ")
	r.set.where(b, jp)
	b.W(" GROUP BY ")
	jp()
	b.W(", ")
	b.cols("k", schema.SysID, schema.SysDocumentID, m.CoachName).W(" ORDER BY ")
	jp()
	b.W(", ").ID("k")
	var k ProgramCoach
	return r.rows(ctx, b, []any{&k.ID, &k.DocumentID, &k.Name, &k.EventsHeld, &k.HoursDelivered}, func(p *Program) {
		c := k
		c.HoursDelivered = round(k.HoursDelivered, 2)
		p.Coaches = append(p.Coaches, c)
	})
}
