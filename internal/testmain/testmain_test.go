package testmain

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestEveryPackageEnds: every package whose test binary links testmain
// (through storetest, apptest, s3test, pgtest or a Skip of its own) has a
// TestMain that ends through Run, so that its databases are dropped and
// its skipped tests named. A TestMain of m.Run alone would leave both
// silent.
func TestEveryPackageEnds(t *testing.T) {
	t.Parallel()
	root := filepath.Join("..", "..") // a test runs in its package's folder: internal/testmain
	cmd := exec.Command("go", "list", "-test", "-f",
		`{{.ImportPath}}|{{.Dir}}|{{join .TestGoFiles " "}} {{join .XTestGoFiles " "}}|{{join .Deps " "}}`, "./...")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	const self = "github.com/kiln-cms/kiln/internal/testmain"
	type pkg struct{ dir, files string }
	pkgs := map[string]pkg{}
	var linking []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.SplitN(line, "|", 4)
		if len(f) != 4 {
			continue
		}
		if under, ok := strings.CutSuffix(f[0], ".test"); ok {
			if under != self && strings.Contains(" "+f[3]+" ", " "+self+" ") {
				linking = append(linking, under)
			}
			continue
		}
		if !strings.Contains(f[0], " ") { // not a test variant "p [p.test]"
			pkgs[f[0]] = pkg{f[1], f[2]}
		}
	}
	if len(linking) < 10 {
		t.Fatalf("only %d test binaries link testmain: the check looked at nothing", len(linking))
	}
	ends := regexp.MustCompile(`func TestMain\(m \*testing\.M\) \{[^}]*\b(testmain\.Run|apptest\.Main|s3test\.Main)\(m\)`)
	for _, ip := range linking {
		p := pkgs[ip]
		found := false
		for _, name := range strings.Fields(p.files) {
			src, err := os.ReadFile(filepath.Join(p.dir, name))
			if err != nil {
				t.Fatal(err)
			}
			if ends.Match(src) {
				found = true
				break
			}
		}
		if !found {
			t.Errorf("%s: its tests may skip for want of a service or make databases, but no TestMain ends through testmain.Run, apptest.Main or s3test.Main:\n\tfunc TestMain(m *testing.M) { os.Exit(apptest.Main(m)) }", ip)
		}
	}
}

func TestSummary(t *testing.T) {
	mu.Lock()
	saved, savedOrder := skipped, order
	skipped, order = map[Service]int{}, nil
	mu.Unlock()
	t.Cleanup(func() {
		mu.Lock()
		skipped, order = saved, savedOrder
		mu.Unlock()
	})
	if got := Summary(); got != "" {
		t.Errorf("nothing skipped: %q, want none", got)
	}
	count(Postgres)
	count(Redis)
	count(Postgres)
	want := "skip\tgithub.com/kiln-cms/kiln/internal/testmain\t2 PostgreSQL tests (set KILN_TEST_POSTGRES_URL), 1 Redis test (set KILN_TEST_REDIS_URL)"
	if got := Summary(); got != want {
		t.Errorf("Summary() = %q, want %q", got, want)
	}
}
