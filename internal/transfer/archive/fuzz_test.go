package archive

import (
	"archive/tar"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// FuzzOpen opens and walks arbitrary bytes, as they are or deciphered:
// whatever they hold, the answer is an error or clean names, never a panic
// nor a hang.
func FuzzOpen(f *testing.F) {
	key, err := deriveKey(fixtureKey) // once: scrypt takes 50 ms
	if err != nil {
		f.Fatal(err)
	}
	plain := rawTar(f,
		entry{name: "metadata.json", body: `{"strapi":{"version":"5.0.0"}}`},
		entry{name: "./entities/", typ: tar.TypeDir},
		entry{name: "entities/entities_00001.jsonl", body: "{\"id\":1}\n\n{\"id\":2}"},
		entry{name: "assets/uploads/a.png", typ: tar.TypeSymlink, link: "/etc/passwd"},
	)
	f.Add(plain, false)
	f.Add(gz(f, plain), false)
	f.Add(encrypt(f, fixtureKey, gz(f, plain)), true)
	f.Add(encrypt(f, fixtureKey, plain), true)
	for _, name := range []string{"strapi.tar.gz", "strapi.tar.gz.enc", "tar-stream.tar.gz.enc"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, filepath.Ext(name) == ".enc")
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte, encrypted bool) {
		tmp, err := os.CreateTemp(dir, "fuzz")
		if err != nil {
			t.Fatal(err)
		}
		defer os.Remove(tmp.Name())
		tmp.Write(data)
		tmp.Close()
		lim := Limits{MaxTotal: 8 << 20, MaxEntries: 64, MaxLine: 4096}
		var a *Archive
		if encrypted {
			a, err = openWithKey(tmp.Name(), key, lim)
		} else {
			a, err = Open(tmp.Name(), "", lim)
		}
		if err != nil {
			return
		}
		a.Walk("", func(name string, size int64, r io.Reader) error {
			if clean, err := cleanName(name); err != nil || clean != name || name == "" {
				t.Errorf("Walk gave the name %q (%v)", name, err)
			}
			return ReadLines(r, lim.MaxLine, func([]byte) error { return nil })
		})
		a.Walk("entities", nil)
	})
}
