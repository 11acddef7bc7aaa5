package store_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/store"
	"github.com/kiln-cms/kiln/internal/store/storetest"
)

// TestLockKeyWithin: a lock another transaction holds is not taken, at
// once without a wait and after the wait with one, and the transaction
// that did not get it goes on as it was — its earlier write kept, its own
// lock_timeout back; once the holder commits, the lock is taken. SQLite
// has nothing to wait for.
func TestLockKeyWithin(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	lite := storetest.Open(t, database.SQLite)
	if got, err := (&store.Store{DB: lite}).LockKeyWithin(ctx, lite, 1, 1, 0); !got || err != nil {
		t.Errorf("SQLite: %v %v, want the lock", got, err)
	}

	db := storetest.Open(t, database.Postgres)
	st := &store.Store{DB: db}
	// Advisory locks are the database's, not the schema's: a namespace of
	// the test's own keeps other tests' locks out of the way.
	ns, key := rand.Int32(), int64(7)
	if _, err := db.ExecContext(ctx, "CREATE TABLE marks (n INT)"); err != nil {
		t.Fatal(err)
	}
	holder, err := db.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Rollback()
	if err := st.LockKey(ctx, holder, ns, key); err != nil {
		t.Fatal(err)
	}

	waiter, err := db.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer waiter.Rollback()
	for _, q := range []string{"SET LOCAL lock_timeout = 7000", "INSERT INTO marks VALUES (1)"} {
		if _, err := waiter.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	lockTimeout := func(when string) {
		t.Helper()
		var v string
		if err := waiter.QueryRowContext(ctx, "SELECT current_setting('lock_timeout')").Scan(&v); err != nil {
			t.Fatalf("%s: %v", when, err)
		}
		if v != "7s" {
			t.Errorf("%s: lock_timeout %s, want the transaction's own 7s", when, v)
		}
	}
	if got, err := st.LockKeyWithin(ctx, waiter, ns, key, 0); got || err != nil {
		t.Errorf("a held lock, no wait: %v %v, want not taken", got, err)
	}
	began := time.Now()
	got, err := st.LockKeyWithin(ctx, waiter, ns, key, 30*time.Millisecond)
	if took := time.Since(began); got || err != nil || took < 30*time.Millisecond || took > 5*time.Second {
		t.Errorf("a held lock, a 30 ms wait: %v %v after %s, want not taken after 30 ms", got, err, took)
	}
	lockTimeout("after a wait in vain")

	if err := holder.Commit(); err != nil {
		t.Fatal(err)
	}
	if got, err := st.LockKeyWithin(ctx, waiter, ns, key, time.Second); !got || err != nil {
		t.Errorf("a free lock: %v %v, want it taken", got, err)
	}
	lockTimeout("after the lock")
	if got, err := st.LockKeyWithin(ctx, db, ns, key, 0); got || err != nil {
		t.Errorf("the waiter's lock from another connection: %v %v, want not taken", got, err)
	}
	if err := waiter.Commit(); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := db.QueryRowContext(ctx, "SELECT COUNT(*) FROM marks").Scan(&n); err != nil || n != 1 {
		t.Errorf("the waiter's write: %d rows (%v), want 1", n, err)
	}
}
