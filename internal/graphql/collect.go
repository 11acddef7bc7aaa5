package graphql

import (
	"slices"

	"github.com/vektah/gqlparser/v2/ast"
)

// collectFields is the spec's CollectFields (§6.3.2) for the object type
// named typeName: the fields a selection set asks of one object, fragments
// flattened and @skip/@include applied, one field per response key in the
// order each key is first seen.
//
// A key asked more than once comes back as a shallow copy of its first
// field whose SelectionSet concatenates every occurrence's, so the caller
// can recurse once per key. The document is never modified: validated
// documents may be cached and shared between goroutines.
func collectFields(s *ast.Schema, set ast.SelectionSet, typeName string, vars map[string]any) []*ast.Field {
	fields, _ := collectFieldsOnce(s, set, typeName, vars)
	return fields
}

// collectFieldsOnce is collectFields, and whether its answer is the same
// for any variables: no selection on the way carried a directive, so a
// validated document may keep it for every request that sends it.
func collectFieldsOnce(s *ast.Schema, set ast.SelectionSet, typeName string, vars map[string]any) ([]*ast.Field, bool) {
	c := collectState{
		schema:   s,
		typeName: typeName,
		vars:     vars,
		index:    map[string]int{},
	}
	c.walk(set)
	return c.fields, !c.directives
}

// responseKey is the name a field's value takes in the answer.
func responseKey(f *ast.Field) string {
	if f.Alias != "" {
		return f.Alias
	}
	return f.Name
}

// collectState is one CollectFields call: the fragments already spread are
// shared by the whole walk, as the spec's visitedFragments is.
type collectState struct {
	schema   *ast.Schema
	typeName string
	vars     map[string]any
	fields   []*ast.Field
	index    map[string]int  // response key -> position in fields
	copied   []bool          // fields[i] is our copy, safe to extend
	visited  map[string]bool // fragment names already spread
	// directives is set when a selection walked had any: @skip and
	// @include may read variables.
	directives bool
}

func (c *collectState) walk(set ast.SelectionSet) {
	for _, sel := range set {
		c.directives = c.directives || len(selectionDirectives(sel)) > 0
		switch sel := sel.(type) {
		case *ast.Field:
			if collectIncluded(sel.Directives, c.vars) {
				c.add(sel)
			}
		case *ast.InlineFragment:
			if collectIncluded(sel.Directives, c.vars) && c.applies(sel.TypeCondition) {
				c.walk(sel.SelectionSet)
			}
		case *ast.FragmentSpread:
			c.spread(sel)
		}
	}
}

// spread follows graphql-js: a skipped spread is not marked visited, so a
// later spread of the same fragment still counts.
func (c *collectState) spread(sel *ast.FragmentSpread) {
	if c.visited[sel.Name] || !collectIncluded(sel.Directives, c.vars) {
		return
	}
	if c.visited == nil {
		c.visited = map[string]bool{}
	}
	c.visited[sel.Name] = true
	frag := sel.Definition
	if frag == nil || !c.applies(frag.TypeCondition) {
		return
	}
	c.walk(frag.SelectionSet)
}

// add appends f under its response key, or merges its sub-selection into
// the field already there.
func (c *collectState) add(f *ast.Field) {
	key := responseKey(f)
	i, seen := c.index[key]
	if !seen {
		c.index[key] = len(c.fields)
		c.fields = append(c.fields, f)
		c.copied = append(c.copied, false)
		return
	}
	if len(f.SelectionSet) == 0 {
		return
	}
	if !c.copied[i] {
		cp := *c.fields[i]
		// A fresh backing array: appending must never reach the document's.
		cp.SelectionSet = slices.Clip(slices.Clone(cp.SelectionSet))
		c.fields[i] = &cp
		c.copied[i] = true
	}
	c.fields[i].SelectionSet = append(c.fields[i].SelectionSet, f.SelectionSet...)
}

// applies is the spec's DoesFragmentTypeApply for an object type: the
// condition names the type itself, an interface it implements or a union
// it belongs to. It reads the definitions rather than the schema's
// PossibleTypes so that a schema built in code without them still works.
func (c *collectState) applies(cond string) bool {
	if cond == "" || cond == c.typeName {
		return true
	}
	def := c.schema.Types[cond]
	if def == nil {
		return false
	}
	switch def.Kind {
	case ast.Union:
		return slices.Contains(def.Types, c.typeName)
	case ast.Interface:
		obj := c.schema.Types[c.typeName]
		return obj != nil && slices.Contains(obj.Interfaces, cond)
	}
	return false
}

// collectIncluded applies @skip and @include as graphql-js does: skipped
// only when if is exactly true, left out only when if is exactly false.
func collectIncluded(dirs ast.DirectiveList, vars map[string]any) bool {
	for _, d := range dirs {
		switch d.Name {
		case "skip":
			if v, ok := collectIf(d, vars); ok && v {
				return false
			}
		case "include":
			if v, ok := collectIf(d, vars); ok && !v {
				return false
			}
		}
	}
	return true
}

// collectIf is the value of a directive's if argument, a literal or a
// variable (whose default applies when it was not given); ok is false when
// it is not a boolean, as for a null or missing variable.
func collectIf(d *ast.Directive, vars map[string]any) (val, ok bool) {
	arg := d.Arguments.ForName("if")
	if arg == nil || arg.Value == nil {
		return false, false
	}
	v, err := arg.Value.Value(vars)
	if err != nil {
		return false, false
	}
	b, ok := v.(bool)
	return b, ok
}

// selectionDirectives are the directives written on a selection.
func selectionDirectives(sel ast.Selection) ast.DirectiveList {
	switch sel := sel.(type) {
	case *ast.Field:
		return sel.Directives
	case *ast.InlineFragment:
		return sel.Directives
	case *ast.FragmentSpread:
		if sel.Definition != nil && len(sel.Definition.Directives) > 0 {
			return sel.Definition.Directives
		}
		return sel.Directives
	}
	return nil
}
