package openapi_test

import (
	"encoding/json"
	"path/filepath"
	"testing"

	validator "github.com/pb33f/libopenapi-validator"

	"github.com/kiln-cms/kiln/core/app/apptest"
	"github.com/kiln-cms/kiln/core/database"
)

// TestStrapiLayoutAnswersMatchTheDocuments: the documents of a project in
// Strapi's layout (testdata/strapi-layout/src: snake_case fields, custom
// fields, blocks) are valid OpenAPI 3.1, and real answers and requests,
// blocks among them, match them.
func TestStrapiLayoutAnswersMatchTheDocuments(t *testing.T) {
	t.Parallel()
	cfg := apptest.Config(t, database.SQLite)
	project := filepath.Join(apptest.Root(t), "testdata", "strapi-layout")
	cfg.Paths.ContentTypes = filepath.Join(project, "src")
	cfg.Paths.Config = filepath.Join(project, "config")
	h := apptest.NewWith(t, cfg)
	validators := map[string]validator.Validator{}
	for name, raw := range served(t, h) {
		doc, err := parse(raw)
		if err != nil {
			t.Fatal(err)
		}
		v, errs := validator.NewValidator(doc)
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		if ok, verrs := v.ValidateDocument(); !ok {
			for _, e := range verrs {
				t.Errorf("%s: %s: %s", name, e.Message, e.Reason)
			}
		}
		validators[name] = v
	}
	var blocks any
	if err := json.Unmarshal([]byte(`[{"type":"heading","level":1,"children":[{"type":"text","text":"T"}]},
		{"type":"paragraph","children":[{"type":"text","text":"x","bold":true},{"type":"link","url":"/a","children":[{"type":"text","text":"a"}]}]}]`), &blocks); err != nil {
		t.Fatal(err)
	}
	film := map[string]any{"data": map[string]any{"title": "Cléo", "is_featured": true, "review": "<p>r</p>", "poster_colour": "#000000",
		"synopsis": blocks}}
	calls := []call{
		{"POST", "/api/v2/people", map[string]any{"data": map[string]any{"name": "Agnès", "is_actor": true, "signature_colour": "#FFFFFF"}}, false, 201},
		{"POST", "/api/v2/films", film, false, 201},
		{"POST", "/api/v2/films", map[string]any{"data": map[string]any{"title": "Empty", "synopsis": []any{}}}, false, 201},
		{"POST", "/api/v2/films", map[string]any{"data": map[string]any{"title": "None", "synopsis": nil}}, false, 201},
		{"POST", "/api/v2/films", map[string]any{"data": map[string]any{"title": "Bad", "synopsis": []any{map[string]any{"type": "heading"}}}}, false, 400},
		{"GET", "/api/v2/films?populate=director", nil, true, 200},
		{"GET", "/api/v1/films?fields[0]=synopsis&fields[1]=is_featured", nil, true, 200},
		{"GET", "/api/v2/people?populate=films", nil, true, 200},
	}
	for _, c := range calls {
		name := docOf(c.path)
		req, resp := send(t, h, c)
		vreq, _ := send(t, h, c)
		if resp.StatusCode != c.status {
			t.Errorf("%s %s: %d, want %d", c.method, c.path, resp.StatusCode, c.status)
			continue
		}
		if ok, errs := validators[name].ValidateHttpResponse(req, resp); !ok {
			t.Errorf("%s %s (%s document): the answer does not match:%s", c.method, c.path, name, describe(errs))
		}
		if c.status < 400 {
			if ok, errs := validators[name].ValidateHttpRequest(vreq); !ok {
				t.Errorf("%s %s (%s document): the request does not match:%s", c.method, c.path, name, describe(errs))
			}
		}
	}
}
