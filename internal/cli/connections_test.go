package cli

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	_ "modernc.org/sqlite"

	"github.com/kiln-cms/kiln/internal/apptest"
)

// These tests run the real kiln binary, built into the test's folder, on
// a SQLite database there, listening on a free loopback port.

// kilnBinary is cmd/kiln as buildKiln built it: once per test process,
// shared by the tests that run it (each go build was seconds of linking),
// in a folder TestMain removes.
var kilnBinary struct {
	once     sync.Once
	dir, bin string
	out      []byte
	err      error
}

// buildKiln builds cmd/kiln, this command line with the platform's
// plugins, into a temporary folder, the first time it is called.
func buildKiln(t *testing.T) string {
	t.Helper()
	root := apptest.Root(t)
	k := &kilnBinary
	k.once.Do(func() {
		if k.dir, k.err = os.MkdirTemp("", "kiln-cli-test-"); k.err != nil {
			return
		}
		k.bin = filepath.Join(k.dir, "kiln")
		build := exec.Command("go", "build", "-o", k.bin, "./cmd/kiln")
		build.Dir = root
		k.out, k.err = build.CombinedOutput()
	})
	if k.err != nil {
		t.Fatalf("go build: %v\n%s", k.err, k.out)
	}
	return k.bin
}

// kilnEnv is the environment of a kiln process on data folder dir.
func kilnEnv(t *testing.T, dir string, extra ...string) []string {
	root := apptest.Root(t)
	return append([]string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + dir,
		"KILN_CONTENT_TYPES_DIR=" + filepath.Join(root, "content-types"),
		"KILN_CONFIG_DIR=" + filepath.Join(root, "config"),
		"KILN_DATA_DIR=" + dir, "KILN_DEMO=false", "KILN_HOST=127.0.0.1", "KILN_PORT=0",
		"KILN_JWT_SECRET=connections-test-secret-connections-test",
	}, extra...)
}

// logBuffer collects a process's log.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// waitLog waits up to d for a log line matching re and returns its match.
func (l *logBuffer) waitLog(re *regexp.Regexp, d time.Duration) []string {
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if m := re.FindStringSubmatch(l.String()); m != nil {
			return m
		}
	}
	return nil
}

// process is a running kiln serve.
type process struct {
	cmd    *exec.Cmd
	log    *logBuffer
	addr   string
	exited chan struct{} // closed when it exits; then err is its Wait
	err    error
}

// startKiln starts argv (the binary, or a shell around it) with env and
// waits until it listens. The test kills it if it is still running at the
// end.
func startKiln(t *testing.T, env []string, argv ...string) *process {
	t.Helper()
	p := &process{cmd: exec.Command(argv[0], argv[1:]...), log: &logBuffer{}, exited: make(chan struct{})}
	p.cmd.Env, p.cmd.Stderr, p.cmd.Stdout = env, p.log, p.log
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.err = p.cmd.Wait(); close(p.exited) }()
	t.Cleanup(func() {
		select {
		case <-p.exited:
		default:
			p.cmd.Process.Kill()
			<-p.exited
		}
	})
	m := p.log.waitLog(regexp.MustCompile(`msg="kiln is listening" addr=(127\.0\.0\.1:\d+)`), 30*time.Second)
	if m == nil {
		t.Fatalf("kiln did not start:\n%s", p.log)
	}
	p.addr = m[1]
	return p
}

// exitCode waits up to d for the process to exit and returns its code.
func (p *process) exitCode(t *testing.T, d time.Duration) int {
	t.Helper()
	select {
	case <-p.exited:
	case <-time.After(d):
		t.Fatalf("kiln did not exit within %v:\n%s", d, p.log)
	}
	var ee *exec.ExitError
	if errors.As(p.err, &ee) {
		return ee.ExitCode()
	}
	if p.err != nil {
		t.Fatal(p.err)
	}
	return 0
}

func (p *process) running() bool {
	select {
	case <-p.exited:
		return false
	default:
		return true
	}
}

// closedAtOnce reports whether the server closes c within a second, and
// what it wrote before.
func closedAtOnce(c net.Conn) ([]byte, bool) {
	c.SetReadDeadline(time.Now().Add(time.Second))
	got, err := io.ReadAll(c)
	var ne net.Error
	return got, !(errors.As(err, &ne) && ne.Timeout())
}

// TestSIGTERMFinishesRequestsAndClosesTheRest sends SIGTERM to kiln serve
// with four connections open: idle after a request, never used, half-way
// through its first request head, and inside a create that waits for the
// SQLite write lock the test holds. The idle one is closed at once; the
// half-sent request, finished after the SIGTERM, is answered; the
// never-used one is closed with nothing written when its grace (1s here)
// ends; the create finishes once the test lets go of the lock, and its
// client gets the whole 201; the entry is in the database; kiln closes the
// database after that and exits 0, in well under the 15s shutdown timeout.
func TestSIGTERMFinishesRequestsAndClosesTheRest(t *testing.T) {
	bin := buildKiln(t)
	dir := t.TempDir()
	const grace = time.Second
	env := kilnEnv(t, dir, "KILN_NEW_CONNECTION_GRACE="+grace.String())
	createAdmin(t, env, bin, "ops@kiln.test", "Ops-pass-1")
	p := startKiln(t, env, bin, "serve")
	base := "http://" + p.addr

	// Its own connection, closed after the answer, so that the four below
	// are the only ones open.
	once := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	resp, err := once.Post(base+"/api/auth/local", "application/json",
		strings.NewReader(`{"identifier":"ops@kiln.test","password":"Ops-pass-1"}`))
	if err != nil {
		t.Fatal(err)
	}
	var signedIn struct{ JWT string }
	json.NewDecoder(resp.Body).Decode(&signedIn)
	resp.Body.Close()
	if signedIn.JWT == "" {
		t.Fatalf("sign-in: %d", resp.StatusCode)
	}

	dial := func() net.Conn {
		c, err := net.Dial("tcp", p.addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	idle := dial()
	io.WriteString(idle, "GET /_health HTTP/1.1\r\nHost: kiln\r\n\r\n")
	if r, err := http.ReadResponse(bufio.NewReader(idle), nil); err != nil || r.StatusCode != 200 {
		t.Fatalf("/_health: %v", err)
	}
	never := dial()
	half := dial()
	newAt := time.Now()
	io.WriteString(half, "GET /_health HTTP/1.1\r\nHost: kiln\r\n")

	// The test holds SQLite's write lock; a create waits for it (the
	// server's busy timeout is 10s).
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "kiln.db")+"?_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	lock, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lock.ExecContext(context.Background(), "BEGIN IMMEDIATE"); err != nil {
		t.Fatal(err)
	}
	type answer struct {
		status int
		close  bool
		body   []byte
		err    error
	}
	answered := make(chan answer, 1)
	go func() {
		req, _ := http.NewRequest("POST", base+"/api/customers", strings.NewReader(`{"data":{"name":"Slow Ltd","industry":"Retail"}}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+signedIn.JWT)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			answered <- answer{err: err}
			return
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		answered <- answer{resp.StatusCode, resp.Close, body, err}
	}()
	// Time for the create to reach the lock; the shutdown's log line
	// below says whether it had (running=1).
	time.Sleep(500 * time.Millisecond)

	sent := time.Now()
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if got, closed := closedAtOnce(idle); !closed || len(got) != 0 {
		t.Errorf("idle connection: closed %v, wrote %q; want closed at once with nothing written", closed, got)
	}
	if p.log.waitLog(regexp.MustCompile(`msg="shutting down.*closed=1 running=1 new=2`), 2*time.Second) == nil {
		t.Fatalf("the shutdown did not close 1 connection, wait for 1 request and give 2 new ones their grace:\n%s", p.log)
	}
	io.WriteString(half, "\r\n")
	if r, err := http.ReadResponse(bufio.NewReader(half), nil); err != nil || r.StatusCode != 200 || !r.Close {
		t.Errorf("the request finished after SIGTERM: %v, %v", r, err)
	}
	never.SetReadDeadline(newAt.Add(grace + 2*time.Second))
	if got, err := io.ReadAll(never); err != nil || len(got) != 0 {
		t.Errorf("never-used connection: %v, wrote %q; want closed with nothing written", err, got)
	} else if took := time.Since(newAt); took < grace-100*time.Millisecond {
		t.Errorf("never-used connection closed %v after its accept, within its grace of %v", took, grace)
	}
	time.Sleep(300 * time.Millisecond)
	if !p.running() {
		t.Fatalf("kiln exited with a request running:\n%s", p.log)
	}
	lock.ExecContext(context.Background(), "ROLLBACK")
	lock.Close()
	released := time.Now()

	got := <-answered
	var created struct {
		Data struct{ Name string }
	}
	if got.err != nil || got.status != 201 || !got.close || json.Unmarshal(got.body, &created) != nil || created.Data.Name != "Slow Ltd" {
		t.Fatalf("the running create: %d close %v %s %v", got.status, got.close, got.body, got.err)
	}
	if code := p.exitCode(t, 10*time.Second); code != 0 {
		t.Fatalf("exit code %d:\n%s", code, p.log)
	}
	took := time.Since(sent)
	if took > 5*time.Second {
		t.Errorf("the shutdown took %v", took)
	}
	log := p.log.String()
	finished, closed := strings.Index(log, `msg="every request finished"`), strings.Index(log, `msg="stopped: database closed"`)
	if finished < 0 || closed < finished {
		t.Errorf("the database was not closed after the last request:\n%s", log)
	}
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM customers WHERE name = 'Slow Ltd'`).Scan(&n); err != nil || n != 1 {
		t.Errorf("the entry created during the shutdown: %d rows, %v", n, err)
	}
	t.Logf("SIGTERM to exit 0: %v; the lock was held for %v of it", took.Round(time.Millisecond), released.Sub(sent).Round(time.Millisecond))
}

// TestConnectionFloodPastTheFileLimit runs kiln serve with its open-file
// limit lowered to 256 and opens 600 connections that send nothing: the
// process runs out of descriptors and accept fails. It keeps serving: the
// failure is logged once (not once per failure), and once the flood's
// connections close, a normal request is answered.
func TestConnectionFloodPastTheFileLimit(t *testing.T) {
	bin := buildKiln(t)
	dir := t.TempDir()
	p := startKiln(t, kilnEnv(t, dir), "sh", "-c", `ulimit -n 256 && exec "$0" serve`, bin)
	// The warning comes as the listener is wrapped, just after "kiln is
	// listening", which startKiln waited for.
	if p.log.waitLog(regexp.MustCompile(`msg="the open-file limit is below maxConnections plus a reserve.* limit=256`), 10*time.Second) == nil {
		t.Errorf("no warning about the open-file limit:\n%s", p.log)
	}

	const flood = 600
	var conns []net.Conn
	start := time.Now()
	for range flood {
		c, err := net.DialTimeout("tcp", p.addr, 2*time.Second)
		if err != nil {
			break
		}
		conns = append(conns, c)
	}
	if p.log.waitLog(regexp.MustCompile(`msg="accepting connections fails`), 5*time.Second) == nil {
		t.Fatalf("%d connections did not exhaust the descriptors:\n%s", len(conns), p.log)
	}
	time.Sleep(1500 * time.Millisecond) // a stretch of failing accepts
	for _, c := range conns {
		c.Close()
	}
	held := time.Since(start)

	var status int
	client := &http.Client{Timeout: 2 * time.Second}
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
		if resp, err := client.Get("http://" + p.addr + "/_ready"); err == nil {
			status = resp.StatusCode
			resp.Body.Close()
			if status == 200 {
				break
			}
		}
	}
	if status != 200 || !p.running() {
		t.Fatalf("after the flood: /_ready %d, running %v:\n%s", status, p.running(), p.log)
	}
	m := p.log.waitLog(regexp.MustCompile(`msg="accepting connections again" failures=(\d+)`), 5*time.Second)
	if m == nil {
		t.Fatalf("no recovery line:\n%s", p.log)
	}
	log := p.log.String()
	lines := strings.Count(log, `msg="accepting connections fails`)
	failures, _ := strconv.Atoi(m[1])
	if lines < 1 || lines > 1+int(time.Since(start)/(10*time.Second)) || failures <= lines ||
		!strings.Contains(log, "too many open files") {
		t.Errorf("%d failure lines for %d failures in %v; want one per 10s:\n%s", lines, failures, time.Since(start), log)
	}
	accepted := regexp.MustCompile(`msg="accepting connections fails.* open=(\d+)`).FindStringSubmatch(log)
	t.Logf("opened %d connections, kiln had %s open when accept failed; %d failures in %v logged as %d line(s); /_ready %d after",
		len(conns), accepted[1], failures, held.Round(time.Millisecond), lines, status)

	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if code := p.exitCode(t, 10*time.Second); code != 0 {
		t.Fatalf("exit code %d:\n%s", code, p.log)
	}
}

// createAdmin runs the real binary's `kiln admin create` against env's
// database, as an operator would before the first start.
func createAdmin(t *testing.T, env []string, bin, email, password string) {
	t.Helper()
	admin := exec.Command(bin, "admin", "create", "--email", email, "--password", password)
	admin.Env = env
	if out, err := admin.CombinedOutput(); err != nil {
		t.Fatalf("admin create: %v\n%s", err, out)
	}
}
