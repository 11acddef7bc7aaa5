//go:build unix

package app_test

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// A first start with the defaults (as kiln serve does it: the secret, then
// the app) leaves a data folder only its owner can open, and the secret,
// the database and its -wal and -shm files readable by the owner only.
func TestFirstStartDataIsPrivate(t *testing.T) {
	old := syscall.Umask(0o022)
	t.Cleanup(func() { syscall.Umask(old) })
	cfg := apptest.Config(t, database.SQLite)
	data := filepath.Join(t.TempDir(), "data")
	cfg.Paths.Data, cfg.Database.URL, cfg.Auth.JWTSecret = data, "", ""
	if _, err := cfg.EnsureSecret(); err != nil {
		t.Fatal(err)
	}
	h := apptest.NewWith(t, cfg) // creates the admin user: a write, so a WAL
	if r := h.Do("GET", "/api/programs", nil); r.Status != 200 {
		t.Fatalf("%d %s", r.Status, r.Body)
	}
	for name, want := range map[string]os.FileMode{
		"": 0o700, "jwt-secret": 0o600, "kiln.db": 0o600, "kiln.db-wal": 0o600, "kiln.db-shm": 0o600,
	} {
		st, err := os.Stat(filepath.Join(data, name))
		if err != nil {
			t.Fatal(err)
		}
		if got := st.Mode().Perm(); got != want {
			t.Errorf("%s: mode %#o, want %#o", filepath.Join(data, name), got, want)
		}
	}
}
