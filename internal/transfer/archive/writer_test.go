package archive

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
)

func TestFileName(t *testing.T) {
	t.Parallel()
	for opts, want := range map[WriteOptions]string{
		{}:                         "export.tar",
		{Compress: true}:           "export.tar.gz",
		{Key: "k"}:                 "export.tar.enc",
		{Compress: true, Key: "k"}: "export.tar.gz.enc",
	} {
		if got := FileName("export", opts); got != want {
			t.Errorf("FileName(%+v) = %q, want %q", opts, got, want)
		}
	}
}

// leftovers lists what a failed or aborted Writer left in dir.
func leftovers(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

func TestWriterFailures(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		write func(w *Writer) error
		words string
	}{
		{"short body", func(w *Writer) error { return w.Add("metadata.json", 10, strings.NewReader("{}")) }, "2 bytes where 10"},
		{"long body", func(w *Writer) error { return w.Add("metadata.json", 1, strings.NewReader("{}")) }, "more than the 1 bytes"},
		{"failing body", func(w *Writer) error {
			return w.Add("assets/uploads/a.png", 10, iotest.ErrReader(errors.New("disk gone")))
		}, "disk gone"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			w, err := Create(filepath.Join(dir, "export.tar.gz"), WriteOptions{Compress: true})
			if err != nil {
				t.Fatal(err)
			}
			l := w.Lines("entities", "entities", 0)
			l.WriteLine([]byte(`{}`))
			err = tc.write(w)
			if err == nil || !strings.Contains(err.Error(), tc.words) || !strings.Contains(err.Error(), "entry") {
				t.Errorf("Add: %v", err)
			}
			if err2 := w.Add("metadata.json", 0, strings.NewReader("")); err2 == nil {
				t.Error("Add after a failed Add succeeded")
			}
			if err := w.Close(); err == nil {
				t.Error("Close after a failed Add succeeded")
			}
			if left := leftovers(t, dir); len(left) > 0 {
				t.Errorf("left behind: %q", left)
			}
		})
	}
}

func TestWriterRefusals(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "export.tar")
	w, err := Create(path, WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// Refused before anything is written: the archive stays whole.
	for _, name := range []string{"../x", "/x", `a\b`, "./x", "a//b", "a/", ""} {
		if err := w.Add(name, 0, strings.NewReader("")); err == nil {
			t.Errorf("Add(%q) succeeded", name)
		}
	}
	l := w.Lines("entities", "entities", 16)
	if err := l.WriteLine([]byte("{\n}")); err == nil || !strings.Contains(err.Error(), "newline") {
		t.Errorf("a line with a newline: %v", err)
	}
	if err := l.WriteLine([]byte(`{"0123456789":1}`)); err == nil || !strings.Contains(err.Error(), "payload too large") {
		t.Errorf("a line past the file size: %v", err)
	}
	if err := l.WriteLine([]byte(`{"a":1}`)); err != nil {
		t.Fatal(err)
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	if err := l.WriteLine([]byte(`{}`)); err == nil {
		t.Error("WriteLine after Close succeeded")
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	a, err := Open(path, "", Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if got := readAll(t, a, ""); len(got) != 1 || got[0] != (file{"entities/entities_00001.jsonl", "{\"a\":1}\n"}) {
		t.Errorf("read back %q", got)
	}
	if left := leftovers(t, dir); len(left) != 1 {
		t.Errorf("beside the archive: %q", left)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", fi.Mode())
	}
}

func TestWriterAbort(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	w, err := Create(filepath.Join(dir, "export.tar"), WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	w.Add("metadata.json", 2, strings.NewReader("{}"))
	w.Lines("entities", "entities", 0).WriteLine([]byte("{}"))
	w.Abort()
	if err := w.Close(); err == nil {
		t.Error("Close after Abort succeeded")
	}
	if left := leftovers(t, dir); len(left) > 0 {
		t.Errorf("left behind: %q", left)
	}
	if _, err := Create(filepath.Join(dir, "no", "such", "folder.tar"), WriteOptions{}); err == nil {
		t.Error("Create in a missing folder succeeded")
	}
}
