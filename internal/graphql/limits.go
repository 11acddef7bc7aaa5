package graphql

import (
	"strconv"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// collect is collectFields on the request's schema and variables.
func (x *exec) collect(set ast.SelectionSet, typeName string) []*ast.Field {
	return collectFields(x.s.Schema.ast, set, typeName, x.vars)
}

// checkLimits refuses, before anything runs, an operation nested deeper
// than DepthLimit (as graphql-depth-limit does for Strapi: introspection
// fields are not counted) and introspection when it is off.
func (s *Server) checkLimits(doc *ast.QueryDocument) []gqlError {
	var out []gqlError
	for _, op := range doc.Operations {
		if s.Config.DepthLimit > 0 {
			if d := depth(op.SelectionSet, 0, map[string]bool{}); d > s.Config.DepthLimit {
				name := op.Name
				out = append(out, gqlError{
					Message:   "'" + name + "' exceeds maximum operation depth of " + strconv.Itoa(s.Config.DepthLimit),
					Locations: at(op.Position), Code: "GRAPHQL_VALIDATION_FAILED"})
			}
		}
		if !s.Config.Introspection {
			if f := introspectionField(op.SelectionSet, map[string]bool{}); f != nil {
				out = append(out, gqlError{
					Message:   "GraphQL introspection is not allowed by Apollo Server, but the query contained __schema or __type. To enable introspection, pass introspection: true to ApolloServer in production",
					Locations: at(f.Position), Code: "GRAPHQL_VALIDATION_FAILED"})
			}
		}
	}
	return out
}

// depth is the deepest field nesting of set, fragments followed once per
// path.
func depth(set ast.SelectionSet, d int, seen map[string]bool) int {
	deepest := d
	for _, sel := range set {
		var sub int
		switch t := sel.(type) {
		case *ast.Field:
			if strings.HasPrefix(t.Name, "__") {
				continue
			}
			if len(t.SelectionSet) == 0 {
				sub = d
			} else {
				sub = depth(t.SelectionSet, d+1, seen)
			}
		case *ast.InlineFragment:
			sub = depth(t.SelectionSet, d, seen)
		case *ast.FragmentSpread:
			if t.Definition == nil || seen[t.Name] {
				continue
			}
			seen[t.Name] = true
			sub = depth(t.Definition.SelectionSet, d, seen)
			delete(seen, t.Name)
		}
		deepest = max(deepest, sub)
	}
	return deepest
}

// introspectionField is the first __schema or __type field of set.
func introspectionField(set ast.SelectionSet, seen map[string]bool) *ast.Field {
	for _, sel := range set {
		switch t := sel.(type) {
		case *ast.Field:
			if t.Name == "__schema" || t.Name == "__type" {
				return t
			}
			if f := introspectionField(t.SelectionSet, seen); f != nil {
				return f
			}
		case *ast.InlineFragment:
			if f := introspectionField(t.SelectionSet, seen); f != nil {
				return f
			}
		case *ast.FragmentSpread:
			if t.Definition != nil && !seen[t.Name] {
				seen[t.Name] = true
				if f := introspectionField(t.Definition.SelectionSet, seen); f != nil {
					return f
				}
			}
		}
	}
	return nil
}

func at(p *ast.Position) []gqlerror.Location {
	if p == nil {
		return nil
	}
	return []gqlerror.Location{{Line: p.Line, Column: p.Column}}
}
