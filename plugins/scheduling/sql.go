package scheduling

import (
	"context"
	"time"

	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/core/store"
)

// The plugin's few statements the content service has no call for (a
// clash search, the enrollment list, a transaction-scoped lock) are built
// here: SQL text with a "?" per value, every value encoded for its dialect
// by store.Encode, identifiers only from the schema, quoted by
// store.Ident. No value is ever spliced into SQL.

// stmt is the store's statement builder with the short names this
// plugin's SQL reads best in.
type stmt struct{ *store.Stmt }

func (s *sched) stmt() *stmt { return &stmt{store.NewStmt(s.api.Content.DB.Dialect)} }

// w writes SQL text.
func (b *stmt) w(parts ...string) *stmt {
	b.W(parts...)
	return b
}

func (b *stmt) id(v int64) *stmt       { b.ID(v); return b }
func (b *stmt) str(v string) *stmt     { b.Str(v); return b }
func (b *stmt) at(v time.Time) *stmt   { b.At(v); return b }
func (b *stmt) ids(list []int64) *stmt { b.IDs(list); return b }
func (b *stmt) boolean(v bool) *stmt   { b.Bool(v); return b }

// int64s runs a statement whose rows are one integer each.
func (b *stmt) int64s(ctx context.Context, conn store.Conn) ([]int64, error) {
	return b.Int64s(ctx, conn)
}

// exec runs a statement that answers no rows.
func (b *stmt) exec(ctx context.Context, conn store.Conn) error {
	_, err := b.Exec(ctx, conn)
	return err
}

// col and tbl quote an attribute's column and a type's table.
var col, tbl = store.Col, store.Table

// idCol is the quoted id column.
var idCol = store.Ident(schema.ColID)

// Advisory-lock namespaces: the first key of PostgreSQL's two-key
// pg_advisory_xact_lock, so that the plugin's locks never meet another
// component's. "Kiln" in ASCII, then the next number.
const (
	lockCoach int32 = 0x4b696c6e
	lockEvent int32 = 0x4b696c6f
)

// lock takes a transaction-scoped lock on (namespace, id), released when
// conn's transaction commits or rolls back. PostgreSQL needs it: under READ
// COMMITTED two transactions could each check, find nothing, and both
// write. SQLite needs nothing: a write transaction already holds the one
// writer slot (the store's mutex and BEGIN IMMEDIATE) from its first
// statement, so transactions that check and then write run one at a time.
//
// The id is folded into 32 bits: two ids sharing a lock only wait for each
// other, they never skip a check.
func (s *sched) lock(ctx context.Context, conn store.Conn, namespace int32, id int64) error {
	if s.api.Content.DB.Dialect != store.Postgres {
		return nil
	}
	_, err := conn.ExecContext(ctx, "SELECT pg_advisory_xact_lock(?, ?)", namespace, int32(id))
	return err
}

// decodeTime reads a datetime column scanned into an any.
func decodeTime(v any) (time.Time, bool) {
	d, err := store.Decode(schema.DateTime, v)
	if err != nil {
		return time.Time{}, false
	}
	t, ok := d.(time.Time)
	return t, ok
}

// timeText is a datetime as entries show it on the wire.
func timeText(t time.Time) string { return t.UTC().Format(schema.DateTimeLayout) }
