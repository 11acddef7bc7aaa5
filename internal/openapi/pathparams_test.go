package openapi_test

import (
	"slices"
	"strings"
	"testing"
)

// TestEveryOperationDeclaresItsPathParameters: in every document, each
// operation declares each {name} of its path exactly once, as a required
// path parameter, and no path parameter its path lacks. The names are
// read from the path by splitting it, not as the generator finds them;
// declarations are followed through their $ref to components.parameters.
func TestEveryOperationDeclaresItsPathParameters(t *testing.T) {
	h := newHarness(t)
	for name, raw := range served(t, h) {
		doc := decode(t, raw)
		components := doc["components"].(map[string]any)["parameters"].(map[string]any)
		n := 0
		for key, op := range operations(doc) {
			_, path, _ := strings.Cut(key, " ")
			var want []string
			for _, seg := range strings.Split(path, "/") {
				if open := strings.IndexByte(seg, '{'); open >= 0 {
					want = append(want, seg[open+1:strings.IndexByte(seg, '}')])
				}
			}
			var got []string
			list, _ := op["parameters"].([]any)
			for _, p := range list {
				param := p.(map[string]any)
				if ref, ok := param["$ref"].(string); ok {
					param = components[strings.TrimPrefix(ref, "#/components/parameters/")].(map[string]any)
				}
				if param["in"] != "path" {
					continue
				}
				got = append(got, param["name"].(string))
				if param["required"] != true {
					t.Errorf("%s %s: the path parameter %v is not required", name, key, param["name"])
				}
			}
			slices.Sort(want)
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Errorf("%s %s declares the path parameters %v, want %v", name, key, got, want)
			}
			if len(want) > 0 {
				n++
			}
		}
		if n < 40 {
			t.Errorf("%s: only %d operations with path parameters: the document lost its {id} routes?", name, n)
		}
	}
}
