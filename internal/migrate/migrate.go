// Package migrate brings a database to the schema, in the manner of bun's
// migrate package but without migration files: it compares the tables the
// content types, the core and the plugins want (TableDef, ddl.go) with
// what the database has (introspect.go) and what Kiln applied before (the
// snapshot, snapshot.go), plans the steps (plan.go: additive ones first,
// destructive ones held back until allowed, pending.go), converts columns
// whose type changed (convert.go, postgres.go, sqlite.go), drops what the
// schema no longer has (drop.go), brings rows written before drafts and
// links were kept per version to today's layout (drafts.go, links.go),
// makes the core tables (coretables.go) and PostgreSQL's identity
// triggers (identity.go), and runs it all in one transaction (Run). It
// writes the DDL; the entries' own SQL is internal/store's.
package migrate

import (
	"context"
	"errors"
	"fmt"

	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
)

// ErrDestructivePending says a migration held back changes that would lose
// data (a removed field or type, a changed type): they run only when the
// caller allows them. The additive changes were applied; Run wraps this
// error with the list of what waits, and the plan lists their steps.
var ErrDestructivePending = errors.New("destructive schema changes are pending")

// Options choose what Run may do.
type Options struct {
	// AllowDestructive applies drops and type changes too.
	AllowDestructive bool
	// DryRun plans and applies nothing (what `kiln migrate --dry-run`
	// prints). Its error is nil even when the plan holds destructive steps.
	DryRun bool
	// Extra are what the plugins declare beside the content types: their
	// own tables, planned like any other, and constraints.
	Extra Extra
}

// Extra is what plugins add to the schema's tables.
type Extra struct {
	Tables      []TableDef
	Constraints []ConstraintDef
}

// ConstraintDef is a constraint a plugin keeps a rule with, on PostgreSQL:
// added when no constraint of its name is on its table, after the
// statements in Before. It is optional: when it cannot be added (a missing
// privilege, rows that already break it), the plan's Warnings say why and
// the migration goes on.
type ConstraintDef struct {
	Table, Name string
	Before      []string
	// SQL follows "ALTER TABLE <table> ADD CONSTRAINT <name> ".
	SQL string
}

// migrateLock is the PostgreSQL advisory lock that serialises migrations:
// every node of a cluster migrates at start-up, and two plans made at the
// same time would both try to create the same table.
const migrateLock = 0x6b696c6e // "kiln"

// Run brings db to s. Additive steps always run; destructive ones only
// with AllowDestructive, else the error is ErrDestructivePending (after the
// additive steps were applied). The plan is made and applied in one
// transaction, with the snapshot of what now exists, so a failure leaves
// the database as it was and concurrent migrations run one after the other.
// With DryRun it only plans. A second run finds nothing to do.
func Run(ctx context.Context, db *database.DB, s *schema.Schema, opts Options) (*Plan, error) {
	if opts.DryRun {
		return planMigration(ctx, db, db.Dialect, s, opts.Extra)
	}
	var plan *Plan
	err := migrateTx(ctx, db, func(ctx context.Context, tx database.Conn) error {
		var err error
		if plan, err = planMigration(ctx, tx, db.Dialect, s, opts.Extra); err != nil {
			return err
		}
		if err := apply(ctx, tx, db.Dialect, plan, opts.AllowDestructive); err != nil {
			return err
		}
		if db.Dialect == database.Postgres {
			return ensureIdentityTriggers(ctx, tx, s)
		}
		return nil
	})
	if err != nil {
		return plan, err // each step's error names the step; callers add "migrating"
	}
	if len(plan.Steps) > 0 {
		db.ResetStatements() // what the connections prepared was for the old tables
	}
	if len(plan.pending) > 0 && !opts.AllowDestructive {
		return plan, fmt.Errorf("%w: %s", ErrDestructivePending, plan.pendingLines())
	}
	return plan, nil
}

// apply runs the plan's steps and saves the snapshot that matches them.
func apply(ctx context.Context, tx database.Conn, d database.Dialect, p *Plan, destructive bool) error {
	ran := false
	for _, st := range p.Steps {
		if st.Destructive && !destructive {
			continue
		}
		if st.optional {
			if err := applyOptional(ctx, tx, p, st); err != nil {
				return err
			}
			continue
		}
		for _, c := range st.checks {
			var n int64
			if err := tx.QueryRowContext(ctx, c.sql).Scan(&n); err != nil {
				return fmt.Errorf("%s: checking the values: %w", st.Description, err)
			}
			if n > 0 {
				return fmt.Errorf("%s: %d value(s) of %s cannot be converted; nothing was changed", st.Description, n, c.what)
			}
		}
		if _, err := tx.ExecContext(ctx, st.SQL); err != nil {
			return fmt.Errorf("%s: %w", st.Description, err)
		}
		ran = ran || st.Destructive
	}
	if ran && d == database.SQLite {
		if err := foreignKeyCheck(ctx, tx); err != nil {
			return err
		}
	}
	next := p.held
	if destructive {
		next = p.full
	}
	return saveState(ctx, tx, p.loaded, next)
}

// foreignKeyCheck fails when a row points at a row that is gone: SQLite's
// foreign keys are off while a migration rebuilds tables, so it checks them
// once before committing.
func foreignKeyCheck(ctx context.Context, tx database.Conn) error {
	rows, err := tx.QueryContext(ctx, "PRAGMA foreign_key_check")
	if err != nil {
		return fmt.Errorf("checking foreign keys: %w", err)
	}
	defer rows.Close()
	if rows.Next() {
		var table, parent string
		var rowid, fk any
		if err := rows.Scan(&table, &rowid, &parent, &fk); err != nil {
			return fmt.Errorf("checking foreign keys: %w", err)
		}
		return fmt.Errorf("after the migration, row %v of %s points at a missing row of %s; nothing was changed", rowid, table, parent)
	}
	return rows.Err()
}

// migrateTx runs fn in the migration's transaction. On PostgreSQL it holds
// the advisory lock. On SQLite foreign keys are off for it (see
// database.DB.RunInTxWithoutForeignKeys), since a rebuild drops tables
// that rows point at.
func migrateTx(ctx context.Context, db *database.DB, fn func(ctx context.Context, tx database.Conn) error) error {
	if db.Dialect == database.Postgres {
		return db.RunInTx(ctx, func(ctx context.Context, tx database.Conn) error {
			if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(?)", migrateLock); err != nil {
				return fmt.Errorf("waiting for other migrations: %w", err)
			}
			return fn(ctx, tx)
		})
	}
	return db.RunInTxWithoutForeignKeys(ctx, fn)
}

// applyOptional runs an optional step in a savepoint: its failure is
// undone, kept in the plan's warnings, and the migration goes on.
func applyOptional(ctx context.Context, tx database.Conn, p *Plan, st Step) error {
	if _, err := tx.ExecContext(ctx, "SAVEPOINT kiln_optional"); err != nil {
		return err
	}
	for _, stmt := range append(append([]string(nil), st.before...), st.SQL) {
		if _, err := tx.ExecContext(ctx, stmt); err != nil {
			p.Warnings = append(p.Warnings, fmt.Sprintf("%s: %v", st.Description, err))
			_, err = tx.ExecContext(ctx, "ROLLBACK TO SAVEPOINT kiln_optional")
			return err
		}
	}
	_, err := tx.ExecContext(ctx, "RELEASE SAVEPOINT kiln_optional")
	return err
}
