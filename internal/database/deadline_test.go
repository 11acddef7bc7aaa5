package database_test

import (
	"context"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/store/storetest"
)

// slowQuery takes seconds on each database, and is the client's to stop.
var slowQuery = map[database.Dialect]string{
	database.Postgres: "SELECT pg_sleep(5)",
	database.SQLite: "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200000000) " +
		"SELECT COUNT(*) FROM n",
}

// TestDeadlineStopsTheStatement: a request's deadline ends its statement
// on the client at once — the error is one Unavailable recognises — and
// on the server soon after: PostgreSQL drops the statement within about
// a second (client_connection_check_interval), SQLite is interrupted.
func TestDeadlineStopsTheStatement(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		defer cancel()
		start := time.Now()
		var n int64
		err := db.QueryRowContext(ctx, slowQuery[db.Dialect]).Scan(&n)
		if took := time.Since(start); err == nil || took > 2*time.Second {
			t.Fatalf("the slow statement answered %v after %v", err, took)
		}
		if !database.Unavailable(err) {
			t.Errorf("a statement past its deadline: %v is not Unavailable", err)
		}
		if db.Dialect != database.Postgres {
			return
		}
		for deadline := time.Now().Add(3 * time.Second); ; time.Sleep(100 * time.Millisecond) {
			var running int
			db.QueryRowContext(context.Background(),
				"SELECT COUNT(*) FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(5)' AND state = 'active'").Scan(&running)
			if running == 0 {
				t.Logf("the server dropped the statement %v after the deadline", time.Since(start)-200*time.Millisecond)
				return
			}
			if time.Now().After(deadline) {
				t.Fatal("the server still runs the statement 3s after its client gave up")
			}
		}
	})
}
