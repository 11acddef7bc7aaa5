package upload_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/storage"
	"github.com/kiln-cms/kiln/internal/storage/s3test"
)

// One SeaweedFS for the whole binary: the S3 tests each get a bucket.
func TestMain(m *testing.M) { os.Exit(s3test.Main(m)) }

// each runs fn on SQLite and, when KILN_TEST_POSTGRES_URL is set,
// PostgreSQL, the two at once, on the media test project (testdata/media)
// with edit applied to its configuration.
func each(t *testing.T, edit func(*config.Config), fn func(t *testing.T, h *apptest.Harness)) {
	t.Helper()
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			t.Parallel()
			fn(t, media(t, d, edit))
		})
	}
}

// media is an app of the media test project on a fresh database.
func media(t *testing.T, d database.Dialect, edit func(*config.Config)) *apptest.Harness {
	t.Helper()
	cfg := apptest.ProjectConfig(t, d, "media", "content-types")
	if edit != nil {
		edit(&cfg)
	}
	return apptest.NewWith(t, cfg)
}

// uploadsDir is the local provider's folder.
func uploadsDir(t *testing.T, h *apptest.Harness) string {
	t.Helper()
	l, ok := h.App.Upload.Storage().(*storage.Local)
	if !ok {
		t.Fatalf("the provider is %T, not local", h.App.Upload.Storage())
	}
	return l.Dir()
}

// listing is every name in the folder, temp files and folders included,
// sorted.
func listing(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := []string{}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() {
			name += "/"
		}
		out = append(out, name)
	}
	return out
}

// storedKeys are the stored keys of the app's provider, sorted.
func storedKeys(t *testing.T, h *apptest.Harness) []string {
	t.Helper()
	out := []string{}
	err := h.App.Upload.Storage().Keys(context.Background(), func(k string) error {
		out = append(out, k)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(out)
	return out
}

// rows are the file rows, as the content service reads them.
func rows(t *testing.T, h *apptest.Harness) []*entry.Entry {
	t.Helper()
	q, err := query.Parse(h.App.Upload.FileType, "pagination[pageSize]=100&sort=id", query.Options{MaxPageSize: 100})
	if err != nil {
		t.Fatal(err)
	}
	p, err := h.App.Content.Find(context.Background(), q, entry.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return p.Entries
}

// nothingStored fails the test unless the uploads folder is empty (no
// file, no temp file) and there is no file row.
func nothingStored(t *testing.T, h *apptest.Harness, what string) {
	t.Helper()
	if l := listing(t, uploadsDir(t, h)); len(l) != 0 {
		t.Errorf("%s: the uploads folder holds %q, want nothing", what, l)
	}
	if n := len(rows(t, h)); n != 0 {
		t.Errorf("%s: %d file rows, want none", what, n)
	}
}

// files decodes an upload's answer: an array of files.
func files(t *testing.T, r *apptest.Response) []map[string]any {
	t.Helper()
	var out []map[string]any
	dec := json.NewDecoder(bytes.NewReader(r.Body))
	dec.UseNumber()
	if err := dec.Decode(&out); err != nil {
		t.Fatalf("not an array of files (%v): %d %s", err, r.Status, r.Body)
	}
	return out
}

// one is the single file of a 201 upload answer.
func one(t *testing.T, r *apptest.Response) map[string]any {
	t.Helper()
	if r.Status != 201 {
		t.Fatalf("upload: %d %s, want 201", r.Status, r.Body)
	}
	list := files(t, r)
	if len(list) != 1 {
		t.Fatalf("upload answered %d files, want 1: %s", len(list), r.Body)
	}
	return list[0]
}

// urlsOf are a file's url and its formats' urls, the file's first, then
// the formats' by name.
func urlsOf(f map[string]any) []string {
	out := []string{f["url"].(string)}
	fm, _ := f["formats"].(map[string]any)
	names := make([]string, 0, len(fm))
	for n := range fm {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		out = append(out, fm[n].(map[string]any)["url"].(string))
	}
	return out
}

// keysOf are the local keys of a file's urls, sorted.
func keysOf(t *testing.T, f map[string]any) []string {
	t.Helper()
	var out []string
	for _, u := range urlsOf(f) {
		k, ok := strings.CutPrefix(u, "/uploads/")
		if !ok {
			t.Fatalf("url %q is not under /uploads/", u)
		}
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// wantError fails the test unless r is the error envelope of status and
// name.
func wantError(t *testing.T, h *apptest.Harness, r *apptest.Response, status int, name string) (message string) {
	t.Helper()
	if r.Status != status {
		t.Fatalf("status %d, want %d: %s", r.Status, status, r.Body)
	}
	st, n, msg, _ := h.ErrorOf(r)
	if st != status || n != name {
		t.Fatalf("error %d %s (%s), want %d %s", st, n, msg, status, name)
	}
	return msg
}

// The test images.

func pngOf(w, h int) []byte {
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			m.Set(x, y, color.RGBA{uint8(x), uint8(y), uint8(x + y), 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, m); err != nil {
		panic(err)
	}
	return b.Bytes()
}

func jpegOf(w, h int) []byte {
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			m.Set(x, y, color.RGBA{uint8(x * 7), uint8(y * 3), uint8(x ^ y), 255})
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, m, &jpeg.Options{Quality: 85}); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// fixture is a file of testdata/media/files.
func fixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(apptest.Root(t), "testdata", "media", "files", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// bombPNG is a valid PNG head declaring w×h pixels (the signature and an
// IHDR with its CRC), an IDAT of one zlib-compressed row, and IEND: a few
// bytes on the wire, w×h×4 bytes once decoded.
func bombPNG(w, h uint32) []byte {
	chunk := func(typ string, data []byte) []byte {
		var b bytes.Buffer
		_ = binary.Write(&b, binary.BigEndian, uint32(len(data)))
		b.WriteString(typ)
		b.Write(data)
		_ = binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(append([]byte(typ), data...)))
		return b.Bytes()
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 2 // 8 bits, truecolour
	out := []byte("\x89PNG\r\n\x1a\n")
	out = append(out, chunk("IHDR", ihdr)...)
	// zlib of nothing much: the decoder would ask for far more.
	out = append(out, chunk("IDAT", []byte{0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01})...)
	return append(out, chunk("IEND", nil)...)
}

// outsideUploads are the regular files under the data folder but not
// directly in its uploads folder: a key that escaped would be one.
func outsideUploads(t *testing.T, h *apptest.Harness) []string {
	t.Helper()
	data := h.App.Config.Paths.Data
	up := uploadsDir(t, h)
	var out []string
	_ = filepath.WalkDir(data, func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return nil
		}
		if filepath.Dir(p) != up {
			out = append(out, p)
		}
		return nil
	})
	return out
}

// has reports whether list holds s.
func has(list []string, s string) bool { return slices.Contains(list, s) }

func jpegConfig(b []byte) (image.Config, error) { return jpeg.DecodeConfig(bytes.NewReader(b)) }
