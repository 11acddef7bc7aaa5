package graphql_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// eachGraphQL runs fn on an app of testdata/graphql's project with
// /graphql on, on SQLite and on PostgreSQL.
func eachGraphQL(t *testing.T, fn func(t *testing.T, h *apptest.Harness)) {
	eachGraphQLWith(t, func(*config.Config) {}, fn)
}

// projectConfig is testdata/graphql's config with GraphQL on, its
// config/i18n.yaml read as kiln serve reads it, changed by set.
func projectConfig(t testing.TB, d schema.Dialect, set func(*config.Config)) config.Config {
	cfg := apptest.ProjectConfigWithLocales(t, d, "graphql", "src")
	cfg.GraphQL.Enabled = true
	set(&cfg)
	return cfg
}

// eachGraphQLWith is eachGraphQL with the config changed by set.
func eachGraphQLWith(t *testing.T, set func(*config.Config), fn func(t *testing.T, h *apptest.Harness)) {
	for _, d := range []schema.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			t.Parallel()
			fn(t, apptest.NewWith(t, projectConfig(t, d, set)))
		})
	}
}

// gql posts a query with variables and returns the status and the
// answer, decoded.
func gql(t *testing.T, h *apptest.Harness, query string, vars map[string]any, headers ...string) (int, map[string]any) {
	t.Helper()
	r := h.Do("POST", "/graphql", map[string]any{"query": query, "variables": vars}, headers...)
	var out map[string]any
	if err := json.Unmarshal(r.Body, &out); err != nil {
		t.Fatalf("%s: not JSON: %s", query, r.Body)
	}
	return r.Status, out
}

// compact is v as compact JSON with sorted keys, for comparisons.
func compact(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestListsFiltersAndConnections(t *testing.T) {
	eachGraphQL(t, func(t *testing.T, h *apptest.Harness) {
		for _, name := range []string{"Acme", "Beta", "Gamma"} {
			st, out := gql(t, h, `mutation($d: CustomerInput!) { createCustomer(data: $d) { name } }`,
				map[string]any{"d": map[string]any{"name": name}})
			if st != 200 || out["errors"] != nil {
				t.Fatalf("create %s: %d %v", name, st, out)
			}
		}
		_, out := gql(t, h, `{ customers(sort: "name:desc", filters: {name: {ne: "Beta"}}) { name __typename } }`, nil)
		if got, want := compact(t, out), `{"data":{"customers":[{"__typename":"Customer","name":"Gamma"},{"__typename":"Customer","name":"Acme"}]}}`; got != want {
			t.Errorf("list:\n got %s\nwant %s", got, want)
		}
		_, out = gql(t, h, `{ c: customers_connection(pagination: {page: 2, pageSize: 2}, sort: ["name"]) { nodes { name } pageInfo { total page pageSize pageCount } } }`, nil)
		if got, want := compact(t, out), `{"data":{"c":{"nodes":[{"name":"Gamma"}],"pageInfo":{"page":2,"pageCount":2,"pageSize":2,"total":3}}}}`; got != want {
			t.Errorf("connection:\n got %s\nwant %s", got, want)
		}
		_, out = gql(t, h, `{ customers(filters: {or: [{name: {startsWith: "A"}}, {name: {containsi: "MM"}}]}, sort: "name") { name } }`, nil)
		if got, want := compact(t, out), `{"data":{"customers":[{"name":"Acme"},{"name":"Gamma"}]}}`; got != want {
			t.Errorf("or filter:\n got %s\nwant %s", got, want)
		}
	})
}

func TestZonesAndComponents(t *testing.T) {
	eachGraphQL(t, func(t *testing.T, h *apptest.Harness) {
		st, out := gql(t, h, `mutation($d: PageInput!) { createPage(data: $d) { documentId title } }`, map[string]any{"d": map[string]any{
			"title": "Home",
			"seo":   map[string]any{"metaTitle": "Home seo", "social": []any{map[string]any{"network": "x", "handle": "@k", "link": map[string]any{"url": "https://x.test"}}}},
			"body": []any{
				map[string]any{"__typename": "ComponentBlocksQuote", "body": "Less is more", "author": "Mies"},
				map[string]any{"__typename": "ComponentBlocksHero", "title": "Welcome", "cta": map[string]any{"url": "/start"}},
			},
		}})
		if st != 200 || out["errors"] != nil {
			t.Fatalf("create: %d %v", st, out)
		}
		q := `{ pages { title seo { metaTitle social { network link { url } } }
			body { __typename ... on ComponentBlocksQuote { body } ... on ComponentBlocksHero { title cta { url } } } } }`
		_, out = gql(t, h, q, nil)
		want := `{"data":{"pages":[{"body":[{"__typename":"ComponentBlocksQuote","body":"Less is more"},{"__typename":"ComponentBlocksHero","cta":{"url":"/start"},"title":"Welcome"}],"seo":{"metaTitle":"Home seo","social":[{"link":{"url":"https://x.test"},"network":"x"}]},"title":"Home"}]}}`
		if got := compact(t, out); got != want {
			t.Errorf("zone:\n got %s\nwant %s", got, want)
		}
	})
}

func TestErrorsAsApollo(t *testing.T) {
	eachGraphQL(t, func(t *testing.T, h *apptest.Harness) {
		cases := []struct {
			query  string
			status int
			code   string
		}{
			{`{ customers { nope } }`, 400, "GRAPHQL_VALIDATION_FAILED"},
			{`{ customers { name }`, 400, "GRAPHQL_PARSE_FAILED"},
			{`{ customers(filters: {name: {eq: 3}}) { name } }`, 400, "GRAPHQL_VALIDATION_FAILED"},
			{deep(11), 400, "GRAPHQL_VALIDATION_FAILED"}, // one past depthLimit's default of 10
		}
		for _, c := range cases {
			st, out := gql(t, h, c.query, nil)
			errs, _ := out["errors"].([]any)
			if st != c.status || len(errs) == 0 {
				t.Errorf("%s: %d %v, want %d", c.query, st, out, c.status)
				continue
			}
			if code := errs[0].(map[string]any)["extensions"].(map[string]any)["code"]; code != c.code {
				t.Errorf("%s: code %v, want %s", c.query, code, c.code)
			}
		}
		// 10 levels is allowed.
		if st, out := gql(t, h, deep(10), nil); st != 200 || out["errors"] != nil {
			t.Errorf("10 levels: %d %v", st, out)
		}
		// A mutation the public may not make: FORBIDDEN at its path, data null.
		st, out := gql(t, h, `mutation { createCustomer(data: {name: "X"}) { name } }`, nil, "Authorization", apptest.Anonymous)
		if got := compact(t, out); st != 200 || !strings.Contains(got, `"code":"FORBIDDEN"`) || !strings.Contains(got, `"data":{"createCustomer":null}`) {
			t.Errorf("forbidden: %d %s", st, got)
		}
	})
}

// TestNestedQueriesCostConstantStatements holds the statements of a query
// through components, a zone and a relation constant in the number of
// entries: each level is read for all parents at once.
func TestNestedQueriesCostConstantStatements(t *testing.T) {
	eachGraphQL(t, func(t *testing.T, h *apptest.Harness) {
		q := `{ pages(pagination: {limit: 50}) { title seo { metaTitle social { network link { url } } } related { title }
			body { ... on ComponentBlocksQuote { body } ... on ComponentBlocksHero { title cta { url } } } } }`
		counts := map[int]int64{}
		made := 0
		for _, n := range []int{2, 6} {
			for ; made < n; made++ {
				st, out := gql(t, h, `mutation($d: PageInput!) { createPage(data: $d) { documentId } }`, map[string]any{"d": map[string]any{
					"title": "P", "seo": map[string]any{"metaTitle": "S", "social": []any{map[string]any{"network": "x", "link": map[string]any{"url": "/u"}}}},
					"body": []any{map[string]any{"__typename": "ComponentBlocksHero", "title": "H", "cta": map[string]any{"url": "/c"}},
						map[string]any{"__typename": "ComponentBlocksQuote", "body": "Q"}},
				}})
				if st != 200 || out["errors"] != nil {
					t.Fatalf("create: %d %v", st, out)
				}
			}
			qc := h.CountQueries()
			st, out := gql(t, h, q, nil)
			if st != 200 || out["errors"] != nil || len(out["data"].(map[string]any)["pages"].([]any)) != n {
				t.Fatalf("%d pages: %d %v", n, st, out)
			}
			counts[n] = qc.N()
		}
		t.Logf("statements per query: %v", counts)
		if counts[2] != counts[6] || counts[2] == 0 {
			t.Errorf("statements for 2 pages %d, for 6 pages %d: want the same", counts[2], counts[6])
		}
	})
}

// TestNestedListsArePaged pages a relation's list as Strapi's plugin does:
// the default size when none is asked, the page asked for otherwise.
func TestNestedListsArePaged(t *testing.T) {
	eachGraphQL(t, func(t *testing.T, h *apptest.Harness) {
		var docs []any
		for i := range 12 {
			_, out := gql(t, h, `mutation($d: ArticleInput!) { createArticle(data: $d) { documentId } }`, map[string]any{
				"d": map[string]any{"title": "A" + strconv.Itoa(i), "seo": map[string]any{"metaTitle": "m"}}})
			if out["errors"] != nil {
				t.Fatalf("article: %v", out)
			}
			docs = append(docs, out["data"].(map[string]any)["createArticle"].(map[string]any)["documentId"])
		}
		_, out := gql(t, h, `mutation($d: PageInput!) { createPage(data: $d) { documentId } }`, map[string]any{
			"d": map[string]any{"title": "P", "related": docs}})
		if out["errors"] != nil {
			t.Fatalf("page: %v", out)
		}
		_, out = gql(t, h, `{ pages { all: related { title } two: related(pagination: {start: 10, limit: 5}) { title } } }`, nil)
		if out["errors"] != nil {
			t.Fatalf("%v", out)
		}
		page := out["data"].(map[string]any)["pages"].([]any)[0].(map[string]any)
		if n := len(page["all"].([]any)); n != 10 {
			t.Errorf("default page: %d entries, want 10", n)
		}
		if got := compact(t, page["two"]); got != `[{"title":"A10"},{"title":"A11"}]` {
			t.Errorf("start 10: %s", got)
		}
	})
}

// noChange leaves a config as it is.
func noChange(*config.Config) {}
