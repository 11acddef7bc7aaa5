package database

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestSQLitePathWithURISigns: a database file whose path holds the signs a
// file: URI gives a meaning to (# a fragment, % an escape) is opened at
// that very path, not cut at the sign.
func TestSQLitePathWithURISigns(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "my #1 100% data", "kiln.db")
	db, err := Open(context.Background(), "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.ExecContext(context.Background(), "CREATE TABLE t (x INTEGER)"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Errorf("the database is not at %s: %v", path, err)
	}
}
