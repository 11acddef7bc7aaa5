package graphql

import (
	"cmp"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/vektah/gqlparser/v2/ast"
)

// introspectInfo is what graphql-js's GraphQLSchema knows and gqlparser's
// ast.Schema does not: the ordered type map, which built-ins are visible,
// the directive list and each interface's object types.
type introspectInfo struct {
	schema     *ast.Schema
	types      []*ast.Definition
	visible    map[string]bool
	directives []*ast.DirectiveDefinition
	possible   map[string][]*ast.Definition // interface -> objects, in type order
}

// introspectLast caches the info of the last schema introspected: one
// entry, so a replaced schema is never kept alive. Schemas are immutable
// once loaded, so the pointer identifies the content.
var introspectLast atomic.Pointer[introspectInfo]

func introspectInfoFor(s *ast.Schema) *introspectInfo {
	if info := introspectLast.Load(); info != nil && info.schema == s {
		return info
	}
	info := introspectBuild(s)
	introspectLast.Store(info)
	return info
}

// introspectBuild orders the types as graphql-js 16's GraphQLSchema
// constructor does for a schema built from SDL: the SDL's types in
// document order, each followed by the built-in types it is first to
// reference; then the roots' and directive arguments' references; then
// __Schema and the introspection types it reaches. Built-in scalars that
// nothing references are left out, as graphql-js leaves them out.
func introspectBuild(s *ast.Schema) *introspectInfo {
	info := &introspectInfo{
		schema:     s,
		visible:    map[string]bool{},
		directives: introspectDirectives(s),
		possible:   map[string][]*ast.Definition{},
	}
	user := introspectUserTypes(s)
	for _, def := range user {
		info.visible[def.Name] = true
	}
	for _, def := range user {
		info.types = append(info.types, def)
		info.references(def)
	}
	for _, root := range []*ast.Definition{s.Query, s.Mutation, s.Subscription} {
		if root != nil {
			info.collect(root.Name)
		}
	}
	for _, d := range info.directives {
		for _, arg := range d.Arguments {
			info.collect(arg.Type.Name())
		}
	}
	info.collect("__Schema")
	info.indexPossibleTypes()
	return info
}

// collect adds a named type and, depth first, what it references.
func (info *introspectInfo) collect(name string) {
	def := info.schema.Types[name]
	if def == nil || info.visible[name] {
		return
	}
	info.visible[name] = true
	info.types = append(info.types, def)
	info.references(def)
}

func (info *introspectInfo) references(def *ast.Definition) {
	switch def.Kind {
	case ast.Union:
		for _, member := range def.Types {
			info.collect(member)
		}
	case ast.Object, ast.Interface:
		for _, iface := range def.Interfaces {
			info.collect(iface)
		}
		for _, f := range introspectFields(def) {
			info.collect(f.Type.Name())
			for _, arg := range f.Arguments {
				info.collect(arg.Type.Name())
			}
		}
	case ast.InputObject:
		for _, f := range def.Fields {
			info.collect(f.Type.Name())
		}
	}
}

// indexPossibleTypes lists each interface's object types in type order,
// as graphql-js's getPossibleTypes does; gqlparser's PossibleTypes also
// holds the interfaces that implement an interface, which it must not.
func (info *introspectInfo) indexPossibleTypes() {
	for _, def := range info.types {
		if def.Kind != ast.Object {
			continue
		}
		for _, iface := range def.Interfaces {
			info.possible[iface] = append(info.possible[iface], def)
		}
	}
}

// introspectFields are a type's own fields: gqlparser adds __schema and
// __type to the query type, graphql-js lists neither.
func introspectFields(def *ast.Definition) ast.FieldList {
	out := make(ast.FieldList, 0, len(def.Fields))
	for _, f := range def.Fields {
		if !strings.HasPrefix(f.Name, "__") {
			out = append(out, f)
		}
	}
	return out
}

// introspectUserTypes are the types not from gqlparser's prelude, in
// document order. Sources are ordered by name (gqlparser does not keep
// their order), and types built in code without a position come last, by
// name.
func introspectUserTypes(s *ast.Schema) []*ast.Definition {
	var defs []*ast.Definition
	for _, def := range s.Types {
		if !def.BuiltIn {
			defs = append(defs, def)
		}
	}
	slices.SortFunc(defs, func(a, b *ast.Definition) int {
		return introspectComparePos(a.Position, b.Position, a.Name, b.Name)
	})
	return defs
}

func introspectComparePos(a, b *ast.Position, nameA, nameB string) int {
	if (a == nil) != (b == nil) {
		if a == nil {
			return 1
		}
		return -1
	}
	if a != nil {
		if c := cmp.Compare(introspectSrcName(a), introspectSrcName(b)); c != 0 {
			return c
		}
		if c := cmp.Compare(a.Start, b.Start); c != 0 {
			return c
		}
	}
	return cmp.Compare(nameA, nameB)
}

func introspectSrcName(p *ast.Position) string {
	if p.Src == nil {
		return ""
	}
	return p.Src.Name
}

func introspectIsPrelude(p *ast.Position) bool {
	return p != nil && p.Src != nil && p.Src.BuiltIn
}

// introspectSpecified are graphql-js 16's specifiedDirectives, in its
// order. gqlparser's prelude also declares @defer, which graphql-js 16
// does not have: it stays hidden.
var introspectSpecified = []string{"include", "skip", "deprecated", "specifiedBy", "oneOf"}

// introspectDirectives is graphql-js's buildSchema directive list: the
// SDL's own in document order, then the specified ones it did not declare.
func introspectDirectives(s *ast.Schema) []*ast.DirectiveDefinition {
	var out []*ast.DirectiveDefinition
	for _, d := range s.Directives {
		if !introspectIsPrelude(d.Position) {
			out = append(out, d)
		}
	}
	slices.SortFunc(out, func(a, b *ast.DirectiveDefinition) int {
		return introspectComparePos(a.Position, b.Position, a.Name, b.Name)
	})
	for _, name := range introspectSpecified {
		if d := s.Directives[name]; d != nil && introspectIsPrelude(d.Position) {
			out = append(out, d)
		}
	}
	return out
}

// introspectAddGraphQLJSFields gives s's introspection types what
// graphql-js 16.15 has and gqlparser v2.5.64's prelude lacks:
// __Schema.directives(includeDeprecated: Boolean! = false) and
// __Directive's isDeprecated and deprecationReason. Without it
// introspection describes gqlparser's prelude, which is what validation
// accepts; with it both match graphql-js. It modifies s, so call it once
// when the schema is loaded, before s is shared; calling it again is a
// no-op.
func introspectAddGraphQLJSFields(s *ast.Schema) {
	if def := s.Types["__Schema"]; def != nil {
		f := def.Fields.ForName("directives")
		if f != nil && f.Arguments.ForName("includeDeprecated") == nil {
			f.Arguments = append(f.Arguments, &ast.ArgumentDefinition{
				Name:         "includeDeprecated",
				Type:         ast.NonNullNamedType("Boolean", nil),
				DefaultValue: &ast.Value{Kind: ast.BooleanValue, Raw: "false"},
			})
		}
	}
	if def := s.Types["__Directive"]; def != nil && def.Fields.ForName("isDeprecated") == nil {
		def.Fields = append(def.Fields,
			&ast.FieldDefinition{Name: "isDeprecated", Type: ast.NonNullNamedType("Boolean", nil)},
			&ast.FieldDefinition{Name: "deprecationReason", Type: ast.NamedType("String", nil)},
		)
	}
}
