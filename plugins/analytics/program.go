package analytics

import (
	"context"
	"database/sql"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/rest"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/core/store"
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
// six queries over what the caller may see (see view).
func (a *analytics) program(c *fiber.Ctx) error {
	win, err := parseWindow(c)
	if err != nil {
		return err
	}
	ctx, ro := c.UserContext(), a.api.ReadOptions(c)
	id, err := a.resolve(ctx, "program", c.Params("id"), ro)
	if err != nil {
		return err
	}
	v, err := a.viewOf(ctx, ro, programTypes...)
	if err != nil {
		return err
	}
	ps, err := a.programFigures(ctx, v, programSet{program: id}, win, a.now().UTC())
	if err != nil {
		return err
	}
	if len(ps) == 0 { // deleted since it was resolved
		return errs.NotFound()
	}
	return rest.WriteData(c, fiber.StatusOK, ps[0])
}

// programTypes are the types the program figures read.
var programTypes = []string{"program", "enrollment", "module", "session", "event", "attendance", "coach"}

// resolve turns an id or documentId into the row id of an entry the
// caller may see, in one query; one they may not see is the 404 of one
// that does not exist.
func (a *analytics) resolve(ctx context.Context, typ, ref string, ro store.ReadOptions) (int64, error) {
	ids, err := a.api.Content.Store.ResolveVisible(ctx, a.api.Content.DB.Bun, a.api.Schema.Type(typ), []string{ref}, ro)
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

// where writes the condition that a program-id expression is in the set.
func (ps programSet) where(b *sqlb, programID string) {
	if ps.customer == 0 {
		b.w(programID, " = ").id(ps.program)
		return
	}
	b.w(programID, " IN (SELECT ", sys("ps", schema.ColID), " FROM ", b.tblAs("program", "ps"),
		" WHERE ", b.c("ps", "program", "customer"), " = ").id(ps.customer).w(")")
}

// programFigures computes the figures of every program of the set, in six
// queries: the programs, their enrollments, modules, events, attendance
// and coaches, each one aggregate grouped by program, each table
// restricted to what v shows.
func (a *analytics) programFigures(ctx context.Context, v view, set programSet, win window, now time.Time) ([]*Program, error) {
	var out []*Program
	byID := map[int64]*Program{}

	// 1. The programs.
	b := a.sql(v)
	b.w("SELECT ", sys("p", schema.ColID), ", ", sys("p", schema.ColDocumentID), ", ", b.c("p", "program", "title"), ", ",
		b.c("p", "program", "status"), " FROM ", b.tblAs("program", "p"), " WHERE ")
	if set.customer == 0 {
		b.w(sys("p", schema.ColID), " = ").id(set.program)
	} else {
		b.w(b.c("p", "program", "customer"), " = ").id(set.customer)
	}
	b.and(sys("p", schema.ColID), "program")
	b.w(" ORDER BY ", sys("p", schema.ColID))
	err := b.query(ctx, func(scan func(...any) error) error {
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
		out = append(out, p)
		byID[p.ID] = p
		return nil
	})
	if err != nil || len(out) == 0 {
		return out, err
	}

	// 2. Enrollments: statuses, progress and its histogram.
	b = a.sql(v)
	progress := "COALESCE(" + b.c("en", "enrollment", "progress") + ", 0)"
	b.w("SELECT ", b.c("en", "enrollment", "program"), ", ")
	b.enrollmentCounts("en")
	for i := 0; i < 10; i++ {
		b.w(", ")
		b.countIf(func() {
			switch i {
			case 0:
				b.w(progress, " < ").num(10)
			case 9:
				b.w(progress, " >= ").num(90)
			default:
				b.w(progress, " >= ").num(int64(10*i)).w(" AND ", progress, " < ").num(int64(10*i + 10))
			}
		})
	}
	b.w(" FROM ", b.tblAs("enrollment", "en"), " WHERE ")
	set.where(b, b.c("en", "enrollment", "program"))
	b.and(sys("en", schema.ColID), "enrollment")
	b.w(" GROUP BY ", b.c("en", "enrollment", "program"))
	err = b.query(ctx, func(scan func(...any) error) error {
		var pid int64
		var e Enrollments
		var sum float64
		var h [10]int64
		dest := []any{&pid, &e.Total, &e.ByStatus.Invited, &e.ByStatus.Active, &e.ByStatus.Completed, &e.ByStatus.Dropped, &sum}
		for i := range h {
			dest = append(dest, &h[i])
		}
		if err := scan(dest...); err != nil {
			return err
		}
		if p := byID[pid]; p != nil {
			p.Enrollments, p.progress = e, sum
			for i := range h {
				p.ProgressHistogram[i].Count = h[i]
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}

	// 3. Modules with their session counts, in the modules' order.
	b = a.sql(v)
	mOrder := b.c("m", "module", "order")
	b.w("SELECT ", b.c("m", "module", "program"), ", ", sys("m", schema.ColID), ", ", sys("m", schema.ColDocumentID), ", ",
		b.c("m", "module", "title"), ", ", mOrder, ", COUNT(", sys("s", schema.ColID), ") FROM ", b.tblAs("module", "m"),
		" LEFT JOIN ", b.tblAs("session", "s"), " ON ", b.c("s", "session", "module"), " = ", sys("m", schema.ColID))
	b.and(sys("s", schema.ColID), "session")
	b.w(" WHERE ")
	set.where(b, b.c("m", "module", "program"))
	b.and(sys("m", schema.ColID), "module")
	b.w(" GROUP BY ", b.c("m", "module", "program"), ", ", sys("m", schema.ColID), ", ", sys("m", schema.ColDocumentID), ", ",
		b.c("m", "module", "title"), ", ", mOrder)
	// Modules without an order last on both databases (their NULL sorts
	// first on SQLite and last on PostgreSQL).
	b.w(" ORDER BY ", b.c("m", "module", "program"), ", CASE WHEN ", mOrder, " IS NULL THEN 1 ELSE 0 END, ", mOrder, ", ", sys("m", schema.ColID))
	err = b.query(ctx, func(scan func(...any) error) error {
		var pid int64
		var m Module
		var order sql.NullInt64
		if err := scan(&pid, &m.ID, &m.DocumentID, &m.Title, &order, &m.Sessions); err != nil {
			return err
		}
		if order.Valid {
			m.Order = &order.Int64
		}
		if p := byID[pid]; p != nil {
			p.Modules = append(p.Modules, m)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}

	// 4. Events in the window: held, scheduled (upcoming), cancelled, hours.
	b = a.sql(v)
	b.w("SELECT ", b.c("e", "event", "program"), ", ")
	b.countIf(func() { b.held("e", now) }).w(", ")
	b.countIf(func() { b.upcoming("e", now) }).w(", ")
	b.countIf(func() { b.cancelled("e") }).w(", ")
	b.sumIf(func() { b.held("e", now) }, func() { b.hours("e") })
	b.w(" FROM ", b.tblAs("event", "e"), " WHERE ")
	set.where(b, b.c("e", "event", "program"))
	b.and(sys("e", schema.ColID), "event")
	b.inWindow("e", win)
	b.w(" GROUP BY ", b.c("e", "event", "program"))
	err = b.query(ctx, func(scan func(...any) error) error {
		var pid, held, upcoming, cancelled int64
		var hours float64
		if err := scan(&pid, &held, &upcoming, &cancelled, &hours); err != nil {
			return err
		}
		if p := byID[pid]; p != nil {
			p.Events.Held, p.Events.Scheduled, p.Events.Cancelled = held, upcoming, cancelled
			p.hours, p.HoursDelivered = hours, round(hours, 2)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}

	// 5. Attendance marks on the window's events.
	b = a.sql(v)
	b.w("SELECT ", b.c("e", "event", "program"), ", ")
	b.attendanceCounts("att")
	b.w(" FROM ", b.tblAs("attendance", "att"), " JOIN ", b.tblAs("event", "e"),
		" ON ", sys("e", schema.ColID), " = ", b.c("att", "attendance", "event"), " WHERE ")
	set.where(b, b.c("e", "event", "program"))
	b.w(" AND ")
	b.markedOn("att", "e")
	b.and(sys("att", schema.ColID), "attendance").and(sys("e", schema.ColID), "event")
	b.inWindow("e", win)
	b.w(" GROUP BY ", b.c("e", "event", "program"))
	err = b.query(ctx, func(scan func(...any) error) error {
		var pid, attended, absent int64
		if err := scan(&pid, &attended, &absent); err != nil {
			return err
		}
		if p := byID[pid]; p != nil {
			p.attended, p.absent = attended, absent
		}
		return nil
	})
	if err != nil {
		return nil, err
	}

	// 6. The program's coaches, each with the program's events they held.
	if err := a.programCoaches(ctx, v, set, win, now, byID); err != nil {
		return nil, err
	}

	for _, p := range out {
		p.CompletionRate = rate(p.Enrollments.ByStatus.Completed, p.Enrollments.Total)
		p.MeanProgress = mean(p.progress, p.Enrollments.Total)
		p.AttendanceRate = rate(p.attended, p.attended+p.absent)
	}
	return out, nil
}

// programCoaches reads the coaches of program.coaches (the join table) with
// the held events of the program in the window that each led.
func (a *analytics) programCoaches(ctx context.Context, v view, set programSet, win window, now time.Time, byID map[int64]*Program) error {
	rel := a.api.Schema.Type("program").Attr("coaches")
	jp, jc := "jt."+store.Ident(rel.JoinSelf), "jt."+store.Ident(rel.JoinTarget)
	b := a.sql(v)
	b.w("SELECT ", jp, ", ", sys("k", schema.ColID), ", ", sys("k", schema.ColDocumentID), ", ", b.c("k", "coach", "name"),
		", COUNT(", sys("e", schema.ColID), "), COALESCE(SUM(")
	b.hours("e")
	b.w("), 0) FROM ", store.Ident(rel.JoinTable), " jt JOIN ", b.tblAs("coach", "k"), " ON ", sys("k", schema.ColID), " = ", jc,
		" LEFT JOIN ", b.tblAs("event", "e"), " ON ", b.c("e", "event", "coach"), " = ", sys("k", schema.ColID),
		" AND ", b.c("e", "event", "program"), " = ", jp, " AND ")
	b.held("e", now)
	b.and(sys("e", schema.ColID), "event")
	b.inWindow("e", win)
	b.w(" WHERE ")
	set.where(b, jp)
	b.and(sys("k", schema.ColID), "coach")
	b.w(" GROUP BY ", jp, ", ", sys("k", schema.ColID), ", ", sys("k", schema.ColDocumentID), ", ", b.c("k", "coach", "name"),
		" ORDER BY ", jp, ", ", sys("k", schema.ColID))
	return b.query(ctx, func(scan func(...any) error) error {
		var pid int64
		var k ProgramCoach
		if err := scan(&pid, &k.ID, &k.DocumentID, &k.Name, &k.EventsHeld, &k.HoursDelivered); err != nil {
			return err
		}
		k.HoursDelivered = round(k.HoursDelivered, 2)
		if p := byID[pid]; p != nil {
			p.Coaches = append(p.Coaches, k)
		}
		return nil
	})
}
