package database

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/kiln-cms/kiln/core/errs"
)

// txAttempts is how often RunInTx tries a transaction that PostgreSQL
// aborted as a deadlock victim or a serialization failure, or on a lock
// not granted within lock_timeout, or that broke an exclusion constraint
// at its commit.
const txAttempts = 3

type attemptKey struct{}

// TxAttempt is the run of its transaction that ctx belongs to: 1 for the
// first, more for RunInTx's runs again; 0 outside RunInTx.
func TxAttempt(ctx context.Context) int {
	n, _ := ctx.Value(attemptKey{}).(int)
	return n
}

// RunInTx runs fn in one transaction, committed when fn returns nil and
// rolled back when it returns an error or panics. A transaction PostgreSQL
// aborts to break a deadlock, as a serialization failure or on a lock
// timeout, or that broke an exclusion constraint at its commit, is run
// again from the start (fn must not do anything outside the transaction
// that a second run would repeat), up to txAttempts times; past that it
// is a 409 ConflictError, never a 503: the database answered (see
// retryable and conflict).
func (db *DB) RunInTx(ctx context.Context, fn func(ctx context.Context, tx Conn) error) error {
	if db.Dialect == SQLite {
		if err := db.lockWriter(ctx); err != nil {
			return err
		}
		defer func() { <-db.writer }()
	}
	for attempt := 1; ; attempt++ {
		actx := context.WithValue(ctx, attemptKey{}, attempt)
		err := db.runTx(actx, db.sql, fn)
		if attempt < txAttempts && retryable(err) && ctx.Err() == nil {
			retryPause(ctx, attempt)
			continue
		}
		return conflict(err)
	}
}

// retryPause waits a random few milliseconds before a transaction runs
// again: two transactions that deadlocked, run again at once, would take
// their locks in the same order and meet again; a random pause lets one
// go first (the pause grows with the attempt).
func retryPause(ctx context.Context, attempt int) {
	t := time.NewTimer(time.Duration(1+rand.IntN(5*attempt)) * time.Millisecond)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// lockWriter waits for SQLite's one writer slot, as long as SQLite's own
// busy timeout would have, and never past the request's context.
func (db *DB) lockWriter(ctx context.Context) error {
	t := time.NewTimer(10 * time.Second)
	defer t.Stop()
	select {
	case db.writer <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return errs.New(errs.KindUnavailable, "The database is busy: no write slot within 10s")
	}
}

// RunInTxWithoutForeignKeys runs fn in one transaction that changes
// tables (a migration). On SQLite it takes one connection of the pool, in
// the one writer slot, and turns its foreign keys off for the transaction
// (the pragma does nothing inside one), since dropping a table for a
// rebuild would otherwise cascade to the rows that point at it; they are
// turned back on before the connection goes back to the pool, or the
// connection is discarded. It runs once: a failure is the caller's to
// report. On PostgreSQL, whose foreign keys a change of tables does not
// trip, it is RunInTx.
func (db *DB) RunInTxWithoutForeignKeys(ctx context.Context, fn func(ctx context.Context, tx Conn) error) error {
	if db.Dialect == Postgres {
		return db.RunInTx(ctx, fn)
	}
	if err := db.lockWriter(ctx); err != nil {
		return err
	}
	defer func() { <-db.writer }()
	c, err := db.sql.Conn(ctx)
	if err != nil {
		return fmt.Errorf("taking a connection: %w", err)
	}
	defer c.Close()
	on := conn{db, c}
	if _, err := on.ExecContext(ctx, "PRAGMA foreign_keys = OFF"); err != nil {
		return fmt.Errorf("turning foreign keys off: %w", err)
	}
	defer func() {
		if _, err := on.ExecContext(context.WithoutCancel(ctx), "PRAGMA foreign_keys = ON"); err != nil {
			c.Raw(func(any) error { return driver.ErrBadConn })
		}
	}()
	return db.runTx(ctx, c, fn)
}

// beginner is what a transaction starts on: the pool or one connection.
type beginner interface {
	BeginTx(ctx context.Context, opts *sql.TxOptions) (*sql.Tx, error)
}

// runTx runs fn in one transaction on b: committed when fn returns nil,
// rolled back when it returns an error or panics.
func (db *DB) runTx(ctx context.Context, b beginner, fn func(ctx context.Context, tx Conn) error) (err error) {
	t, err := db.begin(ctx, b)
	if err != nil {
		return err
	}
	done := false
	defer func() {
		if !done {
			t.Rollback()
		}
	}()
	if err := fn(ctx, t); err != nil {
		return err
	}
	done = true
	return t.Commit()
}

// begin starts a transaction on b, counted and observed as BEGIN (and
// its end as COMMIT or ROLLBACK) like every statement.
func (db *DB) begin(ctx context.Context, b beginner) (tx, error) {
	t, err := b.BeginTx(ctx, nil)
	db.ran("BEGIN", nil)
	if err != nil {
		return tx{}, err
	}
	return tx{conn{db, t}, t}, nil
}
