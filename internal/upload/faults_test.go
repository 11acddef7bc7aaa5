package upload_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"os/exec"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/storage"
	"github.com/kiln-cms/kiln/internal/storage/s3test"
	"github.com/kiln-cms/kiln/internal/upload"
)

// wantUnavailable fails the test unless r is a 503 ServiceUnavailableError
// with Retry-After.
func wantUnavailable(t *testing.T, h *apptest.Harness, r *apptest.Response) {
	t.Helper()
	wantError(t, h, r, 503, "ServiceUnavailableError")
	if r.Header.Get("Retry-After") == "" {
		t.Errorf("a 503 without Retry-After")
	}
}

// mountTmpfs mounts a tmpfs of size over dir, unmounted at the test's
// end; it skips the test where mount(2) is not permitted.
func mountTmpfs(t *testing.T, dir, size string) {
	t.Helper()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+size, "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs here: %v %s", err, out)
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", dir).CombinedOutput(); err != nil {
			t.Errorf("umount %s: %v %s", dir, err, out)
		}
	})
}

// TestLocalStorageFullOrReadOnly: uploads to a full disk, then to a
// read-only one, are 503s with Retry-After that leave no row and no file,
// not even a temp file; a photo whose formats fill the disk halfway
// leaves none of them.
func TestLocalStorageFullOrReadOnly(t *testing.T) {
	t.Parallel()
	each(t, nil, func(t *testing.T, h *apptest.Harness) {
		dir := uploadsDir(t, h)
		mountTmpfs(t, dir, "64k")
		big := bytes.Repeat([]byte("full disk "), 10<<10) // 100 KiB of text
		r := h.Upload("/api/upload", []apptest.File{{Name: "big.txt", Data: big}}, nil)
		wantUnavailable(t, h, r)
		nothingStored(t, h, "a full disk")

		// Two files, the second over what is left: the first is removed.
		r = h.Upload("/api/upload", []apptest.File{{Name: "small.txt", Data: []byte("fits")}, {Name: "big.txt", Data: big}}, nil)
		wantUnavailable(t, h, r)
		nothingStored(t, h, "a file that fits and one that does not")

		// The photo fits (43 KiB); its formats do not all.
		r = h.Upload("/api/upload", []apptest.File{{Name: "photo.jpg", Data: fixture(t, "photo.jpg")}}, nil)
		wantUnavailable(t, h, r)
		nothingStored(t, h, "a photo whose formats fill the disk")

		if out, err := exec.Command("mount", "-o", "remount,ro", dir).CombinedOutput(); err != nil {
			t.Fatalf("remount read-only: %v %s", err, out)
		}
		r = h.Upload("/api/upload", []apptest.File{{Name: "a.txt", Data: []byte("read-only")}}, nil)
		wantUnavailable(t, h, r)
		nothingStored(t, h, "a read-only disk")
		if out, err := exec.Command("mount", "-o", "remount,rw", dir).CombinedOutput(); err != nil {
			t.Fatalf("remount read-write: %v %s", err, out)
		}
		// Once the disk is back, uploads work.
		one(t, h.Upload("/api/upload", []apptest.File{{Name: "a.txt", Data: []byte("back")}}, nil))
	})
}

// closedEndpoint is an address nothing listens on: a stopped server.
func closedEndpoint(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return "http://" + addr
}

// s3Upload points cfg's provider at a bucket of the shared SeaweedFS.
func s3Upload(cfg *config.Config, s storage.S3Config) {
	cfg.Upload.Provider = config.ProviderS3
	cfg.Upload.S3 = config.UploadS3{Bucket: s.Bucket, Region: s.Region, Endpoint: s.Endpoint,
		AccessKeyID: s.AccessKeyID, SecretAccessKey: s.SecretAccessKey, ForcePathStyle: s.ForcePathStyle,
		BaseURL: s.BaseURL, Prefix: s.Prefix, SignedURLs: s.SignedURLs, SignedURLTTL: cfg.Upload.S3.SignedURLTTL}
}

// TestS3Away: an S3 provider whose server is stopped (nothing listens at
// its endpoint) answers uploads 503 with Retry-After, and writes no row.
func TestS3Away(t *testing.T) {
	t.Parallel()
	away := storage.S3Config{Bucket: "kiln-away", Region: "us-east-1", Endpoint: closedEndpoint(t),
		AccessKeyID: s3test.AccessKey, SecretAccessKey: s3test.SecretKey, ForcePathStyle: true}
	each(t, func(c *config.Config) { s3Upload(c, away) }, func(t *testing.T, h *apptest.Harness) {
		r := h.Upload("/api/upload", []apptest.File{{Name: "photo.jpg", Data: fixture(t, "photo.jpg")}}, nil)
		wantUnavailable(t, h, r)
		if n := len(rows(t, h)); n != 0 {
			t.Errorf("%d rows after a failed upload", n)
		}
	})
}

// TestDatabaseFailsAfterTheBytes: when the row's transaction fails after
// the bytes are stored (a hook refuses the file), every stored key is
// removed, its formats' too, and no row is left.
func TestDatabaseFailsAfterTheBytes(t *testing.T) {
	t.Parallel()
	each(t, nil, func(t *testing.T, h *apptest.Harness) {
		refuse := true
		h.App.Content.Hooks.BeforeCreate(schema.FileType, func(ctx context.Context, ev *hook.Event) error {
			if refuse {
				return errs.New(errs.KindApplication, "refused by a hook")
			}
			return nil
		})
		in := []apptest.File{{Name: "notes.txt", Data: []byte("notes")}, {Name: "photo.jpg", Data: fixture(t, "photo.jpg")}}
		r := h.Upload("/api/upload", in, nil)
		if msg := wantError(t, h, r, 400, "ApplicationError"); msg != "refused by a hook" {
			t.Errorf("message %q", msg)
		}
		nothingStored(t, h, "a hook refusing the row")

		// A plain error from the hook: a 500, and still nothing left.
		h.App.Content.Hooks.BeforeCreate(schema.FileType, func(ctx context.Context, ev *hook.Event) error {
			return errors.New("the database broke")
		})
		refuse = false
		r = h.Upload("/api/upload", in, nil)
		wantError(t, h, r, 500, "InternalServerError")
		nothingStored(t, h, "a failing hook")
	})
}

// TestAttachOrDatabaseFailsAfterTheBytes: the entry to attach the files
// to is missing, or the database is closed, once the bytes are stored:
// they are removed.
func TestAttachOrDatabaseFailsAfterTheBytes(t *testing.T) {
	t.Parallel()
	each(t, nil, func(t *testing.T, h *apptest.Harness) {
		// The album to attach to does not exist: the rows roll back.
		r := h.Upload("/api/upload", []apptest.File{{Name: "photo.jpg", Data: fixture(t, "photo.jpg")}},
			[]string{"ref", "api::album.album", "refId", "999", "field", "cover"})
		if r.Status < 400 || r.Status >= 500 {
			t.Fatalf("attaching to a missing album: %d %s", r.Status, r.Body)
		}
		nothingStored(t, h, "attaching to a missing album")

		// The database is closed: the bytes stored before the row is tried
		// are removed.
		dir := uploadsDir(t, h)
		h.App.DB.Close()
		r = h.Upload("/api/upload", []apptest.File{{Name: "photo.jpg", Data: fixture(t, "photo.jpg")}}, nil)
		if r.Status < 500 {
			t.Fatalf("an upload with the database closed: %d %s", r.Status, r.Body)
		}
		if l := listing(t, dir); len(l) != 0 {
			t.Errorf("the database closed: the uploads folder holds %q", l)
		}
	})
}

// TestReplaceFailsKeepsTheOld: replacing a file's bytes when the row's
// update fails removes the new bytes and keeps the old, still served.
func TestReplaceFailsKeepsTheOld(t *testing.T) {
	t.Parallel()
	each(t, nil, func(t *testing.T, h *apptest.Harness) {
		old := one(t, h.Upload("/api/upload", []apptest.File{{Name: "photo.jpg", Data: fixture(t, "photo.jpg")}}, nil))
		before := storedKeys(t, h)
		h.App.Content.Hooks.BeforeUpdate(schema.FileType, func(ctx context.Context, ev *hook.Event) error {
			return errs.New(errs.KindApplication, "no replacing")
		})
		// Through the service: POST /api/upload?id= is refused by the
		// route's query parsing ("Invalid key id") before it gets here.
		tall := fixture(t, "tall.jpg")
		in := upload.Incoming{Filename: "tall.jpg", Size: int64(len(tall)),
			Open: func() (io.ReadSeekCloser, error) { return nopCloser{bytes.NewReader(tall)}, nil }}
		q, err := query.Parse(h.App.Upload.FileType, "", query.Options{})
		if err != nil {
			t.Fatal(err)
		}
		id, _ := old["id"].(json.Number).Int64()
		_, err = h.App.Upload.Replace(context.Background(), id, in, q, entry.ReadOptions{})
		if e, ok := errs.As(err); !ok || e.Kind != errs.KindApplication || e.Message != "no replacing" {
			t.Fatalf("Replace with a refusing hook: %v", err)
		}
		if got := storedKeys(t, h); strings.Join(got, " ") != strings.Join(before, " ") {
			t.Errorf("after a failed replace the storage holds %q, want %q", got, before)
		}
		for _, u := range urlsOf(old) {
			if r := h.Do("GET", u, nil); r.Status != 200 {
				t.Errorf("GET %s after a failed replace: %d", u, r.Status)
			}
		}
	})
}

type nopCloser struct{ *bytes.Reader }

func (nopCloser) Close() error { return nil }

// TestOrphansAfterAnUnfinishedUpload: bytes stored without their row
// (a crash between the two) are listed by Orphans, exactly, and
// DeleteOrphans removes them and nothing of a real file.
func TestOrphansAfterAnUnfinishedUpload(t *testing.T) {
	t.Parallel()
	each(t, nil, func(t *testing.T, h *apptest.Harness) {
		real := one(t, h.Upload("/api/upload", []apptest.File{{Name: "photo.jpg", Data: fixture(t, "photo.jpg")}}, nil))
		realKeys := keysOf(t, real)
		st, ctx := h.App.Upload.Storage(), context.Background()
		orphans := []string{"lost_0123456789.jpg", "thumbnail_lost_0123456789.jpg", "small_lost_0123456789.jpg"}
		for _, k := range orphans {
			if err := st.Put(ctx, k, strings.NewReader("bytes"), 5, "image/jpeg"); err != nil {
				t.Fatal(err)
			}
		}
		got, err := h.App.Upload.Orphans(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(sorted(got), " ") != strings.Join(sorted(orphans), " ") {
			t.Errorf("Orphans: %q, want %q", got, sorted(orphans))
		}
		if err := h.App.Upload.DeleteOrphans(ctx, got); err != nil {
			t.Fatal(err)
		}
		if keys := storedKeys(t, h); strings.Join(keys, " ") != strings.Join(realKeys, " ") {
			t.Errorf("after DeleteOrphans the storage holds %q, want the real file's %q", keys, realKeys)
		}
		if got, err := h.App.Upload.Orphans(ctx); err != nil || len(got) != 0 {
			t.Errorf("Orphans after DeleteOrphans: %q %v", got, err)
		}
		for _, u := range urlsOf(real) {
			if r := h.Do("GET", u, nil); r.Status != 200 {
				t.Errorf("GET %s: %d", u, r.Status)
			}
		}
	})
}
