package graphql

import (
	"fmt"
	"slices"
	"strings"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/core/schema"
)

// Schema is the GraphQL schema of a project: its SDL, the loaded schema
// gqlparser validates queries against, and the model that answers them.
type Schema struct {
	SDL string
	ast *ast.Schema
	m   *model
}

// Options are the settings of config/graphql.yaml that shape the schema.
type Options struct {
	// V4Compatibility adds what Strapi 5's plugin adds with its
	// v4CompatibilityMode (v4.go): id, attributes and data on the types
	// of content types and components, data and meta on the connections.
	V4Compatibility bool
}

// Build makes the GraphQL schema of the loaded content types, with the
// fields plugins added, in the default mode.
func Build(s *schema.Schema, fields ...plugin.RegisteredField) (*Schema, error) {
	return BuildWith(s, Options{}, fields...)
}

// BuildWith is Build with opts.
func BuildWith(s *schema.Schema, opts Options, fields ...plugin.RegisteredField) (*Schema, error) {
	m := newModel(s, fields)
	m.v4 = opts.V4Compatibility
	w := writeSDL(m)
	full, err := gqlparser.LoadSchema(&ast.Source{Name: "kiln.graphql", Input: w.text(func(string) bool { return true })})
	if err != nil {
		return nil, fmt.Errorf("graphql: the schema does not load%s: %w", pluginsNamed(fields), err)
	}
	if err := checkRows(full, fields); err != nil {
		return nil, fmt.Errorf("graphql: %w", err)
	}
	keep := reachable(full)
	text := w.text(func(name string) bool { return keep[name] })
	parsed, err := gqlparser.LoadSchema(&ast.Source{Name: "kiln.graphql", Input: text})
	if err != nil {
		return nil, fmt.Errorf("graphql: the generated schema does not load: %w", err)
	}
	introspectAddGraphQLJSFields(parsed)
	return &Schema{SDL: text, ast: parsed, m: m}, nil
}

// reachable are the types Query and Mutation reach through fields,
// arguments, input fields and union members: the only ones Strapi's
// schema holds.
func reachable(s *ast.Schema) map[string]bool {
	seen := map[string]bool{}
	var visit func(name string)
	visit = func(name string) {
		def := s.Types[name]
		if def == nil || seen[name] {
			return
		}
		seen[name] = true
		for _, f := range def.Fields {
			visit(f.Type.Name())
			for _, a := range f.Arguments {
				visit(a.Type.Name())
			}
		}
		for _, m := range def.Types {
			visit(m)
		}
	}
	visit("Query")
	visit("Mutation")
	return seen
}

// pluginsNamed names the plugins that added fields, for an error of the
// schema: the generated part comes from a checked schema, so a failure
// is theirs.
func pluginsNamed(fields []plugin.RegisteredField) string {
	var names []string
	for _, f := range fields {
		if !slices.Contains(names, f.Plugin) {
			names = append(names, f.Plugin)
		}
	}
	if len(names) == 0 {
		return ""
	}
	return " with the fields of plugin " + strings.Join(names, ", ")
}
