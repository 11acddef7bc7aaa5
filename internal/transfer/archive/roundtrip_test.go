package archive

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// export writes what an export holds, with JSON-lines files of at most
// 64 bytes so that they rotate, and returns what Walk should give back.
func export(t *testing.T, w *Writer) []file {
	t.Helper()
	var want []file
	add := func(name, body string) {
		if err := w.Add(name, int64(len(body)), strings.NewReader(body)); err != nil {
			t.Fatal(err)
		}
		want = append(want, file{name, body})
	}
	schemas := w.Lines("schemas", "schemas", 64)
	entities := w.Lines("entities", "entities", 64)
	if err := schemas.WriteLine([]byte(`{"uid":"api::a.a"}`)); err != nil {
		t.Fatal(err)
	}
	if err := schemas.Close(); err != nil {
		t.Fatal(err)
	}
	want = append(want, file{"schemas/schemas_00001.jsonl", `{"uid":"api::a.a"}` + "\n"})
	// Lines of 20 bytes with their newline: three to a 64-byte file, the
	// fourth starting the next.
	var bodies [4]string
	for i := range 10 {
		line := fmt.Sprintf(`{"id":%d,"t":"xxxx"}`, i)
		if err := entities.WriteLine([]byte(line)); err != nil {
			t.Fatal(err)
		}
		bodies[i/3] += line + "\n"
		if i == 3 {
			want = append(want, file{"entities/entities_00001.jsonl", bodies[0]})
		}
		if i == 4 {
			// Another entry between two of the stage's files.
			add("assets/uploads/a.png", "\x89PNG...")
		}
		if i == 6 || i == 9 {
			want = append(want, file{fmt.Sprintf("entities/entities_%05d.jsonl", i/3), bodies[i/3-1]})
		}
	}
	w.Lines("links", "links", 0)                   // no line: no file
	add("metadata.json", "{\n  \"strapi\": {}\n}") // last, as Strapi writes it
	// The entities writer is left open: Close closes it.
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	want = append(want, file{"entities/entities_00004.jsonl", bodies[3]})
	return want
}

func TestRoundTrip(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		opts   WriteOptions
		folder bool
	}{
		{opts: WriteOptions{}},
		{opts: WriteOptions{Compress: true}},
		{opts: WriteOptions{Key: "s3cret"}},
		{opts: WriteOptions{Compress: true, Key: "s3cret"}},
		{opts: WriteOptions{Compress: true}, folder: true},
	} {
		name := FileName("export", tc.opts)
		if tc.folder {
			name = "folder"
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			path := filepath.Join(dir, FileName("export", tc.opts))
			w, err := Create(path, tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			want := export(t, w)
			if tc.folder {
				path = unpack(t, path, tc.opts.Key)
				slices.SortFunc(want, func(a, b file) int { return strings.Compare(a.name, b.name) })
			}
			left, _ := filepath.Glob(filepath.Join(dir, ".*"))
			if len(left) > 0 {
				t.Errorf("left beside the archive: %v", left)
			}
			a, err := Open(path, tc.opts.Key, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			if got := readAll(t, a, ""); !slices.Equal(got, want) {
				t.Errorf("read back\n%q\nwant\n%q", got, want)
			}
			var lines []string
			err = a.Walk("entities/", func(name string, size int64, r io.Reader) error {
				return ReadLines(r, 0, func(line []byte) error {
					lines = append(lines, string(line))
					return nil
				})
			})
			if err != nil || len(lines) != 10 || lines[9] != `{"id":9,"t":"xxxx"}` {
				t.Errorf("entities' lines: %v, %q", err, lines)
			}
		})
	}
}

// unpack writes an archive's files into a folder, as a user would.
func unpack(t *testing.T, path, key string) string {
	t.Helper()
	a, err := Open(path, key, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	err = a.Walk("", func(name string, size int64, r io.Reader) error {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		b, err := io.ReadAll(r)
		if err != nil {
			return err
		}
		return os.WriteFile(p, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestWalkFilters(t *testing.T) {
	t.Parallel()
	data := rawTar(t,
		entry{name: "./", typ: '5'},
		entry{name: "./metadata.json", body: "{}"},
		entry{name: "./entities/", typ: '5'},
		entry{name: "./entities/entities_00001.jsonl", body: "{}\n"},
		entry{name: "entitiesX/y.jsonl", body: "no"},
		entry{name: "assets/uploads/a.png", body: "png"},
		entry{name: "assets/metadata/a.png.json", body: "{}"},
	)
	a, err := Open(writeTemp(t, "x.tar", data), "", Limits{})
	if err != nil {
		t.Fatal(err)
	}
	for dir, want := range map[string][]string{
		"":               {"metadata.json", "entities/entities_00001.jsonl", "entitiesX/y.jsonl", "assets/uploads/a.png", "assets/metadata/a.png.json"},
		"entities":       {"entities/entities_00001.jsonl"},
		"./entities/":    {"entities/entities_00001.jsonl"},
		"assets":         {"assets/uploads/a.png", "assets/metadata/a.png.json"},
		"assets/uploads": {"assets/uploads/a.png"},
		"links":          nil,
	} {
		var got []string
		for _, f := range readAll(t, a, dir) {
			got = append(got, f.name)
		}
		if !slices.Equal(got, want) {
			t.Errorf("Walk(%q) = %q, want %q", dir, got, want)
		}
	}
	if err := a.Walk("../x", nil); !errors.Is(err, ErrRefused) {
		t.Errorf("Walk(\"../x\"): %v", err)
	}
}
