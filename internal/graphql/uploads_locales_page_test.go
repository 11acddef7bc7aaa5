package graphql_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/internal/apptest"
)

func TestUploadFileMutations(t *testing.T) {
	eachGraphQL(t, func(t *testing.T, h *apptest.Harness) {
		data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "graphql", "files", "notes.txt"))
		if err != nil {
			t.Fatal(err)
		}
		r := h.Upload("/api/upload", []apptest.File{{Name: "notes.txt", Data: data}}, nil)
		if r.Status != 201 {
			t.Fatalf("upload: %d %s", r.Status, r.Body)
		}
		var files []map[string]any
		if err := json.Unmarshal(r.Body, &files); err != nil || len(files) != 1 {
			t.Fatalf("upload answer: %s", r.Body)
		}
		id := strconv.FormatInt(int64(files[0]["id"].(float64)), 10)
		_, out := gql(t, h, `mutation($id: ID!) { updateUploadFile(id: $id, info: {alternativeText: "Notes", caption: "c"}) { name alternativeText caption } }`, map[string]any{"id": id})
		if got := compact(t, out); got != `{"data":{"updateUploadFile":{"alternativeText":"Notes","caption":"c","name":"notes.txt"}}}` {
			t.Errorf("update: %s", got)
		}
		_, out = gql(t, h, `mutation($id: ID!) { deleteUploadFile(id: $id) { name } }`, map[string]any{"id": id}, "Authorization", apptest.Anonymous)
		if got := compact(t, out); !strings.Contains(got, `"code":"FORBIDDEN"`) {
			t.Errorf("delete by the public: %s", got)
		}
		_, out = gql(t, h, `mutation($id: ID!) { deleteUploadFile(id: $id) { name } }`, map[string]any{"id": id})
		if got := compact(t, out); got != `{"data":{"deleteUploadFile":{"name":"notes.txt"}}}` {
			t.Errorf("delete: %s", got)
		}
		_, out = gql(t, h, `{ uploadFiles { name } }`, nil)
		if got := compact(t, out); got != `{"data":{"uploadFiles":[]}}` {
			t.Errorf("after delete: %s", got)
		}
	})
}

func TestLocales(t *testing.T) {
	eachGraphQL(t, func(t *testing.T, h *apptest.Harness) {
		_, out := gql(t, h, `{ i18NLocales(sort: "code:desc") { code name } c: i18NLocales_connection(filters: {code: {eq: "en"}}) { nodes { code } pageInfo { total } } }`, nil)
		want := `{"data":{"c":{"nodes":[{"code":"en"}],"pageInfo":{"total":1}},"i18NLocales":[{"code":"fr","name":"French (fr)"},{"code":"en","name":"English (en)"}]}}`
		if got := compact(t, out); got != want {
			t.Errorf("\n got %s\nwant %s", got, want)
		}
		_, out = gql(t, h, `{ i18NLocales { code } }`, nil, "Authorization", apptest.Anonymous)
		if got := compact(t, out); !strings.Contains(got, `"code":"FORBIDDEN"`) || !strings.Contains(got, `"data":null`) {
			t.Errorf("the public: %s", got)
		}
	})
}

// TestThePlaygroundPage: with playground on, a browser gets GraphiQL's
// page and its assets from the endpoint, under a same-origin CSP, and
// clients still get GraphQL; with it off (the default) a browser gets
// GraphQL's answer.
func TestThePlaygroundPage(t *testing.T) {
	t.Run("on", playgroundOn)
	t.Run("off", func(t *testing.T) {
		eachGraphQL(t, func(t *testing.T, h *apptest.Harness) {
			r := h.Do("GET", "/graphql", nil, "Accept", "text/html")
			if strings.HasPrefix(r.Header.Get("Content-Type"), "text/html") {
				t.Errorf("playground off: the page was served")
			}
		})
	})
}

func playgroundOn(t *testing.T) {
	eachGraphQLWith(t, func(cfg *config.Config) { cfg.GraphQL.Playground = true }, func(t *testing.T, h *apptest.Harness) {
		r := h.Do("GET", "/graphql", nil, "Accept", "text/html,application/xhtml+xml")
		if r.Status != 200 || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/html") ||
			!strings.Contains(r.Header.Get("Content-Security-Policy"), "default-src 'none'") {
			t.Fatalf("page: %d %v", r.Status, r.Header)
		}
		assets := regexp.MustCompile(`_playground/([^"]+)"`).FindAllStringSubmatch(string(r.Body), -1)
		if len(assets) < 2 {
			t.Errorf("the page names %d assets: %s", len(assets), r.Body)
		}
		for _, name := range assets {
			a := h.Do("GET", "/graphql/_playground/"+name[1], nil)
			if a.Status != 200 {
				t.Errorf("asset %s: %d", name[1], a.Status)
			}
		}
		if r := h.Do("POST", "/graphql", map[string]any{"query": "{ __typename }"}); string(r.Body) != `{"data":{"__typename":"Query"}}` {
			t.Errorf("a client beside the page: %d %s", r.Status, r.Body)
		}
	})
}
