package cli

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"regexp"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/internal/app"
	"github.com/kiln-cms/kiln/plugins/all"
)

// platformProject points the commands at the platform's project on a
// fresh default SQLite database.
func platformProject(t *testing.T) {
	t.Setenv("KILN_CONTENT_TYPES_DIR", "../../content-types")
	t.Setenv("KILN_CONFIG_DIR", "../../config")
	t.Setenv("KILN_DATA_DIR", t.TempDir())
	t.Setenv("KILN_DATABASE_URL", "")
	t.Setenv("DATABASE_URL", "")
}

// TestSeedAnswers: cmd/kiln's kiln seed, with the platform's demo data
// handed to the command line, answers as it always has: its line in the
// help, a scale it does not know (2), and the small set with the demo
// users.
func TestSeedAnswers(t *testing.T) {
	platformProject(t)
	var out, errb bytes.Buffer
	if code := run([]string{"help"}, &out, &errb); code != 0 ||
		!strings.Contains(out.String(), "  seed       load the deterministic demo data (--scale small|large, --seed N) into an empty database\n") {
		t.Errorf("help: %d %q", code, out.String())
	}
	out.Reset()
	if code := run([]string{"seed", "--scale", "huge"}, &out, &errb); code != 2 || out.Len() != 0 ||
		errb.String() != "kiln seed: unknown scale \"huge\": use small or large\n" {
		t.Errorf("--scale huge: %d %q %q", code, out.String(), errb.String())
	}
	out.Reset()
	errb.Reset()
	if code := run([]string{"seed", "--password", "demo-password"}, &out, &errb); code != 0 || errb.Len() != 0 {
		t.Fatalf("seed: %d %q %q", code, out.String(), errb.String())
	}
	got := regexp.MustCompile(`into sqlite in [0-9.]+m?s\n`).ReplaceAllString(out.String(), "into sqlite in T\n")
	for _, line := range []string{
		"customers: 5 rows\n", "programs: 12 rows\n",
		"seeded the small set (seed 1) into sqlite in T\n\ndemo users (sign in with POST /api/auth/local {identifier, password}):\n" +
			"  admin          admin@kiln.local     demo-password\n" +
			"  coach          coach@kiln.local     demo-password (linked to coach 1)\n" +
			"  learner        learner@kiln.local   demo-password (linked to learner 1)\n" +
			"  authenticated  user@kiln.local      demo-password\n",
	} {
		if !strings.Contains(got, line) {
			t.Errorf("seed's output lacks %q:\n%s", line, got)
		}
	}
	if !strings.HasSuffix(got, "demo-password\n") {
		t.Errorf("seed's output does not end with the demo users:\n%s", got)
	}
}

// TestNoDemoData: a program that gives the command line no demo data (a
// framework user's without kiln.WithDemo) has a kiln seed that says so,
// whatever its flags, and a first start that loads nothing, even on the
// platform's content types.
func TestNoDemoData(t *testing.T) {
	platformProject(t)
	bare := New(all.Plugins(nil)...)
	for _, args := range [][]string{{"seed"}, {"seed", "--scale", "large"}, {"seed", "--help"}} {
		var out, errb bytes.Buffer
		if code := bare.Run(args, &out, &errb); code != 1 || out.Len() != 0 ||
			errb.String() != "kiln seed: this program has no demo data set (a program gives one with kiln.WithDemo)\n" {
			t.Errorf("%v: %d %q %q", args, code, out.String(), errb.String())
		}
	}
	var out, errb bytes.Buffer
	if code := bare.Run([]string{"help"}, &out, &errb); code != 0 ||
		!strings.Contains(out.String(), "  seed       load the program's demo data set: this program has none\n") {
		t.Errorf("help: %d %q", code, out.String())
	}

	var pf projectFlags
	cfg, err := pf.load()
	if err != nil {
		t.Fatal(err)
	}
	cfg.EnsureSecret()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	enabled, err := bare.enabled(cfg)
	if err != nil {
		t.Fatal(err)
	}
	a, err := app.New(context.Background(), cfg, log, enabled...)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if accounts, err := bare.firstRun(context.Background(), a, log, true); accounts != nil || err != nil {
		t.Errorf("first run without demo data: %v %v", accounts, err)
	}
	page, err := a.Content.Find(context.Background(), &query.Query{Type: a.Schema.Type("program"),
		Pagination: query.Pagination{WithCount: true, Page: 1, PageSize: 1}}, entry.ReadOptions{})
	if err != nil || page.Total != 0 {
		t.Errorf("programs after a first run without demo data: %+v (%v), want none", page, err)
	}
}
