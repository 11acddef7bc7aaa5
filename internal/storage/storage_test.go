package storage_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"

	"github.com/kiln-cms/kiln/internal/storage"
	"github.com/kiln-cms/kiln/internal/storage/s3test"
)

func TestMain(m *testing.M) { os.Exit(s3test.Main(m)) }

// provider is one Storage under test with the means to look behind it.
type provider struct {
	st storage.Storage
	// read answers key's bytes and stored Content-Type ("" where the
	// provider keeps none), or fs.ErrNotExist.
	read func(t *testing.T, key string) (io.ReadCloser, string, error)
	// leftovers lists the traces of unfinished uploads: temp files, or
	// multipart uploads not aborted.
	leftovers func(t *testing.T) []string
}

// providers makes each provider inside its own subtest, so a missing weed
// skips only the S3 half.
func providers(t *testing.T) []struct {
	name string
	make func(t *testing.T) provider
} {
	return []struct {
		name string
		make func(t *testing.T) provider
	}{
		{"local", newLocal},
		{"s3", func(t *testing.T) provider { return newS3(t, s3test.Start(t)) }},
	}
}

func newLocal(t *testing.T) provider { return newLocalIn(t, filepath.Join(t.TempDir(), "uploads")) }

func newLocalIn(t *testing.T, dir string) provider {
	l, err := storage.NewLocal(dir)
	if err != nil {
		t.Fatal(err)
	}
	return provider{
		st: l,
		read: func(t *testing.T, key string) (io.ReadCloser, string, error) {
			f, err := l.Open(key)
			return f, "", err
		},
		leftovers: func(t *testing.T) []string {
			entries, err := os.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, e := range entries {
				if strings.HasPrefix(e.Name(), ".") { // in-flight uploads
					names = append(names, e.Name())
				}
			}
			return names
		},
	}
}

func newS3(t *testing.T, cfg storage.S3Config) provider {
	s, err := storage.NewS3(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	c := s3test.Client(t, cfg)
	return provider{
		st: s,
		read: func(t *testing.T, key string) (io.ReadCloser, string, error) {
			ctx := context.Background()
			info, err := c.StatObject(ctx, cfg.Bucket, cfg.Prefix+key, minio.StatObjectOptions{})
			if err != nil {
				if minio.ToErrorResponse(err).StatusCode == http.StatusNotFound {
					return nil, "", fs.ErrNotExist
				}
				return nil, "", err
			}
			obj, err := c.GetObject(ctx, cfg.Bucket, cfg.Prefix+key, minio.GetObjectOptions{})
			return obj, info.ContentType, err
		},
		leftovers: func(t *testing.T) []string {
			var names []string
			for u := range c.ListIncompleteUploads(context.Background(), cfg.Bucket, "", true) {
				if u.Err != nil {
					t.Fatal(u.Err)
				}
				names = append(names, "incomplete upload of "+u.Key)
			}
			return names
		},
	}
}

func readAll(t *testing.T, p provider, key string) ([]byte, string) {
	t.Helper()
	r, mime, err := p.read(t, key)
	if err != nil {
		t.Fatalf("read %s: %v", key, err)
	}
	defer r.Close()
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("read %s: %v", key, err)
	}
	return b, mime
}

func assertGone(t *testing.T, p provider, key string) {
	t.Helper()
	if r, _, err := p.read(t, key); !errors.Is(err, fs.ErrNotExist) {
		if r != nil {
			r.Close()
		}
		t.Fatalf("%s: want it absent, got err %v", key, err)
	}
	if left := p.leftovers(t); len(left) > 0 {
		t.Fatalf("left behind: %q", left)
	}
}

func keys(t *testing.T, st storage.Storage) []string {
	t.Helper()
	var ks []string
	if err := st.Keys(context.Background(), func(k string) error { ks = append(ks, k); return nil }); err != nil {
		t.Fatal(err)
	}
	slices.Sort(ks)
	return ks
}

func TestPutReadBack(t *testing.T) {
	for _, pp := range providers(t) {
		t.Run(pp.name, func(t *testing.T) {
			p := pp.make(t)
			ctx := context.Background()
			body := bytes.Repeat([]byte("\x00\xffkiln\n"), 10_000)
			if err := p.st.Put(ctx, "photo_a1b2c3.jpg", bytes.NewReader(body), int64(len(body)), "image/jpeg"); err != nil {
				t.Fatal(err)
			}
			got, mime := readAll(t, p, "photo_a1b2c3.jpg")
			if !bytes.Equal(got, body) {
				t.Fatalf("read back %d bytes, differing from the %d put", len(got), len(body))
			}
			if p.st.Provider() == "aws-s3" && mime != "image/jpeg" {
				t.Fatalf("Content-Type %q, want image/jpeg", mime)
			}
			// Put over an existing key replaces it whole.
			if err := p.st.Put(ctx, "photo_a1b2c3.jpg", bytes.NewReader([]byte("short")), -1, "image/jpeg"); err != nil {
				t.Fatal(err)
			}
			if got, _ := readAll(t, p, "photo_a1b2c3.jpg"); string(got) != "short" {
				t.Fatalf("after replacing: %q", got)
			}
			if left := p.leftovers(t); len(left) > 1 {
				t.Fatalf("left behind: %q", left)
			}
		})
	}
}

// TestGet: Get answers a stored key's bytes and size as Put stored them,
// a missing key an error matching fs.ErrNotExist (not ErrUnavailable: the
// storage answered), and a bad key ErrBadKey, on both providers.
func TestGet(t *testing.T) {
	for _, pp := range providers(t) {
		t.Run(pp.name, func(t *testing.T) {
			p := pp.make(t)
			ctx := context.Background()
			body := bytes.Repeat([]byte("get me\x00"), 1000)
			if err := p.st.Put(ctx, "doc_0123456789.bin", bytes.NewReader(body), int64(len(body)), "application/octet-stream"); err != nil {
				t.Fatal(err)
			}
			r, size, err := p.st.Get(ctx, "doc_0123456789.bin")
			if err != nil {
				t.Fatal(err)
			}
			got, err := io.ReadAll(r)
			r.Close()
			if err != nil || size != int64(len(body)) || !bytes.Equal(got, body) {
				t.Fatalf("Get: size %d, %d bytes read (%v), want %d and the bytes put", size, len(got), err, len(body))
			}
			_, _, err = p.st.Get(ctx, "missing_0123456789.bin")
			if !errors.Is(err, fs.ErrNotExist) || errors.Is(err, storage.ErrUnavailable) {
				t.Fatalf("Get of a missing key: %v, want fs.ErrNotExist", err)
			}
			if _, _, err := p.st.Get(ctx, "../etc/passwd"); !errors.Is(err, storage.ErrBadKey) {
				t.Fatalf("Get of a bad key: %v, want ErrBadKey", err)
			}
		})
	}
}

// genReader yields n pseudo-random bytes without holding them, hashing
// what it gave and sampling the heap as it goes.
type genReader struct {
	n, off   int64
	state    uint64
	sum      io.Writer
	peakHeap uint64
	nextMB   int64
}

func (g *genReader) Read(p []byte) (int, error) {
	if g.off >= g.n {
		return 0, io.EOF
	}
	p = p[:min(int64(len(p)), g.n-g.off)]
	for i := range p {
		g.state = g.state*6364136223846793005 + 1442695040888963407
		p[i] = byte(g.state >> 56)
	}
	g.sum.Write(p)
	g.off += int64(len(p))
	if g.off >= g.nextMB {
		g.nextMB += 1 << 20
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		g.peakHeap = max(g.peakHeap, ms.HeapInuse)
	}
	return len(p), nil
}

func TestPutUnknownSizeStreams(t *testing.T) {
	const size = 20 << 20
	// One S3 part (5 MiB) plus the HTTP client's buffers; holding the body
	// whole would take 20 MiB more.
	const maxGrowth = 12 << 20
	for _, pp := range providers(t) {
		t.Run(pp.name, func(t *testing.T) {
			p := pp.make(t)
			put := sha256.New()
			g := &genReader{n: size, state: 42, sum: put}
			// the heap's growth is measured at the default GC pace, whatever
			// GOGC the run was started with (.ci/run raises it)
			defer debug.SetGCPercent(debug.SetGCPercent(100))
			runtime.GC()
			var before runtime.MemStats
			runtime.ReadMemStats(&before)
			if err := p.st.Put(context.Background(), "big.bin", g, -1, "application/octet-stream"); err != nil {
				t.Fatal(err)
			}
			growth := int64(g.peakHeap) - int64(before.HeapInuse)
			t.Logf("heap in use grew by at most %.1f MiB while putting %d MiB", float64(growth)/(1<<20), size>>20)
			if growth > maxGrowth {
				t.Fatalf("heap grew by %d bytes putting a %d-byte stream: not streaming", growth, size)
			}
			r, _, err := p.read(t, "big.bin")
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			got := sha256.New()
			n, err := io.Copy(got, r)
			if err != nil {
				t.Fatal(err)
			}
			if n != size || !bytes.Equal(got.Sum(nil), put.Sum(nil)) {
				t.Fatalf("read back %d bytes, sha256 equal %v", n, bytes.Equal(got.Sum(nil), put.Sum(nil)))
			}
		})
	}
}

// failingReader gives n bytes then fails, as a client that hangs up.
type failingReader struct{ n int }

var errClientGone = errors.New("client went away")

func (f *failingReader) Read(p []byte) (int, error) {
	if f.n <= 0 {
		return 0, errClientGone
	}
	p = p[:min(len(p), f.n)]
	for i := range p {
		p[i] = 'x'
	}
	f.n -= len(p)
	return len(p), nil
}

func TestPutFailingBodyLeavesNothing(t *testing.T) {
	cases := []struct {
		name     string
		give     int
		declared int64
	}{
		{"known size, one request", 256 << 10, 1 << 20},
		{"unknown size, multipart", 7 << 20, -1}, // fails in the second part
		{"body shorter than declared", 100, 200},
	}
	for _, pp := range providers(t) {
		t.Run(pp.name, func(t *testing.T) {
			p := pp.make(t)
			for _, c := range cases {
				var body io.Reader = &failingReader{n: c.give}
				if c.name == "body shorter than declared" {
					body = bytes.NewReader(make([]byte, c.give))
				}
				err := p.st.Put(context.Background(), "doomed.png", body, c.declared, "image/png")
				if err == nil {
					t.Fatalf("%s: Put succeeded", c.name)
				}
				if errors.Is(err, storage.ErrUnavailable) {
					t.Fatalf("%s: a client's failure reported as the storage's: %v", c.name, err)
				}
				if c.name != "body shorter than declared" && !errors.Is(err, errClientGone) {
					t.Fatalf("%s: error %v does not wrap the body's", c.name, err)
				}
				assertGone(t, p, "doomed.png")
				if ks := keys(t, p.st); len(ks) != 0 {
					t.Fatalf("%s: keys after the failure: %q", c.name, ks)
				}
			}
		})
	}
}

func TestBadKeys(t *testing.T) {
	bad := []string{"../x", "a/b", "", ".hidden", "a\x00b", "..", "a\\b", "x/../../etc/passwd", string(make([]byte, 256))}
	for _, pp := range providers(t) {
		t.Run(pp.name, func(t *testing.T) {
			p := pp.make(t)
			ctx := context.Background()
			for _, k := range bad {
				if err := p.st.Put(ctx, k, bytes.NewReader([]byte("x")), 1, "text/plain"); !errors.Is(err, storage.ErrBadKey) {
					t.Errorf("Put(%q): %v, want ErrBadKey", k, err)
				}
				if err := p.st.Delete(ctx, k); !errors.Is(err, storage.ErrBadKey) {
					t.Errorf("Delete(%q): %v, want ErrBadKey", k, err)
				}
				if o, ok := p.st.(storage.Opener); ok {
					if _, err := o.Open(k); !errors.Is(err, storage.ErrBadKey) {
						t.Errorf("Open(%q): %v, want ErrBadKey", k, err)
					}
				}
				if s, ok := p.st.(storage.Signer); ok {
					if _, err := s.SignedURL(ctx, k, time.Minute); !errors.Is(err, storage.ErrBadKey) {
						t.Errorf("SignedURL(%q): %v, want ErrBadKey", k, err)
					}
				}
			}
			if ks := keys(t, p.st); len(ks) != 0 {
				t.Fatalf("keys after refused puts: %q", ks)
			}
		})
	}
}

func TestDeleteAndKeys(t *testing.T) {
	for _, pp := range providers(t) {
		t.Run(pp.name, func(t *testing.T) {
			p := pp.make(t)
			ctx := context.Background()
			if err := p.st.Delete(ctx, "never_put.jpg"); err != nil {
				t.Fatalf("Delete of a missing key: %v", err)
			}
			put := []string{"a_1.jpg", "thumbnail_a_1.jpg", "b 2.pdf", "c_3"}
			for _, k := range put {
				if err := p.st.Put(ctx, k, bytes.NewReader([]byte(k)), int64(len(k)), "text/plain"); err != nil {
					t.Fatal(err)
				}
			}
			want := slices.Sorted(slices.Values(put))
			if got := keys(t, p.st); !slices.Equal(got, want) {
				t.Fatalf("Keys = %q, want %q", got, want)
			}
			if err := p.st.Delete(ctx, "thumbnail_a_1.jpg"); err != nil {
				t.Fatal(err)
			}
			if err := p.st.Delete(ctx, "thumbnail_a_1.jpg"); err != nil {
				t.Fatalf("second Delete: %v", err)
			}
			want = slices.DeleteFunc(want, func(k string) bool { return k == "thumbnail_a_1.jpg" })
			if got := keys(t, p.st); !slices.Equal(got, want) {
				t.Fatalf("after Delete, Keys = %q, want %q", got, want)
			}
			assertGone(t, p, "thumbnail_a_1.jpg")

			stop := errors.New("enough")
			n := 0
			err := p.st.Keys(ctx, func(string) error { n++; return stop })
			if !errors.Is(err, stop) || n != 1 {
				t.Fatalf("Keys with fn failing: err %v after %d calls", err, n)
			}
		})
	}
}

func TestLocalURLAndOpen(t *testing.T) {
	l, err := storage.NewLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if got := l.URL("photo_a1b2c3.jpg"); got != "/uploads/photo_a1b2c3.jpg" {
		t.Fatalf("URL = %q", got)
	}
	if got := l.URL("a b.jpg"); got != "/uploads/a%20b.jpg" {
		t.Fatalf("URL = %q", got)
	}
	if _, err := l.Open("missing.jpg"); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("Open missing: %v", err)
	}
	if _, ok := storage.SignerFor(l); ok {
		t.Fatal("local claims to sign URLs")
	}
	if l.Provider() != "local" {
		t.Fatal(l.Provider())
	}
}

func TestS3URL(t *testing.T) {
	cases := []struct {
		cfg  storage.S3Config
		want string
	}{
		{storage.S3Config{Bucket: "media", Endpoint: "http://127.0.0.1:9000", ForcePathStyle: true},
			"http://127.0.0.1:9000/media/photo_a1.jpg"},
		{storage.S3Config{Bucket: "media", Region: "eu-west-1"},
			"https://media.s3.eu-west-1.amazonaws.com/photo_a1.jpg"},
		{storage.S3Config{Bucket: "media", Endpoint: "https://s3.example.net/", Prefix: "/site/"},
			"https://media.s3.example.net/site/photo_a1.jpg"},
		{storage.S3Config{Bucket: "media", BaseURL: "https://cdn.example.net/", Prefix: "site"},
			"https://cdn.example.net/site/photo_a1.jpg"},
	}
	for _, c := range cases {
		s, err := storage.NewS3(context.Background(), c.cfg)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.URL("photo_a1.jpg"); got != c.want {
			t.Errorf("%+v: URL = %q, want %q", c.cfg, got, c.want)
		}
		if s.Provider() != "aws-s3" {
			t.Fatal(s.Provider())
		}
	}
	for _, bad := range []storage.S3Config{{}, {Bucket: "b", Endpoint: "ftp://x"}, {Bucket: "b", Endpoint: "http://x/path"}} {
		if _, err := storage.NewS3(context.Background(), bad); err == nil {
			t.Errorf("NewS3(%+v) accepted", bad)
		}
	}
}

func TestS3SignedURL(t *testing.T) {
	cfg := s3test.Start(t)
	plain, err := storage.NewS3(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := storage.SignerFor(plain); ok {
		t.Fatal("a bucket without signedUrls asks for signing")
	}
	s, signer := signingS3(t, cfg)
	ctx := context.Background()
	body := []byte("private bytes")
	if err := s.Put(ctx, "secret_x1.txt", bytes.NewReader(body), int64(len(body)), "text/plain"); err != nil {
		t.Fatal(err)
	}
	signed, err := signer.SignedURL(ctx, "secret_x1.txt", time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	status, got := get(t, signed)
	if status != http.StatusOK || !bytes.Equal(got, body) {
		t.Fatalf("GET signed URL: %d %q", status, got)
	}
	if status, got := get(t, s.URL("secret_x1.txt")); status != http.StatusForbidden {
		t.Fatalf("unsigned GET of a private object: %d %q, want 403", status, got)
	}
	// A URL signed for one key does not open another.
	if err := s.Put(ctx, "other_x2.txt", bytes.NewReader(body), int64(len(body)), "text/plain"); err != nil {
		t.Fatal(err)
	}
	forged := strings.Replace(signed, "secret_x1.txt", "other_x2.txt", 1)
	if status, got := get(t, forged); status != http.StatusForbidden {
		t.Fatalf("GET of another key with this key's signature: %d %q, want 403", status, got)
	}
}

func get(t *testing.T, u string) (int, []byte) {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, b
}

func TestS3Prefix(t *testing.T) {
	cfg := s3test.Start(t)
	cfg.Prefix = "site/uploads"
	s, err := storage.NewS3(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := s.Put(ctx, "in_prefix.txt", bytes.NewReader([]byte("x")), 1, "text/plain"); err != nil {
		t.Fatal(err)
	}
	c := s3test.Client(t, cfg)
	// A foreign object beside the prefix and one in a deeper folder.
	for _, k := range []string{"elsewhere.txt", "site/uploads/deeper/x.txt"} {
		if _, err := c.PutObject(ctx, cfg.Bucket, k, bytes.NewReader([]byte("y")), 1, minio.PutObjectOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := c.StatObject(ctx, cfg.Bucket, "site/uploads/in_prefix.txt", minio.StatObjectOptions{}); err != nil {
		t.Fatalf("object not under the prefix: %v", err)
	}
	if got := keys(t, s); !slices.Equal(got, []string{"in_prefix.txt"}) {
		t.Fatalf("Keys = %q", got)
	}
}

func TestS3Unavailable(t *testing.T) {
	ctx := context.Background()
	check := func(t *testing.T, s *storage.S3) {
		t.Helper()
		start := time.Now()
		err := s.Put(ctx, "k_1.jpg", bytes.NewReader([]byte("abc")), 3, "image/jpeg")
		if !errors.Is(err, storage.ErrUnavailable) {
			t.Fatalf("Put with the server down: %v, want ErrUnavailable", err)
		}
		err = s.Put(ctx, "k_2.jpg", &failingReader{n: 1 << 20}, -1, "image/jpeg")
		if !errors.Is(err, storage.ErrUnavailable) {
			t.Fatalf("Put of unknown size with the server down: %v, want ErrUnavailable", err)
		}
		if err := s.Delete(ctx, "k_1.jpg"); !errors.Is(err, storage.ErrUnavailable) {
			t.Fatalf("Delete with the server down: %v", err)
		}
		if err := s.Keys(ctx, func(string) error { return nil }); !errors.Is(err, storage.ErrUnavailable) {
			t.Fatalf("Keys with the server down: %v", err)
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Fatalf("took %s to report the server down", d)
		}
		t.Logf("down reported in %s: %v", time.Since(start).Round(time.Millisecond), err)
	}
	t.Run("closed port", func(t *testing.T) {
		port := closedPort(t)
		s, err := storage.NewS3(ctx, storage.S3Config{
			Bucket: "media", Endpoint: "http://127.0.0.1:" + port, ForcePathStyle: true,
			AccessKeyID: "a", SecretAccessKey: "b",
		})
		if err != nil {
			t.Fatal(err)
		}
		check(t, s)
	})
	// The real server behind a TCP proxy that then goes away with its
	// connections, as a partition would: cheaper than a second weed,
	// which takes ~10 s to accept writes.
	t.Run("server cut off", func(t *testing.T) {
		cfg := s3test.Start(t)
		px := newProxy(t, strings.TrimPrefix(cfg.Endpoint, "http://"))
		cfg.Endpoint = "http://" + px.addr()
		s, err := storage.NewS3(ctx, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Put(ctx, "k_0.jpg", bytes.NewReader([]byte("abc")), 3, "image/jpeg"); err != nil {
			t.Fatal(err)
		}
		px.close()
		check(t, s)
	})
}

// proxy forwards TCP connections to a server until closed.
type proxy struct {
	l     net.Listener
	mu    sync.Mutex
	conns []net.Conn
}

func newProxy(t *testing.T, upstream string) *proxy {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &proxy{l: l}
	t.Cleanup(p.close)
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			u, err := net.Dial("tcp", upstream)
			if err != nil {
				c.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, c, u)
			p.mu.Unlock()
			go func() { io.Copy(u, c); u.Close() }()
			go func() { io.Copy(c, u); c.Close() }()
		}
	}()
	return p
}

func (p *proxy) addr() string { return p.l.Addr().String() }

func (p *proxy) close() {
	p.l.Close()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

func closedPort(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	_, port, _ := net.SplitHostPort(l.Addr().String())
	l.Close()
	return port
}

// TestLocalDiskFull fills a 64 KiB tmpfs: the Put answers ErrUnavailable
// and leaves neither the key nor its temp file. It needs mount(2), so it
// skips where that is not permitted.
func TestLocalDiskFull(t *testing.T) {
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs here: %v %s", err, out)
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", dir).CombinedOutput(); err != nil {
			t.Errorf("umount %s: %v %s", dir, err, out)
		}
	})
	p := newLocalIn(t, dir)
	err := p.st.Put(context.Background(), "too_big.bin", &genReader{n: 1 << 20, sum: io.Discard}, -1, "application/octet-stream")
	if !errors.Is(err, storage.ErrUnavailable) || !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("Put on a full disk: %v, want ErrUnavailable wrapping ENOSPC", err)
	}
	assertGone(t, p, "too_big.bin")
	// Space is back once the failed upload is gone: a small file fits.
	if err := p.st.Put(context.Background(), "small.txt", bytes.NewReader([]byte("ok")), 2, "text/plain"); err != nil {
		t.Fatalf("Put after the failure: %v", err)
	}
}
