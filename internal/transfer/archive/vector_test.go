package archive

import (
	"archive/tar"
	"bytes"
	"encoding/hex"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The fixture's key, and what Node's scryptSync(key, "", 16) made of it
// (testdata/README.md).
const (
	fixtureKey     = "kiln fixture key"
	fixtureKeyHex  = "bcfb260fde3abd3a5d86830c319806a2"
	fixtureEntity3 = `{"type":"api::article.article","id":3,"data":{"title":"Three"}}`
)

// TestNodeEncryptedFixture reads an archive Node encrypted as Strapi does,
// and enciphers its plaintext to the same bytes.
func TestNodeEncryptedFixture(t *testing.T) {
	t.Parallel()
	key, err := deriveKey(fixtureKey)
	if err != nil || hex.EncodeToString(key) != fixtureKeyHex {
		t.Fatalf("derived %x, %v; Node derived %s", key, err, fixtureKeyHex)
	}
	plain, _ := os.ReadFile("testdata/strapi.tar.gz")
	sealed, _ := os.ReadFile("testdata/strapi.tar.gz.enc")
	var out bytes.Buffer
	e, _ := newECBWriter(&out, key)
	e.Write(plain)
	e.Close()
	if !bytes.Equal(out.Bytes(), sealed) {
		t.Error("Kiln's ciphertext differs from Node's")
	}

	// By content, whatever the name.
	renamed := writeTemp(t, "export", sealed)
	for _, path := range []string{"testdata/strapi.tar.gz.enc", renamed} {
		a, err := Open(path, fixtureKey, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, f := range readAll(t, a, "") {
			names = append(names, f.name)
		}
		want := []string{
			"assets/metadata/hello_abc123.txt.json", "assets/uploads/hello_abc123.txt",
			"configuration/configuration_00001.jsonl",
			"entities/entities_00001.jsonl", "entities/entities_00002.jsonl",
			"links/links_00001.jsonl", "metadata.json", "schemas/schemas_00001.jsonl",
		}
		if !slices.Equal(names, want) {
			t.Errorf("%s: %q", path, names)
		}
		var lines []string
		err = a.Walk("entities", func(_ string, _ int64, r io.Reader) error {
			return ReadLines(r, 0, func(l []byte) error { lines = append(lines, string(l)); return nil })
		})
		if err != nil || len(lines) != 3 || lines[2] != fixtureEntity3 {
			t.Errorf("%s: entities %v %q", path, err, lines)
		}
	}
	if _, err := Open("testdata/strapi.tar.gz", "", Limits{}); err != nil {
		t.Error(err)
	}
}

// TestTarStreamFixture reads an archive packed by Strapi's own libraries
// (testdata/README.md).
func TestTarStreamFixture(t *testing.T) {
	t.Parallel()
	a, err := Open("testdata/tar-stream.tar.gz.enc", fixtureKey, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range readAll(t, a, "") {
		names = append(names, f.name)
	}
	want := []string{
		"schemas/schemas_00001.jsonl",
		"entities/entities_00001.jsonl", "entities/entities_00002.jsonl", "entities/entities_00003.jsonl",
		"configuration/configuration_00001.jsonl",
		"assets/metadata/hello_abc123.txt.json", "assets/uploads/hello_abc123.txt",
		"metadata.json",
	}
	if !slices.Equal(names, want) {
		t.Errorf("entries %q", names)
	}
	var lines []string
	err = a.Walk("entities", func(_ string, _ int64, r io.Reader) error {
		return ReadLines(r, 0, func(l []byte) error { lines = append(lines, string(l)); return nil })
	})
	if err != nil || len(lines) != 5 || lines[4] != `{"type":"api::article.article","id":5,"data":{"title":"Títle 5"}}` {
		t.Errorf("entities: %v %q", err, lines)
	}
}

// TestNodeDecryptsKilnArchive has Node decipher and gunzip an archive
// Kiln wrote, as Strapi's import does, and checks the tar's headers
// against tar-stream's. It needs node, and skips without it.
func TestNodeDecryptsKilnArchive(t *testing.T) {
	t.Parallel()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed")
	}
	path := filepath.Join(t.TempDir(), FileName("export", WriteOptions{Compress: true, Key: fixtureKey}))
	w, err := Create(path, WriteOptions{Compress: true, Key: fixtureKey})
	if err != nil {
		t.Fatal(err)
	}
	long := "assets/uploads/" + strings.Repeat("n", 120) + ".png" // past ustar's 100 bytes
	w.Add("metadata.json", 2, strings.NewReader("{}"))
	w.Add(long, 3, strings.NewReader("png"))
	l := w.Lines("entities", "entities", 0)
	l.WriteLine([]byte(fixtureEntity3))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, "-e", `
const c = require("crypto"), fs = require("fs"), zlib = require("zlib");
const d = c.createDecipheriv("aes-128-ecb", c.scryptSync(process.argv[1], "", 16), null);
const gz = Buffer.concat([d.update(fs.readFileSync(process.argv[2])), d.final()]);
process.stdout.write(zlib.gunzipSync(gz));
`, fixtureKey, path)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	tr := tar.NewReader(bytes.NewReader(out))
	var names []string
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, h.Name)
		if h.Typeflag != tar.TypeReg || h.Mode != 0o644 || h.Uid != 0 || h.Gid != 0 {
			t.Errorf("%s: type %q mode %o uid %d gid %d; tar-stream writes '0', 0644, 0, 0", h.Name, h.Typeflag, h.Mode, h.Uid, h.Gid)
		}
	}
	if want := []string{"metadata.json", long, "entities/entities_00001.jsonl"}; !slices.Equal(names, want) {
		t.Errorf("node read %q", names)
	}
}
