package database_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/store/storetest"
)

// TestDeadlockVictimIsRetried: two transactions lock the same two rows in
// opposite orders, so PostgreSQL aborts one to break the deadlock;
// RunInTx runs the victim again, and both succeed.
func TestDeadlockVictimIsRetried(t *testing.T) {
	db := storetest.Open(t, database.Postgres)
	ctx := context.Background()
	for _, q := range []string{"CREATE TABLE pair (id BIGINT PRIMARY KEY, n BIGINT NOT NULL)", "INSERT INTO pair VALUES (1, 0), (2, 0)"} {
		if _, err := db.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	var both sync.WaitGroup
	both.Add(2)
	var runs atomic.Int32
	bump := func(first, second int) error {
		return db.RunInTx(ctx, func(ctx context.Context, tx database.Conn) error {
			if runs.Add(1) <= 2 { // the first run of each meets the other's lock
				if _, err := tx.ExecContext(ctx, "UPDATE pair SET n = n + 1 WHERE id = ?", first); err != nil {
					return err
				}
				both.Done()
				both.Wait()
			} else if _, err := tx.ExecContext(ctx, "UPDATE pair SET n = n + 1 WHERE id = ?", first); err != nil {
				return err
			}
			_, err := tx.ExecContext(ctx, "UPDATE pair SET n = n + 1 WHERE id = ?", second)
			return err
		})
	}
	errc := make(chan error, 2)
	go func() { errc <- bump(1, 2) }()
	go func() { errc <- bump(2, 1) }()
	for i := 0; i < 2; i++ {
		if err := <-errc; err != nil {
			t.Errorf("a transaction failed: %v", err)
		}
	}
	var n1, n2 int
	db.QueryRowContext(ctx, "SELECT (SELECT n FROM pair WHERE id = 1), (SELECT n FROM pair WHERE id = 2)").Scan(&n1, &n2)
	// At least one retry; more when the victim's second run meets the
	// other again before it commits (it can deadlock anew).
	if n1 != 2 || n2 != 2 || runs.Load() < 3 {
		t.Errorf("rows %d and %d, want 2 and 2; %d runs, want at least 3 (a retry)", n1, n2, runs.Load())
	}
}
