package archive

import (
	"archive/tar"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// walkErr opens path and walks it whole, reading every file, and returns
// the first error.
func walkErr(path, key string, lim Limits) error {
	a, err := Open(path, key, lim)
	if err != nil {
		return err
	}
	return a.Walk("", func(name string, size int64, r io.Reader) error {
		return ReadLines(r, lim.orDefault().MaxLine, func([]byte) error { return nil })
	})
}

func TestHostileEntries(t *testing.T) {
	t.Parallel()
	ok := entry{name: "metadata.json", body: "{}"}
	for _, tc := range []struct {
		name  string
		bad   entry
		words string // what the error says, beside the entry's name
	}{
		{"dot-dot", entry{name: "../evil.sh", body: "x"}, "climbs out"},
		{"dot-dot inside", entry{name: "assets/uploads/../../../evil.sh", body: "x"}, "climbs out"},
		{"dot-dot directory", entry{name: "../", typ: tar.TypeDir}, "climbs out"},
		{"absolute", entry{name: "/etc/cron.d/evil", body: "x"}, "absolute"},
		{"drive", entry{name: "C:/Windows/evil.dll", body: "x"}, "absolute"},
		{"backslash", entry{name: `assets\..\..\evil.sh`, body: "x"}, "backslash"},
		{"symlink", entry{name: "assets/uploads/a.png", typ: tar.TypeSymlink, link: "/etc/passwd"}, "symbolic link"},
		{"hard link", entry{name: "assets/uploads/a.png", typ: tar.TypeLink, link: "/etc/passwd"}, "hard link"},
		{"char device", entry{name: "assets/uploads/tty", typ: tar.TypeChar}, "character device"},
		{"block device", entry{name: "assets/uploads/sda", typ: tar.TypeBlock}, "block device"},
		{"fifo", entry{name: "assets/uploads/pipe", typ: tar.TypeFifo}, "named pipe"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			// First, so that Open refuses it; then after a good entry,
			// so that Walk does, inside and outside the walked folder.
			first := writeTemp(t, "first.tar", rawTar(t, tc.bad, ok))
			_, err := Open(first, "", Limits{})
			t.Log(err)
			if !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), tc.words) || !strings.Contains(err.Error(), fmt.Sprintf("%q", tc.bad.name)) {
				t.Errorf("Open: %v", err)
			}
			later := writeTemp(t, "later.tar.gz", gz(t, rawTar(t, ok, tc.bad, ok)))
			a, err := Open(later, "", Limits{})
			if err != nil {
				t.Fatal(err)
			}
			for _, dir := range []string{"", "entities"} {
				err := a.Walk(dir, func(string, int64, io.Reader) error { return nil })
				if !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), tc.words) || !strings.Contains(err.Error(), fmt.Sprintf("%q", tc.bad.name)) {
					t.Errorf("Walk(%q): %v", dir, err)
				}
			}
		})
	}
}

// A NUL in a name can only come in a pax record, which Go's tar reader
// refuses; the writer refuses it before that.
func TestNULInName(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	tw := tar.NewWriter(&b)
	h := &tar.Header{Name: "x", Typeflag: tar.TypeReg, Mode: 0o644, Format: tar.FormatPAX,
		PAXRecords: map[string]string{"comment": "\x00"}}
	if err := tw.WriteHeader(h); err != nil {
		t.Fatal(err)
	}
	tw.Close()
	// Make the comment a path of the same length, so that the record's
	// length still holds; the pax data block has no checksum.
	raw := bytes.Replace(b.Bytes(), []byte("comment=\x00"), []byte("path=a\x00b."), 1)
	_, err := Open(writeTemp(t, "nul.tar", raw), "", Limits{})
	t.Log(err)
	if err == nil || !strings.Contains(err.Error(), "first entry") {
		t.Errorf("Open: %v", err)
	}
	w, err := Create(filepath.Join(t.TempDir(), "x.tar"), WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Abort()
	if err := w.Add("a\x00b", 0, strings.NewReader("")); !errors.Is(err, ErrRefused) {
		t.Errorf("Add: %v", err)
	}
}

func TestHostileFolder(t *testing.T) {
	t.Parallel()
	outside := t.TempDir()
	os.WriteFile(filepath.Join(outside, "secret"), []byte("secret"), 0o600)
	for _, link := range []string{filepath.Join(outside, "secret"), outside, "../metadata.json"} {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "metadata.json"), []byte("{}"), 0o644)
		os.MkdirAll(filepath.Join(dir, "assets", "uploads"), 0o755)
		if err := os.Symlink(link, filepath.Join(dir, "assets", "uploads", "a.png")); err != nil {
			t.Skip("no symbolic links here:", err)
		}
		_, err := Open(dir, "", Limits{})
		if !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), "assets/uploads/a.png") || !strings.Contains(err.Error(), "symbolic link") {
			t.Errorf("Open with a link to %s: %v", link, err)
		}
	}
	// A link that appears after Open is refused by Walk, and one swapped
	// in after Walk's check cannot lead out of the folder (os.Root).
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "metadata.json"), []byte("{}"), 0o644)
	a, err := Open(dir, "", Limits{})
	if err != nil {
		t.Fatal(err)
	}
	os.Symlink(filepath.Join(outside, "secret"), filepath.Join(dir, "z"))
	if err := a.Walk("", func(string, int64, io.Reader) error { return nil }); !errors.Is(err, ErrRefused) {
		t.Errorf("Walk with a link added after Open: %v", err)
	}
	root, _ := os.OpenRoot(dir)
	defer root.Close()
	if err := a.folderFile(root, "z", new(int64), nil); err == nil {
		t.Error("a link swapped in after the check was followed out of the folder")
	}
}

func TestLimits(t *testing.T) {
	t.Parallel()
	zeros := func(n int) string { return string(make([]byte, n)) }
	many := []entry{}
	for range 11 {
		many = append(many, entry{name: "entities/e.jsonl", body: "{}"})
	}
	for _, tc := range []struct {
		name  string
		data  []byte
		lim   Limits
		words string
	}{
		{"total, said by a header", rawTar(t, entry{name: "assets/uploads/big", body: zeros(2 << 20)}), Limits{MaxTotal: 1 << 20}, "MaxTotal"},
		// Past the tar's end, where no header says a size.
		{"total, after the end", gz(t, append(rawTar(t, entry{name: "a", body: "{}"}), zeros(2<<20)...)), Limits{MaxTotal: 1 << 20}, "MaxTotal"},
		// 16 MiB of zeros gzip to about 16 KiB: a ratio near 1000.
		{"ratio", gz(t, rawTar(t, entry{name: "assets/uploads/bomb", body: zeros(16 << 20)})), Limits{}, "MaxRatio"},
		{"entries", rawTar(t, many...), Limits{MaxEntries: 10}, "MaxEntries"},
		{"line", rawTar(t, entry{name: "entities/entities_00001.jsonl", body: "{}\n" + `{"a":"` + zeros(100) + `"}` + "\n"}), Limits{MaxLine: 64}, "MaxLine"},
		{"line without newline", rawTar(t, entry{name: "entities/entities_00001.jsonl", body: `{"a":"` + zeros(100)}), Limits{MaxLine: 64}, "MaxLine"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			err := walkErr(writeTemp(t, "x.tar", tc.data), "", tc.lim)
			t.Log(err)
			if !errors.Is(err, ErrLimit) || !strings.Contains(err.Error(), tc.words) || !strings.Contains(err.Error(), "entry") {
				t.Errorf("got %v, want an ErrLimit naming %s and the entry", err, tc.words)
			}
		})
	}
	// A small archive past the ratio is not refused: 1 MiB of zeros.
	small := gz(t, rawTar(t, entry{name: "assets/uploads/zeros", body: zeros(1 << 20)}))
	if err := walkErr(writeTemp(t, "small.tar.gz", small), "", Limits{}); err != nil {
		t.Errorf("1 MiB of zeros: %v", err)
	}
	// A line of exactly MaxLine bytes passes, with "\r\n" after it.
	exact := rawTar(t, entry{name: "entities/e.jsonl", body: strings.Repeat("x", 64) + "\r\n" + strings.Repeat("y", 64)})
	if err := walkErr(writeTemp(t, "exact.tar", exact), "", Limits{MaxLine: 64}); err != nil {
		t.Errorf("lines of MaxLine bytes: %v", err)
	}
}

func TestBrokenArchives(t *testing.T) {
	t.Parallel()
	body := strings.Repeat(`{"id":1,"title":"something ate an apple"}`+"\n", 2000)
	plain := rawTar(t, entry{name: "metadata.json", body: "{}"}, entry{name: "entities/entities_00001.jsonl", body: body})
	zipped := gz(t, plain)
	sealed := encrypt(t, "key", zipped)
	for _, tc := range []struct {
		name, file string
		data       []byte
		key        string
		is         error
		words      string
	}{
		{"tar cut mid-entry", "x.tar", plain[:len(plain)/2], "", nil, "truncated"},
		{"tar cut at its end marker", "x.tar", plain[:len(plain)-1024], "", nil, "end-of-archive"},
		{"tar cut after a header", "x.tar", plain[:512], "", nil, "truncated"},
		{"gzip cut mid-stream", "x.tar.gz", zipped[:len(zipped)/2], "", nil, "truncated"},
		{"gzip without its trailer", "x.tar.gz", zipped[:len(zipped)-8], "", nil, "truncated"},
		{"gzip with a wrong checksum", "x.tar.gz", flip(zipped, len(zipped)-6), "", nil, "corrupt"},
		{"encrypted, cut mid-block", "x.tar.gz.enc", sealed[:len(sealed)-5], "key", nil, "cut short"},
		{"encrypted, last block gone", "x.tar.gz.enc", sealed[:len(sealed)-16], "key", nil, ""},
		{"wrong key", "x.tar.gz.enc", sealed, "not the key", ErrWrongKey, ""},
		{"wrong key, not compressed", "x.tar.enc", encrypt(t, "key", plain), "kee", ErrWrongKey, ""},
		{"no key", "x.tar.gz.enc", sealed, "", ErrEncrypted, "--key"},
		{"no key, renamed", "x.bin", sealed, "", ErrNotArchive, "--key"},
		{"text", "x.tar", []byte("just some text\n"), "", ErrNotArchive, ""},
		{"text with a key", "x.tar.enc", []byte("just some text, long enough\n"), "key", ErrWrongKey, ""},
		{"empty", "x.tar", nil, "", ErrNotArchive, ""},
		{"empty tar", "x.tar", make([]byte, 1024), "", ErrNotArchive, ""},
		{"empty gzip", "x.tar.gz", gz(t, nil), "", ErrNotArchive, ""},
		{"drafted header", "x.tar.gz.enc", append([]byte("STRAPIEX\x01\x00\x1c\x00"), sealed...), "key", ErrNotArchive, "newer Strapi"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			err := walkErr(writeTemp(t, tc.file, tc.data), tc.key, Limits{})
			t.Log(err)
			if err == nil || tc.is != nil && !errors.Is(err, tc.is) || !strings.Contains(err.Error(), tc.words) {
				t.Errorf("got %v, want %v saying %q", err, tc.is, tc.words)
			}
		})
	}
}

func flip(b []byte, i int) []byte {
	b = bytes.Clone(b)
	b[i] ^= 0xff
	return b
}
