package database

import (
	"context"
	"database/sql"
)

// Conn is what statements run on: the pool (*DB) or a transaction
// (RunInTx hands one to its function, hooks get the write's). It has the
// shape of database/sql's, with one difference: a statement's values are
// written "?" on both databases, and the connection numbers them for
// PostgreSQL ($1, $2, …). Values always travel as parameters, never in the
// text, and a statement that carries values is prepared once per
// connection (statements.go). Kiln's SQL — the store's reads and writes,
// the migrations, a core table's service — takes the Conn to run on, so
// that the statements of one write commit together.
type Conn interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// Tx is a transaction a caller ends itself (Begin): for a test or a tool
// that holds one open while something else runs. Writes of the server go
// through RunInTx, which also retries and serialises them.
type Tx interface {
	Conn
	Commit() error
	Rollback() error
}

// runner is what database/sql runs statements on: *sql.DB, *sql.Tx and
// *sql.Conn.
type runner interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// conn runs Kiln's statements on a runner of the database: placeholders
// numbered for the dialect, each statement counted and observed.
type conn struct {
	db *DB
	r  runner
}

func (c conn) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	text, err := c.db.text(query, len(args))
	if err != nil {
		return nil, err
	}
	res, err := c.r.ExecContext(ctx, text, args...)
	c.db.ran(text, args)
	return res, err
}

func (c conn) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	text, err := c.db.text(query, len(args))
	if err != nil {
		return nil, err
	}
	rows, err := c.r.QueryContext(ctx, text, args...)
	c.db.ran(text, args)
	return rows, err
}

func (c conn) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	text, err := c.db.text(query, len(args))
	if err != nil {
		// A *sql.Row carries its error only from a run: run one that
		// fails with it, as its Scan then reports.
		return c.r.QueryRowContext(ctx, "SELECT", errArg{err})
	}
	row := c.r.QueryRowContext(ctx, text, args...)
	c.db.ran(text, args)
	return row
}

// errArg is a value database/sql refuses with its error.
type errArg struct{ err error }

func (e errArg) Value() (any, error) { return nil, e.err }

// tx is a transaction as a Conn, ended by its owner.
type tx struct {
	conn
	sql *sql.Tx
}

func (t tx) Commit() error {
	err := t.sql.Commit()
	t.db.ran("COMMIT", nil)
	return err
}

func (t tx) Rollback() error {
	err := t.sql.Rollback()
	if err != sql.ErrTxDone {
		t.db.ran("ROLLBACK", nil)
	}
	return err
}

// text is a statement as sent to the driver: "?" numbered on PostgreSQL.
func (db *DB) text(query string, nargs int) (string, error) {
	if db.Dialect == Postgres {
		return numbered(query, nargs)
	}
	return query, nil
}

// ran counts a statement sent and shows it to the observers.
func (db *DB) ran(text string, args []any) {
	db.queries.Add(1)
	if obs := db.observers.Load(); obs != nil {
		for _, o := range *obs {
			o(text, args)
		}
	}
}

// ExecContext runs a statement on the pool.
func (db *DB) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return conn{db, db.sql}.ExecContext(ctx, query, args...)
}

// QueryContext runs a query on the pool.
func (db *DB) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return conn{db, db.sql}.QueryContext(ctx, query, args...)
}

// QueryRowContext runs a query of one row on the pool.
func (db *DB) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return conn{db, db.sql}.QueryRowContext(ctx, query, args...)
}

// Begin starts a transaction the caller commits or rolls back: no retry,
// and on SQLite none of RunInTx's queueing for the one writer slot (BEGIN
// IMMEDIATE still waits for it, up to the busy timeout).
func (db *DB) Begin(ctx context.Context) (Tx, error) {
	t, err := db.begin(ctx, db.sql)
	if err != nil {
		return nil, err
	}
	return t, nil
}

// SQL is the pool as database/sql's, for what a Conn does not offer (a
// dedicated connection, the pool's settings). Statements on it are not
// counted in Queries and take the driver's own placeholders ($1 on
// PostgreSQL).
func (db *DB) SQL() *sql.DB { return db.sql }

// Observe has fn called with every statement the database runs from now
// on, as sent (placeholders numbered for the dialect) with its values,
// once it returned: for tests that pin the statements a request sends,
// and the benchmark that runs them again without Kiln.
func (db *DB) Observe(fn func(query string, args []any)) {
	for {
		old := db.observers.Load()
		var list []func(string, []any)
		if old != nil {
			list = append(list, *old...)
		}
		list = append(list, fn)
		if db.observers.CompareAndSwap(old, &list) {
			return
		}
	}
}
