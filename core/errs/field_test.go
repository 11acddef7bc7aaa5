package errs

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestFieldBuildsStrapisFieldError: Field, FieldAt and WithValue make the
// entry Strapi writes in details.errors, and the answer's JSON is the
// same bytes as the entry written out in full.
func TestFieldBuildsStrapisFieldError(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		got, want FieldError
		json      string
	}{
		{Field("title", "title must be a string"),
			FieldError{Path: []string{"title"}, Message: "title must be a string", Name: "ValidationError"},
			`{"path":["title"],"message":"title must be a string","name":"ValidationError"}`},
		{Field("name", "This attribute must be unique").WithValue("Acme"),
			FieldError{Path: []string{"name"}, Message: "This attribute must be unique", Name: "ValidationError", Value: "Acme"},
			`{"path":["name"],"message":"This attribute must be unique","name":"ValidationError","value":"Acme"}`},
		{FieldAt([]string{"learners", "2"}, "must be a learner's id or documentId"),
			FieldError{Path: []string{"learners", "2"}, Message: "must be a learner's id or documentId", Name: "ValidationError"},
			`{"path":["learners","2"],"message":"must be a learner's id or documentId","name":"ValidationError"}`},
		{FieldAt(nil, "a linked entry does not exist"),
			FieldError{Message: "a linked entry does not exist", Name: "ValidationError"},
			`{"path":null,"message":"a linked entry does not exist","name":"ValidationError"}`},
	} {
		if !reflect.DeepEqual(c.got, c.want) {
			t.Errorf("got %#v, want %#v", c.got, c.want)
		}
		if b, err := json.Marshal(Fields([]FieldError{c.got}).Details["errors"]); err != nil || string(b) != "["+c.json+"]" {
			t.Errorf("answers %s (%v), want [%s]", b, err, c.json)
		}
	}
}

// TestFieldErrorsAreBuiltByField: outside this package, no Go source of
// the repository writes a FieldError out field by field (its name was
// once written 29 times): Field and FieldAt are the one way to make one.
func TestFieldErrorsAreBuiltByField(t *testing.T) {
	t.Parallel()
	root, fset := filepath.Join("..", ".."), token.NewFileSet()
	var found []string
	files := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && (d.Name() == "testdata" || d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) && path != root:
			return filepath.SkipDir
		case d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go"):
			return nil
		}
		// This package names the type FieldError, unqualified: not matched.
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		files++
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.CompositeLit); ok {
				for _, l := range writtenOut(lit) {
					found = append(found, fset.Position(l.Pos()).String())
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Fatalf("read %d Go files: the walk missed the repository", files)
	}
	for _, at := range found {
		t.Errorf("%s: an errs.FieldError written out; use errs.Field or errs.FieldAt", at)
	}
}

// writtenOut returns the FieldError literals with fields that lit is or
// holds: errs.FieldError{...}, or an element of []errs.FieldError{{...}}.
func writtenOut(lit *ast.CompositeLit) []ast.Node {
	if isFieldError(lit.Type) && len(lit.Elts) > 0 {
		return []ast.Node{lit}
	}
	arr, ok := lit.Type.(*ast.ArrayType)
	if !ok || !isFieldError(arr.Elt) {
		return nil
	}
	var out []ast.Node
	for _, e := range lit.Elts {
		if el, ok := e.(*ast.CompositeLit); ok && el.Type == nil && len(el.Elts) > 0 {
			out = append(out, el)
		}
	}
	return out
}

// isFieldError reports whether x names errs.FieldError.
func isFieldError(x ast.Expr) bool {
	sel, ok := x.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "FieldError" {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && id.Name == "errs"
}
