package archive

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// file is one entry written or read back.
type file struct {
	name string
	body string
}

// entry is a raw tar entry, for archives Kiln's Writer would never write.
type entry struct {
	name string
	typ  byte
	body string
	link string
}

func rawTar(t testing.TB, entries ...entry) []byte {
	t.Helper()
	var b bytes.Buffer
	tw := tar.NewWriter(&b)
	for _, e := range entries {
		typ := e.typ
		if typ == 0 {
			typ = tar.TypeReg
		}
		h := &tar.Header{Name: e.name, Typeflag: typ, Linkname: e.link, Mode: 0o644}
		if typ == tar.TypeReg {
			h.Size = int64(len(e.body))
		}
		if err := tw.WriteHeader(h); err != nil {
			t.Fatal(err)
		}
		if _, err := io.WriteString(tw, e.body); err != nil {
			t.Fatal(err)
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func gz(t testing.TB, b []byte) []byte {
	t.Helper()
	var out bytes.Buffer
	zw := gzip.NewWriter(&out)
	zw.Write(b)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

func encrypt(t testing.TB, key string, b []byte) []byte {
	t.Helper()
	k, err := deriveKey(key)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	e, err := newECBWriter(&out, k)
	if err != nil {
		t.Fatal(err)
	}
	e.Write(b)
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

func writeTemp(t testing.TB, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// readAll walks dir of a and gives back every file read whole.
func readAll(t testing.TB, a *Archive, dir string) []file {
	t.Helper()
	var got []file
	err := a.Walk(dir, func(name string, size int64, r io.Reader) error {
		b, err := io.ReadAll(r)
		if err != nil {
			return err
		}
		if int64(len(b)) != size {
			t.Errorf("%s: read %d bytes, size said %d", name, len(b), size)
		}
		got = append(got, file{name, string(b)})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return got
}
