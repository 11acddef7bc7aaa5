package graphql

import (
	"fmt"

	"github.com/kiln-cms/kiln/internal/jsonw"
	"github.com/vektah/gqlparser/v2/ast"
)

// appendIntrospection appends the JSON value of f, a root __schema or
// __type(name:) field, as graphql-js 16 would answer the same selection
// on the same schema: null for an unknown type name. It does not depend on
// Kiln's content, only on the gqlparser schema and a validated selection.
func appendIntrospection(b []byte, s *ast.Schema, f *ast.Field, vars map[string]any) ([]byte, error) {
	w := &introspectWriter{s: s, info: introspectInfoFor(s), vars: vars, b: b}
	switch f.Name {
	case "__schema":
		w.schema(f.SelectionSet)
	case "__type":
		name, _ := introspectArg(f, "name", vars).(string)
		w.namedType(f.SelectionSet, name)
	default:
		return b, fmt.Errorf("graphql: %q is not an introspection field", f.Name)
	}
	if w.err != nil {
		return b, w.err
	}
	return w.b, nil
}

// introspectWriter answers one introspection field into b; the first
// field the selection asks of an introspection type that it does not
// know becomes err (validation should have refused it).
type introspectWriter struct {
	s    *ast.Schema
	info *introspectInfo
	vars map[string]any
	b    []byte
	err  error
}

// object writes one object of the introspection type typeName, its keys
// in the selection's order; value writes the field f asks for.
func (w *introspectWriter) object(set ast.SelectionSet, typeName string, value func(f *ast.Field)) {
	w.b = append(w.b, '{')
	for i, f := range collectFields(w.s, set, typeName, w.vars) {
		if i > 0 {
			w.b = append(w.b, ',')
		}
		w.b = jsonw.AppendString(w.b, responseKey(f))
		w.b = append(w.b, ':')
		if f.Name == "__typename" {
			w.str(typeName)
			continue
		}
		value(f)
	}
	w.b = append(w.b, '}')
}

func (w *introspectWriter) unknown(typeName string, f *ast.Field) {
	w.null()
	if w.err == nil {
		w.err = fmt.Errorf("graphql: introspection type %s has no field %q", typeName, f.Name)
	}
}

func (w *introspectWriter) schema(set ast.SelectionSet) {
	w.object(set, "__Schema", func(f *ast.Field) {
		switch f.Name {
		case "description":
			w.optStr(w.s.Description)
		case "types":
			types := w.info.types
			w.list(len(types), func(i int) { w.definition(f.SelectionSet, types[i]) })
		case "queryType":
			w.definition(f.SelectionSet, w.s.Query)
		case "mutationType":
			w.definition(f.SelectionSet, w.s.Mutation)
		case "subscriptionType":
			w.definition(f.SelectionSet, w.s.Subscription)
		case "directives":
			w.directives(f)
		default:
			w.unknown("__Schema", f)
		}
	})
}

// directives follows graphql-js 16.15: deprecated directives are left
// out unless includeDeprecated is true (an argument gqlparser's prelude
// gains only through introspectAddGraphQLJSFields).
func (w *introspectWriter) directives(f *ast.Field) {
	all := introspectArg(f, "includeDeprecated", w.vars) == true
	var list []*ast.DirectiveDefinition
	for _, d := range w.info.directives {
		if _, deprecated := introspectDeprecation(d.Directives); all || !deprecated {
			list = append(list, d)
		}
	}
	w.list(len(list), func(i int) { w.directive(f.SelectionSet, list[i]) })
}

func (w *introspectWriter) directive(set ast.SelectionSet, d *ast.DirectiveDefinition) {
	w.object(set, "__Directive", func(f *ast.Field) {
		switch f.Name {
		case "name":
			w.str(d.Name)
		case "description":
			w.optStr(d.Description)
		case "isRepeatable":
			w.bool(d.IsRepeatable)
		case "locations":
			w.list(len(d.Locations), func(i int) { w.str(string(d.Locations[i])) })
		case "args":
			w.inputValues(f, introspectArgs(d.Arguments))
		case "isDeprecated", "deprecationReason":
			w.deprecation(f, d.Directives)
		default:
			w.unknown("__Directive", f)
		}
	})
}

func (w *introspectWriter) field(set ast.SelectionSet, fd *ast.FieldDefinition) {
	w.object(set, "__Field", func(f *ast.Field) {
		switch f.Name {
		case "name":
			w.str(fd.Name)
		case "description":
			w.optStr(fd.Description)
		case "args":
			w.inputValues(f, introspectArgs(fd.Arguments))
		case "type":
			w.typ(f.SelectionSet, fd.Type)
		case "isDeprecated", "deprecationReason":
			w.deprecation(f, fd.Directives)
		default:
			w.unknown("__Field", f)
		}
	})
}

// introspectInput is an argument or an input field: __InputValue.
type introspectInput struct {
	name, description string
	typ               *ast.Type
	defaultValue      *ast.Value
	directives        ast.DirectiveList
}

func introspectArgs(args ast.ArgumentDefinitionList) []introspectInput {
	out := make([]introspectInput, len(args))
	for i, a := range args {
		out[i] = introspectInput{a.Name, a.Description, a.Type, a.DefaultValue, a.Directives}
	}
	return out
}

func introspectInputFields(fields ast.FieldList) []introspectInput {
	out := make([]introspectInput, len(fields))
	for i, f := range fields {
		out[i] = introspectInput{f.Name, f.Description, f.Type, f.DefaultValue, f.Directives}
	}
	return out
}

// inputValues writes args or inputFields, leaving out the deprecated ones
// unless f asks for them with includeDeprecated: true.
func (w *introspectWriter) inputValues(f *ast.Field, values []introspectInput) {
	all := introspectArg(f, "includeDeprecated", w.vars) == true
	var list []introspectInput
	for _, v := range values {
		if _, deprecated := introspectDeprecation(v.directives); all || !deprecated {
			list = append(list, v)
		}
	}
	w.list(len(list), func(i int) { w.inputValue(f.SelectionSet, list[i]) })
}

func (w *introspectWriter) inputValue(set ast.SelectionSet, v introspectInput) {
	w.object(set, "__InputValue", func(f *ast.Field) {
		switch f.Name {
		case "name":
			w.str(v.name)
		case "description":
			w.optStr(v.description)
		case "type":
			w.typ(f.SelectionSet, v.typ)
		case "defaultValue":
			w.defaultValue(v)
		case "isDeprecated", "deprecationReason":
			w.deprecation(f, v.directives)
		default:
			w.unknown("__InputValue", f)
		}
	})
}

func (w *introspectWriter) defaultValue(v introspectInput) {
	if v.defaultValue == nil {
		w.null()
		return
	}
	lit, ok := introspectDefault(w.s, v.defaultValue, v.typ)
	if !ok {
		w.null()
		return
	}
	w.str(lit)
}

func (w *introspectWriter) enumValue(set ast.SelectionSet, ev *ast.EnumValueDefinition) {
	w.object(set, "__EnumValue", func(f *ast.Field) {
		switch f.Name {
		case "name":
			w.str(ev.Name)
		case "description":
			w.optStr(ev.Description)
		case "isDeprecated", "deprecationReason":
			w.deprecation(f, ev.Directives)
		default:
			w.unknown("__EnumValue", f)
		}
	})
}

// deprecation writes isDeprecated or deprecationReason.
func (w *introspectWriter) deprecation(f *ast.Field, dirs ast.DirectiveList) {
	reason, deprecated := introspectDeprecation(dirs)
	if f.Name == "isDeprecated" {
		w.bool(deprecated)
		return
	}
	if !deprecated {
		w.null()
		return
	}
	w.str(reason)
}

// introspectDeprecation is graphql-js's deprecationReason: @deprecated's
// reason, its default when not given. graphql-js reads reason: null as
// not deprecated, and so does this.
func introspectDeprecation(dirs ast.DirectiveList) (reason string, deprecated bool) {
	d := dirs.ForName("deprecated")
	if d == nil {
		return "", false
	}
	arg := d.Arguments.ForName("reason")
	if arg == nil || arg.Value == nil {
		return "No longer supported", true
	}
	if arg.Value.Kind == ast.NullValue {
		return "", false
	}
	return arg.Value.Raw, true
}

// introspectArg is an argument's value, nil when absent: every argument
// of the introspection fields defaults to false or is required.
func introspectArg(f *ast.Field, name string, vars map[string]any) any {
	arg := f.Arguments.ForName(name)
	if arg == nil || arg.Value == nil {
		return nil
	}
	v, err := arg.Value.Value(vars)
	if err != nil {
		return nil
	}
	return v
}
