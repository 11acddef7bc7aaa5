//go:build unix

package database

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// withUmask runs the test under the common umask 022, under which SQLite
// alone would create a 0644 database in a 0755 folder.
func withUmask(t *testing.T) {
	old := syscall.Umask(0o022)
	t.Cleanup(func() { syscall.Umask(old) })
}

func modeOf(t *testing.T, path string) fs.FileMode {
	t.Helper()
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return st.Mode().Perm()
}

// A new SQLite database, its folders and its -wal and -shm files are
// readable by this account only.
func TestNewSQLiteFilesArePrivate(t *testing.T) {
	withUmask(t)
	root := t.TempDir()
	path := filepath.Join(root, "a", "b", "kiln.db")
	db, err := Open(context.Background(), "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// A write makes SQLite create the WAL and its shared-memory index.
	if _, err := db.ExecContext(context.Background(), "CREATE TABLE t (x INTEGER)"); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(context.Background(), "INSERT INTO t VALUES (1)"); err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]fs.FileMode{
		filepath.Join(root, "a"):      0o700,
		filepath.Join(root, "a", "b"): 0o700,
		path:                          0o600,
		path + "-wal":                 0o600,
		path + "-shm":                 0o600,
	} {
		if got := modeOf(t, p); got != want {
			t.Errorf("%s: mode %#o, want %#o", p, got, want)
		}
	}
}

// An existing folder and file keep the modes their owner gave them.
func TestExistingSQLiteFilesKeepTheirModes(t *testing.T) {
	withUmask(t)
	dir := filepath.Join(t.TempDir(), "shared")
	if err := os.Mkdir(dir, 0o750); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "kiln.db")
	if err := os.WriteFile(path, nil, 0o640); err != nil {
		t.Fatal(err)
	}
	db, err := Open(context.Background(), "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.ExecContext(context.Background(), "CREATE TABLE t (x INTEGER)"); err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]fs.FileMode{dir: 0o750, path: 0o640, path + "-wal": 0o640} {
		if got := modeOf(t, p); got != want {
			t.Errorf("%s: mode %#o, want %#o", p, got, want)
		}
	}
}

// An in-memory database creates no file.
func TestInMemorySQLiteCreatesNoFile(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	db, err := Open(context.Background(), "sqlite::memory:")
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("files created: %v", entries)
	}
}
