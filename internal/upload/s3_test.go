package upload_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/internal/app"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/storage"
	"github.com/kiln-cms/kiln/internal/storage/s3test"
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
// are the objects' URLs; the private bucket refuses them unsigned; with
// signedUrls every answer's urls — the upload's, a populated media
// field's, one in a component — are signed and answer the bytes; a
// delete removes every object.
func TestS3EndToEnd(t *testing.T) {
	t.Parallel()
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		for _, signed := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/signed=%v", d, signed), func(t *testing.T) {
				t.Parallel()
				bucket := s3test.Start(t)
				bucket.SignedURLs = signed
				h := media(t, d, func(c *config.Config) { s3Upload(c, bucket); c.GraphQL.Enabled = true })
				s3EndToEnd(t, h, bucket)
			})
		}
	}
}

func s3EndToEnd(t *testing.T, h *apptest.Harness, bucket storage.S3Config) {
	c := s3test.Client(t, bucket)
	photo := fixture(t, "photo.jpg")
	f := one(t, h.Upload("/api/upload", []apptest.File{{Name: "photo.jpg", Data: photo}}, nil))
	if f["provider"] != "aws-s3" || f["isUrlSigned"] != bucket.SignedURLs {
		t.Errorf("provider %v isUrlSigned %v, want aws-s3 %v", f["provider"], f["isUrlSigned"], bucket.SignedURLs)
	}
	base := bucket.Endpoint + "/" + bucket.Bucket + "/"
	var keys []string
	for _, u := range urlsOf(f) {
		k, ok := strings.CutPrefix(u, base)
		k, query, _ := strings.Cut(k, "?")
		if !ok || storage.CheckKey(k) != nil || strings.Contains(query, "X-Amz-Signature=") != bucket.SignedURLs {
			t.Fatalf("url %q is not an object's URL under %s, signed %v", u, base, bucket.SignedURLs)
		}
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if got := objects(t, c, bucket.Bucket); fmt.Sprint(got) != fmt.Sprint(keys) {
		t.Fatalf("the bucket holds %q, want %q", got, keys)
	}
	// The object's bytes are the upload's.
	url := f["url"].(string)
	key, _, _ := strings.Cut(strings.TrimPrefix(url, base), "?")
	obj, err := c.GetObject(context.Background(), bucket.Bucket, key, minio.GetObjectOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(obj)
	if !bytes.Equal(got, photo) {
		t.Errorf("the object holds %d bytes, want the photo's %d", len(got), len(photo))
	}
	id, _ := f["id"].(json.Number).Int64()
	if r := h.Do("POST", "/api/albums", map[string]any{"data": map[string]any{"title": "S3", "cover": id, "seo": map[string]any{"image": id}}}); r.Status != 201 {
		t.Fatalf("album: %d %s", r.Status, r.Body)
	}
	// The urls an entry answers: the populated cover's, and the one in a
	// component, signed too when the bucket is private.
	r := h.Do("GET", "/api/albums?populate[cover]=true&populate[seo][populate]=image", nil)
	var list struct {
		Data []struct {
			Cover struct {
				URL     string                     `json:"url"`
				Formats map[string]json.RawMessage `json:"formats"`
			} `json:"cover"`
			Seo struct {
				Image struct {
					URL string `json:"url"`
				} `json:"image"`
			} `json:"seo"`
		} `json:"data"`
	}
	if err := json.Unmarshal(r.Body, &list); err != nil || len(list.Data) != 1 {
		t.Fatalf("albums: %v %s", err, r.Body)
	}
	cover := list.Data[0].Cover
	for _, u := range []string{cover.URL, list.Data[0].Seo.Image.URL} {
		st, b := httpGet(t, u)
		switch {
		case bucket.SignedURLs && (st != 200 || !bytes.Equal(b, photo)):
			t.Errorf("GET the signed url %s: %d, %d bytes", u, st, len(b))
		case !bucket.SignedURLs && st != http.StatusForbidden:
			t.Errorf("unsigned GET %s: %d, want 403 from the private bucket", u, st)
		}
	}
	if bucket.SignedURLs {
		var th struct {
			URL   string `json:"url"`
			Width int    `json:"width"`
		}
		_ = json.Unmarshal(cover.Formats["thumbnail"], &th)
		st, b := httpGet(t, th.URL)
		if st != 200 {
			t.Fatalf("GET the signed thumbnail %s: %d", th.URL, st)
		}
		if cfg, err := jpegConfig(b); err != nil || cfg.Width != th.Width {
			t.Errorf("the thumbnail is %+v (%v), want %d wide", cfg, err, th.Width)
		}
		var raw struct {
			Data []struct {
				Cover struct {
					Formats json.RawMessage `json:"formats"`
				} `json:"cover"`
			} `json:"data"`
		}
		_ = json.Unmarshal(r.Body, &raw)
		if !keysInOrder(raw.Data[0].Cover.Formats, "large", "medium", "small", "thumbnail") {
			t.Errorf("signed formats lost their order: %s", raw.Data[0].Cover.Formats)
		}
	}

	// GraphQL answers the same urls, signed as REST's are.
	g := h.Do("POST", "/graphql", map[string]any{"query": "{ albums { cover { url } seo { image { url } } } }"})
	var gq struct {
		Data struct {
			Albums []struct {
				Cover struct{ URL string } `json:"cover"`
				Seo   struct {
					Image struct{ URL string } `json:"image"`
				} `json:"seo"`
			} `json:"albums"`
		} `json:"data"`
	}
	if err := json.Unmarshal(g.Body, &gq); err != nil || len(gq.Data.Albums) != 1 {
		t.Fatalf("GraphQL albums: %v %s", err, g.Body)
	}
	for _, u := range []string{gq.Data.Albums[0].Cover.URL, gq.Data.Albums[0].Seo.Image.URL} {
		if st, _ := httpGet(t, u); (st == 200) != bucket.SignedURLs {
			t.Errorf("GraphQL's url %s: GET %d, signed bucket %v", u, st, bucket.SignedURLs)
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

// TestS3SignedAnswersAgreeAcrossInstances: two apps over one database and
// one private bucket, at two moments of one window, answer the same
// request with the same body and ETag (each signs the file's urls at the
// window's start), so a revalidation with the tag one gave gets 304 from
// the other; in the next window both answer new urls, which the old tag
// no longer matches.
func TestS3SignedAnswersAgreeAcrossInstances(t *testing.T) {
	t.Parallel()
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			t.Parallel()
			bucket := s3test.Start(t)
			bucket.SignedURLs = true
			// A's clock, held still at the wall clock's time for each
			// path (the server checks the urls by its own); B's at the
			// last instant of A's window (a 15m TTL's is 7m30s).
			const window = 7*time.Minute + 30*time.Second
			var now atomic.Int64
			now.Store(time.Now().UnixNano())
			cfg := apptest.ProjectConfig(t, d, "media", "content-types")
			s3Upload(&cfg, bucket)
			cfg.Clock = func() time.Time { return time.Unix(0, now.Load()) }
			cfg.Database.URL = apptest.DatabaseURL(t, cfg) // both apps on it
			a := apptest.NewWith(t, cfg)
			cfgB := cfg
			cfgB.Clock = func() time.Time { return time.Unix(0, now.Load()).Truncate(window).Add(window - time.Nanosecond) }
			other, err := app.New(context.Background(), cfgB, slog.New(slog.NewTextHandler(io.Discard, nil)))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { other.Close() })
			apptest.WaitIdentity(t, other)
			b := &apptest.Harness{T: t, App: other, AdminToken: a.AdminToken}

			photo := fixture(t, "photo.jpg")
			f := one(t, a.Upload("/api/upload", []apptest.File{{Name: "photo.jpg", Data: photo}}, nil))
			id, _ := f["id"].(json.Number).Int64()
			if r := a.Do("POST", "/api/albums", map[string]any{"data": map[string]any{"title": "S3", "cover": id}}); r.Status != 201 {
				t.Fatalf("album: %d %s", r.Status, r.Body)
			}

			for _, path := range []string{"/api/albums?populate=cover", fmt.Sprintf("/api/upload/files/%d", id)} {
				now.Store(time.Now().UnixNano())
				ra, rb := a.Do("GET", path, nil), b.Do("GET", path, nil)
				tag := ra.Header.Get("ETag")
				if ra.Status != 200 || rb.Status != 200 || tag == "" || rb.Header.Get("ETag") != tag || !bytes.Equal(ra.Body, rb.Body) {
					t.Fatalf("GET %s: %d %q and %d %q\n%s\n%s", path, ra.Status, tag, rb.Status, rb.Header.Get("ETag"), ra.Body, rb.Body)
				}
				// The urls are signed at the window's start, for 15m + 7m30s,
				// and open the object.
				u := signedURLIn(t, ra.Body, bucket)
				start := time.Unix(0, now.Load()).Truncate(window).UTC().Format("20060102T150405Z")
				if !strings.Contains(u, "&X-Amz-Date="+start+"&X-Amz-Expires=1350&") {
					t.Fatalf("url %s is not signed at %s for 1350 s", u, start)
				}
				if st, got := httpGet(t, u); st != 200 || !bytes.Equal(got, photo) {
					t.Fatalf("GET %s's url %s: %d, %d bytes", path, u, st, len(got))
				}
				for _, h := range []*apptest.Harness{b, a} {
					if r := h.Do("GET", path, nil, "If-None-Match", tag); r.Status != 304 || r.Header.Get("ETag") != tag || len(r.Body) != 0 {
						t.Fatalf("GET %s If-None-Match %s: %d %q %s, want 304", path, tag, r.Status, r.Header.Get("ETag"), r.Body)
					}
				}

				// The next window signs anew on both.
				now.Add(int64(window))
				na, nb := a.Do("GET", path, nil, "If-None-Match", tag), b.Do("GET", path, nil, "If-None-Match", tag)
				if na.Status != 200 || nb.Status != 200 || na.Header.Get("ETag") == tag || nb.Header.Get("ETag") != na.Header.Get("ETag") {
					t.Fatalf("GET %s If-None-Match %s in the next window: %d %q and %d %q, want 200 with a new, common tag",
						path, tag, na.Status, na.Header.Get("ETag"), nb.Status, nb.Header.Get("ETag"))
				}
				if nu := signedURLIn(t, na.Body, bucket); nu == u {
					t.Fatalf("the next window's url is the last one's: %s", nu)
				}
			}
		})
	}
}

// signedURLIn is the file's url in a file's answer, or the first album's
// cover's in a list of albums; it fails the test unless it is signed.
func signedURLIn(t *testing.T, body []byte, bucket storage.S3Config) string {
	t.Helper()
	var ans struct {
		URL  string `json:"url"`
		Data []struct {
			Cover struct {
				URL string `json:"url"`
			} `json:"cover"`
		} `json:"data"`
	}
	if err := json.Unmarshal(body, &ans); err != nil {
		t.Fatalf("%v: %s", err, body)
	}
	u := ans.URL
	if len(ans.Data) > 0 {
		u = ans.Data[0].Cover.URL
	}
	if !strings.HasPrefix(u, bucket.Endpoint+"/"+bucket.Bucket+"/") || !strings.Contains(u, "X-Amz-Signature=") {
		t.Fatalf("url %q is not a signed url of the bucket in %s", u, body)
	}
	return u
}
