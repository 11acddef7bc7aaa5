package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/sqlgen"
)

// Stmt builds one hand-written statement for a plugin's own reads and
// writes (an aggregate, a lock, a bulk update) that the content service has
// no call for: SQL text with a "?" per value, every value encoded for the
// dialect by Encode, identifiers only from the schema, quoted by Ident. No
// value is ever spliced into the text.
type Stmt struct {
	d    database.Dialect
	sb   strings.Builder
	args []any
}

// NewStmt starts a statement for the dialect.
func NewStmt(d database.Dialect) *Stmt { return &Stmt{d: d} }

// Dialect is the database family the statement is written for.
func (b *Stmt) Dialect() database.Dialect { return b.d }

// W writes SQL text: keywords and identifiers, never values.
func (b *Stmt) W(parts ...string) *Stmt {
	for _, p := range parts {
		b.sb.WriteString(p)
	}
	return b
}

// Arg writes a placeholder for v, encoded for a column of type t.
func (b *Stmt) Arg(t schema.FieldType, v any) *Stmt {
	b.sb.WriteByte('?')
	b.args = append(b.args, Encode(b.d, t, v))
	return b
}

// ID writes a placeholder for an id or any integer.
func (b *Stmt) ID(v int64) *Stmt { return b.Arg(schema.BigInteger, v) }

// Str writes a placeholder for a string.
func (b *Stmt) Str(v string) *Stmt { return b.Arg(schema.String, v) }

// At writes a placeholder for an instant.
func (b *Stmt) At(v time.Time) *Stmt { return b.Arg(schema.DateTime, v) }

// Bool writes a placeholder for a boolean.
func (b *Stmt) Bool(v bool) *Stmt { return b.Arg(schema.Boolean, v) }

// IDs writes "(?, ?, ...)" for a non-empty list of ids.
func (b *Stmt) IDs(list []int64) *Stmt {
	b.W("(")
	for i, v := range list {
		if i > 0 {
			b.W(", ")
		}
		b.ID(v)
	}
	return b.W(")")
}

// SQL is the statement's text.
func (b *Stmt) SQL() string { return b.sb.String() }

// Args are the statement's values, in placeholder order.
func (b *Stmt) Args() []any { return b.args }

// Query runs the statement and returns its rows.
func (b *Stmt) Query(ctx context.Context, conn database.Conn) (*sql.Rows, error) {
	return conn.QueryContext(ctx, b.sb.String(), b.args...)
}

// QueryRow runs a statement that answers one row.
func (b *Stmt) QueryRow(ctx context.Context, conn database.Conn) *sql.Row {
	return conn.QueryRowContext(ctx, b.sb.String(), b.args...)
}

// Exec runs a statement that answers no rows and returns how many it
// changed.
func (b *Stmt) Exec(ctx context.Context, conn database.Conn) (int64, error) {
	res, err := conn.ExecContext(ctx, b.sb.String(), b.args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// Int64s runs a statement whose rows are one integer each.
func (b *Stmt) Int64s(ctx context.Context, conn database.Conn) ([]int64, error) {
	return queryInt64s(ctx, conn, b.sb.String(), b.args)
}

// Col is the quoted column of an attribute: a scalar's own column or an
// owning to-one relation's foreign key.
func Col(a *schema.Attribute) string { return sqlgen.Ident(a.Column) }

// Table is the quoted table of a type.
func Table(ct *schema.ContentType) string { return sqlgen.Ident(ct.Table) }

// LockRow takes a write lock on one row of ct until conn's transaction
// ends, so that transactions that check something of the row (a coach's
// capacity) and then write are taken one at a time. PostgreSQL needs it:
// under READ COMMITTED two transactions could each check, find room, and
// both write. SQLite needs nothing: a write transaction holds the one
// writer slot (database.DB.RunInTx's mutex and BEGIN IMMEDIATE) from its start. A
// missing row locks nothing and is no error.
func (s *Store) LockRow(ctx context.Context, conn database.Conn, ct *schema.ContentType, id int64) error {
	d := s.DB.Dialect
	if d != database.Postgres {
		return nil
	}
	_, err := NewStmt(d).W("SELECT 1 FROM ", Table(ct), " WHERE ", sqlgen.Ident(schema.ColID), " = ").ID(id).
		W(" FOR UPDATE").Int64s(ctx, conn)
	return err
}

// LockRows is LockRow for several rows of ct, taken in id order in one
// statement, so that two transactions locking overlapping sets cannot
// deadlock on each other.
func (s *Store) LockRows(ctx context.Context, conn database.Conn, ct *schema.ContentType, ids []int64) error {
	d := s.DB.Dialect
	if d != database.Postgres || len(ids) == 0 {
		return nil
	}
	_, err := NewStmt(d).W("SELECT ", sqlgen.Ident(schema.ColID), " FROM ", Table(ct), " WHERE ", sqlgen.Ident(schema.ColID), " IN ").IDs(ids).
		W(" ORDER BY ", sqlgen.Ident(schema.ColID), " FOR UPDATE").Int64s(ctx, conn)
	return err
}

// LockKey takes a transaction-scoped lock on (namespace, key), released
// when conn's transaction ends: PostgreSQL's pg_advisory_xact_lock, for a
// rule over something that is not one row. SQLite needs nothing (one write
// transaction at a time). The key is folded into 32 bits: two keys sharing
// a lock only wait for each other, they never skip a check.
func (s *Store) LockKey(ctx context.Context, conn database.Conn, namespace int32, key int64) error {
	if s.DB.Dialect != database.Postgres {
		return nil
	}
	_, err := conn.ExecContext(ctx, "SELECT pg_advisory_xact_lock(?, ?)", namespace, int32(key))
	return err
}

// LockKeyWithin is LockKey waiting at most wait for the lock, and says
// whether it took it; with no wait it only takes a free lock. A lock not
// taken in time leaves the transaction as it was, and usable: the wait
// runs in a savepoint with PostgreSQL's lock_timeout set for that one
// statement, and its lock_not_available undoes only the savepoint. So a
// caller can do something better than queue — look again at what the
// lock's holder may have committed meanwhile — and then wait again.
// SQLite takes it at once (one write transaction at a time).
func (s *Store) LockKeyWithin(ctx context.Context, conn database.Conn, namespace int32, key int64, wait time.Duration) (bool, error) {
	if s.DB.Dialect != database.Postgres {
		return true, nil
	}
	if wait <= 0 {
		var got bool
		err := conn.QueryRowContext(ctx, "SELECT pg_try_advisory_xact_lock(?, ?)", namespace, int32(key)).Scan(&got)
		return got, err
	}
	// One round trip when the lock comes in time. The lock_timeout in
	// force before (an operator's, or a hook's SET LOCAL) is kept in a
	// setting of Kiln's own for the transaction and put back after the
	// lock. SET takes no parameter, and a script of several statements
	// none either (only a single statement binds values): the timeout and
	// the lock's two numbers, integers of Kiln's own, are written into
	// the text.
	_, err := conn.ExecContext(ctx, fmt.Sprintf("SAVEPOINT kiln_lock_wait; "+
		"SELECT set_config('kiln.lock_timeout', current_setting('lock_timeout'), true); "+
		"SET LOCAL lock_timeout = %d; SELECT pg_advisory_xact_lock(%d, %d); "+
		"SELECT set_config('lock_timeout', current_setting('kiln.lock_timeout'), true); "+
		"RELEASE SAVEPOINT kiln_lock_wait", max(wait.Milliseconds(), 1), namespace, int32(key)))
	if err == nil || !database.LockNotAvailable(err) {
		return err == nil, err
	}
	_, err = conn.ExecContext(ctx, "ROLLBACK TO SAVEPOINT kiln_lock_wait; RELEASE SAVEPOINT kiln_lock_wait")
	return false, err
}

// From writes ct's table under alias as the reader ro sees it: the table
// itself when ro does not limit ct, else a subquery of the rows they may
// see (their scope, and no draft they may not read). A hand-written
// aggregate that reads every content table through From counts what its
// caller may see and nothing else; both databases flatten the subquery.
func (b *Stmt) From(ct *schema.ContentType, alias string, ro entry.ReadOptions) *Stmt {
	if !ro.Limited(ct) {
		return b.W(Table(ct), " ", alias)
	}
	q := sqlgen.NewRead(b.d, ro, query.Draft)
	q.W("(SELECT * FROM ", Table(ct), " vis WHERE ")
	q.Visible(ct, "vis")
	q.W(") ", alias)
	b.sb.WriteString(q.SQL())
	b.args = append(b.args, q.Args()...)
	return b
}
