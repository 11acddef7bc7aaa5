package database

import (
	"context"
	"database/sql/driver"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/uptrace/bun"
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
		err := db.bun.RunInTx(actx, nil, func(ctx context.Context, tx bun.Tx) error { return fn(ctx, tx) })
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
	conn, err := db.bun.Conn(ctx)
	if err != nil {
		return fmt.Errorf("taking a connection: %w", err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "PRAGMA foreign_keys = OFF"); err != nil {
		return fmt.Errorf("turning foreign keys off: %w", err)
	}
	defer func() {
		if _, err := conn.ExecContext(context.WithoutCancel(ctx), "PRAGMA foreign_keys = ON"); err != nil {
			conn.Raw(func(any) error { return driver.ErrBadConn })
		}
	}()
	return conn.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error { return fn(ctx, tx) })
}
