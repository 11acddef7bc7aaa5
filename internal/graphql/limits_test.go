package graphql_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/internal/apptest"
)

// TestAmplificationIsRefused refuses, at validation (before any
// statement), an operation whose fragments multiply its fields past the
// bound, however small its text.
func TestAmplificationIsRefused(t *testing.T) {
	eachGraphQL(t, func(t *testing.T, h *apptest.Harness) {
		// Each level spreads the one below ten times: 10^4 fields from
		// a few hundred bytes.
		q := `query { customers { ...L3 } }
			fragment L0 on Customer { name }
			fragment L1 on Customer { a: programs { customer { ...L0 } } b: programs { customer { ...L0 } } ...L0 }`
		for i := 2; i <= 4; i++ {
			q += "\nfragment L" + strconv.Itoa(i) + " on Customer { "
			for j := range 10 {
				q += "x" + strconv.Itoa(j) + ": programs { customer { ...L" + strconv.Itoa(i-1) + " } } "
			}
			q += "}"
		}
		q = strings.Replace(q, "...L3", "...L4", 1)
		st, out := gql(t, h, q, nil, "Authorization", apptest.Anonymous)
		if got := compact(t, out); st != 400 || !strings.Contains(got, "more than 2000 fields") ||
			!strings.Contains(got, "GRAPHQL_VALIDATION_FAILED") || strings.Contains(got, `"data"`) {
			t.Fatalf("%d %s", st, got)
		}
	})
}

// TestAliasesShareTheAnswerBudget holds the entries of all root fields
// of one operation against the caller's answer budget: two aliases of a
// list cannot each spend it whole.
func TestAliasesShareTheAnswerBudget(t *testing.T) {
	eachGraphQLWith(t, func(cfg *config.Config) { cfg.API.MaxAnswerRows = 5 }, func(t *testing.T, h *apptest.Harness) {
		for i := range 4 {
			if _, out := gql(t, h, `mutation($d: CustomerInput!) { createCustomer(data: $d) { name } }`,
				map[string]any{"d": map[string]any{"name": "C" + strconv.Itoa(i)}}); out["errors"] != nil {
				t.Fatalf("create: %v", out)
			}
		}
		if _, out := gql(t, h, `{ a: customers { name } }`, nil); out["errors"] != nil {
			t.Fatalf("one list of 4 within a budget of 5: %v", out)
		}
		_, out := gql(t, h, `{ a: customers { name } b: customers { name } }`, nil)
		got := compact(t, out)
		if !strings.Contains(got, `"path":["b"]`) || !strings.Contains(got, "The answer would hold more than") || strings.Contains(got, `"path":["a"]`) {
			t.Errorf("two lists of 4 within a budget of 5: %s", got)
		}
	})
}

func TestBatches(t *testing.T) {
	t.Run("on", func(t *testing.T) { batchesOn(t) })
	t.Run("off", func(t *testing.T) {
		eachGraphQL(t, func(t *testing.T, h *apptest.Harness) {
			r := h.Do("POST", "/graphql", json.RawMessage(`[{"query":"{ __typename }"}]`))
			if r.Status != 400 || !strings.Contains(string(r.Body), "Operation batching disabled.") {
				t.Errorf("batches off: %d %s", r.Status, r.Body)
			}
		})
	})
}

func batchesOn(t *testing.T) {
	eachGraphQLWith(t, func(cfg *config.Config) { cfg.GraphQL.MaxBatch = 2 }, func(t *testing.T, h *apptest.Harness) {
		post := func(body string) (int, string) {
			r := h.Do("POST", "/graphql", json.RawMessage(body))
			return r.Status, string(r.Body)
		}
		st, got := post(`[{"query":"{ __typename }"},{"query":"{ customers { name } }"}]`)
		if st != 200 || got != `[{"data":{"__typename":"Query"}},{"data":{"customers":[]}}]` {
			t.Errorf("a batch of two: %d %s", st, got)
		}
		st, got = post(`[{"query":"{ __typename }"},{"query":"{ __typename }"},{"query":"{ __typename }"}]`)
		if st != 400 || !strings.Contains(got, "A batch holds 1 to 2 operations; this one holds 3") {
			t.Errorf("a batch of three: %d %s", st, got)
		}
	})
}

// TestRequestsAsApolloServer: GET answers queries with Apollo's preflight
// header, an Accept that takes no JSON is a 406, introspection can be
// turned off.
func TestRequestsAsApolloServer(t *testing.T) {
	eachGraphQLWith(t, func(cfg *config.Config) { off := false; cfg.GraphQL.Introspection = &off }, func(t *testing.T, h *apptest.Harness) {
		r := h.Do("GET", "/graphql?query="+strings.ReplaceAll("{ customers { name } }", " ", "%20"), nil, "Apollo-Require-Preflight", "true")
		if r.Status != 200 || string(r.Body) != `{"data":{"customers":[]}}` {
			t.Errorf("GET: %d %s", r.Status, r.Body)
		}
		r = h.Do("POST", "/graphql", map[string]any{"query": "{ __typename }"}, "Accept", "multipart/mixed")
		if r.Status != 406 || !strings.Contains(string(r.Body), "does not accept application/json") {
			t.Errorf("Accept multipart/mixed: %d %s", r.Status, r.Body)
		}
		r = h.Do("POST", "/graphql", map[string]any{"query": "{ __schema { types { name } } }"})
		if r.Status != 400 || !strings.Contains(string(r.Body), "introspection is not allowed") {
			t.Errorf("introspection off: %d %s", r.Status, r.Body)
		}
	})
}

// deep is a query n fields deep: customers, then programs and customer
// in turn, then a scalar.
func deep(n int) string {
	q, closing := "{ customers", " }"
	for i := 1; i < n; i++ {
		if i%2 == 1 {
			q += " { programs"
		} else {
			q += " { customer"
		}
		closing += " }"
	}
	if n%2 == 0 {
		return q + " { title }" + closing
	}
	return q + " { name }" + closing
}
