package database

import (
	"context"
	"database/sql"

	"github.com/uptrace/bun"
)

// Conn is what statements run on: the pool (*DB) or a transaction
// (RunInTx hands one to its function, hooks get the write's). It has the
// shape of database/sql's, with one difference: a statement's values are
// written "?" on both databases, and the connection puts them in for the
// dialect. Kiln's SQL — the store's reads and writes, the migrations, a
// core table's service — takes the Conn to run on, so that the statements
// of one write commit together.
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

// ExecContext runs a statement on the pool.
func (db *DB) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return db.bun.ExecContext(ctx, query, args...)
}

// QueryContext runs a query on the pool.
func (db *DB) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return db.bun.QueryContext(ctx, query, args...)
}

// QueryRowContext runs a query of one row on the pool.
func (db *DB) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return db.bun.QueryRowContext(ctx, query, args...)
}

// Begin starts a transaction the caller commits or rolls back: no retry,
// and on SQLite none of RunInTx's queueing for the one writer slot (BEGIN
// IMMEDIATE still waits for it, up to the busy timeout).
func (db *DB) Begin(ctx context.Context) (Tx, error) {
	tx, err := db.bun.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	return tx, nil
}

// SQL is the pool as database/sql's, for what a Conn does not offer (a
// dedicated connection, the pool's settings). Statements on it are not
// counted in Queries and take the driver's own placeholders ($1 on
// PostgreSQL).
func (db *DB) SQL() *sql.DB { return db.bun.DB }

// Observe has fn called with the text of every statement the database
// runs from now on (the values in place, as sent), once it returned: for
// tests that pin the statements a request sends. Call it before the
// database is in use.
func (db *DB) Observe(fn func(query string)) { db.bun = db.bun.WithQueryHook(observer(fn)) }

// observer is a bun query hook that calls a function.
type observer func(query string)

func (o observer) BeforeQuery(ctx context.Context, _ *bun.QueryEvent) context.Context { return ctx }
func (o observer) AfterQuery(_ context.Context, ev *bun.QueryEvent)                   { o(ev.Query) }
