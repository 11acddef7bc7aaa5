package analytics

import (
	"context"
	"math"
	"time"

	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/core/store"
)

// sqlb is the store's statement builder (text with a "?" per value, each
// value encoded for its dialect, identifiers only from the schema) with
// the analytics vocabulary: columns by type and field name, conditional
// counts, event classes.
type sqlb struct {
	*store.Stmt
	a *analytics
	v view
}

// sql starts a statement that counts only what the view shows.
func (a *analytics) sql(v view) *sqlb {
	return &sqlb{Stmt: store.NewStmt(a.api.Content.DB.Dialect), a: a, v: v}
}

// view is what one caller may see of the types a figure reads. A figure
// is a hand-written aggregate, and a hand-written statement knows nothing
// of scopes; so, for each type the caller's read options limit, the ids
// of the entries they may see are read first (through the store, which
// applies the scopes), and every table of that type in the statement is
// restricted to them. A row the caller may not see therefore counts for
// nothing — as if it had been deleted, with the links to it (a learner of
// a hidden coach has no coach for them). A type the caller sees whole
// (every type, for the admin) costs nothing: no read, no restriction, the
// statement as it always was.
type view struct {
	ids map[string][]int64 // by type name; absent when not limited
}

// viewOf reads what the caller (ro) may see of the types, one read per
// type that ro limits.
func (a *analytics) viewOf(ctx context.Context, ro store.ReadOptions, types ...string) (view, error) {
	v := view{ids: map[string][]int64{}}
	for _, typ := range types {
		ids, limited, err := a.api.VisibleIDs(ctx, a.api.Content.DB.Bun, a.api.Schema.Type(typ), nil, ro)
		if err != nil {
			return v, err
		}
		if limited {
			v.ids[typ] = ids
		}
	}
	return v, nil
}

// and writes " AND <expr> IN (the visible ids of typ)" when the view
// limits typ ("AND 1 = 0" when it shows none), nothing otherwise. expr is
// a row's id or a foreign key naming a row of typ.
func (b *sqlb) and(expr, typ string) *sqlb {
	ids, limited := b.v.ids[typ]
	switch {
	case !limited:
	case len(ids) == 0:
		b.w(" AND 1 = 0")
	default:
		b.w(" AND ", expr, " IN ").IDs(ids)
	}
	return b
}

// where is and for a statement with no WHERE clause yet: " WHERE <expr>
// IN (...)", or nothing.
func (b *sqlb) where(expr, typ string) *sqlb {
	if _, limited := b.v.ids[typ]; !limited {
		return b
	}
	b.w(" WHERE 1 = 1")
	return b.and(expr, typ)
}

// w writes SQL text.
func (b *sqlb) w(parts ...string) *sqlb {
	b.W(parts...)
	return b
}

// arg writes a placeholder for v, encoded for a column of type t.
func (b *sqlb) arg(t schema.FieldType, v any) *sqlb {
	b.Arg(t, v)
	return b
}

func (b *sqlb) str(v string) *sqlb             { return b.arg(schema.String, v) }
func (b *sqlb) num(v int64) *sqlb              { return b.arg(schema.BigInteger, v) }
func (b *sqlb) at(v time.Time) *sqlb           { return b.arg(schema.DateTime, v) }
func (b *sqlb) boolean(v bool) *sqlb           { return b.arg(schema.Boolean, v) }
func (b *sqlb) id(v int64) *sqlb               { return b.arg(schema.BigInteger, v) }
func (b *sqlb) tbl(typ string) string          { return store.Ident(b.a.api.Schema.Type(typ).Table) }
func (b *sqlb) tblAs(typ, alias string) string { return b.tbl(typ) + " " + alias }

// c is alias.column of an attribute: the scalar's column, or an owning
// to-one relation's foreign key.
func (b *sqlb) c(alias, typ, attr string) string {
	return alias + "." + store.Ident(b.a.api.Schema.Type(typ).Attr(attr).Column)
}

// sys is alias.column of a system column (id, document_id).
func sys(alias, column string) string { return alias + "." + store.Ident(column) }

// countIf writes a conditional count: the number of rows for which the
// condition cond writes holds, 0 (not NULL) over no rows.
func (b *sqlb) countIf(cond func()) *sqlb {
	b.w("COALESCE(SUM(CASE WHEN ")
	cond()
	return b.w(" THEN 1 ELSE 0 END), 0)")
}

// sumIf writes the sum of what val writes over the rows where cond holds,
// 0 over no rows.
func (b *sqlb) sumIf(cond, val func()) *sqlb {
	b.w("COALESCE(SUM(CASE WHEN ")
	cond()
	b.w(" THEN ")
	val()
	return b.w(" ELSE 0 END), 0)")
}

// Event classes, on the events table aliased e. Every event is exactly one
// of held, upcoming or cancelled (docs/analytics.md):
//
//   - held: completed, or scheduled and already over (endAt <= now) — a
//     scheduled event nobody cancelled ran its time;
//   - upcoming: scheduled and not over yet;
//   - cancelled.

func (b *sqlb) held(e string, now time.Time) {
	b.w("(", b.c(e, "event", "status"), " = ").str("completed").
		w(" OR (", b.c(e, "event", "status"), " = ").str("scheduled").
		w(" AND ", b.c(e, "event", "endAt"), " <= ").at(now).w("))")
}

func (b *sqlb) upcoming(e string, now time.Time) {
	b.w("(", b.c(e, "event", "status"), " = ").str("scheduled").
		w(" AND ", b.c(e, "event", "endAt"), " > ").at(now).w(")")
}

func (b *sqlb) cancelled(e string) {
	b.w(b.c(e, "event", "status"), " = ").str("cancelled")
}

// hours writes an event's length in hours. SQLite keeps datetimes as ISO
// text, which julianday reads (fractional days); PostgreSQL subtracts
// timestamptz values into an interval. Both give the same hours to far
// better than the two decimals they are rounded to.
func (b *sqlb) hours(e string) {
	start, end := b.c(e, "event", "startAt"), b.c(e, "event", "endAt")
	if b.Dialect() == store.Postgres {
		b.w("EXTRACT(EPOCH FROM (", end, " - ", start, ")) / 3600.0")
		return
	}
	b.w("(julianday(", end, ") - julianday(", start, ")) * 24.0")
}

// inWindow writes " AND startAt >= from AND startAt < to" for the bounds
// the window has: an event belongs to a window by when it starts.
func (b *sqlb) inWindow(e string, win window) {
	start := b.c(e, "event", "startAt")
	if win.from != nil {
		b.w(" AND ", start, " >= ").at(*win.from)
	}
	if win.to != nil {
		b.w(" AND ", start, " < ").at(*win.to)
	}
}

// attendanceCounts writes the two marks the attendance rate is made of,
// on the attendances table aliased at: attended, then absent.
func (b *sqlb) attendanceCounts(at string) {
	b.countIf(func() { b.w(b.c(at, "attendance", "status"), " = ").str("attended") }).w(", ")
	b.countIf(func() { b.w(b.c(at, "attendance", "status"), " = ").str("absent") })
}

// markedOn writes the condition every attendance figure shares: a mark of
// attended or absent, on an event that was not cancelled.
func (b *sqlb) markedOn(at, e string) {
	b.w(b.c(at, "attendance", "status"), " IN (").str("attended").w(", ").str("absent").
		w(") AND ", b.c(e, "event", "status"), " <> ").str("cancelled")
}

// query runs the statement and calls scan for each row.
func (b *sqlb) query(ctx context.Context, scan func(scan func(dest ...any) error) error) error {
	rows, err := b.Query(ctx, b.a.api.Content.DB.Bun)
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

// row runs a statement that answers exactly one row (an aggregate without
// GROUP BY) and scans it.
func (b *sqlb) row(ctx context.Context, dest ...any) error {
	return b.QueryRow(ctx, b.a.api.Content.DB.Bun).Scan(dest...)
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
