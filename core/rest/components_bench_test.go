package rest_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/app/apptest"
	"github.com/kiln-cms/kiln/core/database"
)

// The components scenario: a page of 25 entries, each with a 10-block
// dynamic zone, an SEO component (with a social item) and a relation,
// read with everything populated. BenchmarkComponentsPage measures Kiln
// through fiber; BenchmarkComponentsPageFloor the same answer from
// hand-written SQL (the statements Kiln runs, one per component type) and
// encoding/json, in the same process: the ratio of the two is Kiln's share
// of the floor, as kiln-bench reports it for the platform's scenarios.
//
//	go test -run XXX -bench 'ComponentsPage' -benchtime 3s ./core/rest/

const componentsPagePath = "/api/pages?fields[0]=title&pagination[pageSize]=25&populate[seo][populate]=social" +
	"&populate[body][populate]=*&populate[related][fields][0]=title"

// componentsBench is an app of testdata/components with 25 such pages.
func componentsBench(b *testing.B, d database.Dialect) *apptest.Harness {
	h := apptest.NewWith(b, apptest.ProjectConfig(b, d, "components", "content-types"))
	r := h.Do("POST", "/api/articles", map[string]any{"data": map[string]any{"title": "Source", "seo": map[string]any{"metaTitle": "S"}}})
	if r.Status != 201 {
		b.Fatalf("%d %s", r.Status, r.Body)
	}
	article := r.JSON(b)["data"].(map[string]any)["documentId"].(string)
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
		page := map[string]any{"title": fmt.Sprint("Page ", i), "body": body, "related": []any{article},
			"seo": map[string]any{"metaTitle": fmt.Sprint("Page ", i), "social": []any{map[string]any{"network": "x", "handle": "@kiln"}}}}
		if r := h.Do("POST", "/api/pages", map[string]any{"data": page}); r.Status != 201 {
			b.Fatalf("%d %s", r.Status, r.Body)
		}
	}
	return h
}

func benchDialects(b *testing.B, fn func(b *testing.B, h *apptest.Harness)) {
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		b.Run(d.String(), func(b *testing.B) { fn(b, componentsBench(b, d)) })
	}
}

func BenchmarkComponentsPage(b *testing.B) {
	benchDialects(b, func(b *testing.B, h *apptest.Harness) {
		b.ReportAllocs()
		b.ResetTimer()
		for range b.N {
			req := httptest.NewRequest("GET", componentsPagePath, nil)
			resp, err := h.App.Fiber.Test(req, -1)
			if err != nil || resp.StatusCode != 200 {
				b.Fatal(err, resp.StatusCode)
			}
			resp.Body.Close()
		}
	})
}

func BenchmarkComponentsPageFloor(b *testing.B) {
	benchDialects(b, func(b *testing.B, h *apptest.Harness) {
		b.ReportAllocs()
		b.ResetTimer()
		for range b.N {
			if _, err := componentsFloor(context.Background(), h.App.DB); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// componentsFloor answers componentsPagePath by hand: the page with its
// count, then one statement per component type and one for the relation,
// each for the whole page, grouped in Go and written by encoding/json.
func componentsFloor(ctx context.Context, db *database.DB) ([]byte, error) {
	rows := func(q string, args ...any) ([]map[string]any, error) {
		rs, err := db.QueryContext(ctx, q, args...)
		if err != nil {
			return nil, err
		}
		defer rs.Close()
		cols, _ := rs.Columns()
		var out []map[string]any
		for rs.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rs.Scan(ptrs...); err != nil {
				return nil, err
			}
			m := make(map[string]any, len(cols))
			for i, c := range cols {
				m[c] = vals[i]
			}
			out = append(out, m)
		}
		return out, rs.Err()
	}
	pages, err := rows(`SELECT id, document_id, title, COUNT(*) OVER () AS total FROM pages ORDER BY id LIMIT 25`)
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(pages))
	byID := map[int64]map[string]any{}
	for i, p := range pages {
		id := p["id"].(int64)
		ids[i] = fmt.Sprint(id)
		byID[id] = p
		delete(p, "total")
	}
	in := "(" + strings.Join(ids, ",") + ")"
	attach := func(q, field string, list bool) error {
		got, err := rows(q)
		if err != nil {
			return err
		}
		for _, r := range got {
			owner := byID[r["entity_id"].(int64)]
			delete(r, "entity_id")
			delete(r, "ord")
			if list {
				l, _ := owner[field].([]any)
				owner[field] = append(l, r)
			} else {
				owner[field] = r
			}
		}
		return nil
	}
	cmp := func(table, uid, field, cols string) string {
		return `SELECT j.entity_id, j."order" AS ord, c.id` + cols + ` FROM pages_cmps j JOIN ` + table + ` c ON c.id = j.cmp_id WHERE j.field = '` +
			field + `' AND j.component_type = '` + uid + `' AND j.entity_id IN ` + in + ` ORDER BY j.entity_id, j."order"`
	}
	if err := attach(cmp("components_shared_seo", "shared.seo", "seo", `, c.meta_title AS "metaTitle", c.meta_description`), "seo", false); err != nil {
		return nil, err
	}
	for _, c := range []struct{ table, uid, cols string }{
		{"components_blocks_quote", "blocks.quote", ", c.body, c.author"},
		{"components_blocks_hero", "blocks.hero", ", c.title"},
		{"components_blocks_rich", "blocks.rich", ", c.body, c.doc"},
		{"components_blocks_stats", "blocks.stats", ", c.count, c.big, c.ratio, c.share, c.flag, c.day, c.at, c.clock, c.extra, c.mail, c.slug"},
		{"components_blocks_faq", "blocks.faq", ""},
	} {
		if err := attach(cmp(c.table, c.uid, "body", `, '`+c.uid+`' AS __component`+c.cols), "body", true); err != nil {
			return nil, err
		}
	}
	// The seo's social items and the zone's nested fields, one level down.
	for _, q := range []string{
		`SELECT j.entity_id, c.id, c.network, c.handle FROM components_shared_seo_cmps j JOIN components_shared_social c ON c.id = j.cmp_id ORDER BY j."order"`,
		`SELECT j.entity_id, c.id, c.url, c.label FROM components_blocks_hero_cmps j JOIN components_shared_link c ON c.id = j.cmp_id`,
		`SELECT j.entity_id, c.id, c.question, c.answer FROM components_blocks_faq_cmps j JOIN components_blocks_qa c ON c.id = j.cmp_id ORDER BY j."order"`,
		`SELECT l.quote_id AS entity_id, a.id, a.title FROM components_blocks_quote_sources_lnk l JOIN articles a ON a.id = l.article_id`,
		`SELECT l.page_id AS entity_id, a.id, a.document_id, a.title FROM pages_related_lnk l JOIN articles a ON a.id = l.article_id WHERE a.published_at IS NOT NULL AND l.page_id IN ` + in,
	} {
		if _, err := rows(q); err != nil {
			return nil, err
		}
	}
	return json.Marshal(map[string]any{"data": pages, "meta": map[string]any{"pagination": map[string]any{"page": 1, "pageSize": 25}}})
}
