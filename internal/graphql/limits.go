package graphql

import (
	"strconv"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// collect is collectFields on the request's schema and variables,
// remembered per selection set and type: a list writes the same
// selection for each of its entries.
func (x *exec) collect(set ast.SelectionSet, typeName string) []*ast.Field {
	if len(set) == 0 {
		return nil
	}
	k := collectKey{first: set[0], last: set[len(set)-1], n: len(set), typeName: typeName}
	if fields, ok := x.collected[k]; ok {
		return fields
	}
	if x.doc != nil {
		if fields, ok := x.doc.collected.Load(k); ok {
			return fields.([]*ast.Field)
		}
	}
	fields, stable := collectFieldsOnce(x.s.Schema.ast, set, typeName, x.vars)
	if stable && x.doc != nil {
		x.doc.collected.Store(k, fields)
	}
	if x.collected == nil {
		x.collected = map[collectKey][]*ast.Field{}
	}
	x.collected[k] = fields
	return fields
}

// collectKey names a selection set (by its first and last selections,
// which are in no other set, and its length: a merged set is a new slice
// starting with the same selection, longer, and two merges of sets of the
// same length end apart) and the type it is collected for.
type collectKey struct {
	first, last ast.Selection
	n           int
	typeName    string
}

// checkLimits refuses, before anything runs, an operation nested deeper
// than DepthLimit (as graphql-depth-limit does for Strapi: introspection
// fields are not counted) and introspection when it is off.
func (s *Server) checkLimits(doc *ast.QueryDocument) []gqlError {
	var out []gqlError
	for _, op := range doc.Operations {
		if s.Config.DepthLimit > 0 {
			for _, f := range tooDeep(op.SelectionSet, 0, s.Config.DepthLimit, map[string]bool{}) {
				out = append(out, gqlError{
					Message:   "'" + op.Name + "' exceeds maximum operation depth of " + strconv.Itoa(s.Config.DepthLimit),
					Locations: at(f.Position), Code: "GRAPHQL_VALIDATION_FAILED"})
			}
		}
		if n := selectedFields(op.SelectionSet, maxSelectedFields, map[string]bool{}); n > maxSelectedFields {
			out = append(out, gqlError{
				Message:   "The operation selects more than " + strconv.Itoa(maxSelectedFields) + " fields once its fragments are spread",
				Locations: at(op.Position), Code: "GRAPHQL_VALIDATION_FAILED"})
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

// tooDeep are the fields of set nested deeper than limit, as
// graphql-depth-limit finds them for Strapi: the root's fields are at
// depth 0, introspection fields are not counted (__typename is), fragments are followed
// (once per path).
func tooDeep(set ast.SelectionSet, d, limit int, seen map[string]bool) []*ast.Field {
	var out []*ast.Field
	for _, sel := range set {
		switch t := sel.(type) {
		case *ast.Field:
			if t.Name == "__schema" || t.Name == "__type" {
				continue // introspection is not counted; __typename is
			}
			if d > limit {
				out = append(out, t)
				continue
			}
			out = append(out, tooDeep(t.SelectionSet, d+1, limit, seen)...)
		case *ast.InlineFragment:
			out = append(out, tooDeep(t.SelectionSet, d, limit, seen)...)
		case *ast.FragmentSpread:
			if t.Definition == nil || seen[t.Name] {
				continue
			}
			seen[t.Name] = true
			out = append(out, tooDeep(t.Definition.SelectionSet, d, limit, seen)...)
			delete(seen, t.Name)
		}
	}
	return out
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

// maxSelectedFields bounds the fields one operation selects once its
// fragments are spread: a few hundred bytes of aliases or fragment
// spreads can otherwise ask for millions of fields (alias and fragment
// amplification). Real pages select tens to hundreds.
const maxSelectedFields = 2000

// selectedFields counts the fields of set with its fragments spread,
// stopping past limit.
func selectedFields(set ast.SelectionSet, limit int, seen map[string]bool) int {
	n := 0
	for _, sel := range set {
		if n > limit {
			return n
		}
		switch t := sel.(type) {
		case *ast.Field:
			n += 1 + selectedFields(t.SelectionSet, limit-n, seen)
		case *ast.InlineFragment:
			n += selectedFields(t.SelectionSet, limit-n, seen)
		case *ast.FragmentSpread:
			if t.Definition == nil || seen[t.Name] {
				continue
			}
			seen[t.Name] = true
			n += selectedFields(t.Definition.SelectionSet, limit-n, seen)
			delete(seen, t.Name)
		}
	}
	return n
}
