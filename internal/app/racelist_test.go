package app_test

import (
	"bufio"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
)

// aboutConcurrency are the words of a test's name that say it is about
// concurrency, restarts or shutdown.
var aboutConcurrency = regexp.MustCompile(`Concurren|Race|Parallel|AtOnce|Contention|Deadlock|Cluster|TwoInstances|TwoNodes|Interleaved|Restart|Shutdown|SIGTERM|SIGKILL|Crash|Drain`)

// notAboutConcurrency are the names the words match by accident.
var notAboutConcurrency = map[string]bool{
	"TestEveryProblemAtOnce":               true, // a schema's problems, reported together
	"TestRaceListNamesTheConcurrencyTests": true, // this test
}

// TestRaceListNamesTheConcurrencyTests keeps .ci/race-tests, the tests CI
// runs again under the race detector, whole: every test that starts
// goroutines itself (a go statement, a WaitGroup), or whose name says
// it is about concurrency, is listed, by name or with its whole
// package; every name listed is a test of its package.
func TestRaceListNamesTheConcurrencyTests(t *testing.T) {
	t.Parallel()
	root := apptest.Root(t)
	listed := readRaceList(t, filepath.Join(root, ".ci", "race-tests"))
	tests := map[string]map[string]bool{} // package folder -> test -> about concurrency
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		pkg, _ := filepath.Rel(root, filepath.Dir(path))
		pkg = filepath.ToSlash(pkg)
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || !strings.HasPrefix(fd.Name.Name, "Test") {
				continue
			}
			if tests[pkg] == nil {
				tests[pkg] = map[string]bool{}
			}
			name := fd.Name.Name
			tests[pkg][name] = !notAboutConcurrency[name] && (aboutConcurrency.MatchString(name) || startsGoroutines(fd.Body))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for pkg, names := range listed {
		for name := range names {
			if name != "all" && !hasTest(tests[pkg], name) {
				t.Errorf(".ci/race-tests names %s %s, which is not a test", pkg, name)
			}
		}
	}
	for pkg, names := range tests {
		for name, concurrent := range names {
			if concurrent && !listed[pkg]["all"] && !listed[pkg][name] {
				t.Errorf("%s %s is about concurrency: list it in .ci/race-tests", pkg, name)
			}
		}
	}
}

func hasTest(names map[string]bool, name string) bool {
	_, ok := names[name]
	return ok
}

// readRaceList reads .ci/race-tests: package -> names (or "all").
func readRaceList(t *testing.T, path string) map[string]map[string]bool {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		if len(fields) != 2 {
			t.Fatalf(".ci/race-tests: %q is not a package and its tests", line)
		}
		out[fields[0]] = map[string]bool{}
		for _, name := range strings.Split(fields[1], "|") {
			out[fields[0]][name] = true
		}
	}
	return out
}

// startsGoroutines reports whether a test's own body starts goroutines.
func startsGoroutines(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.GoStmt:
			found = true
		case *ast.SelectorExpr:
			if x.Sel.Name == "WaitGroup" {
				found = true
			}
		}
		return !found
	})
	return found
}
