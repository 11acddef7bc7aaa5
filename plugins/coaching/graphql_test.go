package coaching_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
)

// The plugin's GraphQL fields against its REST routes, on the same app:
// the same input answers the same figures, a role without the route's
// action is refused, a bad argument gets the route's 400 as
// BAD_USER_INPUT (or GraphQL's own validation error).

// eachWithGraphQL runs fn on SQLite and PostgreSQL with GraphQL on, the
// plugin, the fixture and the matcher role (writes_test.go: it sees only
// part of the learners, rules and events).
func eachWithGraphQL(t *testing.T, fn func(t *testing.T, h *apptest.Harness, p people, matcher string)) {
	t.Helper()
	for _, d := range []apptest.Dialect{apptest.SQLite, apptest.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			t.Parallel()
			cfg := apptest.ConfigWithRoles(t, d, matcherRole)
			cfg.GraphQL.Enabled = true
			h := apptest.NewWith(t, cfg, newPlugin()) // a plugin per app
			p := fixture(t, h)
			fn(t, h, p, h.CreateUser("matcher", "matcher@users.test", "matcher"))
		})
	}
}

// gqlAnswer is a GraphQL answer, numbers as json.Number.
type gqlAnswer struct {
	Data   map[string]any `json:"data"`
	Errors []struct {
		Message    string `json:"message"`
		Extensions struct {
			Code  string `json:"code"`
			Error struct {
				Name    string         `json:"name"`
				Message string         `json:"message"`
				Details map[string]any `json:"details"`
			} `json:"error"`
		} `json:"extensions"`
	} `json:"errors"`
}

// graphQL posts a query as the token's caller (the admin when none is
// given) and decodes the answer; a 500, or a status GraphQL never
// answers a query with, fails the test.
func graphQL(t *testing.T, h *apptest.Harness, query string, vars map[string]any, token ...string) (int, gqlAnswer) {
	t.Helper()
	body := map[string]any{"query": query}
	if vars != nil {
		body["variables"] = vars
	}
	r := h.Do("POST", "/graphql", body, token...)
	var out gqlAnswer
	dec := json.NewDecoder(bytes.NewReader(r.Body))
	dec.UseNumber()
	if err := dec.Decode(&out); err != nil || (r.Status != 200 && r.Status != 400) {
		t.Fatalf("%s: %d %s", query, r.Status, r.Body)
	}
	for _, e := range out.Errors {
		if e.Extensions.Code == "INTERNAL_SERVER_ERROR" {
			t.Fatalf("%s: %s", query, r.Body)
		}
	}
	return r.Status, out
}

// answered is a field's value of an answer without errors.
func answered(t *testing.T, what string, status int, a gqlAnswer, field string) any {
	t.Helper()
	if status != 200 || len(a.Errors) > 0 {
		t.Fatalf("%s: %d %+v", what, status, a.Errors)
	}
	v, ok := a.Data[field]
	if !ok {
		t.Fatalf("%s: no %s in %v", what, field, a.Data)
	}
	return v
}

// withoutIDs is a REST answer without its entries' ids, which GraphQL
// does not serve (documentId names them in both).
func withoutIDs(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			if k != "id" {
				out[k] = withoutIDs(e)
			}
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = withoutIDs(e)
		}
		return out
	}
	return v
}

// sameJSON compares two decoded answers as JSON (maps by sorted keys,
// numbers as written).
func sameJSON(t *testing.T, what string, gql, rest any) {
	t.Helper()
	g, err1 := json.Marshal(gql)
	r, err2 := json.Marshal(withoutIDs(rest))
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	if !bytes.Equal(g, r) {
		t.Errorf("%s:\n GraphQL %s\n REST    %s", what, g, r)
	}
}

// restData is a REST answer's data; the request must succeed.
func restData(t *testing.T, what string, r *apptest.Response) []any {
	t.Helper()
	if r.Status != 200 {
		t.Fatalf("%s: REST %d %s", what, r.Status, r.Body)
	}
	d, ok := r.JSON(t)["data"].([]any)
	if !ok {
		t.Fatalf("%s: REST data is not a list: %s", what, r.Body)
	}
	return d
}

// sameRefusal checks that GraphQL refused a field as REST refused the
// same input: a 400 as BAD_USER_INPUT with REST's error (name, message,
// details), a 401 or 403 as FORBIDDEN, a 404 as STRAPI_NOT_FOUND_ERROR
// with REST's message; the field is null.
func sameRefusal(t *testing.T, h *apptest.Harness, what string, rest *apptest.Response, status int, a gqlAnswer, field string) {
	t.Helper()
	st, name, msg, details := h.ErrorOf(rest)
	if st < 400 || st >= 500 {
		t.Fatalf("%s: REST answered %d %s", what, rest.Status, rest.Body)
	}
	if status != 200 || len(a.Errors) != 1 || a.Data[field] != nil {
		t.Fatalf("%s: GraphQL %d %+v %v (REST %d %s)", what, status, a.Errors, a.Data, st, msg)
	}
	e := a.Errors[0]
	switch st {
	case 400:
		if e.Extensions.Code != "BAD_USER_INPUT" || e.Extensions.Error.Name != name || e.Message != msg ||
			fmt.Sprint(e.Extensions.Error.Details) != fmt.Sprint(details) {
			t.Errorf("%s:\n GraphQL %s %s %q %v\n REST    %d %s %q %v", what,
				e.Extensions.Code, e.Extensions.Error.Name, e.Message, e.Extensions.Error.Details, st, name, msg, details)
		}
	case 401, 403:
		if e.Extensions.Code != "FORBIDDEN" {
			t.Errorf("%s: GraphQL %s %q, REST %d", what, e.Extensions.Code, e.Message, st)
		}
	case 404:
		if e.Extensions.Code != "STRAPI_NOT_FOUND_ERROR" || e.Message != msg {
			t.Errorf("%s: GraphQL %s %q, REST %d %q", what, e.Extensions.Code, e.Message, st, msg)
		}
	default:
		t.Errorf("%s: REST %d, not compared", what, st)
	}
}

// invalid checks a query GraphQL's validation refuses: a 400
// GRAPHQL_VALIDATION_FAILED whose message names what is wrong.
func invalid(t *testing.T, h *apptest.Harness, query, names string) {
	t.Helper()
	status, a := graphQL(t, h, query, nil)
	if status != 400 || len(a.Errors) == 0 || a.Errors[0].Extensions.Code != "GRAPHQL_VALIDATION_FAILED" ||
		!strings.Contains(a.Errors[0].Message, names) {
		t.Errorf("%s: %d %+v, want GRAPHQL_VALIDATION_FAILED naming %q", query, status, a.Errors, names)
	}
}

const (
	// The coach as both sides are asked for it: a few fields, and one
	// relation with one field.
	matchCoachGQL  = `coach { documentId name email maxLearners learners { documentId name } }`
	matchCoachREST = "fields[0]=name&fields[1]=email&fields[2]=maxLearners&populate[learners][fields][0]=name"
	matchFigures   = `score parts { expertise language timezone capacity availability }
		facts { sharedExpertise sharedLanguages timezoneHours freeCapacity freeHours }`
)

// TestCoachMatchesOverGraphQL: coachMatches answers what POST
// /api/coaches/match answers for the same learner, program, limit and
// filters, as the admin and as a role whose scopes hide part of the
// figures' data, under coaching.match, and refuses what the route refuses.
func TestCoachMatchesOverGraphQL(t *testing.T) {
	t.Parallel()
	eachWithGraphQL(t, func(t *testing.T, h *apptest.Harness, p people, matcher string) {
		doc := h.Do("GET", "/api/learners/1", nil).JSON(t)["data"].(map[string]any)["documentId"].(string)
		for _, c := range []struct {
			query string
			body  map[string]any
			args  string
		}{
			{"", map[string]any{"learner": 1}, `learner: 1`},
			{"", map[string]any{"learner": 1, "program": 1}, `learner: 1, program: 1`},
			{"", map[string]any{"learner": 1, "program": nil}, `learner: 1, program: null`},
			{"", map[string]any{"learner": 1, "limit": 2}, `learner: 1, limit: 2`},
			{"", map[string]any{"learner": 1}, `learner: 1, limit: null`}, // GraphQL's null is no value
			{"", map[string]any{"learner": 4}, `learner: 4`},
			{"", map[string]any{"learner": doc, "program": "1"}, fmt.Sprintf(`learner: %q, program: "1"`, doc)},
			{"&filters[name][$ne]=Flo", map[string]any{"learner": 1}, `learner: 1, filters: {name: {ne: "Flo"}}`},
			{"&filters[learners][name][$eq]=Mo", map[string]any{"learner": 1}, `learner: 1, filters: {learners: {name: {eq: "Mo"}}}`},
		} {
			for _, who := range []struct{ name, token string }{{"admin", ""}, {"matcher", matcher}} {
				what := fmt.Sprintf("%s as %s", c.args, who.name)
				var token []string
				if who.token != "" {
					token = apptest.As(who.token)
				}
				r := h.Do("POST", "/api/coaches/match?"+matchCoachREST+c.query, c.body, token...)
				status, a := graphQL(t, h, "{ coachMatches("+c.args+") { "+matchCoachGQL+" "+matchFigures+" } }", nil, token...)
				if who.name == "matcher" && c.body["learner"] == 4 {
					// Oz is no learner of customer 1: the matcher may not see them.
					sameRefusal(t, h, what, r, status, a, "coachMatches")
					continue
				}
				rest := restData(t, what, r)
				if len(rest) == 0 {
					t.Fatalf("%s: REST matched nobody, the comparison would prove nothing", what)
				}
				sameJSON(t, what, answered(t, what, status, a, "coachMatches"), rest)
			}
		}
		// Variables, as clients send them: JSON numbers for an ID and an Int.
		status, a := graphQL(t, h, `query Match($learner: ID!, $limit: Int) { coachMatches(learner: $learner, limit: $limit) { `+matchCoachGQL+" "+matchFigures+" } }",
			map[string]any{"learner": 1, "limit": 1})
		sameJSON(t, "variables", answered(t, "variables", status, a, "coachMatches"),
			restData(t, "variables", h.Do("POST", "/api/coaches/match?"+matchCoachREST, map[string]any{"learner": 1, "limit": 1})))

		// Refused as the route refuses: roles without coaching.match, and
		// the body's mistakes with the route's message.
		for _, who := range []struct{ name, token string }{{"coach", p.ada}, {"learner", p.li}, {"plain", p.plain}, {"public", ""}} {
			rest := h.Do("POST", "/api/coaches/match", map[string]any{"learner": 1}, apptest.As(who.token)...)
			status, a := graphQL(t, h, `{ coachMatches(learner: 1) { score } }`, nil, apptest.As(who.token)...)
			sameRefusal(t, h, "as "+who.name, rest, status, a, "coachMatches")
		}
		for _, c := range []struct {
			body map[string]any
			args string
		}{
			{map[string]any{"learner": 999}, `learner: 999`},
			{map[string]any{"learner": "nope"}, `learner: "nope"`},
			{map[string]any{"learner": 0}, `learner: 0`},
			{map[string]any{"learner": ""}, `learner: ""`},
			{map[string]any{"learner": 1, "program": 999}, `learner: 1, program: 999`},
			{map[string]any{"learner": 1, "program": "nope"}, `learner: 1, program: "nope"`},
			{map[string]any{"learner": 1, "limit": 0}, `learner: 1, limit: 0`},
			{map[string]any{"learner": 1, "limit": 101}, `learner: 1, limit: 101`},
			{map[string]any{"learner": 1, "limit": -5}, `learner: 1, limit: -5`},
		} {
			rest := h.Do("POST", "/api/coaches/match", c.body)
			status, a := graphQL(t, h, "{ coachMatches("+c.args+") { score } }", nil)
			sameRefusal(t, h, c.args, rest, status, a, "coachMatches")
		}
		invalid(t, h, `{ coachMatches { score } }`, "learner")
		invalid(t, h, `{ coachMatches(learner: true) { score } }`, "ID")
		invalid(t, h, `{ coachMatches(learner: 1, limit: 1.5) { score } }`, "Int")
		invalid(t, h, `{ coachMatches(learner: 1, limit: "3") { score } }`, "Int")
		invalid(t, h, `{ coachMatches(learner: 1, filters: {nope: {eq: 1}}) { score } }`, "nope")
		invalid(t, h, `{ coachMatches(learner: 1, sort: "name") { score } }`, "sort")
		invalid(t, h, `{ coachMatches(learner: 1) { score coach { nope } } }`, "nope")
	})
}

const (
	availableCoachGQL  = `coach { documentId name maxLearners availabilities { documentId weekday } } slots { start end localStart localEnd minutes }`
	availableCoachREST = "fields[0]=name&fields[1]=maxLearners&populate[availabilities][fields][0]=weekday"
)

// TestAvailableCoachesOverGraphQL: availableCoaches answers what GET
// /api/coaches/available answers for the same window, duration,
// expertise, language, filters and page, under coaching.available.
func TestAvailableCoachesOverGraphQL(t *testing.T) {
	t.Parallel()
	eachWithGraphQL(t, func(t *testing.T, h *apptest.Harness, p people, matcher string) {
		const week = `from: "2030-01-07", to: "2030-01-14"`
		for _, c := range []struct{ query, args string }{
			{"", ""},
			{"from=2030-01-07&to=2030-01-14&duration=60", week + `, duration: 60`},
			{"from=2030-01-07T10:00:00Z&to=2030-01-09&duration=90", `from: "2030-01-07T10:00:00Z", to: "2030-01-09", duration: 90`},
			{"from=2030-01-07&to=2030-01-14&expertise=Negotiation", week + `, expertise: "Negotiation"`},
			{"from=2030-01-07&to=2030-01-14&language=de", week + `, language: "de"`},
			{"from=2030-01-07&to=2030-01-14&filters[maxLearners][$gte]=3", week + `, filters: {maxLearners: {gte: 3}}`},
			{"from=2030-01-07&to=2030-01-14&pagination[pageSize]=1&pagination[page]=2", week + `, pagination: {pageSize: 1, page: 2}`},
			{"from=2030-01-07&to=2030-01-14&pagination[start]=1&pagination[limit]=5", week + `, pagination: {start: 1, limit: 5}`},
		} {
			for _, who := range []struct{ name, token string }{{"admin", ""}, {"matcher", matcher}} {
				what := fmt.Sprintf("(%s) as %s", c.args, who.name)
				var token []string
				if who.token != "" {
					token = apptest.As(who.token)
				}
				rest := restData(t, what, h.Do("GET", "/api/coaches/available?"+availableCoachREST+"&"+c.query, nil, token...))
				if len(rest) == 0 {
					t.Fatalf("%s: REST found nobody, the comparison would prove nothing", what)
				}
				args := ""
				if c.args != "" {
					args = "(" + c.args + ")"
				}
				status, a := graphQL(t, h, "{ availableCoaches"+args+" { "+availableCoachGQL+" } }", nil, token...)
				sameJSON(t, what, answered(t, what, status, a, "availableCoaches"), rest)
			}
		}
		for _, who := range []struct{ name, token string }{{"coach", p.ada}, {"learner", p.li}, {"plain", p.plain}, {"public", ""}} {
			rest := h.Do("GET", "/api/coaches/available", nil, apptest.As(who.token)...)
			status, a := graphQL(t, h, `{ availableCoaches { slots { start } } }`, nil, apptest.As(who.token)...)
			sameRefusal(t, h, "as "+who.name, rest, status, a, "availableCoaches")
		}
		for _, c := range []struct{ query, args string }{
			{"from=yesterday", `from: "yesterday"`},
			{"from=2030-13-01", `from: "2030-13-01"`},
			{"to=2030-01-07T25:00:00Z", `to: "2030-01-07T25:00:00Z"`},
			{"from=2030-01-10&to=2030-01-09", `from: "2030-01-10", to: "2030-01-09"`},
			{"from=2030-01-01&to=2030-04-02", `from: "2030-01-01", to: "2030-04-02"`},
			{"from=", `from: ""`},
			{"duration=0", `duration: 0`},
			{"duration=-30", `duration: -30`},
			{"duration=129601", `duration: 129601`}, // past 90 days
		} {
			rest := h.Do("GET", "/api/coaches/available?"+c.query, nil)
			status, a := graphQL(t, h, "{ availableCoaches("+c.args+") { slots { start } } }", nil)
			sameRefusal(t, h, c.args, rest, status, a, "availableCoaches")
		}
		invalid(t, h, `{ availableCoaches(duration: 1.5) { slots { start } } }`, "Int")
		invalid(t, h, `{ availableCoaches(duration: "60") { slots { start } } }`, "Int")
		invalid(t, h, `{ availableCoaches(from: 2030) { slots { start } } }`, "String")
		invalid(t, h, `{ availableCoaches(sort: "name") { slots { start } } }`, "sort")
		invalid(t, h, `{ availableCoaches(weekday: 1) { slots { start } } }`, "weekday")
	})
}

// TestMyLearnersOverGraphQL: myLearners answers the learners GET
// /api/coaches/me/learners answers the same coach, with the same filters,
// sort and page, under coaching.myLearners.
func TestMyLearnersOverGraphQL(t *testing.T) {
	t.Parallel()
	eachWithGraphQL(t, func(t *testing.T, h *apptest.Harness, p people, _ string) {
		if r := h.Do("PUT", "/api/learners/4", map[string]any{"data": map[string]any{"coach": 1}}); r.Status != 200 {
			t.Fatalf("%d %s", r.Status, r.Body)
		}
		const (
			gql  = `documentId name email coach { documentId name }`
			rest = "fields[0]=name&fields[1]=email&populate[coach][fields][0]=name"
		)
		for _, c := range []struct {
			who         string
			query, args string
			empty       bool
		}{
			{p.ada, "", "", false},
			{p.ada, "&sort=name:desc", `(sort: "name:desc")`, false},
			{p.ada, "&sort=name&pagination[pageSize]=1&pagination[page]=2", `(sort: "name", pagination: {pageSize: 1, page: 2})`, false},
			{p.ada, "&filters[name][$eq]=Oz", `(filters: {name: {eq: "Oz"}})`, false},
			{p.ada, "&filters[$or][0][email][$containsi]=MO@&filters[$or][1][name][$eq]=Li", `(filters: {or: [{email: {containsi: "MO@"}}, {name: {eq: "Li"}}]})`, false},
			{p.bob, "", "", true},
		} {
			what := fmt.Sprintf("%s as %.8s", c.args, c.who)
			r := restData(t, what, h.Do("GET", "/api/coaches/me/learners?"+rest+c.query, nil, apptest.As(c.who)...))
			if len(r) == 0 != c.empty {
				t.Fatalf("%s: REST answered %d learners", what, len(r))
			}
			status, a := graphQL(t, h, "{ myLearners"+c.args+" { "+gql+" } }", nil, apptest.As(c.who)...)
			sameJSON(t, what, answered(t, what, status, a, "myLearners"), r)
		}
		// The admin has no coach record: the route's 404, as GraphQL words it.
		status, a := graphQL(t, h, `{ myLearners { name } }`, nil)
		sameRefusal(t, h, "the admin", h.Do("GET", "/api/coaches/me/learners", nil), status, a, "myLearners")
		for _, who := range []struct{ name, token string }{{"learner", p.li}, {"plain", p.plain}, {"public", ""}} {
			rest := h.Do("GET", "/api/coaches/me/learners", nil, apptest.As(who.token)...)
			status, a := graphQL(t, h, `{ myLearners { name } }`, nil, apptest.As(who.token)...)
			sameRefusal(t, h, "as "+who.name, rest, status, a, "myLearners")
		}
		invalid(t, h, `{ myLearners(filters: {nope: {eq: 1}}) { name } }`, "nope")
		invalid(t, h, `{ myLearners(coach: 1) { name } }`, "coach")
	})
}

// TestCoachingGraphQLQueries: coachMatches, availableCoaches and
// myLearners cost the same number of statements however many coaches,
// rules and learners they answer, relations of the selection included.
func TestCoachingGraphQLQueries(t *testing.T) {
	t.Parallel()
	eachWithGraphQL(t, func(t *testing.T, h *apptest.Harness, p people, _ string) {
		c := h.CountQueries()
		queries := map[string]struct {
			query, field string
			token        []string
		}{
			"match":     {`{ coachMatches(learner: 1, limit: 100) { score coach { name availabilities { weekday } learners { name } } } }`, "coachMatches", nil},
			"available": {`{ availableCoaches(from: "2030-01-07", to: "2030-01-14", pagination: {pageSize: 100}) { slots { start } coach { name availabilities { weekday } } } }`, "availableCoaches", nil},
			"learners":  {`{ myLearners(pagination: {pageSize: 100}) { name coach { name availabilities { weekday } } } }`, "myLearners", apptest.As(p.ada)},
		}
		cost := func(name string) (int64, int) {
			t.Helper()
			q := queries[name]
			before := c.N()
			status, a := graphQL(t, h, q.query, nil, q.token...)
			n := len(answered(t, name, status, a, q.field).([]any))
			return c.N() - before, n
		}
		first := map[string]int64{}
		for name := range queries {
			cost(name) // the callers' first requests may read what later ones find cached
			first[name], _ = cost(name)
		}
		if r := h.Do("PUT", "/api/coaches/1", map[string]any{"data": map[string]any{"maxLearners": 100}}); r.Status != 200 {
			t.Fatalf("%d %s", r.Status, r.Body)
		}
		for i := 0; i < 20; i++ {
			id := h.Create("/api/coaches", map[string]any{"name": fmt.Sprint("Extra ", i), "email": fmt.Sprintf("extra%d@coach.test", i),
				"languages": []string{"en"}, "timezone": "Europe/London"})
			h.Create("/api/availabilities", map[string]any{"coach": id, "weekday": 2, "startTime": "10:00", "endTime": "11:00"})
			h.Create("/api/learners", map[string]any{"name": fmt.Sprint("L", i), "email": fmt.Sprintf("l%d@learner.test", i), "coach": 1})
		}
		for name, want := range map[string]int{"match": 23, "available": 22, "learners": 21} {
			got, n := cost(name)
			t.Logf("%s: %d statements", name, got)
			if n != want {
				t.Fatalf("%s: %d rows after adding 20, want %d", name, n, want)
			}
			if got != first[name] {
				t.Errorf("%s: %d statements before adding 20 rows, %d after", name, first[name], got)
			}
		}
	})
}

// TestCoachMatchesInV4Shape: with v4CompatibilityMode on, a match's coach
// is written as any entry is in that shape (id, attributes and data the
// entry itself), the same coaches in the same order as REST's ranking.
func TestCoachMatchesInV4Shape(t *testing.T) {
	t.Parallel()
	for _, d := range []apptest.Dialect{apptest.SQLite, apptest.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			t.Parallel()
			cfg := apptest.Config(t, d)
			cfg.GraphQL.Enabled, cfg.GraphQL.V4CompatibilityMode = true, true
			h := apptest.NewWith(t, cfg, newPlugin())
			fixture(t, h)
			rest := restData(t, "REST", h.Do("POST", "/api/coaches/match?fields[0]=name", map[string]any{"learner": 1}))
			status, a := graphQL(t, h, `{ coachMatches(learner: 1) { coach { id documentId attributes { name } data { documentId } } } }`, nil)
			rows, _ := answered(t, "v4", status, a, "coachMatches").([]any)
			if len(rest) == 0 || len(rows) != len(rest) {
				t.Fatalf("GraphQL %d rows, REST %d: %v", len(rows), len(rest), rows)
			}
			for i, row := range rows {
				coach := row.(map[string]any)["coach"].(map[string]any)
				want := rest[i].(map[string]any)["coach"].(map[string]any)
				got := map[string]any{
					"id": coach["id"], "documentId": coach["documentId"],
					"name":         coach["attributes"].(map[string]any)["name"],
					"dataDocument": coach["data"].(map[string]any)["documentId"],
				}
				wantRow := map[string]any{
					"id": fmt.Sprint(want["id"]), "documentId": want["documentId"],
					"name": want["name"], "dataDocument": want["documentId"],
				}
				if fmt.Sprint(got) != fmt.Sprint(wantRow) {
					t.Errorf("row %d: got %v, want %v", i, got, wantRow)
				}
			}
		})
	}
}
