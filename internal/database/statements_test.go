package database

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The cache of prepared statements, on both databases: one statement
// text per shape prepared once per connection and run again with new
// values, the cache bounded, dropped when the tables change, refused
// preparation when turned off, and a statement whose tables another
// process changed prepared again instead of failing.

// eachDialect runs fn on a SQLite file and, when KILN_TEST_POSTGRES_URL
// is set, on PostgreSQL, each a pool of one connection (so that what the
// connection prepared can be read back) and a table of the test's own.
func eachDialect(t *testing.T, o Options, fn func(t *testing.T, db *DB, table string)) {
	t.Helper()
	urls := map[string]string{"sqlite": "sqlite:" + filepath.Join(t.TempDir(), "kiln.db")}
	if u := os.Getenv("KILN_TEST_POSTGRES_URL"); u != "" {
		urls["postgres"] = u
	}
	for name, url := range urls {
		t.Run(name, func(t *testing.T) {
			db, err := OpenWith(context.Background(), url, o)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			db.SQL().SetMaxOpenConns(1)
			table := Ident(fmt.Sprintf("kiln_stmt_%s_%d", strings.ToLower(strings.NewReplacer("/", "_", "-", "_").Replace(t.Name())), os.Getpid()))
			ctx := context.Background()
			mustExec(t, db, "DROP TABLE IF EXISTS "+table)
			mustExec(t, db, "CREATE TABLE "+table+" (id BIGINT PRIMARY KEY, name TEXT)")
			t.Cleanup(func() { db.ExecContext(ctx, "DROP TABLE IF EXISTS "+table) })
			for i := 1; i <= 5; i++ {
				mustExec(t, db, "INSERT INTO "+table+" (id, name) VALUES (?, ?)", int64(i), "n"+strconv.Itoa(i))
			}
			fn(t, db, table)
		})
	}
}

func mustExec(t *testing.T, db Conn, q string, args ...any) {
	t.Helper()
	if _, err := db.ExecContext(context.Background(), q, args...); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

// cachedTexts are the statements the pool's one connection holds
// prepared, most recently used first.
func cachedTexts(t *testing.T, db *DB) []string {
	t.Helper()
	c, err := db.SQL().Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var out []string
	c.Raw(func(dc any) error {
		pc := dc.(*preparedConn)
		for e := pc.recent.Front(); e != nil; e = e.Next() {
			out = append(out, e.Value.(*cached).text)
		}
		return nil
	})
	return out
}

// serverPrepared is how many statements PostgreSQL holds prepared for
// the pool's one connection whose text contains like.
func serverPrepared(t *testing.T, db *DB, like string) int {
	t.Helper()
	var n int
	if err := db.QueryRowContext(context.Background(), "SELECT COUNT(*) FROM pg_prepared_statements WHERE statement LIKE '%' || ? || '%'", like).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func names(t *testing.T, db Conn, q string, args ...any) []string {
	t.Helper()
	rows, err := db.QueryContext(context.Background(), q, args...)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestStatementPreparedOncePerConnection(t *testing.T) {
	eachDialect(t, Options{}, func(t *testing.T, db *DB, table string) {
		q := "SELECT name FROM " + table + " WHERE id = ?"
		for i := 1; i <= 5; i++ {
			if got := names(t, db, q, int64(i)); len(got) != 1 || got[0] != "n"+strconv.Itoa(i) {
				t.Fatalf("id %d: %v", i, got)
			}
		}
		text, _ := db.text(q, 1)
		n := 0
		for _, c := range cachedTexts(t, db) {
			if c == text {
				n++
			}
		}
		if n != 1 {
			t.Errorf("five runs of one shape: prepared %d times on the connection, want once (%q)", n, cachedTexts(t, db))
		}
		if db.Dialect == Postgres {
			if n := serverPrepared(t, db, "FROM "+table+" WHERE id = $1"); n != 1 {
				t.Errorf("PostgreSQL holds %d prepared copies of the shape, want 1", n)
			}
		}
	})
}

func TestStatementCacheIsBounded(t *testing.T) {
	eachDialect(t, Options{}, func(t *testing.T, db *DB, table string) {
		for i := 0; i < StatementCacheSize+20; i++ {
			// A shape of its own each: an $in list of every length.
			q := "SELECT name FROM " + table + " WHERE id IN (?" + strings.Repeat(", ?", i) + ")"
			args := make([]any, i+1)
			for k := range args {
				args[k] = int64(k + 1)
			}
			if got := names(t, db, q, args...); len(got) != min(i+1, 5) {
				t.Fatalf("%d values: %d rows", i+1, len(got))
			}
		}
		if n := len(cachedTexts(t, db)); n != StatementCacheSize {
			t.Errorf("the connection keeps %d statements, want the bound %d", n, StatementCacheSize)
		}
		if db.Dialect == Postgres {
			if n := serverPrepared(t, db, "FROM "+table+" WHERE id IN"); n > StatementCacheSize {
				t.Errorf("PostgreSQL holds %d, more than the bound %d: the evicted ones were not closed", n, StatementCacheSize)
			}
		}
		// The most recently used stays, the oldest went.
		first := "SELECT name FROM " + table + " WHERE id IN (?)"
		text, _ := db.text(first, 1)
		for _, c := range cachedTexts(t, db) {
			if c == text {
				t.Error("the least recently used statement is still cached")
			}
		}
	})
}

func TestResetStatementsDropsThem(t *testing.T) {
	eachDialect(t, Options{}, func(t *testing.T, db *DB, table string) {
		names(t, db, "SELECT name FROM "+table+" WHERE id = ?", int64(1))
		names(t, db, "SELECT name FROM "+table+" WHERE name = ?", "n2")
		db.ResetStatements()
		names(t, db, "SELECT name FROM "+table+" WHERE id > ?", int64(3))
		got := cachedTexts(t, db)
		if len(got) != 1 || !strings.Contains(got[0], "id > ") {
			t.Errorf("after the reset the connection holds %q, want the one statement run since", got)
		}
		if db.Dialect == Postgres {
			if n := serverPrepared(t, db, "FROM "+table+" WHERE"); n != 1 {
				t.Errorf("PostgreSQL still holds %d of the table's statements, want 1", n)
			}
		}
	})
}

func TestUnpreparedStillBindsValues(t *testing.T) {
	eachDialect(t, Options{Unprepared: true}, func(t *testing.T, db *DB, table string) {
		quote := `it's -- "quoted" ?`
		mustExec(t, db, "UPDATE "+table+" SET name = ? WHERE id = ?", quote, int64(1))
		if got := names(t, db, "SELECT name FROM "+table+" WHERE id = ?", int64(1)); len(got) != 1 || got[0] != quote {
			t.Errorf("unprepared: %q, want %q", got, quote)
		}
		if got := cachedTexts(t, db); len(got) != 0 {
			t.Errorf("unprepared, the connection holds %q", got)
		}
		if db.Dialect == Postgres {
			if n := serverPrepared(t, db, "FROM "+table); n != 0 {
				t.Errorf("unprepared, PostgreSQL holds %d prepared statements", n)
			}
		}
		if db.Prepared() {
			t.Error("Prepared() with Unprepared")
		}
	})
}

// TestStaleStatementPreparedAgain: another process adds a column to a
// table a prepared SELECT * reads; PostgreSQL refuses the old statement
// ("cached plan must not change result type"). Outside a transaction the
// statement is prepared again and answers; inside RunInTx the
// transaction runs again and passes.
func TestStaleStatementPreparedAgain(t *testing.T) {
	eachDialect(t, Options{}, func(t *testing.T, db *DB, table string) {
		q := "SELECT * FROM " + table + " WHERE id = ?"
		columns := func(c Conn) int {
			rows, err := c.QueryContext(context.Background(), q, int64(1))
			if err != nil {
				t.Fatalf("after the other process's change: %v", err)
			}
			defer rows.Close()
			cols, _ := rows.Columns()
			return len(cols)
		}
		if n := columns(db); n != 2 {
			t.Fatalf("%d columns", n)
		}
		alter := func(col string) {
			o, err := OpenWith(context.Background(), db.URL, Options{Unprepared: true})
			if err != nil {
				t.Fatal(err)
			}
			defer o.Close()
			mustExec(t, o, "ALTER TABLE "+table+" ADD COLUMN "+col+" INTEGER")
		}
		alter("extra")
		if n := columns(db); n != 3 {
			t.Errorf("outside a transaction: %d columns, want 3", n)
		}
		alter("more")
		runs := 0
		err := db.RunInTx(context.Background(), func(ctx context.Context, tx Conn) error {
			runs++
			rows, err := tx.QueryContext(ctx, q, int64(1))
			if err != nil {
				return err
			}
			defer rows.Close()
			if cols, _ := rows.Columns(); len(cols) != 4 {
				t.Errorf("in a transaction: %d columns, want 4", len(cols))
			}
			return nil
		})
		if err != nil {
			t.Fatalf("in a transaction: %v", err)
		}
		if want := map[Dialect]int{Postgres: 2, SQLite: 1}[db.Dialect]; runs != want {
			t.Errorf("the transaction ran %d times, want %d", runs, want)
		}
	})
}

// TestStatementRunAgainWhileItsRowsAreOpen: in a transaction the same
// shape runs again while the rows of its first run are still being read
// (SQLite allows it): the second run does not reset the first's rows.
func TestStatementRunAgainWhileItsRowsAreOpen(t *testing.T) {
	eachDialect(t, Options{}, func(t *testing.T, db *DB, table string) {
		if db.Dialect != SQLite {
			t.Skip("PostgreSQL reads one result at a time on a connection")
		}
		q := "SELECT name FROM " + table + " WHERE id >= ? ORDER BY id"
		err := db.RunInTx(context.Background(), func(ctx context.Context, tx Conn) error {
			outer, err := tx.QueryContext(ctx, q, int64(1))
			if err != nil {
				return err
			}
			defer outer.Close()
			var got []string
			for outer.Next() {
				var s string
				outer.Scan(&s)
				got = append(got, s)
				if inner := names(t, tx, q, int64(4)); len(inner) != 2 {
					t.Errorf("inner run: %v", inner)
				}
			}
			if strings.Join(got, ",") != "n1,n2,n3,n4,n5" {
				t.Errorf("outer rows %v", got)
			}
			return outer.Err()
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}

// TestStatementsUnderConcurrency: clients share a pool of four
// connections, each running shapes of its own and shared ones while the
// tables "change" (ResetStatements) under them: every answer is right,
// and each connection's cache stays its own (the race detector checks
// the rest: .ci/race-tests).
func TestStatementsUnderConcurrency(t *testing.T) {
	eachDialect(t, Options{}, func(t *testing.T, db *DB, table string) {
		db.SQL().SetMaxOpenConns(4)
		errs := make(chan error, 8)
		for c := 0; c < 8; c++ {
			go func() {
				for i := 0; i < 150; i++ {
					id := int64(1 + (c+i)%5)
					q := "SELECT name FROM " + table + " WHERE id = ?"
					if i%3 == 0 {
						q += " AND id < " + strconv.Itoa(10+c) // a shape of this client's
					}
					if c == 0 && i%25 == 0 {
						db.ResetStatements()
					}
					var name string
					if err := db.QueryRowContext(context.Background(), q, id).Scan(&name); err != nil {
						errs <- err
						return
					}
					if name != "n"+strconv.FormatInt(id, 10) {
						errs <- fmt.Errorf("id %d answered %q", id, name)
						return
					}
				}
				errs <- nil
			}()
		}
		for range 8 {
			if err := <-errs; err != nil {
				t.Fatal(err)
			}
		}
	})
}
