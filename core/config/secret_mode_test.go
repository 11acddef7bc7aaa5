//go:build unix

package config

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// The data folder EnsureSecret creates is 0700 and the secret 0600, under
// the common umask 022; a folder that exists keeps its mode.
func TestSecretFolderAndFileArePrivate(t *testing.T) {
	old := syscall.Umask(0o022)
	t.Cleanup(func() { syscall.Umask(old) })
	root := t.TempDir()
	shared := filepath.Join(root, "shared")
	if err := os.Mkdir(shared, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		data    string
		dirMode os.FileMode
	}{
		{filepath.Join(root, "new", "data"), 0o700},
		{shared, 0o755},
	} {
		c := Default()
		c.Paths.Data = tc.data
		if generated, err := c.EnsureSecret(); err != nil || !generated {
			t.Fatalf("%s: generated %v, %v", tc.data, generated, err)
		}
		for p, want := range map[string]os.FileMode{tc.data: tc.dirMode, filepath.Join(tc.data, secretFile): 0o600} {
			st, err := os.Stat(p)
			if err != nil {
				t.Fatal(err)
			}
			if got := st.Mode().Perm(); got != want {
				t.Errorf("%s: mode %#o, want %#o", p, got, want)
			}
		}
	}
}
