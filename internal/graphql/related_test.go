package graphql_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
)

// TestFileRelatedAnswersAsREST: a file's related (the GenericMorph union)
// lists, for every caller, the entries REST's populate=related lists for
// it, in the same order and with the same types: both versions of a draft
// & publish entry for the admin, the published ones for the public, an
// entry once per field that holds the file, components never; a caller
// who may not read files is refused by both. The union's fragments are
// generated from the schema (one per member that has a documentId).
func TestFileRelatedAnswersAsREST(t *testing.T) {
	eachGraphQL(t, func(t *testing.T, h *apptest.Harness) {
		photo, small := uploadFixture(t, h, "photo.jpg"), uploadFixture(t, h, "small.png")
		h.Create("/api/albums", map[string]any{"title": "A", "cover": photo, "gallery": []int64{small, photo},
			"anything": photo, "seo": map[string]any{"label": "s", "image": photo}})
		h.Create("/api/albums", map[string]any{"title": "B", "gallery": []int64{photo}})
		h.Create("/api/stories", map[string]any{"title": "Published", "cover": photo})
		h.Create("/api/stories?status=draft", map[string]any{"title": "Draft", "gallery": []int64{small, photo}})

		_, out := gql(t, h, `{ __type(name: "GenericMorph") { possibleTypes { name fields { name } } } }`, nil)
		var fragments []string
		for _, ty := range out["data"].(map[string]any)["__type"].(map[string]any)["possibleTypes"].([]any) {
			ty := ty.(map[string]any)
			for _, f := range ty["fields"].([]any) {
				if f.(map[string]any)["name"] == "documentId" {
					fragments = append(fragments, "... on "+ty["name"].(string)+" { documentId }")
				}
			}
		}
		if len(fragments) < 20 {
			t.Fatalf("GenericMorph has %d members with a documentId: %v", len(fragments), out)
		}
		q := `{ uploadFiles(sort: "id") { name related { __typename ` + strings.Join(fragments, " ") + ` } } }`

		user := h.CreateUser("reader", "reader@example.com", "authenticated")
		answers := map[string]string{}
		for _, caller := range []struct {
			name    string
			headers []string
		}{{"admin", nil}, {"public", apptest.As("")}, {"user", apptest.As(user)}} {
			t.Run(caller.name, func(t *testing.T) {
				rest := h.Do("GET", "/api/upload/files?populate=related&sort=id", nil, caller.headers...)
				st, out := gql(t, h, q, nil, caller.headers...)
				if rest.Status == 403 {
					if st != 200 || !strings.Contains(compact(t, out), `"code":"FORBIDDEN"`) {
						t.Errorf("REST refuses the files, GraphQL answers %d %s", st, compact(t, out))
					}
					return
				}
				got, want := graphqlRelated(t, out), restRelated(t, rest.Body)
				if got != want {
					t.Errorf("related:\nGraphQL %s\nREST    %s", got, want)
				}
				answers[caller.name] = got
				// one statement per type holding media, as REST reads it
				gqlN := h.FewestQueries(func() { gql(t, h, q, nil, caller.headers...) })
				restN := h.FewestQueries(func() { h.Do("GET", "/api/upload/files?populate=related&sort=id", nil, caller.headers...) })
				if gqlN != restN {
					t.Errorf("statements: GraphQL %d, REST %d", gqlN, restN)
				}
			})
		}
		// the public sees no draft: Story "Draft", and Story "Published" once
		if a, p := answers["admin"], answers["public"]; strings.Count(a, "Story:") != 4 || strings.Count(p, "Story:") != 1 {
			t.Errorf("stories listed: admin %q, public %q", a, p)
		}
		_, out = gql(t, h, `{ uploadFiles(sort: "id") { name related { __typename ... on Album { title } ... on Story { title } } } }`, nil)
		want := `{"data":{"uploadFiles":[{"name":"photo.jpg","related":[` +
			`{"__typename":"Album","title":"A"},{"__typename":"Album","title":"A"},{"__typename":"Album","title":"B"},` +
			`{"__typename":"Story","title":"Published"},{"__typename":"Story","title":"Published"},` +
			`{"__typename":"Album","title":"A"},{"__typename":"Story","title":"Draft"}]},` +
			`{"name":"small.png","related":[{"__typename":"Album","title":"A"},{"__typename":"Story","title":"Draft"}]}]}}`
		if got := compact(t, out); got != want {
			t.Errorf("the admin's related:\n got %s\nwant %s", got, want)
		}
	})
}

// uploadFixture uploads testdata/graphql/files/name and returns its id.
func uploadFixture(t *testing.T, h *apptest.Harness, name string) int64 {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "graphql", "files", name))
	if err != nil {
		t.Fatal(err)
	}
	r := h.Upload("/api/upload", []apptest.File{{Name: name, Data: data}}, nil)
	if r.Status != 201 {
		t.Fatalf("upload %s: %d %s", name, r.Status, r.Body)
	}
	var files []struct{ ID int64 }
	if err := json.Unmarshal(r.Body, &files); err != nil || len(files) != 1 {
		t.Fatalf("upload answer: %s", r.Body)
	}
	return files[0].ID
}

// graphqlRelated is uploadFiles' related as "name: Type:documentId …; …".
func graphqlRelated(t *testing.T, out map[string]any) string {
	t.Helper()
	data, _ := out["data"].(map[string]any)
	files, ok := data["uploadFiles"].([]any)
	if !ok {
		t.Fatalf("no uploadFiles: %s", compact(t, out))
	}
	var b strings.Builder
	for _, f := range files {
		f := f.(map[string]any)
		b.WriteString(f["name"].(string) + ":")
		for _, e := range f["related"].([]any) {
			e := e.(map[string]any)
			b.WriteString(" " + e["__typename"].(string) + ":" + e["documentId"].(string))
		}
		b.WriteString("; ")
	}
	return b.String()
}

// restRelated is GET /api/upload/files?populate=related's related in
// graphqlRelated's form, each __type's uid named as GraphQL names its
// type (api::album.album is Album, plugin::users-permissions.user
// UsersPermissionsUser).
func restRelated(t *testing.T, body []byte) string {
	t.Helper()
	var files []struct {
		Name    string
		Related []struct {
			DocumentID string
			Type       string `json:"__type"`
		}
	}
	if err := json.Unmarshal(body, &files); err != nil {
		t.Fatalf("REST files: %v: %s", err, body)
	}
	var b strings.Builder
	for _, f := range files {
		b.WriteString(f.Name + ":")
		for _, e := range f.Related {
			b.WriteString(" " + morphTypeName(e.Type) + ":" + e.DocumentID)
		}
		b.WriteString("; ")
	}
	return b.String()
}

func morphTypeName(uid string) string {
	kind, rest, _ := strings.Cut(uid, "::")
	plugin, name, _ := strings.Cut(rest, ".")
	words := strings.FieldsFunc(name, func(r rune) bool { return r == '-' || r == '_' })
	if kind == "plugin" {
		words = append(strings.FieldsFunc(plugin, func(r rune) bool { return r == '-' || r == '_' }), words...)
	}
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, "")
}
