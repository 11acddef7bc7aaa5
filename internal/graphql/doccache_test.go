package graphql_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// TestSharedDocumentsUnderConcurrency sends one document (fragments,
// aliases, variables, a zone) from many goroutines at once, so that they
// share its cached, validated copy: every answer is right, and the race
// detector (.ci/race-tests) sees no write to it.
func TestSharedDocumentsUnderConcurrency(t *testing.T) {
	t.Parallel()
	h := apptest.NewWith(t, projectConfig(t, database.SQLite, noChange))
	for i := range 3 {
		if _, out := gql(t, h, `mutation($d: CustomerInput!) { createCustomer(data: $d) { name } }`,
			map[string]any{"d": map[string]any{"name": fmt.Sprint("C", i)}}); out["errors"] != nil {
			t.Fatal(out)
		}
	}
	const q = `query($n: String, $size: Int) {
		a: customers(filters: {name: {ne: $n}}, sort: "name", pagination: {pageSize: $size}) { ...C }
		b: customers_connection(sort: "name:desc") { nodes { ...C } pageInfo { total } }
	}
	fragment C on Customer { __typename name programs { title } }`
	want := map[string]string{}
	for _, n := range []string{"C0", "C1", "C2"} {
		r := h.Do("POST", "/graphql", map[string]any{"query": q, "variables": map[string]any{"n": n, "size": 2}})
		if r.Status != 200 || len(r.Body) < 50 {
			t.Fatalf("%s: %d %s", n, r.Status, r.Body)
		}
		want[n] = string(r.Body)
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 10 {
				n := fmt.Sprint("C", (g+i)%3)
				r := h.Do("POST", "/graphql", map[string]any{"query": q, "variables": map[string]any{"n": n, "size": 2}})
				if got := string(r.Body); got != want[n] {
					t.Errorf("%s: %s, want %s", n, got, want[n])
					return
				}
			}
		}()
	}
	wg.Wait()
}

// TestSharedDocumentFollowsItsVariables: a cached document whose fields
// hang on @include and @skip of variables answers each request by its own
// variables, in any order; what such a selection collects is never kept
// for the next request.
func TestSharedDocumentFollowsItsVariables(t *testing.T) {
	t.Parallel()
	h := apptest.NewWith(t, projectConfig(t, database.SQLite, noChange))
	if _, out := gql(t, h, `mutation { createCustomer(data: {name: "Acme", industry: "tools"}) { name } }`, nil); out["errors"] != nil {
		t.Fatal(out)
	}
	const q = `query($with: Boolean!, $skip: Boolean!) {
		customers { name industry @include(if: $with) ...F @skip(if: $skip) }
	}
	fragment F on Customer { documentId }`
	for _, c := range []struct {
		with, skip bool
		want       string
	}{
		{true, true, `{"data":{"customers":[{"name":"Acme","industry":"tools"}]}}`},
		{false, true, `{"data":{"customers":[{"name":"Acme"}]}}`},
		{false, false, `{"data":{"customers":[{"name":"Acme","documentId":"`},
		{true, false, `{"data":{"customers":[{"name":"Acme","industry":"tools","documentId":"`},
		{true, true, `{"data":{"customers":[{"name":"Acme","industry":"tools"}]}}`},
	} {
		r := h.Do("POST", "/graphql", map[string]any{"query": q, "variables": map[string]any{"with": c.with, "skip": c.skip}})
		if r.Status != 200 || !strings.HasPrefix(string(r.Body), c.want) {
			t.Errorf("with %v, skip %v: %d %s, want %s…", c.with, c.skip, r.Status, r.Body, c.want)
		}
	}
}
