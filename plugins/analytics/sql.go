package analytics

import (
	"context"
	"math"
	"time"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/schema"
)

// stmt is one figure's statement: a content.Statement (text with a "?"
// per value, each value encoded for its dialect, identifiers only from the
// model) with the analytics vocabulary — conditional counts, event
// classes, the window, attendance marks.
//
// Every content table a figure reads is written with From, which narrows
// it to the rows the statement's reader may see: a row they may not see
// counts for nothing, as if it had been deleted. For a reader who sees a
// type whole (every type, for the admin) From writes the bare table, so
// their statement is the plain aggregate; for one whose scopes limit it,
// the scope travels inside the statement — no read of visible ids first,
// no list of them in the text.
type stmt struct {
	*content.Statement
	m  *model
	ro content.ReadOptions
}

// stmt starts a statement on the pool for the reader ro.
func (a *analytics) stmt(ro content.ReadOptions) *stmt {
	return &stmt{Statement: a.api.Content.Statement(ro), m: a.m, ro: ro}
}

// cols writes alias.column of each attribute, comma-separated (system
// fields such as schema.SysID too).
func (b *stmt) cols(alias string, attrs ...*schema.Attribute) *stmt {
	for i, at := range attrs {
		if i > 0 {
			b.W(", ")
		}
		b.Col(alias, at)
	}
	return b
}

// linkVisible writes " AND alias.fk IN (the ids of fk's target the reader
// may see)" when the reader's scopes limit that type, nothing otherwise:
// a link to a row the caller may not see is no link for them, as if the
// row had been deleted and the link cleared with it. fk is an owning
// to-one relation.
func (b *stmt) linkVisible(alias string, fk *schema.Attribute) *stmt {
	if !b.ro.Limited(fk.TargetType) {
		return b
	}
	b.W(" AND ").Col(alias, fk).W(" IN (SELECT ").ID("vl").W(" FROM ").From(fk.TargetType, "vl").W(")")
	return b
}

// countIf writes a conditional count: the number of rows for which the
// condition cond writes holds, 0 (not NULL) over no rows.
func (b *stmt) countIf(cond func()) *stmt {
	b.W("COALESCE(SUM(CASE WHEN ")
	cond()
	b.W(" THEN 1 ELSE 0 END), 0)")
	return b
}

// sumIf writes the sum of what val writes over the rows where cond holds,
// 0 over no rows.
func (b *stmt) sumIf(cond, val func()) *stmt {
	b.W("COALESCE(SUM(CASE WHEN ")
	cond()
	b.W(" THEN ")
	val()
	b.W(" ELSE 0 END), 0)")
	return b
}

// Event classes, on the events table aliased e. Every event is exactly one
// of held, upcoming or cancelled (docs/analytics.md):
//
//   - held: completed, or scheduled and already over (endAt <= now) — a
//     scheduled event nobody cancelled ran its time;
//   - upcoming: scheduled and not over yet;
//   - cancelled.

func (b *stmt) held(e string, now time.Time) {
	b.W("(").Col(e, b.m.EventStatus).W(" = ").Str("completed").
		W(" OR (").Col(e, b.m.EventStatus).W(" = ").Str("scheduled").
		W(" AND ").Col(e, b.m.EventEnd).W(" <= ").At(now).W("))")
}

func (b *stmt) upcoming(e string, now time.Time) {
	b.W("(").Col(e, b.m.EventStatus).W(" = ").Str("scheduled").
		W(" AND ").Col(e, b.m.EventEnd).W(" > ").At(now).W(")")
}

func (b *stmt) cancelled(e string) {
	b.Col(e, b.m.EventStatus).W(" = ").Str("cancelled")
}

// eventCounts writes the four event figures of a program or a coach, over
// the events aliased e: held, upcoming, cancelled, and the hours of the
// held ones.
func (b *stmt) eventCounts(e string, now time.Time) {
	b.countIf(func() { b.held(e, now) }).W(", ")
	b.countIf(func() { b.upcoming(e, now) }).W(", ")
	b.countIf(func() { b.cancelled(e) }).W(", ")
	b.sumIf(func() { b.held(e, now) }, func() { b.hours(e) })
}

// hours writes an event's length in hours. SQLite keeps datetimes as ISO
// text, which julianday reads (fractional days); PostgreSQL subtracts
// timestamptz values into an interval. Both give the same hours to far
// better than the two decimals they are rounded to. (The dialect is
// compared by name: a plugin does not import the store for its constant.)
func (b *stmt) hours(e string) {
	start, end := b.m.EventStart, b.m.EventEnd
	if b.Dialect().String() == "postgres" {
		b.W("EXTRACT(EPOCH FROM (").Col(e, end).W(" - ").Col(e, start).W(")) / 3600.0")
		return
	}
	b.W("(julianday(").Col(e, end).W(") - julianday(").Col(e, start).W(")) * 24.0")
}

// inWindow writes " AND startAt >= from AND startAt < to" for the bounds
// the window has: an event belongs to a window by when it starts.
func (b *stmt) inWindow(e string, win window) {
	if win.from != nil {
		b.W(" AND ").Col(e, b.m.EventStart).W(" >= ").At(*win.from)
	}
	if win.to != nil {
		b.W(" AND ").Col(e, b.m.EventStart).W(" < ").At(*win.to)
	}
}

// marks writes the attendances aliased at joined to their events aliased
// e, both as the reader sees them: what every attendance figure reads.
func (b *stmt) marks(at, e string) {
	b.From(b.m.Attendance, at).W(" JOIN ").From(b.m.Event, e).
		W(" ON ").ID(e).W(" = ").Col(at, b.m.AttendanceEvent)
}

// attendanceCounts writes the two marks the attendance rate is made of,
// on the attendances aliased at: attended, then absent.
func (b *stmt) attendanceCounts(at string) {
	b.countIf(func() { b.Col(at, b.m.AttendanceStatus).W(" = ").Str("attended") }).W(", ")
	b.countIf(func() { b.Col(at, b.m.AttendanceStatus).W(" = ").Str("absent") })
}

// markedOn writes the condition every attendance figure shares: a mark of
// attended or absent, on an event that was not cancelled.
func (b *stmt) markedOn(at, e string) {
	b.Col(at, b.m.AttendanceStatus).W(" IN (").Str("attended").W(", ").Str("absent").
		W(") AND ").Col(e, b.m.EventStatus).W(" <> ").Str("cancelled")
}

// enrollmentCounts writes COUNT(*), the four status counts and the sum of
// progress (a missing progress counts as 0) over enrollments aliased en.
func (b *stmt) enrollmentCounts(en string) {
	b.W("COUNT(*)")
	for _, s := range []string{"invited", "active", "completed", "dropped"} {
		b.W(", ")
		b.countIf(func() { b.Col(en, b.m.EnrollmentStatus).W(" = ").Str(s) })
	}
	b.W(", COALESCE(SUM(COALESCE(").Col(en, b.m.EnrollmentProgress).W(", 0)), 0)")
}

// activeLearner writes the condition that learner l has at least one
// active enrollment (that the caller may see): the one definition of an
// active learner.
func (b *stmt) activeLearner(l string) {
	b.W("EXISTS (SELECT 1 FROM ").From(b.m.Enrollment, "ae").W(" WHERE ").Col("ae", b.m.EnrollmentLearner).
		W(" = ").ID(l).W(" AND ").Col("ae", b.m.EnrollmentStatus).W(" = ").Str("active").W(")")
}

// each runs the statement and calls scan for each row.
func (b *stmt) each(ctx context.Context, scan func(scan func(dest ...any) error) error) error {
	rows, err := b.Query(ctx)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := scan(rows.Scan); err != nil {
			return err
		}
	}
	return rows.Err()
}

// Rounding, stated once: rates (fractions 0..1) to 4 decimals, hours and
// progress (percent, 0..100) to 2. Sums and counts reach Go unrounded and
// are rounded only at the end, so a customer's figure is not a sum of
// rounded program figures.

func rate(num, den int64) float64 {
	if den == 0 {
		return 0
	}
	return round(float64(num)/float64(den), 4)
}

func mean(sum float64, n int64) float64 {
	if n == 0 {
		return 0
	}
	return round(sum/float64(n), 2)
}

func round(x float64, places int) float64 {
	p := math.Pow(10, float64(places))
	return math.Round(x*p) / p
}
