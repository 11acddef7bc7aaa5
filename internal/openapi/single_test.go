package openapi_test

import (
	"path/filepath"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// singleHarness serves the single-types project (testdata/single-types at
// the repository's root): a collection note, the single types homepage
// (no draft & publish) and landing (draft & publish).
func singleHarness(t *testing.T) *apptest.Harness {
	t.Helper()
	cfg := apptest.Config(t, database.SQLite)
	project := filepath.Join(apptest.Root(t), "testdata", "single-types")
	cfg.Paths.ContentTypes = filepath.Join(project, "content-types")
	cfg.Paths.Config = filepath.Join(project, "config")
	return apptest.NewWith(t, cfg)
}

// TestSingleTypeGolden pins the single types' part of the v2 and v1
// documents: one path per type with its three operations, no list, no
// {id}, no create body (PUT creates or updates). Rewrite the files with
// go test ./internal/openapi -run Golden -update.
func TestSingleTypeGolden(t *testing.T) {
	h := singleHarness(t)
	docs := served(t, h)
	for _, name := range []string{"v2", "v1"} {
		doc := decode(t, docs[name])
		schemas := doc["components"].(map[string]any)["schemas"].(map[string]any)
		paths := doc["paths"].(map[string]any)
		prefix := "/api/" + name
		for _, absent := range []string{"/homepages", "/homepage/{id}", "/landings", "/landing/{id}"} {
			if _, ok := paths[prefix+absent]; ok {
				t.Errorf("%s: %s is documented", name, prefix+absent)
			}
		}
		for _, absent := range []string{"homepageList", "homepageCreate", "landingList", "landingCreate"} {
			if _, ok := schemas[absent]; ok {
				t.Errorf("%s: schema %s is written", name, absent)
			}
		}
		part := map[string]any{"schemas": map[string]any{}, "paths": map[string]any{
			prefix + "/homepage": paths[prefix+"/homepage"],
			prefix + "/landing":  paths[prefix+"/landing"],
		}}
		for _, s := range []string{"homepage", "homepageUpdate", "homepageResponse", "landingUpdate", "landingResponse"} {
			part["schemas"].(map[string]any)[s] = schemas[s]
		}
		checkGolden(t, filepath.Join("testdata", "single."+name+".json"), part)
	}
}

// TestSingleTypeAnswersMatchTheDocuments: the documents of a project with
// single types are valid OpenAPI 3.1, and real answers of the single
// types' routes, in both versions, match them.
func TestSingleTypeAnswersMatchTheDocuments(t *testing.T) {
	h := singleHarness(t)
	docs := served(t, h)
	for name, raw := range docs {
		if err := validateAgainstSpecSchema(raw); err != nil {
			t.Errorf("%s: the OpenAPI 3.1 schema: %v", name, err)
		}
	}
	checkers := newCheckers(t, docs)
	h.Create("/api/notes", map[string]any{"title": "A note"})
	calls := []call{
		{"GET", "/api/v2/homepage", nil, false, 404},
		{"PUT", "/api/v2/homepage", map[string]any{"data": map[string]any{"body": "no title"}}, false, 400},
		{"PUT", "/api/v2/homepage", map[string]any{"data": map[string]any{"title": "Home", "featured": 1}}, false, 200},
		{"PUT", "/api/v1/homepage?populate=featured", map[string]any{"data": map[string]any{"body": "Welcome"}}, false, 200},
		{"GET", "/api/v2/homepage?populate=*", nil, true, 200},
		{"GET", "/api/v1/homepage?populate=featured&fields=title", nil, true, 200},
		{"GET", "/api/homepage", nil, true, 200},
		{"PUT", "/api/v2/homepage", map[string]any{"data": map[string]any{"title": "x"}}, true, 401},
		{"DELETE", "/api/v1/homepage", nil, false, 200},
		{"DELETE", "/api/v2/homepage", nil, false, 204},
		{"DELETE", "/api/v1/homepage", nil, false, 204},
		{"PUT", "/api/v2/landing?status=draft", map[string]any{"data": map[string]any{"title": "Soon"}}, false, 200},
		{"GET", "/api/v2/landing?status=draft", nil, false, 200},
		{"GET", "/api/v2/landing", nil, false, 404},
		{"DELETE", "/api/v2/landing", nil, false, 204},
	}
	checkCalls(t, h, checkers, calls)
}

// checkCalls sends each call and checks its status, its answer against its
// document, and (when it succeeds) the request too.
func checkCalls(t *testing.T, h *apptest.Harness, checkers map[string]*checker, calls []call) {
	t.Helper()
	for _, c := range calls {
		name := docOf(c.path)
		req, resp := send(t, h, c)
		if resp.StatusCode != c.status {
			t.Errorf("%s %s: %d, want %d", c.method, c.path, resp.StatusCode, c.status)
			continue
		}
		if err := checkers[name].answer(req, resp); err != nil {
			t.Errorf("%s %s (%s document): the answer does not match:%s", c.method, c.path, name, describe(err))
		}
		if c.status < 400 {
			if err := checkers[name].request(req); err != nil {
				t.Errorf("%s %s (%s document): the request does not match:%s", c.method, c.path, name, describe(err))
			}
		}
	}
}
