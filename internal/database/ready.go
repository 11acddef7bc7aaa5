package database

import (
	"context"
	"fmt"
	"path/filepath"
)

// MinFreeBytes is the free space a SQLite database's disk must keep for
// the instance to call itself ready: below it, writes are about to fail.
const MinFreeBytes = 16 << 20

// Ready says whether the database can serve requests now: it answers, and
// for a SQLite file, the file's disk is writable and not (nearly) full. A
// load balancer's readiness probe (/_ready) asks it, so that traffic goes
// elsewhere rather than to an instance whose every write would fail.
func (db *DB) Ready(ctx context.Context) error {
	if err := db.Ping(ctx); err != nil {
		return fmt.Errorf("the database does not answer: %w", err)
	}
	if db.file == "" {
		return nil
	}
	free, readOnly, err := diskOf(filepath.Dir(db.file))
	switch {
	case err != nil:
		return fmt.Errorf("the database's disk: %w", err)
	case readOnly:
		return fmt.Errorf("the database file %s is on a read-only file system", db.file)
	case free < MinFreeBytes:
		return fmt.Errorf("the database's disk has %d bytes free, under %d", free, MinFreeBytes)
	}
	if err := writable(db.file); err != nil {
		return fmt.Errorf("the database file cannot be written: %w", err)
	}
	return nil
}
