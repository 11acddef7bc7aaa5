package main

import (
	"bytes"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// GraphQL's scenarios: the same data as a REST scenario, asked of
// /graphql as a Strapi frontend asks the GraphQL plugin, so that the two
// front-ends of the content service are measured against each other in
// one run.
//
//	11  scenario 1's list as programs_connection (nodes and the total)
//	12  scenario 2's populated list as a nested selection
//	13  a zone-heavy page of testdata/graphql (graphqlpage.go), with its
//	    REST equivalent measured the same way
//	14  createCustomer per request, with POST /api/customers of the same
//	    data measured the same way
//
// Every GraphQL request is sent once before it is measured and must
// answer 200, without "errors", with as many entries at each level as its
// REST twin answers (checkGraphQL): a query that broke answers fast, and
// must not be measured as fast.

// graphqlPath is Kiln's GraphQL endpoint (config/graphql.yaml's default).
const graphqlPath = "/graphql"

// The fields of each type REST answers in scenarios 1 and 2 (id aside:
// Strapi 5's GraphQL has documentId only).
const (
	programFields  = "documentId title slug description status startDate endDate capacity createdAt updatedAt publishedAt"
	moduleFields   = "documentId title description order createdAt updatedAt publishedAt"
	sessionFields  = "documentId title kind durationMinutes order content createdAt updatedAt publishedAt"
	customerFields = "documentId name industry contactEmail active createdAt updatedAt publishedAt"
)

// gqlListQuery is scenario 11: scenario 1's page of 25 published
// programs with the total.
const gqlListQuery = `{ programs_connection(filters: {status: {eq: "published"}}, pagination: {pageSize: 25}) { nodes { ` +
	programFields + ` } pageInfo { total } } }`

// gqlNestedQuery is scenario 12: scenario 2's list with its modules,
// their sessions and the customer. REST's populate answers every module
// and session; GraphQL pages every nested list (10 by default), so the
// nested lists ask for up to 100 (checkGraphQL holds the counts to
// REST's).
const gqlNestedQuery = `{ programs_connection(filters: {status: {eq: "published"}}, pagination: {pageSize: 25}) { nodes { ` +
	programFields + ` customer { ` + customerFields + ` } modules(pagination: {limit: 100}) { ` + moduleFields +
	` sessions(pagination: {limit: 100}) { ` + sessionFields + ` } } } pageInfo { total } } }`

// figurePairs are the figures checkGraphQL compares: a path into the
// GraphQL answer and the same into the REST twin's answer (figure).
type figurePairs [][2]string

var (
	listPairs = figurePairs{
		{"data.programs_connection.nodes", "data"},
		{"data.programs_connection.pageInfo.total", "meta.pagination.total"},
	}
	nestedPairs = append(listPairs[:len(listPairs):len(listPairs)], figurePairs{
		{"data.programs_connection.nodes.customer", "data.customer"},
		{"data.programs_connection.nodes.modules", "data.modules"},
		{"data.programs_connection.nodes.modules.sessions", "data.modules.sessions"},
	}...)
)

// gqlBody is the JSON body of a GraphQL request.
func gqlBody(query string, variables map[string]any) []byte {
	m := map[string]any{"query": query}
	if variables != nil {
		m["variables"] = variables
	}
	b, _ := json.Marshal(m)
	return b
}

// gqlRead is a GraphQL read scenario: query posted to /graphql, checked
// against the REST twin restPath, and its ratio to REST scenario rest.
func gqlRead(n int, name, query string, rest int, restPath string, pairs figurePairs) scenario {
	body := gqlBody(query, nil)
	return scenario{n: n, name: name, kiln: graphqlPath, query: body, rest: rest,
		check: func(base, token string) error { return checkGraphQL(base, token, body, restPath, pairs) }}
}

// graphqlScenarios are 11, 12 and 14 on the large set (13 has an app of
// its own: graphqlpage.go).
func graphqlScenarios(threads int, list, nested string) []scenario {
	return []scenario{
		gqlRead(11, "11 GraphQL list", gqlListQuery, 1, list, listPairs),
		gqlRead(12, "12 GraphQL nested relation", gqlNestedQuery, 2, nested, nestedPairs),
		createCustomerScenario(threads),
	}
}

// postScript is a wrk script posting the same JSON body every time.
func postScript(body []byte) string {
	return fmt.Sprintf(`-- kiln-bench: the same JSON body posted every time.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = %q
`, body)
}

// checkGraphQL sends body to base's /graphql once and holds the answer
// to what a usable answer is: status 200, no "errors", and, for each
// pair, the same figure as the REST twin restPath answers on the same
// server (the first pair's more than none).
func checkGraphQL(base, token string, body []byte, restPath string, pairs figurePairs) error {
	got, status, err := post(base+graphqlPath, token, body)
	if err != nil {
		return err
	}
	gql, err := graphqlAnswer(got, status)
	if err != nil {
		return err
	}
	b, status, err := get(base+restPath, token)
	if err != nil {
		return err
	}
	if status != http.StatusOK {
		return fmt.Errorf("the REST twin %s: HTTP %d: %.300s", restPath, status, b)
	}
	var rest any
	if err := json.Unmarshal(b, &rest); err != nil {
		return fmt.Errorf("the REST twin %s: %w", restPath, err)
	}
	for i, p := range pairs {
		g, r := figure(gql, p[0]), figure(rest, p[1])
		if g != r || (i == 0 && g == 0) {
			return fmt.Errorf("GraphQL answers %v at %s, REST %v at %s (%s): %.300s", g, p[0], r, p[1], restPath, got)
		}
	}
	return nil
}

// graphqlAnswer reads a GraphQL answer that must be a success: status 200
// and no "errors".
func graphqlAnswer(b []byte, status int) (any, error) {
	if status != http.StatusOK {
		return nil, fmt.Errorf("GraphQL: HTTP %d: %.300s", status, b)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("GraphQL: %w: %.300s", err, b)
	}
	if _, ok := m["errors"]; ok {
		return nil, fmt.Errorf("GraphQL answered errors: %.300s", b)
	}
	if m["data"] == nil {
		return nil, fmt.Errorf("GraphQL answered no data: %.300s", b)
	}
	return m, nil
}

// figure walks a dotted path through decoded JSON, across lists (summed
// over their items), and answers what it ends on: a number as it is, a
// list's non-null items, 1 for an object, 0 for null or nothing.
func figure(v any, path string) float64 {
	var keys []string
	if path != "" {
		keys = strings.Split(path, ".")
	}
	return figureAt(v, keys)
}

func figureAt(v any, keys []string) float64 {
	if list, ok := v.([]any); ok {
		sum := 0.0
		for _, it := range list {
			if len(keys) == 0 {
				if it != nil {
					sum++
				}
				continue
			}
			sum += figureAt(it, keys)
		}
		return sum
	}
	if len(keys) == 0 {
		switch x := v.(type) {
		case float64:
			return x
		case map[string]any:
			return 1
		}
		return 0
	}
	if m, ok := v.(map[string]any); ok {
		return figureAt(m[keys[0]], keys[1:])
	}
	return 0
}

// post sends a JSON body and returns the answer.
func post(url, token string, body []byte) ([]byte, int, error) {
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return nil, 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	r, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, 0, err
	}
	defer r.Body.Close()
	b, err := io.ReadAll(r.Body)
	return b, r.StatusCode, err
}

// Scenario 14: a GraphQL create per request. The cheapest create of the
// platform's types that touches no plugin's hook is a customer (no
// relation, one unique name); each request names one of its own, as
// scenario 5 books an hour of its own, since a second customer of the
// same name is refused (a 400, not a write). Its twin, measured the same
// way right after it, is POST /api/customers of the same data.

// createCustomerMutation asks for every field REST's create answers.
const createCustomerMutation = `mutation Create($data: CustomerInput!) { createCustomer(data: $data) { ` + customerFields + ` } }`

// customerData is the customer of a create, its name left as %d-%d
// (thread or worker, request) after prefix, which is the run's own.
func customerData(prefix string) map[string]any {
	return map[string]any{"name": prefix + "-%d-%d", "industry": "Bench", "contactEmail": "bench@example.com", "active": true}
}

// createCustomerScenario is scenario 14 and its REST twin, each with
// names of its own.
func createCustomerScenario(threads int) scenario {
	run := strings.ToLower(rand.Text()[:8])
	gql := string(gqlBody(createCustomerMutation, map[string]any{"data": customerData("gql-" + run)}))
	rest, _ := json.Marshal(map[string]any{"data": customerData("rest-" + run)})
	twin := &scenario{name: "14 REST POST /api/customers", kiln: "/api/customers",
		script: numberedScript(threads, string(rest)), body: numberedBody(string(rest)),
		check: func(base, token string) error {
			b, status, err := post(base+"/api/customers", token, fmt.Appendf(nil, string(rest), -1, 0))
			if err != nil {
				return err
			}
			if status != http.StatusCreated || jsonString(b, "documentId") == "" {
				return fmt.Errorf("REST create: HTTP %d: %.300s", status, b)
			}
			return nil
		}}
	return scenario{n: 14, name: "14 GraphQL createCustomer", kiln: graphqlPath, rest: -1, twin: twin,
		script: numberedScript(threads, gql), body: numberedBody(gql),
		check: func(base, token string) error {
			b, status, err := post(base+graphqlPath, token, fmt.Appendf(nil, gql, -1, 0))
			if err != nil {
				return err
			}
			ans, err := graphqlAnswer(b, status)
			if err != nil {
				return err
			}
			if figure(ans, "data.createCustomer") != 1 || jsonString(b, "documentId") == "" {
				return fmt.Errorf("createCustomer answered no customer: %.300s", b)
			}
			return nil
		}}
}

// numberedScript is a wrk script posting format with its two %d made
// the thread's number and the thread's request count: every request of
// the run a body of its own.
func numberedScript(threads int, format string) string {
	return fmt.Sprintf(`-- kiln-bench: every request names a customer of its own.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local created = 0
function setup(thread)
  thread:set("first", created)
  created = created + 1
end
local n = 0
function request()
  n = n + 1
  return wrk.format(nil, nil, nil, string.format(%q, first or 0, n))
end
`, format)
}

// numberedBody is numberedScript for the Go loader: request n of the run
// is worker 0's n-th.
func numberedBody(format string) func(n int64) []byte {
	return func(n int64) []byte { return fmt.Appendf(nil, format, 0, n) }
}

// printGraphQLRow prints a GraphQL scenario's figures with its REST
// twin's and their ratio (the issue asks ≥ 85 %), then extra.
func printGraphQLRow(r measured, rest *result, restName string, extra string) {
	kr := r.kiln
	twin := fmt.Sprintf(" | REST (%s) not run", restName)
	if rest != nil && rest.rps > 0 {
		twin = fmt.Sprintf(" | REST (%s) %8.0f req/s | GraphQL/REST %3.0f%%", restName, rest.rps, 100*kr.rps/rest.rps)
	}
	fmt.Printf("   %-28s kiln %8.0f req/s  p50 %-8s p99 %-8s max %-8s err %-4d%s%s\n",
		r.scenario.name, kr.rps, ms(kr.p50), ms(kr.p99), ms(kr.max), kr.errs, twin, extra)
}
