package content

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/store"
)

// Statement is one hand-written SQL statement, for what the service has no
// call for: an aggregate over many rows (analytics, free slots), or a
// plugin's own table (Own). Its text is written piece by piece — keywords
// and identifiers from the schema, a "?" per value, every value encoded
// for the dialect — so no value is ever spliced into the SQL.
//
// Content types are read only through From, which narrows each table to
// the rows the statement's reader may see, so an aggregate counts what its
// caller may see and nothing else. A statement that names a content type
// can only be read (Query); Exec is for statements on the plugin's own
// tables alone, inside a transaction: writes of entries go through Create,
// Update and Delete, so that every check and hook runs.
type Statement struct {
	t       *Tx
	inTx    bool
	b       *store.Stmt
	ro      entry.ReadOptions
	content bool // From was used: the statement reads entries
	own     bool // Own was used: the statement names a plugin table
	err     error
}

// Statement starts a read-only statement on the pool, for the reader ro.
func (s *Service) Statement(ro entry.ReadOptions) *Statement {
	return &Statement{t: s.pool(), b: store.NewStmt(s.db.Dialect), ro: ro}
}

// Statement starts a statement inside the transaction, for the reader ro.
func (t *Tx) Statement(ro entry.ReadOptions) *Statement {
	return &Statement{t: t, inTx: true, b: store.NewStmt(t.s.db.Dialect), ro: ro}
}

// Dialect is the database family the statement is written for.
func (st *Statement) Dialect() schema.Dialect { return st.b.Dialect() }

// W writes SQL text: keywords, quoted identifiers, never values.
func (st *Statement) W(parts ...string) *Statement { st.b.W(parts...); return st }

// From writes the table of ct under alias, narrowed to what the reader may
// see.
func (st *Statement) From(ct *schema.ContentType, alias string) *Statement {
	st.content = true
	st.b.From(ct, alias, st.ro)
	return st
}

// Col writes alias.column of an attribute: a scalar's column or an owning
// to-one relation's foreign key.
func (st *Statement) Col(alias string, a *schema.Attribute) *Statement {
	if a.Column == "" {
		st.fail(fmt.Errorf("content: %s.%s has no column of its own", a.Owner.Name, a.Name))
		return st
	}
	return st.W(alias, ".", database.Ident(a.Column))
}

// ID writes alias.id.
func (st *Statement) ID(alias string) *Statement {
	return st.W(alias, ".", database.Ident(schema.ColID))
}

// JoinTable writes a manyToMany relation's join table under alias: its
// columns are JoinSelf (this side's id) and JoinTarget (the other side's),
// named with JoinCol. Read the related rows themselves through From.
func (st *Statement) JoinTable(a *schema.Attribute, alias string) *Statement {
	if a.JoinTable == "" {
		st.fail(fmt.Errorf("content: %s.%s has no join table", a.Owner.Name, a.Name))
		return st
	}
	st.content = true
	return st.W(database.Ident(a.JoinTable), " ", alias)
}

// JoinCol writes alias.column of a join table: its own side's column
// (self) or the target's.
func (st *Statement) JoinCol(alias string, a *schema.Attribute, self bool) *Statement {
	c := a.JoinTarget
	if self {
		c = a.JoinSelf
	}
	return st.W(alias, ".", database.Ident(c))
}

// Own writes the quoted name of one of the plugins' own tables (declared
// with plugin.Tables); a name that was not declared fails the statement.
func (st *Statement) Own(table string) *Statement {
	if !st.t.s.tables[table] {
		st.fail(fmt.Errorf("content: %q is no declared plugin table", table))
		return st
	}
	st.own = true
	return st.W(database.Ident(table))
}

// Ident writes a quoted identifier: a column of a plugin's own table, or
// an alias.
func (st *Statement) Ident(name string) *Statement { return st.W(database.Ident(name)) }

// Arg writes a placeholder for v, encoded for a field of type t.
func (st *Statement) Arg(t schema.FieldType, v any) *Statement { st.b.Arg(t, v); return st }

// Int writes a placeholder for an id or any integer.
func (st *Statement) Int(v int64) *Statement { st.b.ID(v); return st }

// Str writes a placeholder for a string.
func (st *Statement) Str(v string) *Statement { st.b.Str(v); return st }

// At writes a placeholder for an instant.
func (st *Statement) At(v time.Time) *Statement { st.b.At(v); return st }

// Bool writes a placeholder for a boolean.
func (st *Statement) Bool(v bool) *Statement { st.b.Bool(v); return st }

// Ints writes "(?, ?, ...)" for a non-empty list of integers.
func (st *Statement) Ints(list []int64) *Statement {
	if len(list) == 0 {
		st.fail(errors.New("content: an empty list in a statement"))
		return st
	}
	st.b.IDs(list)
	return st
}

func (st *Statement) fail(err error) {
	if st.err == nil {
		st.err = err
	}
}

// Query runs the statement and returns its rows.
func (st *Statement) Query(ctx context.Context) (*sql.Rows, error) {
	if st.err != nil {
		return nil, st.err
	}
	return st.b.Query(ctx, st.t.conn)
}

// QueryRow runs a statement that answers one row.
func (st *Statement) QueryRow(ctx context.Context, dest ...any) error {
	if st.err != nil {
		return st.err
	}
	return st.b.QueryRow(ctx, st.t.conn).Scan(dest...)
}

// Ints64 runs a statement whose rows are one integer each.
func (st *Statement) Ints64(ctx context.Context) ([]int64, error) {
	if st.err != nil {
		return nil, st.err
	}
	return st.b.Int64s(ctx, st.t.conn)
}

// Decode turns a value scanned from a statement's row for a field of type t into its canonical Go form, whatever the database (store.Decode).
func Decode(t schema.FieldType, v any) (any, error) { return store.Decode(t, v) }

// Exec runs a statement that writes a plugin's own tables, inside a
// transaction, and returns how many rows it changed. A statement that
// reads entries (From), names no own table, or runs outside a transaction
// is refused: entries are written through the service.
func (st *Statement) Exec(ctx context.Context) (int64, error) {
	switch {
	case st.err != nil:
		return 0, st.err
	case !st.inTx:
		return 0, errors.New("content: a statement writes inside a transaction only (Service.InTx)")
	case st.content || !st.own:
		return 0, errors.New("content: a statement writes a plugin's own tables only; entries are written through Create, Update and Delete")
	}
	return st.b.Exec(ctx, st.t.conn)
}

// Declare lets statements write the plugin tables named (the plugin
// registry declares each plugin's tables at start-up).
func (s *Service) Declare(tables ...string) {
	for _, t := range tables {
		s.tables[t] = true
	}
}
