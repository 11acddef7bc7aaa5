package rest_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/auth"
	"github.com/kiln-cms/kiln/internal/database"
)

// pagesDeep4 is pLevel=4 on testdata/components' pages spelled out by
// hand: the seo component three deep, each zone member with its own
// components and relations and theirs, the opening hours, and the related
// articles with their components; a relation back to article below an
// article is left out, as the plugins leave it.
const pagesDeep4 = "populate[seo][populate][social][populate]=link" +
	"&populate[body][on][blocks.quote][populate][sources][populate]=seo,body" +
	"&populate[body][on][blocks.hero][populate][cta]=true" +
	"&populate[body][on][blocks.hero][populate][article][populate]=seo,body" +
	"&populate[body][on][blocks.rich]=true&populate[body][on][blocks.stats]=true" +
	"&populate[body][on][blocks.faq][populate]=items" +
	"&populate[opening_hours]=true" +
	"&populate[related][populate][seo][populate]=social" +
	"&populate[related][populate][body][on][blocks.quote]=true" +
	"&populate[related][populate][body][on][blocks.hero][populate]=cta"

// seedDeepPages makes n pages of testdata/components holding every kind
// of component, zone member and relation, all leading to one article;
// it returns the first page's documentId.
func seedDeepPages(t testing.TB, h *apptest.Harness, n int) string {
	r := h.Do("POST", "/api/articles", map[string]any{"data": map[string]any{"title": "Source",
		"seo":  map[string]any{"metaTitle": "S", "social": []any{map[string]any{"network": "x", "link": map[string]any{"url": "/s"}}}},
		"body": []any{map[string]any{"__component": "blocks.hero", "title": "In", "cta": map[string]any{"url": "/in"}}}}})
	if r.Status != 201 {
		t.Fatalf("%d %s", r.Status, r.Body)
	}
	article := r.JSON(t)["data"].(map[string]any)["documentId"].(string)
	var first string
	for i := range n {
		page := map[string]any{"title": fmt.Sprint("Page ", i), "related": []any{article},
			"seo": map[string]any{"metaTitle": fmt.Sprint("Page ", i), "social": []any{map[string]any{"network": "x", "handle": "@kiln", "link": map[string]any{"url": "/x"}}}},
			"body": []any{
				map[string]any{"__component": "blocks.hero", "title": "Hero", "cta": map[string]any{"url": "/go"}, "article": article},
				map[string]any{"__component": "blocks.quote", "body": "Q", "sources": []any{article}},
				map[string]any{"__component": "blocks.faq", "items": []any{map[string]any{"question": "Why?"}}},
				map[string]any{"__component": "blocks.rich", "body": "text"},
				map[string]any{"__component": "blocks.stats", "count": i},
			},
			"opening_hours": []any{map[string]any{"day": "monday", "opens": "09:00:00"}}}
		r := h.Do("POST", "/api/pages", map[string]any{"data": page})
		if r.Status != 201 {
			t.Fatalf("%d %s", r.Status, r.Body)
		}
		if first == "" {
			first = r.JSON(t)["data"].(map[string]any)["documentId"].(string)
		}
	}
	return first
}

// TestDeepPopulateAnswersAsSpelledOut: on both databases, each spelling
// of deep populate answers exactly what the same populate spelled out by
// hand answers, with as many statements, a fixed number whatever the
// number of entries (one per populated relation, component and zone
// member kind and level, as explicit populate reads them); depth 2 is
// populate=*, and 1 populates nothing.
func TestDeepPopulateAnswersAsSpelledOut(t *testing.T) {
	t.Parallel()
	eachComponents(t, func(t *testing.T, h *apptest.Harness) {
		doc := seedDeepPages(t, h, 12)
		for _, c := range []struct {
			deep, spelled string
			populates     int64 // statements past the unpopulated read's
		}{
			{"/api/pages?pLevel=4", "/api/pages?" + pagesDeep4, 25},
			{"/api/pages?populate=deep,4", "/api/pages?" + pagesDeep4, 25},
			{"/api/pages?populate[0]=deep&populate[1]=4&pagination[pageSize]=5", "/api/pages?pagination[pageSize]=5&" + pagesDeep4, 25},
			{"/api/pages/" + doc + "?pLevel=4", "/api/pages/" + doc + "?" + pagesDeep4, 25},
			{"/api/pages?pLevel=2", "/api/pages?populate=*", 8},
			{"/api/pages?populate=deep,1", "/api/pages", 0},
		} {
			count := func(path string) (int64, string) {
				n := h.CountQueries()
				r := h.Do("GET", path, nil)
				if r.Status != 200 {
					t.Fatalf("%s: %d %s", path, r.Status, r.Body)
				}
				return n.N(), string(r.Body)
			}
			plain, _, _ := strings.Cut(c.spelled, "?")
			base, _ := count(plain)
			dn, deep := count(c.deep)
			sn, spelled := count(c.spelled)
			if deep != spelled {
				t.Errorf("%s answers otherwise than %s:\n%s\n%s", c.deep, c.spelled, deep, spelled)
			}
			if dn-base != c.populates || sn-base != c.populates {
				t.Errorf("%s: %d statements more than %s, spelled out %d, want %d", c.deep, dn-base, plain, sn-base, c.populates)
			}
		}
	})
}

// TestDeepPopulateUnderReadPermissions: for every role of
// config/permissions.yaml and every type it may list, pLevel=2 answers
// what populating by name each relation, other than one back to the type
// itself, answers: a relation the role may not read is left out of both;
// and at least one such relation was met.
func TestDeepPopulateUnderReadPermissions(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		loadSmall(t, h)
		left := 0
		for _, role := range h.App.Security.Policy.Roles() {
			who := []string{"Authorization", apptest.Anonymous}
			if role.Type != auth.Public {
				who = []string{"Authorization", "Bearer " + h.CreateUser("deep-"+role.Type, role.Type+"@deep.test", role.Type)}
			}
			lists := func(ct *schema.ContentType) bool {
				return h.Do("GET", "/api/"+ct.Plural+"?pagination[pageSize]=1", nil, who...).Status == 200
			}
			for _, ct := range h.App.Schema.Types {
				if ct.Builtin || ct.Kind != schema.CollectionType || !lists(ct) {
					continue
				}
				base := "/api/" + ct.Plural + "?pagination[pageSize]=3&sort=id"
				spelled := base
				for _, a := range ct.Attributes {
					switch {
					case a.IsPrivate() || !(a.IsRelation() || a.IsComponent()) || a.TargetType == ct:
					default:
						if a.Type == schema.Relation && !lists(a.TargetType) {
							left++ // dropped from both, as TestPopulateNotPermitted pins
						}
						spelled += "&populate[" + a.Name + "]=true"
					}
				}
				deep, want := h.Do("GET", base+"&pLevel=2", nil, who...), h.Do("GET", spelled, nil, who...)
				if deep.Status != 200 || string(deep.Body) != string(want.Body) {
					t.Errorf("%s %s: pLevel=2 %d %.300s\n%s: %.300s", role.Type, ct.Name, deep.Status, deep.Body, spelled, want.Body)
				}
			}
		}
		if left == 0 {
			t.Error("no relation was left out for want of permission")
		}
	})
}

// TestDeepPopulateWithinTheBudget: deep populate counts against the
// answer's entry budget as an explicit populate does: refused before
// reading when it would pass it, answered within it.
func TestDeepPopulateWithinTheBudget(t *testing.T) {
	t.Parallel()
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			cfg := apptest.Config(t, d)
			cfg.API.MaxAnswerRows = 2000
			h := apptest.NewWith(t, cfg)
			loadSmall(t, h)
			r := h.Do("GET", "/api/programs?pLevel=5&pagination[pageSize]=100", nil)
			_, name, msg, details := h.ErrorOf(r)
			if r.Status != 400 || name != "ValidationError" || !strings.HasPrefix(msg, "The answer would hold more than 2000 entries") ||
				details["setting"] != "maxAnswerRows" {
				t.Errorf("pLevel=5: %d %s %q %v", r.Status, name, msg, details)
			}
			if r := h.Do("GET", "/api/programs?pLevel=3&pagination[pageSize]=1", nil); r.Status != 200 {
				t.Errorf("pLevel=3 on one program: %d %.300s", r.Status, r.Body)
			}
		})
	}
}

// TestDeepPopulateServerMaximum: a depth above api.yaml's maxDeepPopulate
// is lowered to it, and a depth-less pLevel takes it when it is below 5.
func TestDeepPopulateServerMaximum(t *testing.T) {
	t.Parallel()
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			cfg := apptest.ProjectConfig(t, d, "components", "content-types")
			cfg.API.MaxDeepPopulate = 2
			h := apptest.NewWith(t, cfg)
			seedDeepPages(t, h, 2)
			want := string(h.Do("GET", "/api/pages?populate=*", nil).Body)
			for _, path := range []string{"/api/pages?pLevel=4", "/api/pages?pLevel", "/api/pages?populate=deep,9"} {
				if r := h.Do("GET", path, nil); r.Status != 200 || string(r.Body) != want {
					t.Errorf("%s with a maximum of 2: %d %.300s\nwant populate=*'s %.300s", path, r.Status, r.Body, want)
				}
			}
		})
	}
}
