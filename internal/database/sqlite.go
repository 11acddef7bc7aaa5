package database

import (
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"modernc.org/sqlite"
)

// openSQLite opens a SQLite file with the settings a server needs: WAL so
// readers never wait for the writer, a busy timeout instead of immediate
// "database is locked" errors, foreign keys on, and BEGIN IMMEDIATE so a
// transaction that reads then writes cannot deadlock against another.
func openSQLite(url string, c *preparing) (db *sql.DB, file string, err error) {
	path := strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(url, "sqlite:"), "file:"), "//")
	params := ""
	if i := strings.IndexByte(path, '?'); i >= 0 {
		path, params = path[:i], path[i+1:]
	}
	if path == "" {
		return nil, "", fmt.Errorf("sqlite URL names no file")
	}
	if !inMemory(path, params) {
		if err := createPrivate(path); err != nil {
			return nil, "", err
		}
		file = path
	}
	dsn := "file:" + path + "?_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)" +
		"&_pragma=busy_timeout(10000)&_pragma=synchronous(NORMAL)&_txlock=immediate"
	base, err := sqlite.NewConnector(dsn)
	if err != nil {
		return nil, "", fmt.Errorf("opening sqlite: %w", err)
	}
	c.Connector = base
	sqldb := sql.OpenDB(c)
	// One writer at a time is SQLite's rule; a small pool keeps readers going.
	sqldb.SetMaxOpenConns(4)
	sqldb.SetMaxIdleConns(4)
	return sqldb, file, nil
}

// createPrivate makes the database's folder (0700) and file (0600) when
// they do not exist yet, so that only the account Kiln runs as can read
// the data: SQLite would create the file with the umask's mode (usually
// 0644, readable by every user of the machine), and it gives the -wal and
// -shm files the main file's mode. An existing folder or file is left as
// it is: its mode is the operator's choice (a shared volume, a backup
// agent's group), and Kiln neither changes it nor warns about it.
func createPrivate(path string) error {
	if dir := filepath.Dir(path); dir != "." {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return fmt.Errorf("creating the database folder: %w", err)
		}
	}
	f, err := os.OpenFile(path, os.O_RDONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("creating the database file: %w", err)
	}
	return f.Close()
}

// inMemory reports whether a SQLite URL names an in-memory database,
// which has no file to create.
func inMemory(path, params string) bool {
	if strings.HasPrefix(path, ":memory:") {
		return true
	}
	for p := range strings.SplitSeq(params, "&") {
		if p == "mode=memory" {
			return true
		}
	}
	return false
}
