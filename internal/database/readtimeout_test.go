package database

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/uptrace/bun/driver/pgdriver"

	"github.com/kiln-cms/kiln/internal/testmain"
)

// TestStatementsHaveNoDriverReadTimeout: a PostgreSQL statement is bounded
// by its context's deadline, not by the driver's default read timeout of
// 10 s, which failed a migration's statement that ran longer, and a
// booking's commit waiting on a lock, as an i/o timeout; a read_timeout in
// the operator's URL is still honoured.
func TestStatementsHaveNoDriverReadTimeout(t *testing.T) {
	url := os.Getenv("KILN_TEST_POSTGRES_URL")
	if url == "" {
		testmain.Skip(t, testmain.Postgres, "KILN_TEST_POSTGRES_URL is not set")
	}
	readTimeout := func(db *DB) time.Duration {
		return db.connector.Connector.(*pgdriver.Connector).Config().ReadTimeout
	}
	db, err := Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if d := readTimeout(db); d != 0 {
		t.Errorf("the driver's read timeout is %s, want none", d)
	}

	sep := "?"
	if strings.Contains(url, "?") {
		sep = "&"
	}
	limited, err := Open(context.Background(), url+sep+"read_timeout=200ms")
	if err != nil {
		t.Fatal(err)
	}
	defer limited.Close()
	if d := readTimeout(limited); d != 200*time.Millisecond {
		t.Errorf("the URL's read_timeout=200ms gave %s", d)
	}
	_, err = limited.ExecContext(context.Background(), "SELECT pg_sleep(1)")
	if err == nil || !Unavailable(err) {
		t.Errorf("a statement past the URL's read_timeout: %v, want an error Unavailable recognises", err)
	}
}
