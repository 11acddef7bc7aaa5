package graphql

import (
	"fmt"
	"path/filepath"
	"sort"
	"testing"

	"github.com/vektah/gqlparser/v2/ast"
)

// TestSchemaMatchesStrapiV4 is TestSchemaMatchesStrapi with
// v4CompatibilityMode on: Kiln's schema for testdata/graphql's project
// against the one Strapi 5.54's plugin generated with the option
// (testdata/graphql/v4/strapi-schema.graphql), type by type, field by
// field, and every field's deprecation reason besides. The differences
// are those of the default mode (testdata/schema-differences.txt), no
// more.
func TestSchemaMatchesStrapiV4(t *testing.T) {
	kiln, strapi := schemaAndStrapis(t, Options{V4Compatibility: true}, filepath.Join("v4", "strapi-schema.graphql"))
	checkListedDifferences(t, append(schemaDiff(strapi, kiln.ast), deprecationDiff(strapi, kiln.ast)...), " with v4CompatibilityMode")
	// What the option adds is there: the recording is not the default
	// mode's.
	if strapi.Types["ResponseCollectionMeta"] == nil || kiln.ast.Types["Customer"].Fields.ForName("attributes") == nil {
		t.Fatal("no ResponseCollectionMeta or Customer.attributes: not the v4 schema")
	}
}

// deprecationDiff lists the fields of got whose deprecation is not
// want's.
func deprecationDiff(want, got *ast.Schema) []string {
	var out []string
	for n, w := range want.Types {
		g := got.Types[n]
		if w.BuiltIn || g == nil || skipped(n) {
			continue
		}
		for _, wf := range w.Fields {
			gf := g.Fields.ForName(wf.Name)
			if gf == nil {
				continue
			}
			if dw, dg := deprecationOf(wf), deprecationOf(gf); dw != dg {
				out = append(out, fmt.Sprintf("%s.%s: deprecated %s, want %s", n, wf.Name, dg, dw))
			}
		}
	}
	sort.Strings(out)
	return out
}

// deprecationOf is a field's deprecation reason, quoted, or "-".
func deprecationOf(f *ast.FieldDefinition) string {
	d := f.Directives.ForName("deprecated")
	if d == nil {
		return "-"
	}
	if r := d.Arguments.ForName("reason"); r != nil {
		return fmt.Sprintf("%q", r.Value.Raw)
	}
	return `"No longer supported"`
}
