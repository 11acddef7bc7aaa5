package database_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/uptrace/bun/driver/pgdriver"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/store/storetest"
)

// TestContentionIsAConflict: a transaction PostgreSQL aborts because of
// other transactions — a deadlock, a serialization failure, a lock not
// granted within lock_timeout — is run again, and past the attempts it is
// a 409 ConflictError, not a 503 (the database answered) nor a 500. An
// exclusion violation past them stays the conflict that names the
// constraint. Each error is PostgreSQL's own, raised with its code; a
// real lock_timeout is one of them (55P03, not query_canceled).
func TestContentionIsAConflict(t *testing.T) {
	t.Parallel()
	db := storetest.Open(t, database.Postgres)
	ctx := context.Background()
	const again = "The change conflicts with changes being made at the same time: try again"
	check := func(what string, runs int, err error, code, message string, details map[string]any) {
		t.Helper()
		var pe pgdriver.Error
		if !errors.As(err, &pe) || pe.Field('C') != code {
			t.Errorf("%s: %v, want SQLSTATE %s underneath", what, err, code)
		}
		e, ok := errs.As(err)
		if !ok || e.Kind != errs.KindConflict || e.Message != message || fmt.Sprint(e.Details) != fmt.Sprint(details) {
			t.Errorf("%s: %#v, want the conflict %q %v", what, err, message, details)
		}
		if database.Unavailable(err) {
			t.Errorf("%s: taken for an outage", what)
		}
		if runs != 3 {
			t.Errorf("%s: %d runs, want 3", what, runs)
		}
	}
	for _, tc := range []struct{ code, raise, message string }{
		{"40P01", "ERRCODE = 'deadlock_detected'", again},
		{"40001", "ERRCODE = 'serialization_failure'", again},
		{"55P03", "ERRCODE = 'lock_not_available'", again},
		{"23P01", "ERRCODE = 'exclusion_violation', CONSTRAINT = 'rows_apart'", "The change conflicts with another entry"},
	} {
		runs := 0
		err := db.RunInTx(ctx, func(ctx context.Context, tx database.Conn) error {
			runs++
			_, err := tx.ExecContext(ctx, "DO $$ BEGIN RAISE EXCEPTION 'raised' USING "+tc.raise+"; END $$")
			return err
		})
		var details map[string]any
		if tc.code == "23P01" {
			details = map[string]any{"constraint": "rows_apart"}
		}
		check(tc.code, runs, err, tc.code, tc.message, details)
	}

	if _, err := db.ExecContext(ctx, "CREATE TABLE slots (id INT PRIMARY KEY); INSERT INTO slots VALUES (1)"); err != nil {
		t.Fatal(err)
	}
	holder, err := db.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Rollback()
	if _, err := holder.ExecContext(ctx, "SELECT 1 FROM slots WHERE id = 1 FOR UPDATE"); err != nil {
		t.Fatal(err)
	}
	runs := 0
	err = db.RunInTx(ctx, func(ctx context.Context, tx database.Conn) error {
		runs++
		_, err := tx.ExecContext(ctx, "SET LOCAL lock_timeout = 20; SELECT 1 FROM slots WHERE id = 1 FOR UPDATE")
		return err
	})
	check("a row held past lock_timeout", runs, err, "55P03", again, nil)
}
