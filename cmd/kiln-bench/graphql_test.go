package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// eachGraphQL runs fn on a Kiln with GraphQL on, on both databases, with
// cfg (the platform's project, or testdata/graphql's) served on loopback.
func eachGraphQL(t *testing.T, project func(t *testing.T, d database.Dialect) config.Config, fn func(t *testing.T, h *apptest.Harness, base string)) {
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			cfg := project(t, d)
			cfg.GraphQL.Enabled = true
			h := apptest.NewWith(t, cfg)
			fn(t, h, h.Serve())
		})
	}
}

// TestGraphQLScenariosAnswerAsREST holds scenarios 11, 12 and 14 to a
// real Kiln on both databases: each passes its check (the same entries at
// every level as its REST twin), its statements are recorded for the
// ceiling as REST's are (reads only), and a query that breaks or answers
// less fails the check instead of being measured.
func TestGraphQLScenariosAnswerAsREST(t *testing.T) {
	eachGraphQL(t, func(t *testing.T, d database.Dialect) config.Config { return apptest.Config(t, d) },
		func(t *testing.T, h *apptest.Harness, base string) {
			acme := h.Create("/api/customers", map[string]any{"name": "Acme"})
			for i := range 30 {
				status := "published"
				if i%5 == 4 {
					status = "draft"
				}
				p := h.Create("/api/programs", map[string]any{"title": fmt.Sprintf("P%02d", i), "status": status, "customer": acme})
				for m := range 2 + i%3 {
					mod := h.Create("/api/modules", map[string]any{"title": fmt.Sprint("M", m), "program": p})
					for s := range 1 + m {
						h.Create("/api/sessions", map[string]any{"title": fmt.Sprint("S", s), "module": mod, "program": p})
					}
				}
			}
			rest := scenarios(2, "doc", "Acme", 1, 1, 1, 1)
			gql := graphqlScenarios(2, restPath(rest, 1), restPath(rest, 2))
			for _, sc := range gql {
				if err := sc.check(base, h.AdminToken); err != nil {
					t.Errorf("%s: %v", sc.name, err)
				}
				if sc.query == nil {
					continue
				}
				stmts, answers, err := recordOn(h.App, h.AdminToken, []request{sc.request()})
				if err != nil {
					t.Fatalf("%s: recording: %v", sc.name, err)
				}
				if len(stmts[0]) == 0 || !strings.Contains(string(answers[0]), `"programs_connection"`) {
					t.Errorf("%s: recorded %d statements, answer %.200s", sc.name, len(stmts[0]), answers[0])
				}
			}
			// Scenario 14's bodies are creates of customers of their own.
			create := gql[2]
			for n := range int64(3) {
				b, status, err := post(base+graphqlPath, h.AdminToken, create.body(n))
				if _, aerr := graphqlAnswer(b, status); err != nil || aerr != nil {
					t.Errorf("create %d: %v %v", n, err, aerr)
				}
				b, status, err = post(base+create.twin.kiln, h.AdminToken, create.twin.body(n))
				if err != nil || status != 201 {
					t.Errorf("REST create %d: %d %v %s", n, status, err, b)
				}
			}
			// Broken or short queries fail the check.
			for name, q := range map[string]string{
				"an unknown field": strings.Replace(gqlListQuery, "capacity", "capacityy", 1),
				"a smaller page":   strings.Replace(gqlListQuery, "pageSize: 25", "pageSize: 5", 1),
				"fewer modules":    strings.Replace(gqlNestedQuery, "modules(pagination: {limit: 100})", "modules(pagination: {limit: 1})", 1),
			} {
				pairs := listPairs
				if strings.Contains(q, "modules") {
					pairs = nestedPairs
				}
				if err := checkGraphQL(base, h.AdminToken, gqlBody(q, nil), restPath(rest, 2), pairs); err == nil {
					t.Errorf("%s: the check passed", name)
				}
			}
		})
}

// TestZonePageAnswersAsREST holds scenario 13 to a real Kiln on
// testdata/graphql: the pages seeded as the benchmark seeds them answer
// the GraphQL query and its REST equivalent with the same entries at
// every level.
func TestZonePageAnswersAsREST(t *testing.T) {
	eachGraphQL(t, func(t *testing.T, d database.Dialect) config.Config {
		return apptest.ProjectConfig(t, d, "graphql", "src")
	},
		func(t *testing.T, h *apptest.Harness, base string) {
			if err := seedZonePages(base, h.AdminToken, 12); err != nil {
				t.Fatal(err)
			}
			sc := gqlRead(13, "13", gqlPageQuery, 0, restPagePath, pagePairs)
			if err := sc.check(base, h.AdminToken); err != nil {
				t.Fatal(err)
			}
			b, _, _ := post(base+graphqlPath, h.AdminToken, sc.query)
			var v any
			json.Unmarshal(b, &v)
			for path, want := range map[string]float64{"data.pages": 10, "data.pages.body": 60, "data.pages.body.cta": 30, "data.pages.seo.social.link": 20} {
				if got := figure(v, path); got != want {
					t.Errorf("%s: %v, want %v", path, got, want)
				}
			}
		})
}

// TestComparePageAgainstAnotherKiln runs -compare-page's comparison of
// two real Kilns on testdata/graphql (Kiln serves Strapi's REST and
// GraphQL): the empty one is seeded through its REST API, its pages are
// the same data as the first's, and the page query is driven on both.
func TestComparePageAgainstAnotherKiln(t *testing.T) {
	var bases [2]string
	var tokens [2]string
	for i := range bases {
		cfg := apptest.ProjectConfig(t, database.SQLite, "graphql", "src")
		cfg.GraphQL.Enabled = true
		h := apptest.NewWith(t, cfg)
		bases[i], tokens[i] = h.Serve(), h.AdminToken
	}
	if err := seedZonePages(bases[0], tokens[0], zonePages); err != nil {
		t.Fatal(err)
	}
	other := server{name: "other", base: bases[1], token: tokens[1]}
	out, err := printed(t, func() error {
		return comparePage(options{duration: 100 * time.Millisecond, connections: 2, loader: loaderGo},
			server{name: "kiln", base: bases[0], token: tokens[0]}, other)
	})
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.Contains(out, "seeded other with scenario 13's 25 pages") || !strings.Contains(out, "   graphql page   kiln ") {
		t.Errorf("printed\n%s", out)
	}
	if n, err := pageCount(other); n != zonePages || err != nil {
		t.Errorf("the other Kiln holds %d pages (%v), want %d", n, err, zonePages)
	}
}

// TestTwinsRunSideBySide: a GraphQL read is measured right after the
// REST scenario it answers as, the create last.
func TestTwinsRunSideBySide(t *testing.T) {
	rest := scenarios(2, "doc", "Acme", 1, 1, 1, 1)
	var got []int
	for _, sc := range withTwins(rest, graphqlScenarios(2, restPath(rest, 1), restPath(rest, 2))) {
		got = append(got, sc.n)
	}
	if fmt.Sprint(got) != "[1 11 9 2 12 3 4 5 6 14]" {
		t.Errorf("order %v", got)
	}
}
