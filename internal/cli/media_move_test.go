package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/internal/app"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/storage"
	"github.com/kiln-cms/kiln/internal/storage/s3test"
	"github.com/kiln-cms/kiln/internal/upload"
)

// movedFile is a file's row as the upload routes answer it, its formats
// in their stored order.
type movedFile struct {
	ID               int64           `json:"id"`
	Name             string          `json:"name"`
	Hash             string          `json:"hash"`
	Ext              string          `json:"ext"`
	URL              string          `json:"url"`
	Provider         string          `json:"provider"`
	ProviderMetadata json.RawMessage `json:"provider_metadata"`
	Formats          json.RawMessage `json:"formats"`
}

// movedFormat is one format of a file: its name, url and stored key.
type movedFormat struct{ name, url, key string }

// formats lists the file's formats in their stored order.
func (f movedFile) formats(t *testing.T) []movedFormat {
	t.Helper()
	if len(f.Formats) == 0 || string(f.Formats) == "null" {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(f.Formats))
	if _, err := dec.Token(); err != nil {
		t.Fatal(err)
	}
	var out []movedFormat
	for dec.More() {
		name, _ := dec.Token()
		var x struct{ URL, Hash, Ext string }
		if err := dec.Decode(&x); err != nil {
			t.Fatal(err)
		}
		out = append(out, movedFormat{name.(string), x.URL, x.Hash + x.Ext})
	}
	return out
}

// movedFiles are the files' rows through the upload route, by id.
func movedFiles(t *testing.T, h *apptest.Harness) []movedFile {
	t.Helper()
	r := h.Do("GET", "/api/upload/files?sort=id", nil)
	var out []movedFile
	if err := json.Unmarshal(r.Body, &out); r.Status != 200 || err != nil {
		t.Fatalf("GET /api/upload/files: %d %v %s", r.Status, err, r.Body)
	}
	return out
}

// onProvider checks each file is on provider with every url the
// provider's for its key (urlOf), its formats in the order they had,
// and no provider_metadata.
func onProvider(t *testing.T, files []movedFile, order map[int64][]string, provider string, urlOf func(key string) string) {
	t.Helper()
	for _, f := range files {
		if f.Provider != provider || f.URL != urlOf(f.Hash+f.Ext) || (len(f.ProviderMetadata) > 0 && string(f.ProviderMetadata) != "null") {
			t.Errorf("file %d %s: provider %s, url %s, provider_metadata %s; want %s, %s, null", f.ID, f.Name, f.Provider, f.URL, f.ProviderMetadata, provider, urlOf(f.Hash+f.Ext))
		}
		var names []string
		for _, x := range f.formats(t) {
			names = append(names, x.name)
			if x.url != urlOf(x.key) {
				t.Errorf("file %d %s: format %s's url %s, want %s", f.ID, f.Name, x.name, x.url, urlOf(x.key))
			}
		}
		if fmt.Sprint(names) != fmt.Sprint(order[f.ID]) {
			t.Errorf("file %d %s: formats %v, want %v in that order", f.ID, f.Name, names, order[f.ID])
		}
	}
}

// served GETs every file's and format's url — through the app when it
// is a path (/uploads), else from the server it names (a signed S3 url)
// — and checks each answers 200 with the bytes first stored under its
// key.
func served(t *testing.T, h *apptest.Harness, files []movedFile, stored map[string][]byte) {
	t.Helper()
	n := 0
	for _, f := range files {
		urls := map[string]string{f.Hash + f.Ext: f.URL}
		for _, x := range f.formats(t) {
			urls[x.key] = x.url
		}
		for key, u := range urls {
			var status int
			var body []byte
			if strings.HasPrefix(u, "/") {
				r := h.Do("GET", u, nil)
				status, body = r.Status, r.Body
			} else {
				resp, err := http.Get(u)
				if err != nil {
					t.Fatal(err)
				}
				body, _ = io.ReadAll(resp.Body)
				resp.Body.Close()
				status = resp.StatusCode
			}
			if status != 200 || !bytes.Equal(body, stored[key]) || len(body) == 0 {
				t.Errorf("file %d %s: GET %s: %d, %d bytes, want 200 and the %d bytes stored under %s", f.ID, f.Name, u, status, len(body), len(stored[key]), key)
			}
			n++
		}
	}
	if n != len(stored) {
		t.Errorf("%d urls served, want one per stored object (%d)", n, len(stored))
	}
}

// s3App starts an app on h's database with the bucket as its provider,
// its urls signed, and answers it with the lines it logged at start.
func s3App(t *testing.T, h *apptest.Harness, bucket storage.S3Config) (*apptest.Harness, string) {
	t.Helper()
	cfg := h.App.Config
	cfg.Upload.Provider = config.ProviderS3
	cfg.Upload.S3 = config.UploadS3{Bucket: bucket.Bucket, Region: bucket.Region, Endpoint: bucket.Endpoint, AccessKeyID: bucket.AccessKeyID,
		SecretAccessKey: bucket.SecretAccessKey, ForcePathStyle: true, SignedURLs: true, SignedURLTTL: time.Minute}
	var log bytes.Buffer
	a, err := app.New(context.Background(), cfg, slog.New(slog.NewTextHandler(&log, &slog.HandlerOptions{ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey {
			return slog.Attr{}
		}
		return a
	}})))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return &apptest.Harness{T: t, App: a, AdminToken: h.AdminToken}, log.String()
}

func testJPEG(w, h int) []byte {
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			m.Set(x, y, color.RGBA{uint8(x), uint8(y), uint8(x ^ y), 255})
		}
	}
	var b bytes.Buffer
	_ = jpeg.Encode(&b, m, &jpeg.Options{Quality: 90})
	return b.Bytes()
}

func testPNG(w, h int) []byte {
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			m.Set(x, y, color.RGBA{uint8(x * 3), 0, uint8(y * 5), 255})
		}
	}
	var b bytes.Buffer
	_ = png.Encode(&b, m)
	return b.Bytes()
}

// TestMediaMoveCommand: a project's uploads, made through the upload
// route on local disk (a photo with three formats, a PNG with its
// thumbnail, a text file), moved to S3 and back. A dry run moves
// nothing. A file whose format's source object is missing is left on
// local, named, with a non-zero exit, while the others move; the server
// then warns of it with the command; put back, a second run moves it
// alone. On each side every url — the file's and its formats', in their
// order — is the provider's and answers the bytes first stored (through
// the app's /uploads, or a signed S3 url). A move to an S3 that is down
// switches nothing, stops at once naming the file, and runs again.
func TestMediaMoveCommand(t *testing.T) {
	apptest.EachInTurn(t, func(t *testing.T, h *apptest.Harness) { // kilnOn sets the environment
		bucket := s3test.Start(t)
		kiln := kilnOn(t, h)
		for k, v := range map[string]string{"BUCKET": bucket.Bucket, "REGION": bucket.Region, "ENDPOINT": bucket.Endpoint,
			"ACCESS_KEY_ID": bucket.AccessKeyID, "SECRET_ACCESS_KEY": bucket.SecretAccessKey, "FORCE_PATH_STYLE": "true"} {
			t.Setenv("KILN_UPLOAD_S3_"+k, v)
		}
		r := h.Upload("/api/upload", []apptest.File{
			{Name: "photo.jpg", Data: testJPEG(800, 600)}, {Name: "logo.png", Data: testPNG(300, 200)}, {Name: "notes.txt", Data: []byte("notes\n")},
		}, nil)
		if r.Status != 201 {
			t.Fatalf("upload: %d %s", r.Status, r.Body)
		}
		dir := filepath.Join(h.App.Config.Paths.Data, "uploads")
		before := movedFiles(t, h)
		stored := map[string][]byte{}
		order := map[int64][]string{}
		var total int64
		for _, f := range before {
			keys := []string{f.Hash + f.Ext}
			for _, x := range f.formats(t) {
				keys = append(keys, x.key)
				order[f.ID] = append(order[f.ID], x.name)
			}
			for _, k := range keys {
				b, err := os.ReadFile(filepath.Join(dir, k))
				if err != nil {
					t.Fatal(err)
				}
				stored[k] = b
				total += int64(len(b))
			}
		}
		if len(before) != 3 || fmt.Sprint(order[before[0].ID]) != "[medium small thumbnail]" || fmt.Sprint(order[before[1].ID]) != "[thumbnail]" || len(stored) != 7 {
			t.Fatalf("the uploads: %d files, formats %v, %d objects; want 3, the photo's medium, small and thumbnail and the PNG's thumbnail, 7", len(before), order, len(stored))
		}
		logo := before[1]
		localURL := func(k string) string { return "/uploads/" + k }
		s3URL := func(k string) string { return bucket.Endpoint + "/" + bucket.Bucket + "/" + k }
		c := s3test.Client(t, bucket)
		objects := func() int {
			n := 0
			for o := range c.ListObjects(context.Background(), bucket.Bucket, minio.ListObjectsOptions{}) {
				if o.Err != nil {
					t.Fatal(o.Err)
				}
				n++
			}
			return n
		}
		localFiles := func() int {
			entries, err := os.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			return len(entries)
		}

		if code, _, errOut := kiln("media", "move", "--to", "gcs"); code != 2 || !strings.Contains(errOut, `--to must be local or s3, not "gcs"`) {
			t.Errorf("--to gcs: %d %q", code, errOut)
		}
		if code, _, errOut := kiln("media", "move", "--to", "s3", "--batch", "1001"); code != 2 || !strings.Contains(errOut, "--batch from 1 to 1000") {
			t.Errorf("--batch 1001: %d %q", code, errOut)
		}
		code, out, errOut := kiln("media", "move", "--to", "s3", "--dry-run")
		if want := fmt.Sprintf("dry run: 3 of 3 file(s) would move from local to aws-s3: 7 objects, %s found in ", upload.Bytes(total)); code != 0 || !strings.HasPrefix(out, want) {
			t.Fatalf("dry run: %d %q %q, want 0 and %q", code, out, errOut, want)
		}
		if objects() != 0 {
			t.Fatal("the dry run wrote to the bucket")
		}
		onProvider(t, movedFiles(t, h), order, "local", localURL)

		// The PNG's thumbnail lost: the PNG stays on local, the others move.
		thumb := logo.formats(t)[0].key
		if err := os.Remove(filepath.Join(dir, thumb)); err != nil {
			t.Fatal(err)
		}
		code, out, errOut = kiln("media", "move", "--to", "s3", "--batch", "2", "--concurrency", "2")
		wantErr := fmt.Sprintf(`not moved: file %d "logo.png": %s: the source object is missing from the local storage`, logo.ID, thumb)
		if code != 1 || !strings.HasPrefix(out, "moved 2 of 3 file(s) from local to aws-s3: 5 objects, ") ||
			!strings.Contains(errOut, wantErr) || !strings.Contains(errOut, fmt.Sprintf(`1 file(s) not moved (%d "logo.png")`, logo.ID)) {
			t.Fatalf("a move with a source missing: %d %q %q, want 1, 2 moved and %q", code, out, errOut, wantErr)
		}
		after := movedFiles(t, h)
		onProvider(t, []movedFile{after[0], after[2]}, order, "aws-s3", s3URL)
		onProvider(t, []movedFile{after[1]}, order, "local", localURL)
		// The PNG's own object was copied before its thumbnail failed: a
		// copy no row names yet, which the next run copies again.
		if localFiles() != 6 || objects() != 6 {
			t.Errorf("after the first move: %d local files, %d objects; want the 6 sources kept and 6 copies", localFiles(), objects())
		}
		_, log := s3App(t, h, bucket)
		want := `level=WARN msg="files are kept by a provider other than the configured one, and their urls are not served: move them" files=1 provider=local configured=aws-s3 fix="kiln media move --to s3"`
		if !strings.Contains(log, want+"\n") {
			t.Errorf("an S3 start with one file on local logs:\n%s\nwant the line:\n%s", log, want)
		}

		// Put back, it moves alone, and its sources go with --delete-source.
		if err := os.WriteFile(filepath.Join(dir, thumb), stored[thumb], 0o600); err != nil {
			t.Fatal(err)
		}
		code, out, errOut = kiln("media", "move", "--to", "s3", "--delete-source")
		if code != 0 || !strings.HasPrefix(out, "moved 1 of 1 file(s) from local to aws-s3: 2 objects, ") || !strings.HasSuffix(out, "; 2 source objects removed\n") {
			t.Fatalf("the second move: %d %q %q", code, out, errOut)
		}
		if localFiles() != 5 || objects() != 7 {
			t.Errorf("after the second move: %d local files, %d objects; want the 5 of the first move kept, 7 copies", localFiles(), objects())
		}
		onS3, log := s3App(t, h, bucket)
		if strings.Contains(log, "files are kept") {
			t.Errorf("every file on S3, the start still warns:\n%s", log)
		}
		onProvider(t, movedFiles(t, h), order, "aws-s3", s3URL)
		served(t, onS3, movedFiles(t, onS3), stored) // signed urls
		if code, out, _ := kiln("media", "move", "--to", "s3"); code != 0 || out != "nothing to move: no file is kept by the local provider (3 on aws-s3)\n" {
			t.Errorf("a third move: %d %q", code, out)
		}

		// Back to local, from S3 alone: the old local files are gone.
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
		code, out, errOut = kiln("media", "move", "--to", "local")
		if code != 0 || !strings.HasPrefix(out, fmt.Sprintf("moved 3 of 3 file(s) from aws-s3 to local: 7 objects, %s copied and verified in ", upload.Bytes(total))) ||
			!strings.HasSuffix(out, "; the source objects are kept (--delete-source removes them)\n") {
			t.Fatalf("the move back: %d %q %q", code, out, errOut)
		}
		onProvider(t, movedFiles(t, h), order, "local", localURL)
		served(t, h, movedFiles(t, h), stored)
		if objects() != 7 {
			t.Errorf("the move back left %d objects in the bucket, want the 7 kept", objects())
		}

		// S3 down: nothing switches, the move stops at its first file.
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		closed := "http://" + l.Addr().String()
		l.Close()
		t.Setenv("KILN_UPLOAD_S3_ENDPOINT", closed)
		code, out, errOut = kiln("media", "move", "--to", "s3")
		if code != 1 || !strings.HasPrefix(out, "moved 0 of 3 file(s)") || !strings.Contains(errOut, "kiln media move: stopped: file ") ||
			!strings.Contains(errOut, "unavailable") || !strings.Contains(errOut, "3 file(s) not moved: run kiln media move --to s3 again") {
			t.Fatalf("a move to a closed port: %d %q %q", code, out, errOut)
		}
		onProvider(t, movedFiles(t, h), order, "local", localURL)
		t.Setenv("KILN_UPLOAD_S3_ENDPOINT", bucket.Endpoint)
		if code, out, errOut = kiln("media", "move", "--to", "s3"); code != 0 || !strings.HasPrefix(out, "moved 3 of 3 file(s) from local to aws-s3: 7 objects") {
			t.Fatalf("the move once S3 is back: %d %q %q", code, out, errOut)
		}
		onProvider(t, movedFiles(t, h), order, "aws-s3", s3URL)
		served(t, onS3, movedFiles(t, onS3), stored)
	})
}
