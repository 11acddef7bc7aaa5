package graphql_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
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
	cfg := apptest.ProjectConfig(t, d, "graphql", "src")
	loaded, err := config.Load(func(k string) string {
		if k == "KILN_CONFIG_DIR" {
			return cfg.Paths.Config
		}
		return ""
	})
	if err != nil {
		t.Fatal(err)
	}
	cfg.I18n = loaded.I18n
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

func TestSignInThroughGraphQL(t *testing.T) {
	eachGraphQLWith(t, func(cfg *config.Config) { cfg.Auth.Registration = true }, func(t *testing.T, h *apptest.Harness) {
		anon := []string{"Authorization", apptest.Anonymous}
		st, out := gql(t, h, `mutation { register(input: {username: "gqx", email: "gq@example.com", password: "Passw0rd!"}) { jwt user { username email role { name } } } }`, nil, anon...)
		reg, _ := out["data"].(map[string]any)
		if st != 200 || out["errors"] != nil || reg == nil {
			t.Fatalf("register: %d %v", st, out)
		}
		jwt, _ := reg["register"].(map[string]any)["jwt"].(string)
		if got := compact(t, reg["register"].(map[string]any)["user"]); got != `{"email":"gq@example.com","role":null,"username":"gqx"}` {
			t.Errorf("register's user: %s", got)
		}
		_, out = gql(t, h, `{ me { username role { type } } }`, nil, "Authorization", "Bearer "+jwt)
		if got := compact(t, out); got != `{"data":{"me":{"role":{"type":"authenticated"},"username":"gqx"}}}` {
			t.Errorf("me: %s", got)
		}
		_, out = gql(t, h, `{ me { username } }`, nil, anon...)
		if got := compact(t, out); !strings.Contains(got, `"code":"FORBIDDEN"`) || !strings.Contains(got, `"data":{"me":null}`) {
			t.Errorf("me of the public: %s", got)
		}
		_, out = gql(t, h, `mutation { login(input: {identifier: "gq@example.com", password: "wrong"}) { jwt } }`, nil, anon...)
		if got := compact(t, out); !strings.Contains(got, `"code":"BAD_USER_INPUT"`) || !strings.Contains(got, `"data":null`) {
			t.Errorf("login with a wrong password: %s", got)
		}
		_, out = gql(t, h, `mutation { changePassword(currentPassword: "Passw0rd!", password: "Passw0rd!2", passwordConfirmation: "Passw0rd!2") { user { username } } }`, nil, "Authorization", "Bearer "+jwt)
		if got := compact(t, out); got != `{"data":{"changePassword":{"user":{"username":"gqx"}}}}` {
			t.Errorf("changePassword: %s", got)
		}
		_, out = gql(t, h, `mutation { login(input: {identifier: "gqx", password: "Passw0rd!2"}) { user { username } } }`, nil, anon...)
		if got := compact(t, out); got != `{"data":{"login":{"user":{"username":"gqx"}}}}` {
			t.Errorf("login with the new password: %s", got)
		}
		_, out = gql(t, h, `mutation { forgotPassword(email: "nobody@example.com") { ok } }`, nil, anon...)
		if got := compact(t, out); got != `{"data":{"forgotPassword":{"ok":true}}}` {
			t.Errorf("forgotPassword: %s", got)
		}
	})
}

// TestRelationTheCallerMayNotRead answers a relation to a type the
// caller may not read null at each place, with a FORBIDDEN error at its
// path, and the rest of the answer, as Strapi's plugin does.
func TestRelationTheCallerMayNotRead(t *testing.T) {
	eachGraphQL(t, func(t *testing.T, h *apptest.Harness) {
		h.CreateUser("coachuser", "coach@example.com", "authenticated")
		_, out := gql(t, h, `{ usersPermissionsUsers { documentId } }`, nil)
		users := out["data"].(map[string]any)["usersPermissionsUsers"].([]any)
		var doc string
		for _, u := range users {
			doc = u.(map[string]any)["documentId"].(string)
		}
		for _, name := range []string{"Cora", "Dan"} {
			st, out := gql(t, h, `mutation($d: CoachInput!) { createCoach(data: $d) { name user { documentId } } }`,
				map[string]any{"d": map[string]any{"name": name, "email": strings.ToLower(name) + "@example.com", "user": doc}})
			if st != 200 || out["errors"] != nil {
				t.Fatalf("create coach: %d %v", st, out)
			}
		}
		_, out = gql(t, h, `{ coaches(sort: "name") { name user { username } } }`, nil, "Authorization", apptest.Anonymous)
		want := `{"data":{"coaches":[{"name":"Cora","user":null},{"name":"Dan","user":null}]},"errors":[` +
			`{"extensions":{"code":"FORBIDDEN","error":{"details":{},"message":"Forbidden access","name":"ForbiddenError"}},"message":"Forbidden access","path":["coaches",0,"user"]},` +
			`{"extensions":{"code":"FORBIDDEN","error":{"details":{},"message":"Forbidden access","name":"ForbiddenError"}},"message":"Forbidden access","path":["coaches",1,"user"]}]}`
		if got := compact(t, out); got != want {
			t.Errorf("\n got %s\nwant %s", got, want)
		}
	})
}

func TestLocales(t *testing.T) {
	eachGraphQL(t, func(t *testing.T, h *apptest.Harness) {
		_, out := gql(t, h, `{ i18NLocales(sort: "code:desc") { code name } c: i18NLocales_connection(filters: {code: {eq: "en"}}) { nodes { code } pageInfo { total } } }`, nil)
		want := `{"data":{"c":{"nodes":[{"code":"en"}],"pageInfo":{"total":1}},"i18NLocales":[{"code":"fr","name":"French (fr)"},{"code":"en","name":"English (en)"}]}}`
		if got := compact(t, out); got != want {
			t.Errorf("\n got %s\nwant %s", got, want)
		}
		_, out = gql(t, h, `{ i18NLocales { code } }`, nil, "Authorization", apptest.Anonymous)
		if got := compact(t, out); !strings.Contains(got, `"code":"FORBIDDEN"`) || !strings.Contains(got, `"data":null`) {
			t.Errorf("the public: %s", got)
		}
	})
}

func TestUploadFileMutations(t *testing.T) {
	eachGraphQL(t, func(t *testing.T, h *apptest.Harness) {
		data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "graphql", "files", "notes.txt"))
		if err != nil {
			t.Fatal(err)
		}
		r := h.Upload("/api/upload", []apptest.File{{Name: "notes.txt", Data: data}}, nil)
		if r.Status != 201 {
			t.Fatalf("upload: %d %s", r.Status, r.Body)
		}
		var files []map[string]any
		if err := json.Unmarshal(r.Body, &files); err != nil || len(files) != 1 {
			t.Fatalf("upload answer: %s", r.Body)
		}
		id := strconv.FormatInt(int64(files[0]["id"].(float64)), 10)
		_, out := gql(t, h, `mutation($id: ID!) { updateUploadFile(id: $id, info: {alternativeText: "Notes", caption: "c"}) { name alternativeText caption } }`, map[string]any{"id": id})
		if got := compact(t, out); got != `{"data":{"updateUploadFile":{"alternativeText":"Notes","caption":"c","name":"notes.txt"}}}` {
			t.Errorf("update: %s", got)
		}
		_, out = gql(t, h, `mutation($id: ID!) { deleteUploadFile(id: $id) { name } }`, map[string]any{"id": id}, "Authorization", apptest.Anonymous)
		if got := compact(t, out); !strings.Contains(got, `"code":"FORBIDDEN"`) {
			t.Errorf("delete by the public: %s", got)
		}
		_, out = gql(t, h, `mutation($id: ID!) { deleteUploadFile(id: $id) { name } }`, map[string]any{"id": id})
		if got := compact(t, out); got != `{"data":{"deleteUploadFile":{"name":"notes.txt"}}}` {
			t.Errorf("delete: %s", got)
		}
		_, out = gql(t, h, `{ uploadFiles { name } }`, nil)
		if got := compact(t, out); got != `{"data":{"uploadFiles":[]}}` {
			t.Errorf("after delete: %s", got)
		}
	})
}

func TestUsersThroughGraphQL(t *testing.T) {
	eachGraphQL(t, func(t *testing.T, h *apptest.Harness) {
		_, out := gql(t, h, `mutation { createUsersPermissionsUser(data: {username: "ann", email: "ann@example.com", password: "Passw0rd!"}) { data { documentId username email } } }`, nil)
		created, _ := out["data"].(map[string]any)
		if created == nil || out["errors"] != nil {
			t.Fatalf("create: %v", out)
		}
		doc := created["createUsersPermissionsUser"].(map[string]any)["data"].(map[string]any)["documentId"].(string)
		_, out = gql(t, h, `mutation($id: ID!) { updateUsersPermissionsUser(id: $id, data: {username: "anne"}) { data { username } } }`, map[string]any{"id": doc})
		if got := compact(t, out); got != `{"data":{"updateUsersPermissionsUser":{"data":{"username":"anne"}}}}` {
			t.Errorf("update: %s", got)
		}
		_, out = gql(t, h, `mutation($id: ID!) { deleteUsersPermissionsUser(id: $id) { data { username } } }`, map[string]any{"id": doc}, "Authorization", apptest.Anonymous)
		if got := compact(t, out); !strings.Contains(got, `"code":"FORBIDDEN"`) || !strings.Contains(got, `"data":null`) {
			t.Errorf("delete by the public: %s", got)
		}
		_, out = gql(t, h, `mutation($id: ID!) { deleteUsersPermissionsUser(id: $id) { data { username } } }`, map[string]any{"id": doc})
		if got := compact(t, out); got != `{"data":{"deleteUsersPermissionsUser":{"data":{"username":"anne"}}}}` {
			t.Errorf("delete: %s", got)
		}
		_, out = gql(t, h, `mutation { createUsersPermissionsRole(data: {name: "Editors"}) { ok } }`, nil)
		if got := compact(t, out); !strings.Contains(got, `"code":"STRAPI_APPLICATION_ERROR"`) || !strings.Contains(got, "config/permissions.yaml") {
			t.Errorf("a role: %s", got)
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

// TestThePlaygroundPage: with playground on, a browser gets GraphiQL's
// page and its assets from the endpoint, under a same-origin CSP, and
// clients still get GraphQL; with it off (the default) a browser gets
// GraphQL's answer.
func TestThePlaygroundPage(t *testing.T) {
	t.Run("on", playgroundOn)
	t.Run("off", func(t *testing.T) {
		eachGraphQL(t, func(t *testing.T, h *apptest.Harness) {
			r := h.Do("GET", "/graphql", nil, "Accept", "text/html")
			if strings.HasPrefix(r.Header.Get("Content-Type"), "text/html") {
				t.Errorf("playground off: the page was served")
			}
		})
	})
}

func playgroundOn(t *testing.T) {
	eachGraphQLWith(t, func(cfg *config.Config) { cfg.GraphQL.Playground = true }, func(t *testing.T, h *apptest.Harness) {
		r := h.Do("GET", "/graphql", nil, "Accept", "text/html,application/xhtml+xml")
		if r.Status != 200 || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/html") ||
			!strings.Contains(r.Header.Get("Content-Security-Policy"), "default-src 'none'") {
			t.Fatalf("page: %d %v", r.Status, r.Header)
		}
		assets := regexp.MustCompile(`_playground/([^"]+)"`).FindAllStringSubmatch(string(r.Body), -1)
		if len(assets) < 2 {
			t.Errorf("the page names %d assets: %s", len(assets), r.Body)
		}
		for _, name := range assets {
			a := h.Do("GET", "/graphql/_playground/"+name[1], nil)
			if a.Status != 200 {
				t.Errorf("asset %s: %d", name[1], a.Status)
			}
		}
		if r := h.Do("POST", "/graphql", map[string]any{"query": "{ __typename }"}); string(r.Body) != `{"data":{"__typename":"Query"}}` {
			t.Errorf("a client beside the page: %d %s", r.Status, r.Body)
		}
	})
}
