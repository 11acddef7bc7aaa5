package upload_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"
	"testing"

	"github.com/minio/minio-go/v7"

	"github.com/kiln-cms/kiln/core/app/apptest"
	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/core/database"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/storage"
	"github.com/kiln-cms/kiln/core/storage/s3test"
)

// objects are the bucket's object names, sorted.
func objects(t *testing.T, c *minio.Client, bucket string) []string {
	t.Helper()
	out := []string{}
	for o := range c.ListObjects(context.Background(), bucket, minio.ListObjectsOptions{Recursive: true}) {
		if o.Err != nil {
			t.Fatal(o.Err)
		}
		out = append(out, o.Key)
	}
	sort.Strings(out)
	return out
}

func httpGet(t *testing.T, u string) (int, []byte) {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

// TestS3EndToEnd: on the s3 provider an image's url and its formats'
// are the objects' URLs; the private bucket refuses them unsigned, and
// SignURLs makes urls that answer the bytes; a delete removes every
// object.
func TestS3EndToEnd(t *testing.T) {
	t.Parallel()
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		for _, signed := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/signed=%v", d, signed), func(t *testing.T) {
				t.Parallel()
				bucket := s3test.Start(t)
				bucket.SignedURLs = signed
				h := media(t, d, func(c *config.Config) { s3Upload(c, bucket) })
				s3EndToEnd(t, h, bucket)
			})
		}
	}
}

func s3EndToEnd(t *testing.T, h *apptest.Harness, bucket storage.S3Config) {
	c := s3test.Client(t, bucket)
	photo := fixture(t, "photo.jpg")
	f := one(t, h.Upload("/api/upload", []apptest.File{{Name: "photo.jpg", Data: photo}}, nil))
	if f["provider"] != "aws-s3" {
		t.Errorf("provider %v, want aws-s3", f["provider"])
	}
	base := bucket.Endpoint + "/" + bucket.Bucket + "/"
	var keys []string
	for _, u := range urlsOf(f) {
		k, ok := strings.CutPrefix(u, base)
		if !ok || storage.CheckKey(k) != nil {
			t.Fatalf("url %q is not an object's URL under %s", u, base)
		}
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if got := objects(t, c, bucket.Bucket); fmt.Sprint(got) != fmt.Sprint(keys) {
		t.Fatalf("the bucket holds %q, want %q", got, keys)
	}
	// The object's bytes are the upload's.
	url := f["url"].(string)
	obj, err := c.GetObject(context.Background(), bucket.Bucket, strings.TrimPrefix(url, base), minio.GetObjectOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(obj)
	if !bytes.Equal(got, photo) {
		t.Errorf("the object holds %d bytes, want the photo's %d", len(got), len(photo))
	}
	// A private bucket: unsigned, no.
	if st, _ := httpGet(t, url); st != http.StatusForbidden {
		t.Errorf("unsigned GET %s: %d, want 403 from the private bucket", url, st)
	}

	// Signed: the file's url and a format's answer their bytes.
	id, _ := f["id"].(json.Number).Int64()
	q, err := query.Parse(h.App.Upload.FileType, "", query.Options{})
	if err != nil {
		t.Fatal(err)
	}
	e, err := h.App.Content.Get(context.Background(), q, id, entry.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	did, err := h.App.Upload.SignURLs(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	if did != bucket.SignedURLs {
		t.Fatalf("SignURLs signed: %v, want %v (signedUrls)", did, bucket.SignedURLs)
	}
	if did {
		v, _ := e.Get(h.App.Upload.FileType.Attr("url"))
		su := v.(string)
		if st, b := httpGet(t, su); st != 200 || !bytes.Equal(b, photo) {
			t.Errorf("GET the signed url: %d, %d bytes", st, len(b))
		}
		fv, _ := e.Get(h.App.Upload.FileType.Attr("formats"))
		var formats map[string]struct {
			URL   string `json:"url"`
			Width int    `json:"width"`
		}
		if err := json.Unmarshal(fv.(json.RawMessage), &formats); err != nil {
			t.Fatal(err)
		}
		th := formats["thumbnail"]
		if !strings.Contains(th.URL, "X-Amz-Signature=") {
			t.Fatalf("thumbnail url %q is not signed", th.URL)
		}
		st, b := httpGet(t, th.URL)
		if st != 200 {
			t.Fatalf("GET the signed thumbnail: %d", st)
		}
		if cfg, err := jpegConfig(b); err != nil || cfg.Width != th.Width {
			t.Errorf("the thumbnail is %+v (%v), want %d wide", cfg, err, th.Width)
		}
		// Keys the same order as before the signing.
		if !keysInOrder(fv.(json.RawMessage), "large", "medium", "small", "thumbnail") {
			t.Errorf("signed formats lost their order: %s", fv)
		}
	}

	if r := h.Do("DELETE", fmt.Sprintf("/api/upload/files/%d", id), nil); r.Status != 200 {
		t.Fatalf("DELETE: %d %s", r.Status, r.Body)
	}
	if got := objects(t, c, bucket.Bucket); len(got) != 0 {
		t.Errorf("after the delete the bucket holds %q", got)
	}
}

// keysInOrder reports whether the object's keys come in this order.
func keysInOrder(raw []byte, keys ...string) bool {
	at := -1
	for _, k := range keys {
		i := bytes.Index(raw, []byte(`"`+k+`":`))
		if i < at {
			return false
		}
		at = i
	}
	return true
}
