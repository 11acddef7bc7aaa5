// Package storetest opens real, empty databases for tests: a SQLite file in
// the test's temp folder always, and a fresh PostgreSQL schema when
// KILN_TEST_POSTGRES_URL is set. Tests of data run on both through Each.
package storetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/testmain"
)

// PostgresURL is the test database's address, or "" when none is configured.
func PostgresURL() string { return os.Getenv("KILN_TEST_POSTGRES_URL") }

// Each runs fn once per database: "sqlite", and "postgres", which skips
// with the reason when KILN_TEST_POSTGRES_URL is unset. The two run at
// once, each on its own database, after the calling test's function
// returns (t.Parallel): nothing may follow Each in it but cleanups.
func Each(t *testing.T, fn func(t *testing.T, db *database.DB)) {
	t.Helper()
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			t.Parallel()
			fn(t, Open(t, d))
		})
	}
}

// Open returns an empty database of the dialect, removed when the test ends.
func Open(t testing.TB, d database.Dialect) *database.DB {
	t.Helper()
	url := URL(t, d)
	db, err := database.Open(context.Background(), url)
	if err != nil {
		t.Fatalf("opening test database: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// URL returns the address of a fresh, empty database of the dialect that
// lives as long as the test: a new SQLite file, or a new PostgreSQL schema
// selected through search_path.
func URL(t testing.TB, d database.Dialect) string {
	t.Helper()
	if d == database.SQLite {
		return "sqlite:" + filepath.Join(t.TempDir(), "kiln.db")
	}
	base := PostgresURL()
	if base == "" {
		testmain.Skip(t, testmain.Postgres, "PostgreSQL tests skipped: KILN_TEST_POSTGRES_URL is not set")
	}
	name := "t_" + randomHex(6)
	admin, err := database.Open(context.Background(), base)
	if err != nil {
		t.Fatalf("opening PostgreSQL at KILN_TEST_POSTGRES_URL: %v", err)
	}
	defer admin.Close()
	if _, err := admin.ExecContext(context.Background(), "CREATE SCHEMA "+name); err != nil {
		t.Fatalf("creating test schema: %v", err)
	}
	t.Cleanup(func() {
		a, err := database.Open(context.Background(), base)
		if err == nil {
			a.ExecContext(context.Background(), "DROP SCHEMA "+name+" CASCADE")
			a.Close()
		}
	})
	sep := "?"
	if strings.Contains(base, "?") {
		sep = "&"
	}
	return relaxed(fmt.Sprintf("%s%ssearch_path=%s", base, sep, name))
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}
