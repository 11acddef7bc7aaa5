package kiln_test

import (
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/promise"
)

// The table between these lines of docs/plugins.md is generated.
const (
	promiseBegin = "<!-- promise: generated from the packages by TestPromiseTableIsGenerated; KILN_UPDATE_DOCS=1 go test -run TestPromiseTableIsGenerated . rewrites it -->\n"
	promiseEnd   = "<!-- end of promise -->\n"
)

// TestPromiseTableIsGenerated: docs/plugins.md's table of what Kiln
// promises is made from the promised packages' own source (the package's
// first sentence, its exported names), so it says what the packages hold
// and nothing else. KILN_UPDATE_DOCS=1 rewrites it.
func TestPromiseTableIsGenerated(t *testing.T) {
	var b strings.Builder
	b.WriteString("| package | what it is | exported |\n| --- | --- | --- |\n")
	for _, rel := range promise.Packages {
		name, synopsis, names := exported(t, rel)
		if len(names) == 0 {
			t.Errorf("%s exports nothing", promise.Path(rel))
		}
		label := "`" + rel + "`"
		if rel == "" {
			label = "`" + promise.Module + "` (`" + name + "`)"
		}
		b.WriteString("| " + label + " | " + synopsis + " | " + strings.Join(names, ", ") + " |\n")
	}
	want := promiseBegin + b.String() + promiseEnd
	const path = "docs/plugins.md"
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	guide := string(raw)
	i, j := strings.Index(guide, promiseBegin), strings.Index(guide, promiseEnd)
	if i < 0 || j < i {
		t.Fatalf("%s has no generated table between %q and %q", path, promiseBegin, promiseEnd)
	}
	got := guide[i : j+len(promiseEnd)]
	if got == want {
		return
	}
	if os.Getenv("KILN_UPDATE_DOCS") == "1" {
		if err := os.WriteFile(path, []byte(guide[:i]+want+guide[j+len(promiseEnd):]), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s's table of the promised packages is not what they export; KILN_UPDATE_DOCS=1 rewrites it:\n%s", path, want)
}

// exported reads a package's source (tests aside): its name, the first
// sentence of its doc, and its exported names in code spans, a type's
// methods as Type.Method.
func exported(t *testing.T, rel string) (name, synopsis string, names []string) {
	t.Helper()
	dir := filepath.FromSlash(rel)
	if rel == "" {
		dir = "."
	}
	fset := token.NewFileSet()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	p, err := doc.NewFromFiles(fset, files, promise.Path(rel))
	if err != nil {
		t.Fatal(err)
	}
	add := func(n string) { names = append(names, n) }
	values := func(vs []*doc.Value) {
		for _, v := range vs {
			for _, n := range v.Names {
				if ast.IsExported(n) {
					add(n)
				}
			}
		}
	}
	values(p.Consts)
	values(p.Vars)
	for _, f := range p.Funcs {
		add(f.Name)
	}
	for _, ty := range p.Types {
		add(ty.Name)
		values(ty.Consts)
		values(ty.Vars)
		for _, f := range ty.Funcs {
			add(f.Name)
		}
		for _, m := range ty.Methods {
			add(ty.Name + "." + m.Name)
		}
	}
	slices.Sort(names)
	for i, n := range names {
		names[i] = "`" + n + "`"
	}
	return p.Name, strings.ReplaceAll(p.Synopsis(p.Doc), "|", `\|`), names
}
