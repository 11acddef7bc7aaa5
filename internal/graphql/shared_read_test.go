package graphql_test

import (
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
)

// TestRelationAskedTwiceReadsBothSelections: a relation selected twice
// with the same filters and sort (under two aliases, or as its list and
// its _connection) is read once, and that read holds what each selection
// asks: every field has its value, each with its own page.
func TestRelationAskedTwiceReadsBothSelections(t *testing.T) {
	eachGraphQL(t, func(t *testing.T, h *apptest.Harness) {
		_, out := gql(t, h, `mutation { createCustomer(data: {name: "Acme"}) { documentId } }`, nil)
		if out["errors"] != nil {
			t.Fatalf("customer: %v", out)
		}
		acme := out["data"].(map[string]any)["createCustomer"].(map[string]any)["documentId"]
		for _, title := range []string{"P1", "P2"} {
			_, out := gql(t, h, `mutation($c: ID, $t: String!) { createProgram(data: {title: $t, capacity: 3, customer: $c}) { documentId } }`,
				map[string]any{"c": acme, "t": title})
			if out["errors"] != nil {
				t.Fatalf("program: %v", out)
			}
		}
		for q, want := range map[string]string{
			`{ customers { a: programs(sort: "title") { title } b: programs(sort: "title", pagination: {pageSize: 1}) { capacity customer { name } } } }`: `{"data":{"customers":[{"a":[{"title":"P1"},{"title":"P2"}],"b":[{"capacity":3,"customer":{"name":"Acme"}}]}]}}`,
			`{ customers { programs_connection(sort: "title") { nodes { title } } programs(sort: "title") { capacity } } }`:                               `{"data":{"customers":[{"programs":[{"capacity":3},{"capacity":3}],"programs_connection":{"nodes":[{"title":"P1"},{"title":"P2"}]}}]}}`,
		} {
			if _, out := gql(t, h, q, nil); compact(t, out) != want {
				t.Errorf("%s\n got %s\nwant %s", q, compact(t, out), want)
			}
		}
	})
}
