package app_test

import (
	"go/importer"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
)

// TestNoBunInExportedAPI keeps bun inside the data packages: no exported
// identifier of any package of Kiln — a function, a type, a field, a
// method, a variable, an alias — has a bun type in it, at any depth
// (a pointer, a slice, a map, a function's parameters and results, an
// interface's methods, the fields and methods of the package's own types
// it reaches). Callers hand transactions around as the connections
// package's own Conn, never as bun's. It reads each package's compiled
// export data (what a caller compiles against), so the check is the
// compiler's view of the API, not a reading of the text.
func TestNoBunInExportedAPI(t *testing.T) {
	t.Parallel()
	imp, ours := exportData(t)
	checked := 0
	for _, path := range ours {
		pkg, err := imp.Import(path)
		if err != nil {
			t.Fatalf("importing %s: %v", path, err)
		}
		checked++
		for _, where := range reachingAPI(pkg, isBun) {
			t.Errorf("%s has a bun type in its exported API: bun stays inside the data packages", where)
		}
	}
	if checked < 20 {
		t.Fatalf("checked %d packages; the check looked at nothing", checked)
	}
}

// exportData is an importer of the compiled export data of Kiln's packages
// and what they import, and the import paths of Kiln's own packages that
// have any (a folder of tests only, or a main package, has none worth
// reading).
func exportData(t *testing.T) (types.Importer, []string) {
	t.Helper()
	out, err := listExports(apptest.Root(t))
	if err != nil {
		t.Fatalf("go list -export: %v", err)
	}
	exports := map[string]string{}
	var ours []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			t.Fatalf("go list: unexpected line %q", line)
		}
		exports[f[0]] = f[1]
		if f[3] == module && f[2] != "main" && f[1] != "" {
			ours = append(ours, f[0])
		}
	}
	fset := token.NewFileSet()
	return importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		file, ok := exports[path]
		if !ok || file == "" {
			return nil, os.ErrNotExist
		}
		return os.Open(file)
	}), ours
}

// exportList is go list's answer for exportData, asked once per test
// process: the tests that read export data share it (each keeps an
// importer of its own, an importer not being safe for concurrent use).
var exportList struct {
	once sync.Once
	out  []byte
	err  error
}

func listExports(root string) ([]byte, error) {
	exportList.once.Do(func() {
		cmd := exec.Command("go", "list", "-export", "-deps", "-f",
			"{{.ImportPath}}\t{{.Export}}\t{{.Name}}\t{{if .Module}}{{.Module.Path}}{{end}}", "./...")
		cmd.Dir = root
		exportList.out, exportList.err = cmd.Output()
	})
	return exportList.out, exportList.err
}

// isBun reports whether a package is bun or one of its dialects and drivers.
func isBun(p *types.Package) bool {
	return p != nil && isBunPath(p.Path())
}

// reachingAPI names each exported identifier of pkg whose type reaches a
// type of a package match picks, with the first way found that it does
// ("database.DB.Bun", "database.Conn.NewSelect": what they were, for bun).
func reachingAPI(pkg *types.Package, match func(*types.Package) bool) []string {
	var found []string
	for _, name := range pkg.Scope().Names() {
		if obj := pkg.Scope().Lookup(name); obj.Exported() {
			if where := reaching(pkg, obj.Type(), pkg.Name()+"."+name, match); where != "" {
				found = append(found, where)
			}
		}
	}
	return found
}

// reaching is the first path from t to a type of a package match picks,
// "" when there is none.
func reaching(pkg *types.Package, t types.Type, name string, match func(*types.Package) bool) (found string) {
	seen := map[types.Type]bool{}
	var visit func(t types.Type, where string)
	visit = func(t types.Type, where string) {
		if t == nil || seen[t] || found != "" {
			return
		}
		seen[t] = true
		switch t := t.(type) {
		case *types.Alias:
			if match(t.Obj().Pkg()) {
				found = where
				return
			}
			visit(types.Unalias(t), where)
		case *types.Named:
			if match(t.Obj().Pkg()) {
				found = where
				return
			}
			for i := range t.TypeArgs().Len() {
				visit(t.TypeArgs().At(i), where)
			}
			if t.Obj().Pkg() != pkg {
				return // another package of Kiln is checked on its own; others are not ours
			}
			visit(t.Underlying(), where)
			for i := range t.NumMethods() {
				if m := t.Method(i); m.Exported() {
					visit(m.Type(), where+"."+m.Name())
				}
			}
		case *types.Pointer:
			visit(t.Elem(), where)
		case *types.Slice:
			visit(t.Elem(), where)
		case *types.Array:
			visit(t.Elem(), where)
		case *types.Chan:
			visit(t.Elem(), where)
		case *types.Map:
			visit(t.Key(), where)
			visit(t.Elem(), where)
		case *types.Signature:
			for i := range t.Params().Len() {
				visit(t.Params().At(i).Type(), where)
			}
			for i := range t.Results().Len() {
				visit(t.Results().At(i).Type(), where)
			}
		case *types.Struct:
			for i := range t.NumFields() {
				// An embedded field's exported fields and methods are
				// promoted, whatever its own name.
				if f := t.Field(i); f.Exported() || f.Embedded() {
					visit(f.Type(), where+"."+f.Name())
				}
			}
		case *types.Interface:
			for i := range t.NumMethods() {
				if m := t.Method(i); m.Exported() {
					visit(m.Type(), where+"."+m.Name())
				}
			}
		case *types.TypeParam:
			visit(t.Constraint(), where)
		}
	}
	visit(t, name)
	return found
}
