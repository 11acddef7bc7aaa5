package graphql

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/kiln-cms/kiln/core/schema"
)

// strapiOnly are the types of Strapi's schema that Kiln has no
// counterpart of, by name prefix, each with its reason
// (docs/graphql.md, "Differences").
var strapiOnly = map[string]string{
	"ReviewWorkflows":            "review workflows are an Enterprise feature Kiln does not serve",
	"UsersPermissionsPermission": "Kiln's permissions are config/permissions.yaml, not rows",
}

// TestSchemaMatchesStrapi compares the schema Kiln generates for
// testdata/graphql's project with the one Strapi 5.54's GraphQL plugin
// generated for it (strapi-schema.graphql, printed from its
// introspection): every type, field, argument, input field, enum value
// and union member, with its type and nullability.
func TestSchemaMatchesStrapi(t *testing.T) {
	kiln, strapi := schemaAndStrapis(t, Options{}, "strapi-schema.graphql")
	checkListedDifferences(t, schemaDiff(strapi, kiln.ast), "")
}

// schemaAndStrapis builds Kiln's schema for testdata/graphql's project
// with opts, and loads the schema Strapi printed for it (file, below
// testdata/graphql).
func schemaAndStrapis(t *testing.T, opts Options, file string) (*Schema, *ast.Schema) {
	t.Helper()
	dir := filepath.Join("..", "..", "testdata", "graphql")
	s, err := schema.LoadDir(filepath.Join(dir, "src"))
	if err != nil {
		t.Fatal(err)
	}
	kiln, err := BuildWith(s, opts)
	if err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(filepath.Join(dir, file))
	if err != nil {
		t.Fatal(err)
	}
	strapi, err := gqlparser.LoadSchema(&ast.Source{Name: file, Input: string(text)})
	if err != nil {
		t.Fatal(err)
	}
	return kiln, strapi
}

// checkListedDifferences fails for each difference not listed in
// testdata/schema-differences.txt, and for each listed one that is no
// longer a difference (mode names the option that makes it so).
func checkListedDifferences(t *testing.T, diffs []string, mode string) {
	t.Helper()
	listed := map[string]bool{}
	known, err := os.ReadFile(filepath.Join("testdata", "schema-differences.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(known), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			listed[line] = true
		}
	}
	for _, d := range diffs {
		if !listed[d] {
			t.Error(d)
		}
		delete(listed, d)
	}
	for d := range listed {
		t.Errorf("listed in testdata/schema-differences.txt, but no longer a difference%s: %s", mode, d)
	}
}

// schemaDiff lists how got differs from want, type by type.
func schemaDiff(want, got *ast.Schema) []string {
	var out []string
	names := make([]string, 0, len(want.Types))
	for n := range want.Types {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		w := want.Types[n]
		if w.BuiltIn || skipped(n) {
			continue
		}
		g := got.Types[n]
		if g == nil {
			out = append(out, "missing type "+n)
			continue
		}
		if w.Kind != g.Kind {
			out = append(out, fmt.Sprintf("%s: kind %s, want %s", n, g.Kind, w.Kind))
			continue
		}
		out = append(out, fieldsDiff(n, w, g)...)
	}
	for n, g := range got.Types {
		if !g.BuiltIn && want.Types[n] == nil {
			out = append(out, "extra type "+n)
		}
	}
	sort.Strings(out)
	return out
}

func skipped(name string) bool {
	for prefix := range strapiOnly {
		if strings.HasPrefix(name, prefix) || strings.HasPrefix(name, "ENUM_"+strings.ToUpper(prefix)) {
			return true
		}
	}
	return false
}

// fieldsDiff compares fields (with arguments), enum values and union
// members of one type.
func fieldsDiff(n string, w, g *ast.Definition) []string {
	var out []string
	for _, wf := range w.Fields {
		if skipped(wf.Type.Name()) || skippedField(wf.Name) {
			continue
		}
		gf := g.Fields.ForName(wf.Name)
		if gf == nil {
			out = append(out, fmt.Sprintf("%s.%s: missing (%s)", n, wf.Name, wf.Type))
			continue
		}
		if wf.Type.String() != gf.Type.String() {
			out = append(out, fmt.Sprintf("%s.%s: type %s, want %s", n, wf.Name, gf.Type, wf.Type))
		}
		for _, wa := range wf.Arguments {
			ga := gf.Arguments.ForName(wa.Name)
			switch {
			case ga == nil:
				out = append(out, fmt.Sprintf("%s.%s(%s): missing argument", n, wf.Name, wa.Name))
			case ga.Type.String() != wa.Type.String():
				out = append(out, fmt.Sprintf("%s.%s(%s): type %s, want %s", n, wf.Name, wa.Name, ga.Type, wa.Type))
			case value(ga.DefaultValue) != value(wa.DefaultValue):
				out = append(out, fmt.Sprintf("%s.%s(%s): default %s, want %s", n, wf.Name, wa.Name, value(ga.DefaultValue), value(wa.DefaultValue)))
			}
		}
		for _, ga := range gf.Arguments {
			if wf.Arguments.ForName(ga.Name) == nil {
				out = append(out, fmt.Sprintf("%s.%s(%s): extra argument", n, wf.Name, ga.Name))
			}
		}
	}
	for _, gf := range g.Fields {
		if w.Fields.ForName(gf.Name) == nil {
			out = append(out, fmt.Sprintf("%s.%s: extra field", n, gf.Name))
		}
	}
	for _, wv := range w.EnumValues {
		if g.EnumValues.ForName(wv.Name) == nil {
			out = append(out, fmt.Sprintf("%s: missing enum value %s", n, wv.Name))
		}
	}
	if len(w.EnumValues) != len(g.EnumValues) {
		out = append(out, fmt.Sprintf("%s: %d enum values, want %d", n, len(g.EnumValues), len(w.EnumValues)))
	}
	// a union's members but the types Kiln has no counterpart of (GenericMorph's)
	wantTypes := slices.DeleteFunc(slices.Clone(w.Types), skipped)
	if strings.Join(wantTypes, "|") != strings.Join(g.Types, "|") {
		out = append(out, fmt.Sprintf("%s: members %v, want %v", n, g.Types, wantTypes))
	}
	return out
}

// skippedField are Strapi's fields of types Kiln leaves out.
func skippedField(name string) bool {
	return strings.HasPrefix(name, "reviewWorkflows") || strings.HasPrefix(name, "createReviewWorkflows") ||
		strings.HasPrefix(name, "updateReviewWorkflows") || strings.HasPrefix(name, "deleteReviewWorkflows")
}

func value(v *ast.Value) string {
	if v == nil {
		return "-"
	}
	return v.String()
}
