package graphql

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/kiln-cms/kiln/internal/jsonw"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
	"github.com/vektah/gqlparser/v2/validator"
	"github.com/vektah/gqlparser/v2/validator/rules"
)

// The expected answers under testdata/introspect/queries are graphql-js
// 16's, written by testdata/introspect/record.js from the same schema and
// queries; see that script to record them again.

var introspectTestSchema = sync.OnceValues(func() (*ast.Schema, error) {
	sdl, err := os.ReadFile("testdata/introspect/schema.graphql")
	if err != nil {
		return nil, err
	}
	s, err := gqlparser.LoadSchema(&ast.Source{Name: "schema.graphql", Input: string(sdl)})
	if err != nil {
		return nil, err
	}
	introspectAddGraphQLJSFields(s)
	return s, nil
})

func introspectMustSchema(t testing.TB) *ast.Schema {
	t.Helper()
	s, err := introspectTestSchema()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// introspectLoad parses and validates a query against s as the endpoint
// will, and coerces its variables.
func introspectLoad(s *ast.Schema, query string, raw map[string]any) (*ast.QueryDocument, map[string]any, error) {
	doc, err := parser.ParseQuery(&ast.Source{Name: "query.graphql", Input: query})
	if err != nil {
		return nil, nil, err
	}
	if errs := validator.ValidateWithRules(s, doc, rules.NewDefaultRules()); len(errs) > 0 {
		return nil, nil, errs
	}
	if len(doc.Operations) != 1 {
		return nil, nil, errors.New("want one operation")
	}
	vars, err := validator.VariableValues(s, doc.Operations[0], raw)
	if err != nil {
		return nil, nil, err
	}
	return doc, vars, nil
}

// introspectExecute answers a query whose root fields are all
// introspection fields, as the executor's root loop would.
func introspectExecute(s *ast.Schema, doc *ast.QueryDocument, vars map[string]any) ([]byte, error) {
	b := []byte{'{'}
	for i, f := range collectFields(s, doc.Operations[0].SelectionSet, s.Query.Name, vars) {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonw.AppendString(b, responseKey(f))
		b = append(b, ':')
		if f.Name == "__typename" {
			b = jsonw.AppendString(b, s.Query.Name)
			continue
		}
		var err error
		if b, err = appendIntrospection(b, s, f, vars); err != nil {
			return nil, err
		}
	}
	return append(b, '}'), nil
}

func TestIntrospectionMatchesGraphQLJS(t *testing.T) {
	s := introspectMustSchema(t)
	files, err := filepath.Glob("testdata/introspect/queries/*.graphql")
	if err != nil || len(files) == 0 {
		t.Fatalf("no queries: %v", err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".graphql")
		t.Run(name, func(t *testing.T) {
			got := introspectRun(t, s, strings.TrimSuffix(file, ".graphql"))
			want, err := os.ReadFile(strings.TrimSuffix(file, ".graphql") + ".expected.json")
			if err != nil {
				t.Fatal(err)
			}
			introspectCompare(t, got, want)
		})
	}
}

func introspectRun(t *testing.T, s *ast.Schema, base string) []byte {
	t.Helper()
	query, err := os.ReadFile(base + ".graphql")
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if vars, err := os.ReadFile(base + ".vars.json"); err == nil {
		if err := json.Unmarshal(vars, &raw); err != nil {
			t.Fatal(err)
		}
	}
	doc, vars, err := introspectLoad(s, string(query), raw)
	if err != nil {
		t.Fatal(err)
	}
	got, err := introspectExecute(s, doc, vars)
	if err != nil {
		t.Fatal(err)
	}
	if !json.Valid(got) {
		t.Fatalf("invalid JSON: %s", got)
	}
	return got
}

// introspectCompare checks the values, then the order of every object's
// keys (graphql-js's JSON.stringify keeps the selection's order).
func introspectCompare(t *testing.T, got, want []byte) {
	t.Helper()
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(want, &w); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(g, w) {
		t.Fatalf("differs from graphql-js:\n%s", introspectDiff("$", g, w))
	}
	gk, wk := introspectKeyOrder(t, got), introspectKeyOrder(t, want)
	for i := range min(len(gk), len(wk)) {
		if gk[i] != wk[i] {
			t.Fatalf("key order differs at key %d: got %q, want %q; keys before: %v", i, gk[i], wk[i], wk[max(0, i-8):i])
		}
	}
	if len(gk) != len(wk) {
		t.Fatalf("got %d keys, want %d", len(gk), len(wk))
	}
}

// introspectKeyOrder lists every object's keys in order, each object
// closed by "}", so two texts with the same values compare equal only
// when their keys also come in the same order at every level.
func introspectKeyOrder(t *testing.T, text []byte) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(text))
	var keys []string
	var walk func() error
	walk = func() error {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		switch tok {
		case json.Delim('{'):
			for dec.More() {
				key, err := dec.Token()
				if err != nil {
					return err
				}
				keys = append(keys, key.(string))
				if err := walk(); err != nil {
					return err
				}
			}
			keys = append(keys, "}")
		case json.Delim('['):
			for dec.More() {
				if err := walk(); err != nil {
					return err
				}
			}
		default:
			return nil
		}
		_, err = dec.Token() // the closing delimiter
		return err
	}
	if err := walk(); err != nil {
		t.Fatal(err)
	}
	return keys
}

// introspectDiff names the first path where got and want differ.
func introspectDiff(path string, got, want any) string {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return fmt.Sprintf("%s: got %v, want an object", path, got)
		}
		keys := make([]string, 0, len(w))
		for k := range w {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if d := introspectDiff(path+"."+k, g[k], w[k]); d != "" {
				return d
			}
		}
		if len(g) != len(w) {
			return fmt.Sprintf("%s: got keys %v, want %v", path, introspectKeys(g), keys)
		}
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return fmt.Sprintf("%s: got %s\nwant %s", path, introspectShort(got), introspectShort(want))
		}
		for i := range w {
			if d := introspectDiff(fmt.Sprintf("%s[%d]", path, i), g[i], w[i]); d != "" {
				return d
			}
		}
	default:
		if !reflect.DeepEqual(got, want) {
			return fmt.Sprintf("%s: got %#v, want %#v", path, got, want)
		}
	}
	return ""
}

func introspectKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func introspectShort(v any) string {
	b, _ := json.Marshal(v)
	if len(b) > 600 {
		return string(b[:600]) + "…"
	}
	return string(b)
}
