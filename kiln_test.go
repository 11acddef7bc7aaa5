package kiln_test

import (
	"bytes"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln"
	"github.com/kiln-cms/kiln/dataset"
	"github.com/kiln-cms/kiln/internal/promise"
	"github.com/kiln-cms/kiln/plugins/hello"
)

// TestRun: the command line a program of one's own runs is Kiln's, with
// its exit codes, and the plugins it adds are the ones the commands see.
func TestRun(t *testing.T) {
	var out, errs bytes.Buffer
	if code := kiln.Run([]string{"help"}, &out, &errs); code != 0 || !strings.Contains(out.String(), "migrate") || !strings.Contains(out.String(), "routes") {
		t.Errorf("help: %d %q", code, out.String())
	}
	out.Reset()
	if code := kiln.Run([]string{"frobnicate"}, &out, &errs); code != 2 || !strings.Contains(errs.String(), `unknown command "frobnicate"`) {
		t.Errorf("unknown command: %d %q", code, errs.String())
	}
	// A project that enables the hello plugin: without it in the
	// program, the name is unknown; with it, its route is served.
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "content-types"), 0o755)
	os.MkdirAll(filepath.Join(dir, "config"), 0o755)
	customer := "kind: collectionType\ninfo: {singularName: customer, pluralName: customers, displayName: Customer}\n" +
		"attributes:\n  name: {type: string}\n  active: {type: boolean}\n"
	os.WriteFile(filepath.Join(dir, "content-types", "customer.yaml"), []byte(customer), 0o644)
	os.WriteFile(filepath.Join(dir, "config", "plugins.yaml"), []byte("hello:\n  enabled: true\n"), 0o644)
	args := []string{"routes", "--content-types", filepath.Join(dir, "content-types"), "--config", filepath.Join(dir, "config"), "--data", filepath.Join(dir, "data")}

	errs.Reset()
	if code := kiln.Run(args, &out, &errs); code != 1 || !strings.Contains(errs.String(), `unknown plugin "hello"; the known plugins are `) {
		t.Errorf("without the plugin: %d %q", code, errs.String())
	}
	out.Reset()
	if code := kiln.Run(args, &out, &errs, kiln.WithPlugins(&hello.Plugin{})); code != 0 || !strings.Contains(out.String(), "/api/hello") {
		t.Errorf("with the plugin: %d %q %q", code, out.String(), errs.String())
	}
	errs.Reset()
	if code := kiln.Run(args, &out, &errs, kiln.WithPlugins(&hello.Plugin{}), kiln.WithPlugins(&hello.Plugin{})); code != 1 ||
		!strings.Contains(errs.String(), `two plugins are named "hello"`) {
		t.Errorf("two of one name: %d %q", code, errs.String())
	}
}

// TestWithDemo: kiln seed loads the demo data the program gives; a
// program that gives none has a kiln seed that says so.
func TestWithDemo(t *testing.T) {
	var out, errs bytes.Buffer
	if code := kiln.Run([]string{"seed"}, &out, &errs); code != 1 ||
		errs.String() != "kiln seed: this program has no demo data set (a program gives one with kiln.WithDemo)\n" {
		t.Errorf("without demo data: %d %q", code, errs.String())
	}
	out.Reset()
	if code := kiln.Run([]string{"help"}, &out, &errs, kiln.WithDemo(dataset.Demo)); code != 0 ||
		!strings.Contains(out.String(), "load the deterministic demo data (--scale small|large, --seed N)") {
		t.Errorf("with the platform's: %d %q", code, out.String())
	}
}

// TestPluginModuleKeepsToThePromise: testdata/plugin-module is a module of
// its own that takes Kiln from this repository, as an author's takes a
// release, and imports nothing of Kiln's but the promised packages — so
// that what .ci/run builds, tests and serves there is what an author can
// write. The guide quotes its main.go.
func TestPluginModuleKeepsToThePromise(t *testing.T) {
	const dir = "testdata/plugin-module"
	mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(mod), "module example.com/bookshelf\n") || !strings.Contains(string(mod), "replace github.com/kiln-cms/kiln => ../..\n") {
		t.Errorf("go.mod is not a module of its own taking Kiln from the repository:\n%s", mod)
	}
	checked := 0
	err = filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		checked++
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			rel, ok := strings.CutPrefix(p, promise.Module)
			if ok && !slices.Contains(promise.Packages, strings.TrimPrefix(rel, "/")) {
				t.Errorf("%s imports %s, which Kiln does not promise to a module outside it", path, p)
			}
		}
		return nil
	})
	if err != nil || checked < 4 {
		t.Fatalf("read %d Go files of %s: %v", checked, dir, err)
	}
	main, _ := os.ReadFile(filepath.Join(dir, "main.go"))
	guide, _ := os.ReadFile("docs/plugins.md")
	body := string(main)[strings.Index(string(main), "package main"):]
	if !strings.Contains(string(guide), body) {
		t.Errorf("docs/plugins.md must quote %s/main.go from its package clause on:\n%s", dir, body)
	}
}
