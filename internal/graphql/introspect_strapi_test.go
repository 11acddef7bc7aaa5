package graphql_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// TestIntrospectionMatchesStrapi sends graphql-js's standard introspection
// query (getIntrospectionQuery(), as Strapi's answer was recorded with) to
// a Kiln serving testdata/graphql, and compares every type of the answer
// with the one Strapi 5.54 gave (strapi-introspection.json): kind, name,
// description, fields, arguments, input fields, enum values and possible
// types, with their types and nullability, in order. The types that
// testdata/schema-differences.txt names are left out (TestSchemaMatchesStrapi
// holds them to that list).
func TestIntrospectionMatchesStrapi(t *testing.T) {
	introspectionMatches(t, "", false)
}

// TestIntrospectionMatchesStrapiV4 is TestIntrospectionMatchesStrapi with
// v4CompatibilityMode on, against what Strapi answered with it
// (testdata/graphql/v4/strapi-introspection.json): the fields it adds in
// their places, with their types and deprecation reasons.
func TestIntrospectionMatchesStrapiV4(t *testing.T) {
	introspectionMatches(t, "v4", true)
}

// introspectionMatches compares Kiln's answer to the introspection query,
// with v4CompatibilityMode as v4 says, with strapi-introspection.json of
// testdata/graphql's folder sub.
func introspectionMatches(t *testing.T, sub string, v4 bool) {
	dir := filepath.Join("..", "..", "testdata", "graphql")
	query, err := os.ReadFile(filepath.Join(dir, "introspection-query.graphql"))
	if err != nil {
		t.Fatal(err)
	}
	var strapi struct{ Types []map[string]any }
	raw, err := os.ReadFile(filepath.Join(dir, sub, "strapi-introspection.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &strapi); err != nil {
		t.Fatal(err)
	}
	different := namedInDifferences(t)
	cfg := apptest.ProjectConfig(t, database.SQLite, "graphql", "src")
	cfg.GraphQL.Enabled = true
	cfg.GraphQL.V4CompatibilityMode = v4
	h := apptest.NewWith(t, cfg)
	st, out := gql(t, h, string(query), nil)
	if st != 200 || out["errors"] != nil {
		t.Fatalf("introspection: %d %v", st, out["errors"])
	}
	kiln := map[string]any{}
	for _, ty := range out["data"].(map[string]any)["__schema"].(map[string]any)["types"].([]any) {
		kiln[ty.(map[string]any)["name"].(string)] = ty
	}
	compared := 0
	for _, want := range strapi.Types {
		name := want["name"].(string)
		if different[name] || skippedType(name) {
			continue
		}
		if members, ok := want["possibleTypes"].([]any); ok { // GenericMorph's, without the skipped types
			want["possibleTypes"] = slices.DeleteFunc(members, func(m any) bool {
				return skippedType(m.(map[string]any)["name"].(string))
			})
		}
		got, ok := kiln[name]
		if !ok {
			t.Errorf("%s: missing", name)
			continue
		}
		if g, w := compact(t, got), compact(t, want); g != w {
			t.Errorf("%s:\n got %s\nwant %s", name, g, w)
		}
		compared++
	}
	t.Logf("%d types compared with Strapi's", compared)
	if compared < 100 {
		t.Errorf("compared %d types; expected the project's hundreds", compared)
	}
}

// namedInDifferences are the types schema-differences.txt mentions.
func namedInDifferences(t *testing.T) map[string]bool {
	b, err := os.ReadFile(filepath.Join("testdata", "schema-differences.txt"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	re := regexp.MustCompile(`(?m)^(?:missing type |extra type )?([A-Za-z0-9_]+)`)
	for _, m := range re.FindAllStringSubmatch(string(b), -1) {
		out[m[1]] = true
	}
	// Strapi's roots hold review workflows' fields, an Enterprise feature
	// Kiln does not serve.
	out["Query"], out["Mutation"] = true, true
	// Users-permissions' role holds its permissions, which Kiln keeps in
	// config/permissions.yaml, not as a type.
	out["UsersPermissionsRole"], out["UsersPermissionsRoleFiltersInput"] = true, true
	// A type some listed difference reaches into (a field's type).
	for _, m := range regexp.MustCompile(`\(([A-Za-z0-9_]+)[!\]]*\)`).FindAllStringSubmatch(string(b), -1) {
		out[m[1]] = true
	}
	return out
}

// skippedType are Strapi's types Kiln has no counterpart of at all.
func skippedType(name string) bool {
	return regexp.MustCompile(`^(ReviewWorkflows|UsersPermissionsPermission|ENUM_REVIEWWORKFLOWS)`).MatchString(name)
}
