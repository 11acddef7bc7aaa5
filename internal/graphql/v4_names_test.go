package graphql_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// v4NamesProject is a project whose fields take the names of v4's:
// thing has attributes and data of its own, other a private attributes
// and a to-many relation named data.
var v4NamesProject = map[string]string{
	"thing": `{"kind": "collectionType", "collectionName": "things",
		"info": {"singularName": "thing", "pluralName": "things", "displayName": "Thing"},
		"options": {"draftAndPublish": false},
		"attributes": {"title": {"type": "string"}, "data": {"type": "json"}, "attributes": {"type": "string"}}}`,
	"other": `{"kind": "collectionType", "collectionName": "others",
		"info": {"singularName": "other", "pluralName": "others", "displayName": "Other"},
		"options": {"draftAndPublish": false},
		"attributes": {"name": {"type": "string"}, "attributes": {"type": "string", "private": true},
			"data": {"type": "relation", "relation": "oneToMany", "target": "api::thing.thing"}, "rank": {"type": "integer"}}}`,
}

// TestV4FieldsNamedLikeTheirs: with v4CompatibilityMode, a field of the
// type named attributes or data takes the place of v4's field of that
// name, and answers as the field; a private one leaves v4's field; a
// to-many relation named data is its list there and its _connection in
// its own place. The fields and answers are what Strapi 5.54 gave for
// the same two types (its introspection, and the same mutation and
// query).
func TestV4FieldsNamedLikeTheirs(t *testing.T) {
	src := t.TempDir()
	for name, body := range v4NamesProject {
		dir := filepath.Join(src, "api", name, "content-types", name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "schema.json"), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range []schema.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			t.Parallel()
			cfg := apptest.Config(t, d)
			cfg.Paths.ContentTypes, cfg.Paths.Config = src, t.TempDir()
			cfg.GraphQL.Enabled, cfg.GraphQL.V4CompatibilityMode = true, true
			h := apptest.NewWith(t, cfg)
			for typ, want := range map[string]string{
				"Thing": "id:ID!(Use `documentId` instead) documentId:ID! attributes:String data:JSON title:String " +
					"createdAt:DateTime updatedAt:DateTime publishedAt:DateTime",
				"Other": "id:ID!(Use `documentId` instead) documentId:ID! attributes:Other!(Use root level fields instead) " +
					"data:[Thing]! name:String data_connection:ThingRelationResponseCollection rank:Int " +
					"createdAt:DateTime updatedAt:DateTime publishedAt:DateTime",
			} {
				_, out := gql(t, h, `query($n: String!) { __type(name: $n) { fields(includeDeprecated: true) {
					name deprecationReason type { kind name ofType { kind name ofType { kind name } } } } } }`, map[string]any{"n": typ})
				var got []string
				for _, f := range out["data"].(map[string]any)["__type"].(map[string]any)["fields"].([]any) {
					f := f.(map[string]any)
					s := f["name"].(string) + ":" + typeString(f["type"].(map[string]any))
					if r, ok := f["deprecationReason"].(string); ok {
						s += "(" + r + ")"
					}
					got = append(got, s)
				}
				if strings.Join(got, " ") != want {
					t.Errorf("%s:\n got %s\nwant %s", typ, strings.Join(got, " "), want)
				}
			}
			_, out := gql(t, h, `mutation($d: JSON) { createThing(data: {title: "t1", data: $d, attributes: "x"}) { documentId title data attributes } }`,
				map[string]any{"d": map[string]any{"a": []any{1, 2}}})
			thing, _ := out["data"].(map[string]any)["createThing"].(map[string]any)
			if thing == nil {
				t.Fatalf("createThing: %v", out)
			}
			doc := thing["documentId"]
			delete(thing, "documentId")
			if got := compact(t, thing); got != `{"attributes":"x","data":{"a":[1,2]},"title":"t1"}` {
				t.Errorf("createThing: %s", got)
			}
			// In order: the query reads what the mutation made.
			for _, step := range []struct{ q, want string }{
				{`mutation($t: ID) { createOther(data: {name: "o", attributes: "secret", data: [$t], rank: 2}) { name attributes { name rank attributes { rank } } data { title attributes } data_connection { data { attributes title } nodes { title } } } }`, `{"data":{"createOther":{"attributes":{"attributes":{"rank":2},"name":"o","rank":2},"data":[{"attributes":"x","title":"t1"}],"data_connection":{"data":[{"attributes":"x","title":"t1"}],"nodes":[{"title":"t1"}]},"name":"o"}}}`},
				{`{ others { data(sort: "title") { title } a: attributes { data_connection { nodes { title } } } } }`, `{"data":{"others":[{"a":{"data_connection":{"nodes":[{"title":"t1"}]}},"data":[{"title":"t1"}]}]}}`},
			} {
				if _, out := gql(t, h, step.q, map[string]any{"t": doc}); compact(t, out) != step.want {
					t.Errorf("%s\n got %s\nwant %s", step.q, compact(t, out), step.want)
				}
			}
		})
	}
}

// typeString is an introspected type as SDL writes it.
func typeString(ty map[string]any) string {
	switch ty["kind"] {
	case "NON_NULL":
		return typeString(ty["ofType"].(map[string]any)) + "!"
	case "LIST":
		return "[" + typeString(ty["ofType"].(map[string]any)) + "]"
	}
	return ty["name"].(string)
}
