// Package s3test starts a real S3-compatible server (SeaweedFS's weed) for
// tests, so the S3 provider is tested against real signatures, multipart
// uploads and errors rather than a mock.
//
// A package whose TestMain calls Main shares one server across its tests
// (weed mini takes about 5 s to accept writes), each Start getting a
// bucket of its own.
package s3test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"github.com/kiln-cms/kiln/internal/storage"
	"github.com/kiln-cms/kiln/internal/testmain"
)

// WeedVersion is the SeaweedFS build the tests expect in the user cache
// folder as kiln/weed-<WeedVersion>.
const WeedVersion = "v0.0.0-20261109003541-7506e5f91cd6"

// EnvWeed names the environment variable that points at a weed binary,
// overriding the cached one.
const EnvWeed = "KILN_TEST_WEED"

// The identity the server checks every signature against.
const (
	AccessKey = "kiln-test-access"
	SecretKey = "kiln-test-secret"
	Region    = "us-east-1"
)

// startTimeout bounds the wait for the server's S3 port to answer and for
// the first bucket to be made.
const startTimeout = 60 * time.Second

// Binary finds the weed binary: $KILN_TEST_WEED, else
// <user cache>/kiln/weed-<WeedVersion>.
func Binary() (string, error) {
	if p := os.Getenv(EnvWeed); p != "" {
		if _, err := os.Stat(p); err != nil {
			return "", fmt.Errorf("%s=%s: %w", EnvWeed, p, err)
		}
		return p, nil
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	p := filepath.Join(cache, "kiln", "weed-"+WeedVersion)
	if _, err := os.Stat(p); err != nil {
		return "", fmt.Errorf("no weed binary at %s (set %s to one): %w", p, EnvWeed, err)
	}
	return p, nil
}

// Server is one running weed (weed mini: master, volume, filer and S3).
type Server struct {
	// Endpoint is the S3 API's URL, http://127.0.0.1:<port>.
	Endpoint string
	// StartTime is how long the server took to answer S3 requests.
	StartTime time.Duration

	cmd     *exec.Cmd
	dir     string
	log     string
	sockets []string
	done    chan struct{}
	stopped atomic.Bool
}

var shared struct {
	mu   sync.Mutex
	main bool // Main is running the tests
	srv  *Server
	err  error
}

// Main runs m's tests and then stops the shared server, if one was
// started, as testmain.Run (the databases dropped, the skipped tests
// named):
//
//	func TestMain(m *testing.M) { os.Exit(s3test.Main(m)) }
func Main(m *testing.M) int {
	shared.mu.Lock()
	shared.main = true
	shared.mu.Unlock()
	testmain.AtEnd(func() {
		shared.mu.Lock()
		defer shared.mu.Unlock()
		if shared.srv != nil {
			shared.srv.Stop()
			_ = os.RemoveAll(shared.srv.dir)
		}
	})
	return testmain.Run(m)
}

// Start answers the settings of a new private bucket on a weed server: the
// binary's shared one under Main, else one started for t alone. Without a
// weed binary it skips t, or fails it when CI=true.
func Start(t testing.TB) storage.S3Config {
	t.Helper()
	shared.mu.Lock()
	if !shared.main {
		shared.mu.Unlock()
		return StartServer(t).Bucket(t)
	}
	if shared.srv == nil && shared.err == nil {
		bin, err := Binary()
		if err != nil {
			shared.err = err
		} else {
			dir, err := os.MkdirTemp("", "kiln-weed-")
			if err != nil {
				shared.err = err
			} else {
				shared.srv, shared.err = start(bin, dir)
				if shared.err != nil {
					_ = os.RemoveAll(dir)
				}
				if shared.srv != nil {
					t.Logf("s3test: weed took %s to accept writes", shared.srv.StartTime.Round(time.Millisecond))
				}
			}
		}
	}
	srv, err := shared.srv, shared.err
	shared.mu.Unlock()
	if srv == nil {
		unavailable(t, err)
	}
	return srv.Bucket(t)
}

// StartServer starts a server for t alone, stopped at t's end; a test may
// Stop it sooner to see the provider fail.
func StartServer(t testing.TB) *Server {
	t.Helper()
	bin, err := Binary()
	if err != nil {
		unavailable(t, err)
	}
	srv, err := start(bin, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Stop)
	return srv
}

// unavailable skips t for want of weed, except on CI where a skipped S3
// suite would pass unnoticed.
func unavailable(t testing.TB, err error) {
	t.Helper()
	if _, ok := err.(*startError); ok || os.Getenv("CI") == "true" {
		t.Fatalf("s3test: no S3 server: %v", err)
	}
	testmain.Skipf(t, testmain.S3, "s3test: no S3 server, skipping (set %s or build %s; CI=true fails instead): %v", EnvWeed, WeedVersion, err)
}

type startError struct{ msg string }

func (e *startError) Error() string { return e.msg }

func start(bin, dir string) (*Server, error) {
	begin := time.Now()
	ports, err := freePorts(10)
	if err != nil {
		return nil, err
	}
	conf := map[string]any{"identities": []map[string]any{{
		"name":        "kiln",
		"credentials": []map[string]string{{"accessKey": AccessKey, "secretKey": SecretKey}},
		"actions":     []string{"Admin", "Read", "Write", "List"},
	}}}
	confPath := filepath.Join(dir, "s3.json")
	b, _ := json.Marshal(conf)
	if err := os.WriteFile(confPath, b, 0o600); err != nil {
		return nil, err
	}
	data := filepath.Join(dir, "data")
	if err := os.MkdirAll(data, 0o750); err != nil {
		return nil, err
	}
	logPath := filepath.Join(dir, "weed.log")
	logf, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	defer logf.Close()
	p := func(i int) string { return strconv.Itoa(ports[i]) }
	// weed mini, not weed server: the same master, volume, filer and S3
	// in one process, but its filer joins at once where weed server's
	// waits out a ten-second check for peers a one-node cluster cannot
	// have (about 4 s to the first write instead of 10). Its admin
	// server cannot be left out: it gets ports of its own, without its
	// UI and its fixed legacy port, so that two packages' servers can
	// run at once.
	cmd := exec.Command(bin, "mini",
		"-dir="+data, "-ip=127.0.0.1", "-ip.bind=127.0.0.1",
		"-master.port="+p(0), "-master.port.grpc="+p(1),
		"-volume.port="+p(2), "-volume.port.grpc="+p(3),
		"-filer.port="+p(4), "-filer.port.grpc="+p(5),
		"-s3", "-s3.port="+p(6), "-s3.port.grpc="+p(7),
		"-s3.port.iceberg=0", "-s3.port.lance=0",
		"-s3.config="+confPath,
		"-master.telemetry=false", "-master.volumeSizeLimitMB=64", "-volume.max=0",
		"-admin.port="+p(8), "-admin.port.grpc="+p(9), "-admin.port.legacy=0", "-admin.ui=false",
		"-webdav=false",
	)
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		return nil, &startError{fmt.Sprintf("s3test: starting %s: %v", bin, err)}
	}
	s := &Server{
		Endpoint: "http://127.0.0.1:" + p(6),
		cmd:      cmd, dir: dir, log: logPath, done: make(chan struct{}),
	}
	// weed also listens on unix sockets in /tmp named by its ports; a
	// killed server leaves them behind.
	for name, i := range map[string]int{
		"master-grpc": 1, "volume-grpc": 3, "filer-grpc": 5, "s3-grpc": 7, "filer": 4, "s3": 6, "admin-grpc": 9,
	} {
		s.sockets = append(s.sockets, filepath.Join(os.TempDir(), "seaweedfs-"+name+"-"+p(i)+".sock"))
	}
	go func() { _ = cmd.Wait(); close(s.done) }()
	if err := s.waitReady(begin); err != nil {
		s.Stop()
		return nil, &startError{fmt.Sprintf("s3test: weed did not start: %v\n%s", err, s.LogTail(40))}
	}
	s.StartTime = time.Since(begin)
	return s, nil
}

// waitReady waits until S3 answers a signed request and a bucket can be
// made (the volume server has registered).
func (s *Server) waitReady(begin time.Time) error {
	c, err := s.client()
	if err != nil {
		return err
	}
	deadline := begin.Add(startTimeout)
	probe := "kiln-probe"
	var last error
	made := false
	for time.Now().Before(deadline) {
		select {
		case <-s.done:
			return fmt.Errorf("weed exited: %v", s.cmd.ProcessState)
		case <-time.After(100 * time.Millisecond):
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		if !made {
			last = c.MakeBucket(ctx, probe, minio.MakeBucketOptions{Region: Region})
			made = last == nil || minio.ToErrorResponse(last).Code == "BucketAlreadyOwnedByYou"
		}
		if made {
			// Writes wait for the filer's lock ring, a second or two
			// after buckets can be made.
			_, last = c.PutObject(ctx, probe, "probe", strings.NewReader("ok"), 2, minio.PutObjectOptions{})
		}
		cancel()
		if last == nil {
			return nil
		}
	}
	return fmt.Errorf("S3 not ready after %s: %v", startTimeout, last)
}

func (s *Server) client() (*minio.Client, error) {
	return minio.New(strings.TrimPrefix(s.Endpoint, "http://"), &minio.Options{
		Creds:        credentials.NewStaticV4(AccessKey, SecretKey, ""),
		Region:       Region,
		BucketLookup: minio.BucketLookupPath,
	})
}

var bucketSeq atomic.Int64

// Bucket makes a new private bucket and answers the provider settings for
// it (path-style, as self-hosted servers need).
func (s *Server) Bucket(t testing.TB) storage.S3Config {
	t.Helper()
	name := fmt.Sprintf("kiln-%d-%d", os.Getpid(), bucketSeq.Add(1))
	c, err := s.client()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := c.MakeBucket(ctx, name, minio.MakeBucketOptions{Region: Region}); err != nil {
		t.Fatalf("s3test: make bucket %s: %v\n%s", name, err, s.LogTail(20))
	}
	return storage.S3Config{
		Bucket:          name,
		Region:          Region,
		Endpoint:        s.Endpoint,
		AccessKeyID:     AccessKey,
		SecretAccessKey: SecretKey,
		ForcePathStyle:  true,
	}
}

// Client is a minio client on the server, for checks behind the
// provider's back.
func Client(t testing.TB, cfg storage.S3Config) *minio.Client {
	t.Helper()
	c, err := minio.New(strings.TrimPrefix(cfg.Endpoint, "http://"), &minio.Options{
		Creds:        credentials.NewStaticV4(cfg.AccessKeyID, cfg.SecretAccessKey, ""),
		Region:       cfg.Region,
		BucketLookup: minio.BucketLookupPath,
	})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Stop kills the server's process group and waits for it to end.
func (s *Server) Stop() {
	if !s.stopped.CompareAndSwap(false, true) {
		return
	}
	_ = syscall.Kill(-s.cmd.Process.Pid, syscall.SIGKILL)
	select {
	case <-s.done:
	case <-time.After(10 * time.Second):
	}
	for _, p := range s.sockets {
		_ = os.Remove(p)
	}
}

// LogTail is the last n lines of the server's log, for failure messages.
func (s *Server) LogTail(n int) string {
	b, err := os.ReadFile(s.log)
	if err != nil {
		return err.Error()
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return "weed log (" + s.log + ") tail:\n" + strings.Join(lines, "\n")
}

// freePorts picks n distinct ports in 10000-32767, below Linux's ephemeral
// range so outgoing connections do not take them before weed binds, each
// free at the time of asking (and port+10000 too, weed's default gRPC
// offset, in case a flag is missed).
func freePorts(n int) ([]int, error) {
	seen := map[int]bool{}
	var ports []int
	for tries := 0; len(ports) < n; tries++ {
		if tries > 1000 {
			return nil, errors.New("s3test: no free ports")
		}
		p := 10000 + rand.IntN(32768-10000-10000)
		if seen[p] || seen[p+10000] || !free(p) || !free(p+10000) {
			continue
		}
		seen[p], seen[p+10000] = true, true
		ports = append(ports, p)
	}
	return ports, nil
}

func free(port int) bool {
	l, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(port))
	if err != nil {
		return false
	}
	_ = l.Close()
	return true
}
