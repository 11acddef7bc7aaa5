package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/kiln-cms/kiln/internal/database"
)

// Scenario 13, a zone-heavy page: 25 pages of testdata/graphql (the
// project Kiln's GraphQL is held to Strapi's on), each with an SEO
// component holding two social items with a link (components three
// deep) and a body zone of six members (heroes with a call to action,
// quotes), read ten at a time through GraphQL and through the REST
// request that answers the same data, on an app of its own (that
// project's content types and config, a database of its own, migrated,
// a full-access API token), seeded through REST. Each side is checked
// once (checkGraphQL), measured, and run as the database alone on its
// own statements; there is no HTTP floor. With -compare-page, the
// GraphQL page is then compared with another server's (comparepage.go).

// gqlPageQuery is scenario 13's GraphQL request.
const gqlPageQuery = `{ pages(pagination: {pageSize: 10}) { title seo { metaTitle social { network link { url } } } ` +
	`body { __typename ... on ComponentBlocksHero { title cta { url } } ... on ComponentBlocksQuote { body author } } } }`

// restPagePath is the same data through REST: the same fields, the zone's
// members through Strapi 5's `on`, and no total (pages, not
// pages_connection, has none).
const restPagePath = "/api/pages?pagination[pageSize]=10&pagination[withCount]=false&fields[0]=title" +
	"&populate[seo][fields][0]=metaTitle&populate[seo][populate][social][fields][0]=network" +
	"&populate[seo][populate][social][populate][link][fields][0]=url" +
	"&populate[body][on][blocks.hero][fields][0]=title&populate[body][on][blocks.hero][populate][cta][fields][0]=url" +
	"&populate[body][on][blocks.quote][fields][0]=body&populate[body][on][blocks.quote][fields][1]=author"

// pagePairs are the counts both answers must hold, level by level.
var pagePairs = figurePairs{
	{"data.pages", "data"},
	{"data.pages.seo", "data.seo"},
	{"data.pages.seo.social", "data.seo.social"},
	{"data.pages.seo.social.link", "data.seo.social.link"},
	{"data.pages.body", "data.body"},
	{"data.pages.body.cta", "data.body.cta"},
}

// runGraphQLPage measures scenario 13 on db: REST, then GraphQL, each
// against the database alone; then, with -compare-page, GraphQL against
// the other server.
func runGraphQLPage(o options, db string) error {
	env, dbURL, token, err := testdataAppTypes(o, db, "graphql", "src")
	if err != nil {
		return err
	}
	k, err := startKilnEnv(o, env, 13387)
	if err != nil {
		return err
	}
	defer k.stop()
	if err := seedZonePages(k.base, token, zonePages); err != nil {
		return err
	}
	sdb, err := database.Open(context.Background(), dbURL)
	if err != nil {
		return err
	}
	defer sdb.Close()
	gql := gqlRead(13, "13 GraphQL zone-heavy page", gqlPageQuery, 0, restPagePath, pagePairs)
	if err := gql.check(k.base, token); err != nil {
		return fmt.Errorf("checked before measuring: %w", err)
	}
	rest := scenario{n: 13, name: "13 REST the same page", kiln: restPagePath}
	rr, err := runLoad(o, k.base+rest.kiln, token, rest)
	if err != nil {
		return err
	}
	gr, err := runLoad(o, k.base+gql.kiln, token, gql)
	if err != nil {
		return err
	}
	_, restCeil, err := ceilingOf(o, env, token, sdb, rest.request(), rr)
	if err != nil {
		return fmt.Errorf("REST, the database alone: %w", err)
	}
	_, gqlCeil, err := ceilingOf(o, env, token, sdb, gql.request(), gr)
	if err != nil {
		return fmt.Errorf("GraphQL, the database alone: %w", err)
	}
	fmt.Printf("   %-28s kiln %8.0f req/s  p50 %-8s p99 %-8s max %-8s err %-4d%s\n",
		rest.name, rr.rps, ms(rr.p50), ms(rr.p99), ms(rr.max), rr.errs, restCeil)
	printGraphQLRow(measured{scenario: gql, kiln: gr}, &rr, "13", gqlCeil)
	if o.comparePage.base != "" {
		kiln := server{name: "kiln", base: k.base, token: token, pid: k.cmd.Process.Pid}
		if err := comparePage(o, kiln, o.comparePage); err != nil {
			return fmt.Errorf("comparing with %s: %w", o.comparePage.base, err)
		}
	}
	return nil
}

// seedZonePages creates n pages, each with an SEO component holding two
// social items with a link, and a body zone of three heroes with a call
// to action and three quotes, alternating.
func seedZonePages(base, token string, n int) error {
	for i := range n {
		var body []any
		for k := range 6 {
			if k%2 == 0 {
				body = append(body, map[string]any{"__component": "blocks.hero", "title": fmt.Sprint("Hero ", i, "-", k), "cta": map[string]any{"url": fmt.Sprint("/go/", k)}})
			} else {
				body = append(body, map[string]any{"__component": "blocks.quote", "body": fmt.Sprint("Quote ", i, "-", k), "author": "A. Writer"})
			}
		}
		data := map[string]any{"title": fmt.Sprint("Page ", i), "body": body,
			"seo": map[string]any{"metaTitle": fmt.Sprint("Page ", i), "social": []any{
				map[string]any{"network": "x", "handle": "kiln", "link": map[string]any{"url": "https://x.com/kiln"}},
				map[string]any{"network": "github", "handle": "kiln_cms", "link": map[string]any{"url": "https://github.com/kiln-cms"}},
			}}}
		b, _ := json.Marshal(map[string]any{"data": data})
		req, _ := http.NewRequest("POST", base+"/api/pages", bytes.NewReader(b))
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		var out bytes.Buffer
		out.ReadFrom(res.Body)
		res.Body.Close()
		if res.StatusCode != 201 {
			return fmt.Errorf("creating a page: %d %.300s", res.StatusCode, out.Bytes())
		}
	}
	return nil
}
