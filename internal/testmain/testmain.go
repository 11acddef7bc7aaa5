// Package testmain ends a test package's run. Run is the heart of the
// package's TestMain: it runs the tests, then what the test helpers asked to do
// once they are over (storetest drops the PostgreSQL databases it made),
// then prints one line naming the tests skipped for want of a service
// (PostgreSQL, Redis, S3...) and what enables them:
//
//	skip	github.com/kiln-cms/kiln/internal/app	226 PostgreSQL tests (set KILN_TEST_POSTGRES_URL)
//
// The helpers that skip for want of a service skip through Skip, which
// counts. A package whose tests may skip so, or make databases, has a
// TestMain calling Run (or apptest.Main or s3test.Main, which call it);
// TestEveryPackageEnds checks it.
//
// go test ./... throws away a passing package's output, standard error
// included, so the line would be seen only with -v. Where the go command
// runs the test binary and keeps its output (on Linux: the binary's
// output is not go's own, which is a terminal or a pipe), the line is
// written to go's output instead, as the package's tests end: go prints
// the "ok" lines in the packages' order, so it may come before those of
// packages still running. A cached result prints nothing: the line came
// with the run that made it.
package testmain

import (
	"fmt"
	"runtime/debug"
	"strings"
	"sync"
	"testing"
)

// Service is what a skipped test needed, and what makes it run.
type Service struct {
	// Name names the tests: "PostgreSQL" makes "226 PostgreSQL tests".
	Name string
	// Enable says how to run them: "set KILN_TEST_POSTGRES_URL".
	Enable string
}

// The services Kiln's tests skip without.
var (
	Postgres = Service{"PostgreSQL", "set KILN_TEST_POSTGRES_URL"}
	// PostgresServer is the fault tests' throwaway cluster (pgtest).
	PostgresServer = Service{"PostgreSQL fault", "install the PostgreSQL server: initdb, pg_ctl"}
	Redis          = Service{"Redis", "set KILN_TEST_REDIS_URL"}
	// RedisServer is the breaker tests' own Redis, stopped at will.
	RedisServer = Service{"Redis fault", "install redis-server"}
	S3          = Service{"S3", "set KILN_TEST_WEED to a SeaweedFS binary, or let .ci/run build one"}
	Chromium    = Service{"browser", "install chromium"}
)

var (
	mu      sync.Mutex
	skipped = map[Service]int{}
	order   []Service
	atEnd   []func()
)

// Skip counts t as skipped for want of s, and skips it with args as
// testing.T.Skip does.
func Skip(t testing.TB, s Service, args ...any) {
	t.Helper()
	count(s)
	t.Skip(args...)
}

// Skipf is Skip with a format, as testing.T.Skipf.
func Skipf(t testing.TB, s Service, format string, args ...any) {
	t.Helper()
	count(s)
	t.Skipf(format, args...)
}

func count(s Service) {
	mu.Lock()
	defer mu.Unlock()
	if skipped[s] == 0 {
		order = append(order, s)
	}
	skipped[s]++
}

// AtEnd has f run once the package's tests are over, before Run exits;
// the last registered runs first. Without a TestMain calling Run, f
// never runs.
func AtEnd(f func()) {
	mu.Lock()
	defer mu.Unlock()
	atEnd = append(atEnd, f)
}

// Run runs the package's tests, then what AtEnd registered, prints the
// skipped tests' line, and returns the tests' exit code:
//
//	func TestMain(m *testing.M) { os.Exit(testmain.Run(m)) }
func Run(m *testing.M) int {
	code := m.Run()
	mu.Lock()
	fs := atEnd
	atEnd = nil
	mu.Unlock()
	for i := len(fs) - 1; i >= 0; i-- {
		fs[i]()
	}
	if line := Summary(); line != "" {
		show(line)
	}
	return code
}

// Summary is the skipped tests' line, "" when none skipped for want of a
// service.
func Summary() string {
	mu.Lock()
	defer mu.Unlock()
	if len(order) == 0 {
		return ""
	}
	parts := make([]string, len(order))
	for i, s := range order {
		noun := "tests"
		if skipped[s] == 1 {
			noun = "test"
		}
		parts[i] = fmt.Sprintf("%d %s %s (%s)", skipped[s], s.Name, noun, s.Enable)
	}
	return "skip\t" + packagePath() + "\t" + strings.Join(parts, ", ")
}

// packagePath is the import path of the package under test: a test
// binary's main path is the package's, with ".test".
func packagePath() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Path != "" {
		return strings.TrimSuffix(bi.Path, ".test")
	}
	return "?"
}

// show prints line where the one running the tests sees it: the test
// binary's output with -v (or -json, where go test keeps it), else the go
// command's own when it can be written to, else the binary's output,
// shown when a test fails.
func show(line string) {
	if testing.Verbose() || !toGo(line) {
		fmt.Println(line)
	}
}
