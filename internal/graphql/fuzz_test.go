package graphql_test

import (
	"encoding/json"
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// FuzzRequest sends arbitrary bodies to /graphql: every answer is a 200,
// 400 or 405 in GraphQL's JSON shape, never a 500 or a panic.
func FuzzRequest(f *testing.F) {
	for _, seed := range []string{
		`{"query":"{ customers { name } }"}`,
		`{"query":"{ customers(filters: {name: {eq: \"x\"}}, sort: \"name:sideways\") { name } }"}`,
		`{"query":"{ customers(pagination: {page: -1, pageSize: 1000000}) { name } }"}`,
		`{"query":"query($p: PaginationArg) { customers(pagination: $p) { name } }","variables":{"p":{"start":"x"}}}`,
		`{"query":"mutation { createPage(data: {title: \"t\", body: [{__typename: \"Nope\"}]}) { title } }"}`,
		`{"query":"{ pages { body { ... on ComponentBlocksQuote { body } } } }","operationName":"x"}`,
		`[{"query":"{ customers { name } }"}]`,
		`{"query": 3}`, `{"variables": "x"}`, `not json`, ``,
		`{"query":"{ __schema { types { name } } }"}`,
	} {
		f.Add(seed)
	}
	cfg := apptest.ProjectConfig(f, database.SQLite, "graphql", "src")
	cfg.GraphQL.Enabled = true
	h := apptest.NewWith(f, cfg)
	f.Fuzz(func(t *testing.T, body string) {
		req := httptest.NewRequest("POST", "/graphql", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		resp, err := h.App.Fiber.Test(req, -1)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 && resp.StatusCode != 400 && resp.StatusCode != 405 && resp.StatusCode != 413 {
			t.Fatalf("%q: status %d: %s", body, resp.StatusCode, got)
		}
		var out map[string]any
		if err := json.Unmarshal(got, &out); err != nil {
			t.Fatalf("%q: answer is not JSON: %s", body, got)
		}
		if resp.StatusCode != 200 && out["errors"] == nil && out["error"] == nil {
			t.Fatalf("%q: %d without errors: %s", body, resp.StatusCode, got)
		}
	})
}
