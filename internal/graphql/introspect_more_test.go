package graphql

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

func TestIntrospectJSNumber(t *testing.T) {
	for f, want := range map[float64]string{
		0: "0", math.Copysign(0, -1): "0", 1.5: "1.5", 1500: "1500", 100: "100",
		1e21: "1e+21", 1e-7: "1e-7", 0.000001: "0.000001", 1.2345e-10: "1.2345e-10",
		-2.5e25: "-2.5e+25", 123456789012345680000: "123456789012345680000",
		0.1: "0.1", 1.0 / 3: "0.3333333333333333", -42: "-42",
	} {
		if got := introspectJSNumber(f); got != want {
			t.Errorf("%v: got %s, want %s", f, got, want)
		}
	}
}

// graphql-js 16.15 hides deprecated directives unless asked; its SDL
// parser cannot declare one, so this is checked here rather than recorded.
func TestIntrospectionDeprecatedDirective(t *testing.T) {
	s, err := gqlparser.LoadSchema(&ast.Source{Name: "d.graphql", Input: `
		type Query { a: Int }
		directive @old(x: Int) @deprecated(reason: "Gone.") on FIELD_DEFINITION
		directive @new on FIELD_DEFINITION`})
	if err != nil {
		t.Fatal(err)
	}
	introspectAddGraphQLJSFields(s)
	introspectAddGraphQLJSFields(s) // idempotent
	doc, vars, err := introspectLoad(s, `{ __schema {
		live: directives { name }
		all: directives(includeDeprecated: true) { name isDeprecated deprecationReason }
	} }`, nil)
	if err != nil {
		t.Fatal(err)
	}
	got, err := introspectExecute(s, doc, vars)
	if err != nil {
		t.Fatal(err)
	}
	introspectCompare(t, got, []byte(`{"__schema":{
		"live":[{"name":"new"},{"name":"include"},{"name":"skip"},{"name":"deprecated"},{"name":"specifiedBy"},{"name":"oneOf"}],
		"all":[{"name":"old","isDeprecated":true,"deprecationReason":"Gone."},
			{"name":"new","isDeprecated":false,"deprecationReason":null},
			{"name":"include","isDeprecated":false,"deprecationReason":null},
			{"name":"skip","isDeprecated":false,"deprecationReason":null},
			{"name":"deprecated","isDeprecated":false,"deprecationReason":null},
			{"name":"specifiedBy","isDeprecated":false,"deprecationReason":null},
			{"name":"oneOf","isDeprecated":false,"deprecationReason":null}]}}`))
}

// Without introspectAddGraphQLJSFields, answers that do not touch the
// directive fields graphql-js 16.15 added are the same.
func TestIntrospectionWithGqlparserPrelude(t *testing.T) {
	sdl, err := os.ReadFile("testdata/introspect/schema.graphql")
	if err != nil {
		t.Fatal(err)
	}
	s, err := gqlparser.LoadSchema(&ast.Source{Name: "schema.graphql", Input: string(sdl)})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"aliases", "kinds", "wrappers", "fragments"} {
		base := filepath.Join("testdata/introspect/queries", name)
		want, err := os.ReadFile(base + ".expected.json")
		if err != nil {
			t.Fatal(err)
		}
		introspectCompare(t, introspectRun(t, s, base), want)
	}
}

func TestIntrospectionRefusesOtherFields(t *testing.T) {
	s := introspectMustSchema(t)
	in := []byte("x")
	out, err := appendIntrospection(in, s, &ast.Field{Name: "me"}, nil)
	if err == nil || string(out) != "x" {
		t.Fatalf("root me: %s, %v", out, err)
	}
	bad := &ast.Field{Name: "__schema", SelectionSet: ast.SelectionSet{&ast.Field{Name: "nope"}}}
	if _, err := appendIntrospection(nil, s, bad, nil); err == nil {
		t.Fatal("unknown __Schema field: no error")
	}
}

// FuzzIntrospection runs any query that gqlparser validates against the
// test schema and whose root fields are all introspection fields: it must
// not panic, must not fail, and must give valid JSON.
func FuzzIntrospection(f *testing.F) {
	files, _ := filepath.Glob("testdata/introspect/queries/*.graphql")
	for _, file := range files {
		q, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(q))
	}
	f.Add(`{ __type(name: "Defaults") { inputFields { defaultValue } } }`)
	f.Add(`query($n: String = "Status") { __type(name: $n) { enumValues { name } } }`)
	s := introspectMustSchema(f)
	f.Fuzz(func(t *testing.T, query string) {
		doc, vars, err := introspectLoad(s, query, nil)
		if err != nil || doc.Operations[0].Operation != ast.Query {
			return
		}
		for _, field := range collectFields(s, doc.Operations[0].SelectionSet, "Query", vars) {
			if !strings.HasPrefix(field.Name, "__") {
				return
			}
		}
		got, err := introspectExecute(s, doc, vars)
		if err != nil {
			t.Fatalf("%q: %v", query, err)
		}
		if !json.Valid(got) {
			t.Fatalf("%q: invalid JSON %s", query, got)
		}
	})
}
