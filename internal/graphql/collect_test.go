package graphql

import (
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/vektah/gqlparser/v2/ast"
)

// collectLoad validates query against the introspection test schema.
func collectLoad(t *testing.T, query string) (*ast.Schema, *ast.QueryDocument) {
	t.Helper()
	s := introspectMustSchema(t)
	doc, _, err := introspectLoad(s, query, map[string]any{"t": true, "f": false})
	if err != nil {
		t.Fatal(err)
	}
	return s, doc
}

// collectShape writes fields as "key(sub,sub{...})" so a test reads
// the merged tree at a glance.
func collectShape(s *ast.Schema, fields []*ast.Field, vars map[string]any) string {
	var parts []string
	for _, f := range fields {
		part := responseKey(f)
		if len(f.SelectionSet) > 0 && f.Definition != nil {
			sub := collectFields(s, f.SelectionSet, f.Definition.Type.Name(), vars)
			part += "{" + collectShape(s, sub, vars) + "}"
		}
		parts = append(parts, part)
	}
	return strings.Join(parts, ",")
}

func TestCollectFieldsMergesResponseKeys(t *testing.T) {
	s, doc := collectLoad(t, `{
		a: me { id }
		me { name }
		a: me { name }
		... on Query { a: me { articles { id } } me { id } }
		...Q
		...Q
	}
	fragment Q on Query { node(id: 1) { id } a: me { articles { title } } }`)
	set := doc.Operations[0].SelectionSet
	got := collectShape(s, collectFields(s, set, "Query", nil), nil)
	want := "a{id,name,articles{id,title}},me{name,id},node{id}"
	if got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	first := set[0].(*ast.Field)
	if len(first.SelectionSet) != 1 {
		t.Fatalf("the document's field was changed: %d selections", len(first.SelectionSet))
	}
}

func TestCollectFieldsTypeConditions(t *testing.T) {
	s, doc := collectLoad(t, `{ search(text: "x") {
		__typename
		... on Article { title }
		... on Node { id }
		... on Entry { createdAt }
		... on User { name }
		...U
	} }
	fragment U on SearchResult { ... on Comment { text } __typename }`)
	search := doc.Operations[0].SelectionSet[0].(*ast.Field).SelectionSet
	for typeName, want := range map[string]string{
		"Article": "__typename,title,id,createdAt",
		"User":    "__typename,id,name",
		"Comment": "__typename,id,createdAt,text",
		"Orphan":  "__typename",
	} {
		if got := collectShape(s, collectFields(s, search, typeName, nil), nil); got != want {
			t.Errorf("%s: got %s, want %s", typeName, got, want)
		}
	}
}

func TestCollectFieldsSkipInclude(t *testing.T) {
	s, doc := collectLoad(t, `query ($t: Boolean!, $f: Boolean!, $d: Boolean = true) {
		a: __typename @skip(if: $t)
		b: __typename @skip(if: $f)
		c: __typename @include(if: $t)
		d: __typename @include(if: $f)
		e: __typename @include(if: $d)
		f: __typename @skip(if: true) @include(if: true)
		g: __typename @skip(if: false) @include(if: true)
		...F @skip(if: true)
		...F
		... @include(if: $f) { h: __typename }
		... @include(if: $t) { i: __typename }
	}
	fragment F on Query { j: __typename }`)
	set := doc.Operations[0].SelectionSet
	cases := []struct {
		vars map[string]any
		want string
	}{
		{map[string]any{"t": true, "f": false}, "b,c,e,g,j,i"},
		{map[string]any{"t": false, "f": true, "d": false}, "a,d,g,j,h"},
		// graphql-js skips only on true and leaves out only on false: a
		// null or missing variable changes nothing.
		{map[string]any{"t": nil}, "a,b,c,d,e,g,j,h,i"},
	}
	for _, c := range cases {
		if got := collectShape(s, collectFields(s, set, "Query", c.vars), c.vars); got != c.want {
			t.Errorf("vars %v: got %s, want %s", c.vars, got, c.want)
		}
	}
}

func TestCollectFieldsUnknownFragmentIgnored(t *testing.T) {
	s := introspectMustSchema(t)
	// Not validated: no Definition on the spread, a condition on no type.
	set := ast.SelectionSet{
		&ast.FragmentSpread{Name: "Missing"},
		&ast.InlineFragment{TypeCondition: "Nope", SelectionSet: ast.SelectionSet{&ast.Field{Name: "x"}}},
		&ast.Field{Name: "y"},
	}
	if got := collectShape(s, collectFields(s, set, "Query", nil), nil); got != "y" {
		t.Fatalf("got %s", got)
	}
}

func TestResponseKey(t *testing.T) {
	if k := responseKey(&ast.Field{Name: "n"}); k != "n" {
		t.Fatal(k)
	}
	if k := responseKey(&ast.Field{Alias: "a", Name: "n"}); k != "a" {
		t.Fatal(k)
	}
}

// A validated document is shared by every request that sends the same
// query: collecting it from many goroutines must neither race (go test
// -race) nor change it.
func TestCollectFieldsLeavesSharedDocumentAlone(t *testing.T) {
	s, doc := collectLoad(t, `{ a: me { id } a: me { name } ...Q }
		fragment Q on Query { a: me { articles { id } } }`)
	set := doc.Operations[0].SelectionSet
	before := collectDump(set)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 50 {
				fields := collectFields(s, set, "Query", nil)
				if len(fields) != 1 || len(fields[0].SelectionSet) != 3 {
					t.Errorf("got %d fields", len(fields))
					return
				}
			}
		})
	}
	wg.Wait()
	if after := collectDump(set); !reflect.DeepEqual(before, after) {
		t.Fatalf("document changed:\n%v\n%v", before, after)
	}
}

// collectDump records each field's pointer and selection count.
func collectDump(set ast.SelectionSet) []string {
	var out []string
	for _, sel := range set {
		switch sel := sel.(type) {
		case *ast.Field:
			out = append(out, fmt.Sprintf("%p:%d", sel, len(sel.SelectionSet)))
			out = append(out, collectDump(sel.SelectionSet)...)
		case *ast.FragmentSpread:
			out = append(out, collectDump(sel.Definition.SelectionSet)...)
		case *ast.InlineFragment:
			out = append(out, collectDump(sel.SelectionSet)...)
		}
	}
	return out
}
