package graphql_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// TestEveryProjectServesGraphQL serves every project of the repository
// with GraphQL on — each testdata project in each of its layouts (Strapi's
// src/ and Kiln's YAML) and the project `kiln init` writes — and, from
// each schema's own introspection, asks every list of Query for every
// field it can answer without arguments: the schema builds, and every
// query is answered, with no error.
func TestEveryProjectServesGraphQL(t *testing.T) {
	everyProjectServesGraphQL(t, false)
}

// TestEveryProjectServesGraphQLV4 is TestEveryProjectServesGraphQL with
// v4CompatibilityMode on, each list's fields asked at its root and again
// through attributes and data, with id.
func TestEveryProjectServesGraphQLV4(t *testing.T) {
	everyProjectServesGraphQL(t, true)
}

func everyProjectServesGraphQL(t *testing.T, v4 bool) {
	root := apptest.Root(t)
	type project struct{ name, dir, layout string }
	var projects []project
	dirs, _ := filepath.Glob(filepath.Join(root, "testdata", "*"))
	for _, d := range dirs {
		if filepath.Base(d) == "plugin-module" { // its own module, with its plugin (testdata/plugin-module/ci.sh)
			continue
		}
		for _, layout := range []string{"src", "content-types"} {
			if st, err := os.Stat(filepath.Join(d, layout)); err == nil && st.IsDir() {
				projects = append(projects, project{filepath.Base(d) + "/" + layout, d, layout})
			}
		}
	}
	projects = append(projects, project{"kiln init", filepath.Join(root, "internal", "cli", "skeleton"), "content-types"})
	if len(projects) < 15 {
		t.Fatalf("found %d projects", len(projects))
	}
	for _, p := range projects {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			cfg := apptest.Config(t, database.SQLite)
			cfg.Paths.ContentTypes, cfg.Paths.Config = filepath.Join(p.dir, p.layout), filepath.Join(p.dir, "config")
			cfg.GraphQL.Enabled = true
			cfg.GraphQL.V4CompatibilityMode = v4
			h := apptest.NewWith(t, cfg)
			lists := listQueries(t, h, v4)
			if len(lists) == 0 {
				t.Fatal("Query has no list")
			}
			for _, q := range lists {
				st, out := gql(t, h, q, nil)
				if st != 200 || out["errors"] != nil {
					t.Errorf("%s: %d %v", q, st, out["errors"])
				}
			}
		})
	}
}

// listQueries are, from the schema's introspection, a query per list of
// Query (a field whose type is a non-null list and that takes filters),
// selecting every field of its items that takes no argument and is a
// scalar or an enum (v4's id among them); with v4, the same fields again
// through attributes and data.
func listQueries(t *testing.T, h *apptest.Harness, v4 bool) []string {
	t.Helper()
	r := h.Do("POST", "/graphql", map[string]any{"query": `{ __schema { types { name fields(includeDeprecated: true) {
		name args { name } type { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } } }`})
	var out struct {
		Data struct {
			Schema struct {
				Types []struct {
					Name   string
					Fields []struct {
						Name string
						Args []struct{ Name string }
						Type typeRef
					}
				}
			} `json:"__schema"`
		}
	}
	if err := json.Unmarshal(r.Body, &out); err != nil || r.Status != 200 {
		t.Fatalf("introspection: %d %s", r.Status, r.Body)
	}
	types := map[string][]string{}
	self := map[string][]string{} // v4's attributes and data, where no field of the type takes their name
	var query []struct {
		name, item string
	}
	for _, ty := range out.Data.Schema.Types {
		for _, f := range ty.Fields {
			kind, named := f.Type.named()
			if len(f.Args) == 0 && (kind == "SCALAR" || kind == "ENUM") {
				types[ty.Name] = append(types[ty.Name], f.Name)
			}
			if (f.Name == "attributes" || f.Name == "data") && kind == "OBJECT" && named == ty.Name {
				self[ty.Name] = append(self[ty.Name], f.Name)
			}
			if ty.Name == "Query" && f.Type.Kind == "NON_NULL" && f.Type.OfType != nil && f.Type.OfType.Kind == "LIST" && hasArg(f.Args, "filters") {
				query = append(query, struct{ name, item string }{f.Name, named})
			}
		}
	}
	var qs []string
	for _, q := range query {
		fields := strings.Join(types[q.item], " ")
		if v4 {
			if len(self[q.item]) == 0 {
				t.Errorf("%s: no attributes or data with v4CompatibilityMode", q.item)
			}
			for _, name := range self[q.item] {
				fields += " " + name + " { __typename " + fields + " }"
			}
		}
		qs = append(qs, "{ "+q.name+"(pagination: {pageSize: 3}) { __typename "+fields+" } }")
	}
	return qs
}

type typeRef struct {
	Kind, Name string
	OfType     *typeRef
}

// named is the kind and name under a type's list and non-null wrappers.
func (r typeRef) named() (string, string) {
	for r.OfType != nil && (r.Kind == "NON_NULL" || r.Kind == "LIST") {
		r = *r.OfType
	}
	return r.Kind, r.Name
}

func hasArg(args []struct{ Name string }, name string) bool {
	for _, a := range args {
		if a.Name == name {
			return true
		}
	}
	return false
}
