package transfer

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/transfer/archive"
)

// TestRecordedArchivesOpen opens what Strapi's own strapi export wrote
// (testdata/transfer): the .tar, the .tar.gz, the .tar.gz.enc under its key
// and the unpacked folder hold the same files with the same bytes; the
// encrypted one without its key or with another is refused by name, and
// Strapi 4's archive opens too.
func TestRecordedArchivesOpen(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "transfer")
	listing := func(path, key string) (string, error) {
		a, err := archive.Open(path, key, archive.DefaultLimits())
		if err != nil {
			return "", err
		}
		var b strings.Builder
		err = a.Walk("", func(name string, size int64, r io.Reader) error {
			h := sha256.New()
			n, err := io.Copy(h, r)
			fmt.Fprintf(&b, "%s %d %x\n", name, n, h.Sum(nil)[:8])
			return err
		})
		return b.String(), err
	}
	want, err := listing(filepath.Join(dir, "strapi5", "export.tar.gz"), "")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"metadata.json", "schemas/schemas_00001.jsonl", "entities/entities_00001.jsonl",
		"links/links_00001.jsonl", "configuration/configuration_00001.jsonl", "assets/uploads/", "assets/metadata/"} {
		if !strings.Contains(want, name) {
			t.Errorf("the .tar.gz holds no %s:\n%s", name, want)
		}
	}
	sorted := func(s string) string {
		lines := strings.Split(strings.TrimSpace(s), "\n")
		slices.Sort(lines)
		return strings.Join(lines, "\n")
	}
	names := func(s string) string { return regexp.MustCompile(`(?m) .*$`).ReplaceAllString(sorted(s), "") }
	// The .tar and the .tar.gz.enc are exports of their own (the lines'
	// order and timestamps differ from one export to the next): the same
	// files, and the same bytes for the uploads. The folder is the .tar.gz
	// unpacked: the same bytes throughout.
	for _, c := range []struct {
		file, key string
		same      func(string) string
	}{
		{"export.tar", "", names}, {"export.tar.gz.enc", "kiln-test-key", names}, {"unpacked", "", sorted},
	} {
		got, err := listing(filepath.Join(dir, "strapi5", c.file), c.key)
		if err != nil {
			t.Errorf("%s: %v", c.file, err)
			continue
		}
		if c.same(got) != c.same(want) {
			t.Errorf("%s holds other files than the .tar.gz:\n%s\nwant\n%s", c.file, got, want)
		}
		for _, line := range strings.Split(got, "\n") {
			if strings.HasPrefix(line, "assets/uploads/") && !strings.Contains(want, line) {
				t.Errorf("%s: %s has other bytes than in the .tar.gz", c.file, line)
			}
		}
	}
	enc := filepath.Join(dir, "strapi5", "export.tar.gz.enc")
	if _, err := listing(enc, ""); !errors.Is(err, archive.ErrEncrypted) {
		t.Errorf("no key: %v, want ErrEncrypted", err)
	}
	if _, err := listing(enc, "another-key"); !errors.Is(err, archive.ErrWrongKey) {
		t.Errorf("a wrong key: %v, want ErrWrongKey", err)
	}
	v4, err := listing(filepath.Join(dir, "strapi4", "export.tar.gz"), "")
	if err != nil || !strings.Contains(v4, "entities/entities_00001.jsonl") {
		t.Errorf("Strapi 4's archive: %v\n%s", err, v4)
	}
}
