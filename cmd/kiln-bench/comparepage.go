package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"strings"
)

// Scenario 13's page against another server (-compare-page URL): the
// zone-heavy page runs on an app of its own (testdata/graphql's types),
// so the -compare server, which holds the platform's large set, cannot
// answer it; a Strapi built as testdata/graphql/README.md says can.
// After Kiln's own rows of scenario 13, the other server is given the
// same 25 pages through its REST API (seedZonePages, as Kiln's were), its
// answer to scenario 13's query is checked as Kiln's is (gqlRead's check
// against its own REST twin), both servers' pages are held to be the
// same data, and the query is driven against each the way compare drives
// the GraphQL list (compareOne: the same loader and settings, each side
// warmed up, one after the other).
//
// Seeding: a server without pages is seeded with the 25; one that holds
// exactly 25 (an earlier run's) is not seeded again, as the pages are
// only read, and is used when they answer as Kiln's do (samePages); any
// other number of pages stops the run, since seeding more would not give
// the same data and the benchmark deletes nothing of another server's.

// zonePages is how many pages scenario 13 seeds on each server.
const zonePages = 25

// comparePageName is the comparison's row.
const comparePageName = "graphql page"

// comparePage compares scenario 13's GraphQL page on kiln, which holds
// seedZonePages' pages, with other, and prints a row with both
// throughputs and their ratio; or a line saying it was skipped, when
// other serves no pages or not scenario 13's query.
func comparePage(o options, kiln, other server) error {
	o.timeout = compareTimeout
	fmt.Printf("   scenario 13's page: %s against %s (%s)\n", kiln.name, other.name, other.base)
	n, err := pageCount(other)
	if err != nil {
		fmt.Printf("   %-14s skipped: %s serves no pages at /api/pages (%v)\n", comparePageName, other.name, err)
		return nil
	}
	switch n {
	case 0:
		if err := seedZonePages(other.base, other.token, zonePages); err != nil {
			return fmt.Errorf("%s: seeding its pages: %w", other.name, err)
		}
		fmt.Printf("   seeded %s with scenario 13's %d pages\n", other.name, zonePages)
	case zonePages:
		fmt.Printf("   %s holds %d pages already (an earlier run's): not seeded again\n", other.name, n)
	default:
		return fmt.Errorf("%s holds %d pages: scenario 13's comparison seeds %d on a server without pages, or reads exactly those %d of an earlier run; empty its pages (a fresh database) and run again",
			other.name, n, zonePages, zonePages)
	}
	page := gqlRead(13, comparePageName, gqlPageQuery, 0, restPagePath, pagePairs)
	if err := page.check(other.base, other.token); err != nil {
		fmt.Printf("   %-14s skipped: %s does not answer scenario 13's query at %s (%v)\n", comparePageName, other.name, graphqlPath, err)
		return nil
	}
	if err := page.check(kiln.base, kiln.token); err != nil {
		return fmt.Errorf("kiln %s: %w", comparePageName, err)
	}
	if err := samePages(kiln, other); err != nil {
		return err
	}
	if err := compareOne(o, kiln, other, comparePageName, func(s server) string { return s.base + graphqlPath }, page); err != nil {
		return err
	}
	printPeakRSS(kiln, other)
	return nil
}

// pageCount is how many pages s holds, from its REST list's total.
func pageCount(s server) (int, error) {
	b, status, err := get(s.base+"/api/pages?pagination[pageSize]=1&fields[0]=title", s.token)
	if err != nil {
		return 0, err
	}
	if status != http.StatusOK {
		return 0, fmt.Errorf("HTTP %d: %.200s", status, b)
	}
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return 0, fmt.Errorf("%w: %.200s", err, b)
	}
	if figure(v, "meta.pagination") != 1 {
		return 0, fmt.Errorf("no meta.pagination.total in %.200s", b)
	}
	return int(figure(v, "meta.pagination.total")), nil
}

// gqlAllPagesQuery is scenario 13's selection over every page (pages of
// 100, the most Strapi's GraphQL answers): what samePages compares.
var gqlAllPagesQuery = strings.Replace(gqlPageQuery, "pageSize: 10", "pageSize: 100", 1)

// samePages holds other's pages to kiln's: scenario 13's selection of
// every page, which names no id, must be the same answer on both, in the
// same order, so that the two servers are measured on the same data (the
// first ten of them).
func samePages(kiln, other server) error {
	var pages [2][]any
	for i, s := range []server{kiln, other} {
		b, status, err := post(s.base+graphqlPath, s.token, gqlBody(gqlAllPagesQuery, nil))
		if err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
		ans, err := graphqlAnswer(b, status)
		if err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
		data, _ := ans.(map[string]any)["data"].(map[string]any)
		pages[i], _ = data["pages"].([]any)
	}
	if len(pages[0]) != len(pages[1]) {
		return fmt.Errorf("%s answers %d pages to scenario 13's selection, %s %d", kiln.name, len(pages[0]), other.name, len(pages[1]))
	}
	for i := range pages[0] {
		if !reflect.DeepEqual(pages[0][i], pages[1][i]) {
			a, _ := json.Marshal(pages[0][i])
			b, _ := json.Marshal(pages[1][i])
			return fmt.Errorf("the pages are not the same data: page %d of %s is %.300s, of %s %.300s", i, kiln.name, a, other.name, b)
		}
	}
	return nil
}
