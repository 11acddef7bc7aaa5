package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/internal/database"
)

// Scenario 7, components: a page of 25 entries of testdata/components'
// page type, each with a 10-block dynamic zone, an SEO component (with a
// social item) and a relation, read with all of it populated. It runs on
// an app of its own (the project's content types and config, a database
// of its own), seeded through the API with a full-access token.

// componentsPath is scenario 7's request.
const componentsPath = "/api/pages?fields[0]=title&pagination[pageSize]=25&populate[seo][populate]=social" +
	"&populate[body][populate]=*&populate[related][fields][0]=title"

// testdataApp makes the data folder and a fresh database of an app of
// its own on testdata/<project> (its content types and config) for db,
// migrates it and creates a full-access API token: the environment of
// its kiln commands, its database's URL and the token.
func testdataApp(o options, db, project string) (env []string, dbURL, token string, err error) {
	return testdataAppTypes(o, db, project, "content-types")
}

// testdataAppTypes is testdataApp with the content types in folder types
// of testdata/<project> (testdata/graphql keeps them in Strapi's src/).
func testdataAppTypes(o options, db, project, types string) (env []string, dbURL, token string, err error) {
	dataDir := filepath.Join(o.work, db+"-"+project)
	os.MkdirAll(dataDir, 0o755)
	dbURL = "sqlite:" + filepath.Join(dataDir, "kiln.db")
	if db == "postgres" {
		if dbURL, err = freshPostgresNamed(o.pgURL, "kiln_bench_"+project); err != nil {
			return nil, "", "", err
		}
	}
	wd, _ := os.Getwd()
	dir := filepath.Join(wd, "testdata", project)
	env = append(projectEnv(dataDir, dbURL),
		"KILN_CONTENT_TYPES_DIR="+filepath.Join(dir, types),
		"KILN_CONFIG_DIR="+filepath.Join(dir, "config"))
	token, err = ownApp(o, env)
	return env, dbURL, token, err
}

// runComponents measures scenario 7 on db against its floor.
func runComponents(o options, db string) error {
	env, dbURL, token, err := testdataApp(o, db, "components")
	if err != nil {
		return err
	}
	k, err := startKilnEnv(o, env, 13381)
	if err != nil {
		return err
	}
	defer k.stop()
	if err := seedComponents(k.base, token); err != nil {
		return err
	}
	sdb, err := database.Open(context.Background(), dbURL)
	if err != nil {
		return err
	}
	defer sdb.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	app := fiber.New(fiber.Config{DisableStartupMessage: true})
	fl := &floor{db: sdb}
	app.Get("/s7", fl.componentsPage)
	go app.Listener(ln)
	defer app.Shutdown()
	sc := scenario{name: "7 components page", kiln: componentsPath, floor: "/s7"}
	kr, err := runLoad(o, k.base+sc.kiln, token, sc)
	if err != nil {
		return err
	}
	fr, err := runLoad(o, "http://"+ln.Addr().String()+sc.floor, token, sc)
	if err != nil {
		return err
	}
	ratio := 0.0
	if fr.rps > 0 {
		ratio = kr.rps / fr.rps
	}
	_, ceil, err := ceilingOf(o, env, token, sdb, getRequest(componentsPath), kr)
	if err != nil {
		return err
	}
	fmt.Printf("   %-28s kiln %8.0f req/s  p50 %-8s p99 %-8s max %-8s err %-4d | floor %8.0f req/s  p99 %-8s | %3.0f%%%s\n",
		sc.name, kr.rps, ms(kr.p50), ms(kr.p99), ms(kr.max), kr.errs, fr.rps, ms(fr.p99), 100*ratio, ceil)
	return nil
}

// tokenPattern finds the token `kiln token create` prints.
var tokenPattern = regexp.MustCompile(`kiln_[A-Za-z0-9_-]+`)

// kilnCmd runs a kiln command with env and returns what it printed.
func kilnCmd(o options, env []string, args ...string) ([]byte, error) {
	cmd := exec.Command(o.kiln, args...)
	cmd.Env = env
	return cmd.CombinedOutput()
}

// seedComponents writes an article and 25 pages, each with a 10-block
// zone (quote, hero with a link, stats, faq with an item, rich text), an
// SEO component with a social item, and the article as related.
func seedComponents(base, token string) error {
	post := func(path string, data map[string]any) (map[string]any, error) {
		b, _ := json.Marshal(map[string]any{"data": data})
		req, _ := http.NewRequest("POST", base+path, bytes.NewReader(b))
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Content-Type", "application/json")
		r, err := http.DefaultClient.Do(req)
		if err != nil {
			return nil, err
		}
		defer r.Body.Close()
		var out map[string]any
		if err := json.NewDecoder(r.Body).Decode(&out); err != nil || r.StatusCode != 201 {
			return nil, fmt.Errorf("seeding %s: %d %v %v", path, r.StatusCode, err, out)
		}
		return out["data"].(map[string]any), nil
	}
	article, err := post("/api/articles", map[string]any{"title": "Source", "seo": map[string]any{"metaTitle": "Source"}})
	if err != nil {
		return err
	}
	for i := range 25 {
		var body []any
		for k := range 10 {
			switch k % 5 {
			case 0:
				body = append(body, map[string]any{"__component": "blocks.quote", "body": fmt.Sprint("Quote ", i, k), "author": "A"})
			case 1:
				body = append(body, map[string]any{"__component": "blocks.hero", "title": fmt.Sprint("Hero ", k), "cta": map[string]any{"url": "/go"}})
			case 2:
				body = append(body, map[string]any{"__component": "blocks.stats", "count": k, "ratio": 1.5, "flag": true, "day": "2024-02-29"})
			case 3:
				body = append(body, map[string]any{"__component": "blocks.faq", "items": []any{map[string]any{"question": "Why?", "answer": "So."}}})
			case 4:
				body = append(body, map[string]any{"__component": "blocks.rich", "body": "# Title\n\ntext"})
			}
		}
		if _, err := post("/api/pages", map[string]any{"title": fmt.Sprint("Page ", i), "body": body, "related": []any{article["documentId"]},
			"seo": map[string]any{"metaTitle": fmt.Sprint("Page ", i), "social": []any{map[string]any{"network": "x", "handle": "@kiln"}}}}); err != nil {
			return err
		}
	}
	return nil
}

// componentsPage is scenario 7's floor: the page with its total, then one
// statement per component type of each level and one for the relation,
// each for the whole page, grouped in Go and written by encoding/json.
func (f *floor) componentsPage(c *fiber.Ctx) error {
	ctx := c.UserContext()
	list, total, err := f.page(ctx, `t0."id", t0."document_id", t0."title"`, `"pages" t0`, `1=1`, `LIMIT 25`)
	if err != nil {
		return err
	}
	in := ids(list, "id")
	level := func(holder, field, uid, table, cols, where string) ([]row, error) {
		return f.rows(ctx, `SELECT j."entity_id" AS cmp_owner, c."id"`+cols+` FROM "`+holder+`_cmps" j JOIN "`+table+`" c ON c."id" = j."cmp_id"`+
			` WHERE j."field" = '`+field+`' AND j."component_type" = '`+uid+`' AND j."entity_id" IN (`+where+`) ORDER BY j."entity_id", j."order"`)
	}
	seo, err := level("pages", "seo", "shared.seo", "components_shared_seo", `, c."meta_title", c."meta_description"`, in)
	if err != nil {
		return err
	}
	social, err := level("components_shared_seo", "social", "shared.social", "components_shared_social", `, c."network", c."handle"`, ids(seo, "id"))
	if err != nil {
		return err
	}
	attachOwned(seo, social, "social", false)
	attachOwned(list, seo, "seo", true)
	var zone []row
	for _, z := range []struct{ uid, table, cols string }{
		{"blocks.quote", "components_blocks_quote", `, c."body", c."author"`},
		{"blocks.hero", "components_blocks_hero", `, c."title"`},
		{"blocks.stats", "components_blocks_stats", `, c."count", c."big", c."ratio", c."share", c."flag", c."day", c."at", c."clock", c."extra", c."mail", c."slug"`},
		{"blocks.faq", "components_blocks_faq", ``},
		{"blocks.rich", "components_blocks_rich", `, c."body", c."doc"`},
	} {
		items, err := level("pages", "body", z.uid, z.table, z.cols, in)
		if err != nil {
			return err
		}
		for _, it := range items { // a zone's item names its component first
			zone = append(zone, row{keys: append([]string{"__component"}, it.keys...), vals: append([]any{z.uid}, it.vals...)})
		}
	}
	attachOwned(list, zone, "body", false)
	related, err := f.rows(ctx, `SELECT l."page_id" AS cmp_owner, a."id", a."document_id", a."title" FROM "pages_related_lnk" l JOIN "articles" a ON a."id" = l."article_id"`+
		` WHERE a."published_at" IS NOT NULL AND l."page_id" IN (`+in+`) ORDER BY l."article_ord"`)
	if err != nil {
		return err
	}
	attachOwned(list, related, "related", false)
	return c.JSON(fiber.Map{"data": list, "meta": fiber.Map{"pagination": fiber.Map{"page": 1, "pageSize": 25, "pageCount": (total + 24) / 25, "total": total}}})
}

// attachOwned nests rows under their owner (their cmpOwner column, hidden
// from the JSON): a list, or the first row for a single component.
func attachOwned(parents, children []row, as string, single bool) {
	by := map[int64][]row{}
	for _, ch := range children {
		owner, _ := ch.get("cmpOwner").(int64)
		n := len(ch.keys)
		keys := make([]string, 0, n-1)
		vals := make([]any, 0, n-1)
		for i, k := range ch.keys {
			if k != "cmpOwner" {
				keys, vals = append(keys, k), append(vals, ch.vals[i])
			}
		}
		by[owner] = append(by[owner], row{keys: keys, vals: vals})
	}
	for i := range parents {
		id, _ := parents[i].get("id").(int64)
		list := by[id]
		switch {
		case single && len(list) > 0:
			parents[i].set(as, list[0])
		case single:
			parents[i].set(as, nil)
		case list == nil:
			parents[i].set(as, []row{})
		default:
			parents[i].set(as, list)
		}
	}
}
