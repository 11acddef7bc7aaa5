package upload_test

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/textproto"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/storage"
)

const sandboxCSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

// TestTypeIsTheBytes: a PNG the client calls image/jpeg and names x.jpg
// is stored as the PNG it is, under a key whose extension says so, and
// served as image/png.
func TestTypeIsTheBytes(t *testing.T) {
	t.Parallel()
	each(t, nil, func(t *testing.T, h *apptest.Harness) {
		f := one(t, h.Upload("/api/upload", []apptest.File{{Name: "x.jpg", Type: "image/jpeg", Data: pngOf(40, 30)}}, nil))
		if f["mime"] != "image/png" || f["ext"] != ".png" || f["name"] != "x.jpg" {
			t.Errorf("stored as mime %v ext %v name %v, want image/png .png x.jpg", f["mime"], f["ext"], f["name"])
		}
		url := f["url"].(string)
		if !strings.HasSuffix(url, ".png") {
			t.Errorf("url %s, want a .png key", url)
		}
		r := h.Do("GET", url, nil)
		if r.Status != 200 || r.Header.Get("Content-Type") != "image/png" {
			t.Errorf("GET %s: %d %s, want 200 image/png", url, r.Status, r.Header.Get("Content-Type"))
		}
	})
}

// TestActiveContentIsAnAttachment: an HTML page named photo.jpg is stored
// as text/html and served as a download, never as a page of the site;
// an SVG stays an image, sandboxed.
func TestActiveContentIsAnAttachment(t *testing.T) {
	t.Parallel()
	each(t, nil, func(t *testing.T, h *apptest.Harness) {
		page := []byte("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>")
		f := one(t, h.Upload("/api/upload", []apptest.File{{Name: "photo.jpg", Type: "image/jpeg", Data: page}}, nil))
		if f["mime"] != "text/html" {
			t.Errorf("an HTML page stored as %v, want text/html", f["mime"])
		}
		r := h.Do("GET", f["url"].(string), nil, "Authorization", apptest.Anonymous)
		if r.Status != 200 || !bytes.Equal(r.Body, page) {
			t.Fatalf("GET %s: %d %q", f["url"], r.Status, r.Body)
		}
		if cd := r.Header.Get("Content-Disposition"); !strings.HasPrefix(cd, "attachment") {
			t.Errorf("Content-Disposition %q, want an attachment", cd)
		}
		if ct := r.Header.Get("Content-Type"); ct != "application/octet-stream" {
			t.Errorf("Content-Type %q, want application/octet-stream", ct)
		}
		if v := r.Header.Get("X-Content-Type-Options"); v != "nosniff" {
			t.Errorf("X-Content-Type-Options %q, want nosniff", v)
		}
		if v := r.Header.Get("Content-Security-Policy"); v != sandboxCSP {
			t.Errorf("Content-Security-Policy %q, want %q", v, sandboxCSP)
		}

		svg := fixture(t, "icon.svg")
		f = one(t, h.Upload("/api/upload", []apptest.File{{Name: "icon.svg", Data: svg}}, nil))
		if f["mime"] != "image/svg+xml" {
			t.Errorf("an SVG stored as %v", f["mime"])
		}
		r = h.Do("GET", f["url"].(string), nil, "Authorization", apptest.Anonymous)
		if r.Status != 200 || !bytes.Equal(r.Body, svg) {
			t.Fatalf("GET %s: %d %q", f["url"], r.Status, r.Body)
		}
		if ct := r.Header.Get("Content-Type"); ct != "image/svg+xml" {
			t.Errorf("SVG served as %q, want image/svg+xml", ct)
		}
		if cd := r.Header.Get("Content-Disposition"); cd != "" {
			t.Errorf("SVG served with Content-Disposition %q, want inline", cd)
		}
		if v := r.Header.Get("Content-Security-Policy"); v != sandboxCSP {
			t.Errorf("SVG's Content-Security-Policy %q, want %q", v, sandboxCSP)
		}
		if v := r.Header.Get("X-Content-Type-Options"); v != "nosniff" {
			t.Errorf("SVG's X-Content-Type-Options %q, want nosniff", v)
		}
	})
}

// TestHostileNames: a client's file name is a name, never a path: the
// key is one flat name in the uploads folder, the answer's name the
// name's last element.
func TestHostileNames(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("é", 150) + strings.Repeat("a", 150) + ".png" // 300 characters and the extension
	cases := []struct{ given, name string }{
		{"../../etc/passwd", "passwd"},
		{`..\..\boot.ini`, "boot.ini"},
		{"a/b/c.png", "c.png"},
		{"/abs/olute.png", "olute.png"},
		{"..", "file"},
		{"tab\there\x01\x1f\x7f.png", "tabhere.png"},
		{"nul\x00byte.png", "nulbyte.png"},
		{"evil\u202egnp.exe", "evilgnp.exe"},
		{"\r\n", "file"},
		{long, strings.Repeat("é", 150) + strings.Repeat("a", 101) + ".png"},
	}
	each(t, nil, func(t *testing.T, h *apptest.Harness) {
		dir := uploadsDir(t, h)
		for _, c := range cases {
			// Control characters reach the server only encoded (RFC 2231's
			// filename*), which Go's multipart reader decodes.
			body, ctype := encodedName(c.given, pngOf(20, 10))
			r := h.Do("POST", "/api/upload", body, "Content-Type", ctype)
			if r.Status != 201 {
				t.Errorf("%q: %d %s", c.given, r.Status, r.Body)
				continue
			}
			f := one(t, r)
			if f["name"] != c.name {
				t.Errorf("%q: name %q, want %q", c.given, f["name"], c.name)
			}
			if n := utf8.RuneCountInString(f["name"].(string)); n > 255 {
				t.Errorf("%q: a name of %d characters", c.given, n)
			}
			keys := keysOf(t, f)
			if len(keys) != 1 {
				t.Fatalf("%q: keys %q", c.given, keys)
			}
			key := keys[0]
			if err := storage.CheckKey(key); err != nil || strings.ContainsAny(key, `/\`) || len(key) > 255 {
				t.Errorf("%q: key %q: %v", c.given, key, err)
			}
			if !has(listing(t, dir), key) {
				t.Errorf("%q: key %q is not in the uploads folder: %q", c.given, key, listing(t, dir))
			}
			r = h.Do("GET", f["url"].(string), nil)
			if r.Status != 200 {
				t.Errorf("%q: GET %s: %d", c.given, f["url"], r.Status)
			}
		}
		if l := listing(t, dir); len(l) != len(cases) {
			t.Errorf("the uploads folder holds %q, want %d files", l, len(cases))
		}
		for _, name := range listing(t, dir) {
			if storage.CheckKey(name) != nil || strings.HasSuffix(name, "/") {
				t.Errorf("the uploads folder holds %q", name)
			}
		}
		if out := outsideUploads(t, h); len(out) != 0 {
			t.Errorf("files outside the uploads folder: %q", out)
		}
		if n := len(rows(t, h)); n != len(cases) {
			t.Errorf("%d rows, want %d", n, len(cases))
		}
	})
}

// TestBodyOverSizeLimit: a body over upload.sizeLimit is a 413 in the
// error envelope, from fasthttp before any handler, and nothing is
// stored; a body within it is taken although larger than api.maxBodyBytes.
func TestBodyOverSizeLimit(t *testing.T) {
	t.Parallel()
	limit := func(c *config.Config) {
		c.Upload.SizeLimit = 256 << 10
		c.API.MaxBodyBytes = 16 << 10
	}
	each(t, limit, func(t *testing.T, h *apptest.Harness) {
		base := h.Serve()
		post := func(data []byte) (*http.Response, []byte) {
			body, ctype := apptest.Multipart([]apptest.File{{Name: "big.bin", Data: data}})
			req, _ := http.NewRequest("POST", base+"/api/upload", bytes.NewReader(body))
			req.Header.Set("Content-Type", ctype)
			req.Header.Set("Authorization", "Bearer "+h.AdminToken)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatalf("POST %d bytes: %v", len(body), err)
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			return resp, b
		}
		// Over the limit: the head alone, its Content-Length saying so. The
		// answer must come before any of the body is sent (a client that
		// sent it all at once could see the connection reset under it
		// before reading the 413, however soon the server answered).
		body, ctype := apptest.Multipart([]apptest.File{{Name: "big.bin", Data: bytes.Repeat([]byte{0xEE, 0x01}, 300<<10)}})
		conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		_ = conn.SetDeadline(time.Now().Add(10 * time.Second))
		head := fmt.Sprintf("POST /api/upload HTTP/1.1\r\nHost: kiln\r\nAuthorization: Bearer %s\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n",
			h.AdminToken, ctype, len(body))
		if _, err := conn.Write([]byte(head)); err != nil {
			t.Fatal(err)
		}
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("no answer to a head over sizeLimit: %v", err)
		}
		answer, _ := io.ReadAll(resp.Body)
		r := &apptest.Response{Status: resp.StatusCode, Header: resp.Header, Body: answer}
		wantError(t, h, r, 413, "PayloadTooLargeError")
		nothingStored(t, h, "a body over sizeLimit")

		resp, within := post(bytes.Repeat([]byte{0xEE, 0x01}, 64<<10))
		if resp.StatusCode != 201 {
			t.Fatalf("a 128 KiB upload within sizeLimit: %d %s", resp.StatusCode, within)
		}
	})
}

// TestDecompressionBomb: a PNG declaring 100000×100000 pixels is a 413
// naming upload.maxPixels, answered from its header before any decoding;
// nothing is stored.
func TestDecompressionBomb(t *testing.T) {
	t.Parallel()
	each(t, nil, func(t *testing.T, h *apptest.Harness) {
		r := h.Upload("/api/upload", []apptest.File{{Name: "bomb.png", Type: "image/png", Data: bombPNG(100000, 100000)}}, nil)
		msg := wantError(t, h, r, 413, "PayloadTooLargeError")
		want := fmt.Sprint(h.App.Config.Upload.MaxPixels)
		if !strings.Contains(msg, "upload.maxPixels") || !strings.Contains(msg, want) || !strings.Contains(msg, "100000×100000") {
			t.Errorf("message %q does not name the image's size and the %s upload.maxPixels", msg, want)
		}
		nothingStored(t, h, "a decompression bomb")
		// One of several: none is kept.
		r = h.Upload("/api/upload", []apptest.File{{Name: "ok.png", Data: pngOf(10, 10)}, {Name: "bomb.png", Data: bombPNG(100000, 100000)}}, nil)
		wantError(t, h, r, 413, "PayloadTooLargeError")
		nothingStored(t, h, "a good file and a bomb")
	})
}

// TestBrokenFiles: a truncated JPEG, an empty file and a fileInfo that is
// not JSON are 400s that leave nothing behind.
func TestBrokenFiles(t *testing.T) {
	t.Parallel()
	each(t, nil, func(t *testing.T, h *apptest.Harness) {
		photo := fixture(t, "photo.jpg")
		r := h.Upload("/api/upload", []apptest.File{{Name: "cut.jpg", Data: photo[:len(photo)/2]}}, nil)
		wantError(t, h, r, 400, "ValidationError")
		nothingStored(t, h, "a truncated JPEG")

		// Cut in its header: not even its size can be read.
		r = h.Upload("/api/upload", []apptest.File{{Name: "head.jpg", Data: photo[:40]}}, nil)
		wantError(t, h, r, 400, "ValidationError")
		nothingStored(t, h, "a JPEG cut in its header")

		r = h.Upload("/api/upload", []apptest.File{{Name: "empty.txt", Data: nil}}, nil)
		if msg := wantError(t, h, r, 400, "ValidationError"); msg != "Files are empty" {
			t.Errorf("an empty file: %q, want Strapi's Files are empty", msg)
		}
		nothingStored(t, h, "an empty file")
		r = h.Upload("/api/upload", []apptest.File{{Name: "ok.png", Data: pngOf(8, 8)}, {Name: "empty.txt", Data: nil}}, nil)
		wantError(t, h, r, 400, "ValidationError")
		nothingStored(t, h, "a file and an empty one")

		for _, info := range []string{`{"name":`, `not json`, `{"name": 3}`, `[{"name":"a"}`} {
			r = h.Upload("/api/upload", []apptest.File{{Name: "ok.png", Data: pngOf(8, 8)}}, []string{"fileInfo", info})
			wantError(t, h, r, 400, "ValidationError")
			nothingStored(t, h, "fileInfo "+info)
		}
	})
}

// TestManyFilesInOneRequest: forty files in one request are forty rows and
// forty keys (and an image's formats), in the order sent; one bad file
// among them leaves nothing of the others.
func TestManyFilesInOneRequest(t *testing.T) {
	t.Parallel()
	each(t, nil, func(t *testing.T, h *apptest.Harness) {
		var in []apptest.File
		for i := range 40 {
			in = append(in, apptest.File{Name: fmt.Sprintf("f%02d.txt", i), Data: []byte(fmt.Sprintf("file %d\n", i))})
		}
		in = append(in, apptest.File{Name: "photo.jpg", Data: fixture(t, "photo.jpg")})
		r := h.Upload("/api/upload", in, nil)
		if r.Status != 201 {
			t.Fatalf("%d files: %d %s", len(in), r.Status, r.Body)
		}
		list := files(t, r)
		var want []string
		for i, f := range list {
			if f["name"] != in[i].Name {
				t.Errorf("file %d is %v, want %s", i, f["name"], in[i].Name)
			}
			want = append(want, keysOf(t, f)...)
		}
		if got := storedKeys(t, h); strings.Join(got, " ") != strings.Join(sorted(want), " ") {
			t.Errorf("stored %q, want %q", got, sorted(want))
		}
		if n := len(want); n != 40+5 {
			t.Errorf("%d keys, want 45 (40 files, a photo and its 4 formats)", n)
		}

		// The same again with a bomb last: nothing more is kept.
		before := storedKeys(t, h)
		in[len(in)-1] = apptest.File{Name: "bomb.png", Data: bombPNG(100000, 100000)}
		r = h.Upload("/api/upload", in, nil)
		wantError(t, h, r, 413, "PayloadTooLargeError")
		if got := storedKeys(t, h); strings.Join(got, " ") != strings.Join(before, " ") {
			t.Errorf("after a refused batch the storage holds %d keys, want the %d before", len(got), len(before))
		}
		if n := len(rows(t, h)); n != 41 {
			t.Errorf("%d rows, want 41", n)
		}
		if l := listing(t, uploadsDir(t, h)); len(l) != len(before) {
			t.Errorf("the uploads folder holds %d names, want %d: %q", len(l), len(before), l)
		}
	})
}

// encodedName is a multipart body of one file whose name is sent as
// RFC 2231's extended filename* (charset UTF-8), every byte but letters,
// digits and dots percent-encoded.
func encodedName(name string, data []byte) ([]byte, string) {
	var enc strings.Builder
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' {
			enc.WriteByte(c)
		} else {
			fmt.Fprintf(&enc, "%%%02X", c)
		}
	}
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	hdr := textproto.MIMEHeader{}
	hdr.Set("Content-Disposition", `form-data; name="files"; filename*=UTF-8''`+enc.String())
	p, _ := w.CreatePart(hdr)
	_, _ = p.Write(data)
	_ = w.Close()
	return b.Bytes(), w.FormDataContentType()
}

// TestRawControlCharactersInAName: a name with a raw control character
// is a malformed multipart head: a 400, and nothing stored.
func TestRawControlCharactersInAName(t *testing.T) {
	t.Parallel()
	each(t, nil, func(t *testing.T, h *apptest.Harness) {
		base := h.Serve()
		body, ctype := apptest.Multipart([]apptest.File{{Name: "bad\x01name.png", Data: pngOf(4, 4)}})
		req, _ := http.NewRequest("POST", base+"/api/upload", bytes.NewReader(body))
		req.Header.Set("Content-Type", ctype)
		req.Header.Set("Authorization", "Bearer "+h.AdminToken)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(resp.Body)
		wantError(t, h, &apptest.Response{Status: resp.StatusCode, Header: resp.Header, Body: raw}, 400, "BadRequestError")
		nothingStored(t, h, "a raw control character in a name")
	})
}

func sorted(s []string) []string {
	out := append([]string(nil), s...)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}
