package storetest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/testmain"
)

// Migrating a database is the slowest part of most tests (about half a
// second on PostgreSQL). Migrated migrates once per test process and key
// into a template, and hands each test a copy: PostgreSQL's CREATE
// DATABASE ... TEMPLATE, a copied file on SQLite. PocketBase copies a
// prepared data folder per test the same way.

// templates holds one template per dialect and key, built on first use.
var (
	templatesMu sync.Mutex
	templates   = map[string]*template{}
)

type template struct {
	once sync.Once
	// where is the template's SQLite file or PostgreSQL database name.
	where string
	err   error
}

// Migrated returns the address of a new database of the dialect, living
// as long as the test, holding what build wrote into an empty database
// given by its address. build runs once per process for each dialect and
// key; every later call with the same key gets a copy of its result. The
// key must name everything build's result depends on.
func Migrated(t testing.TB, d database.Dialect, key string, build func(url string) error) string {
	t.Helper()
	if d == database.Postgres && PostgresURL() == "" {
		testmain.Skip(t, testmain.Postgres, "PostgreSQL tests skipped: KILN_TEST_POSTGRES_URL is not set")
	}
	templatesMu.Lock()
	tp := templates[d.String()+"\x00"+key]
	if tp == nil {
		tp = &template{}
		templates[d.String()+"\x00"+key] = tp
	}
	templatesMu.Unlock()
	tp.once.Do(func() { tp.where, tp.err = buildTemplate(d, key, build) })
	if tp.err != nil {
		t.Fatalf("building the template database: %v", tp.err)
	}
	if d == database.SQLite {
		return copySQLite(t, tp.where)
	}
	return copyPostgres(t, tp.where)
}

// Prefixes of the PostgreSQL databases the tests create; each name then
// carries the process id, so a later run can drop what a killed one left.
const (
	templatePrefix = "kiln_tpl_"
	copyPrefix     = "kiln_t_"
)

func buildTemplate(d database.Dialect, key string, build func(string) error) (string, error) {
	sum := sha256.Sum256([]byte(key))
	tag := strconv.Itoa(os.Getpid()) + "_" + hex.EncodeToString(sum[:6])
	if d == database.SQLite {
		dropSQLiteLeftovers()
		dir, err := os.MkdirTemp("", "kiln-template-"+strconv.Itoa(os.Getpid())+"-")
		if err != nil {
			return "", err
		}
		made(func() { os.RemoveAll(dir) })
		file := filepath.Join(dir, "kiln.db")
		if err := build("sqlite:" + file); err != nil {
			return "", err
		}
		return file, nil
	}
	admin, err := adminDB()
	if err != nil {
		return "", err
	}
	dropLeftovers()
	name := templatePrefix + tag
	if _, err := admin.ExecContext(context.Background(), "CREATE DATABASE "+name); err != nil {
		return "", err
	}
	made(func() { dropLater(name) })
	if err := build(withDatabase(PostgresURL(), name)); err != nil {
		return "", err
	}
	return name, nil
}

// copySQLite copies the template file (its write-ahead log too, when the
// builder left one) into the test's temp folder.
func copySQLite(t testing.TB, template string) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "kiln.db")
	for _, suffix := range []string{"", "-wal"} {
		if err := copyFile(template+suffix, file+suffix); err != nil && !(suffix != "" && os.IsNotExist(err)) {
			t.Fatalf("copying the template database: %v", err)
		}
	}
	return "sqlite:" + file
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

func copyPostgres(t testing.TB, template string) string {
	t.Helper()
	admin, err := adminDB()
	if err != nil {
		t.Fatalf("opening PostgreSQL at KILN_TEST_POSTGRES_URL: %v", err)
	}
	name := copyPrefix + strconv.Itoa(os.Getpid()) + "_" + randomHex(6)
	if _, err := admin.ExecContext(context.Background(), "CREATE DATABASE "+name+" TEMPLATE "+template+copyStrategy); err != nil {
		t.Fatalf("copying the template database: %v", err)
	}
	t.Cleanup(func() { dropLater(name) })
	return withDatabase(PostgresURL(), name)
}

// adminDB is the process's connections to KILN_TEST_POSTGRES_URL's
// database, which copies, drops and templates share: a PostgreSQL
// connection costs the server about 45 ms of CPU to start on this kind of
// machine, and a pool per copy and per drop started two for every test.
// Callers do not close it.
func adminDB() (*database.DB, error) {
	adminMu.Lock()
	defer adminMu.Unlock()
	if admin != nil {
		return admin, nil
	}
	db, err := database.OpenWith(context.Background(), PostgresURL(), database.Options{MaxConns: adminConns})
	if err != nil {
		return nil, err // the next caller tries again
	}
	admin = db
	var version int
	if db.QueryRowContext(context.Background(), "SELECT current_setting('server_version_num')::int").Scan(&version) == nil && version >= 150000 {
		// PostgreSQL 15 copies a template through its buffers and WAL
		// by default; copying its files costs the server a seventh less
		// CPU for Kiln's small templates (internal/rest: 81 s against
		// 94 s), in the same time.
		copyStrategy = " STRATEGY FILE_COPY"
	}
	return db, nil
}

var (
	adminMu sync.Mutex
	admin   *database.DB
	// adminConns bounds the admin pool: three background drops and the
	// tests' copies; the process that drops what a run left sets more.
	adminConns = 4
	// copyStrategy is how CREATE DATABASE copies a template, when the
	// server can be told (adminDB).
	copyStrategy string
)

// withDatabase is base with its database name replaced, and commits that
// do not wait for the disk (see relaxed).
func withDatabase(base, name string) string {
	u, err := url.Parse(base)
	if err != nil {
		return base
	}
	u.Path = "/" + name
	return relaxed(u.String())
}

// relaxed is a test database's address with synchronous_commit off for
// its sessions: a commit returns before its WAL record reaches the disk.
// A test's database lives for the test, and the faults the tests make
// happen to servers of their own (pgtest), so no test needs that wait,
// which was most of the PostgreSQL half's time.
func relaxed(addr string) string {
	u, err := url.Parse(addr)
	if err != nil {
		return addr
	}
	q := u.Query()
	if q.Get("synchronous_commit") == "" {
		q.Set("synchronous_commit", "off")
	}
	u.RawQuery = q.Encode()
	return u.String()
}

// Dropping a database takes about a second (PostgreSQL checkpoints), more
// than the test that used it, so drops run in the background, a few at a
// time (their checkpoints coalesce), and the test goes on. The tests make
// databases faster than that (internal/rest's end with about a hundred still
// queued), and waiting for them at the end added 6 to 30 seconds to that
// package, by how busy the machine was. So when the package's tests are over (testmain.Run,
// apptest.Main), finish hands what the process has not dropped, its
// templates included, to a copy of the test binary that drops them,
// many at once, after this one has exited: go test does not wait for it,
// and a few seconds after the run no database of it is left. What a
// process leaves (killed, or without that TestMain), the next run drops
// (dropLeftovers), and .ci/run drops what its last run left.
var (
	drops     chan string
	dropsOnce sync.Once
	// undropped holds the databases queued or being dropped.
	undroppedMu sync.Mutex
	undropped   = map[string]bool{}
)

func dropLater(name string) {
	dropsOnce.Do(func() {
		drops = make(chan string, 1<<16)
		for range 3 {
			go func() {
				for name := range drops {
					if dropDatabase(name) == nil {
						undroppedMu.Lock()
						delete(undropped, name)
						undroppedMu.Unlock()
					}
				}
			}()
		}
	})
	undroppedMu.Lock()
	undropped[name] = true
	undroppedMu.Unlock()
	drops <- name
}

func dropDatabase(name string) error {
	a, err := adminDB()
	if err != nil {
		return err
	}
	_, err = a.ExecContext(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
	return err
}

// The templates this process made, removed when its tests are over.
var (
	madeMu sync.Mutex
	undo   []func()
	// finishOnce registers finish with testmain once per process.
	finishOnce sync.Once
)

// made has f run when the package's tests are over.
func made(f func()) {
	finishOnce.Do(func() { testmain.AtEnd(finish) })
	madeMu.Lock()
	undo = append(undo, f)
	madeMu.Unlock()
}

// envDrop lists, space-separated, the databases a test binary started by
// finish drops before it exits (dropHandedOver).
const envDrop = "KILN_TEST_DROP_DATABASES"

// finish removes the templates (SQLite's at once), and starts the
// process that drops every database this one has not dropped yet.
func finish() {
	madeMu.Lock()
	fs := undo
	undo = nil
	madeMu.Unlock()
	for _, f := range fs {
		f()
	}
	undroppedMu.Lock()
	names := make([]string, 0, len(undropped))
	for n := range undropped {
		names = append(names, n)
	}
	undroppedMu.Unlock()
	if len(names) == 0 {
		return
	}
	self, err := os.Executable()
	if err != nil {
		return // the next run drops them
	}
	cmd := exec.Command(self)
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GOCOVERDIR=") { // no coverage of its own in go test -cover's folder
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, envDrop+"="+strings.Join(names, " "))
	detach(cmd) // its own session, no output: go test waits for neither
	if cmd.Start() == nil {
		cmd.Process.Release()
	}
}

// handedOver matches the names dropHandedOver accepts: the tests' own.
var handedOver = regexp.MustCompile(`^kiln_(t|tpl)_[0-9]+_[0-9a-f]+$`)

func init() { dropHandedOver() }

// dropHandedOver is the process finish starts: a test binary that drops
// the databases envDrop lists, 16 at once, and exits before any test.
func dropHandedOver() {
	names := strings.Fields(os.Getenv(envDrop))
	if len(names) == 0 {
		return
	}
	var wg sync.WaitGroup
	adminConns = 16
	slots := make(chan struct{}, adminConns) // well under max_connections, which other tests share
	for _, n := range names {
		if !handedOver.MatchString(n) {
			continue
		}
		wg.Go(func() {
			slots <- struct{}{}
			defer func() { <-slots }()
			dropDatabase(n)
		})
	}
	wg.Wait()
	os.Exit(0)
}

// dropLeftovers drops, in the background, the test databases of
// processes that are gone (a run killed before its cleanups, or one that
// exited with drops still queued), once per process.
var dropOnce sync.Once

func dropLeftovers() {
	dropOnce.Do(func() {
		admin, err := adminDB()
		if err != nil {
			return
		}
		var names []string
		rows, err := admin.QueryContext(context.Background(),
			"SELECT datname FROM pg_database WHERE datname LIKE 'kiln\\_t\\_%' OR datname LIKE 'kiln\\_tpl\\_%'")
		if err != nil {
			return
		}
		for rows.Next() {
			var n string
			if rows.Scan(&n) == nil {
				names = append(names, n)
			}
		}
		rows.Close()
		for _, n := range names {
			rest := strings.TrimPrefix(strings.TrimPrefix(n, templatePrefix), copyPrefix)
			pid, err := strconv.Atoi(strings.SplitN(rest, "_", 2)[0])
			if err == nil && !processAlive(pid) {
				dropLater(n)
			}
		}
	})
}

// dropSQLiteLeftovers removes the SQLite templates of processes that are
// gone, once per process.
var dropFilesOnce sync.Once

func dropSQLiteLeftovers() {
	dropFilesOnce.Do(func() {
		dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), "kiln-template-*"))
		for _, dir := range dirs {
			pid, err := strconv.Atoi(strings.SplitN(strings.TrimPrefix(filepath.Base(dir), "kiln-template-"), "-", 2)[0])
			if err == nil && !processAlive(pid) {
				os.RemoveAll(dir)
			}
		}
	})
}
