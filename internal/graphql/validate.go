package graphql

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// What Strapi's plugin refuses at validation beyond the GraphQL spec: its
// custom scalars parse their literals, so a zone member naming no
// component and an unknown locale are 400s before anything runs. The
// messages are graphql-js's, which prints the literal back.

// checkLiterals walks every argument literal of doc against its expected
// type (gqlparser's validator sets it on each value).
func (s *Server) checkLiterals(doc *ast.QueryDocument, locales []string) []gqlError {
	var out []gqlError
	var walk func(v *ast.Value)
	walk = func(v *ast.Value) {
		if v == nil {
			return
		}
		if v.ExpectedType != nil && v.ExpectedType.NamedType != "" { // a list's items are checked one by one
			if msg := s.literalProblem(v, locales); msg != "" {
				out = append(out, gqlError{Message: msg, Locations: valueAt(v), Code: "GRAPHQL_VALIDATION_FAILED"})
				return
			}
		}
		for _, c := range v.Children {
			walk(c.Value)
		}
	}
	var sets func(set ast.SelectionSet)
	sets = func(set ast.SelectionSet) {
		for _, sel := range set {
			switch t := sel.(type) {
			case *ast.Field:
				for _, a := range t.Arguments {
					walk(a.Value)
				}
				sets(t.SelectionSet)
			case *ast.InlineFragment:
				sets(t.SelectionSet)
			}
		}
	}
	for _, op := range doc.Operations {
		sets(op.SelectionSet)
	}
	for _, f := range doc.Fragments {
		sets(f.SelectionSet)
	}
	return out
}

// literalProblem is graphql-js's message for a literal Strapi's scalars
// refuse, or "".
func (s *Server) literalProblem(v *ast.Value, locales []string) string {
	name := v.ExpectedType.Name()
	switch {
	case name == "I18NLocaleCode" && v.Kind == ast.StringValue && v.Raw != query.AllLocales && !contains(locales, v.Raw):
		return "Expected value of type \"" + v.ExpectedType.String() + "\", found " + printValue(v) + "; Unknown locale supplied"
	case v.Kind != ast.Variable && v.Kind != ast.NullValue:
		zone := s.Schema.m.zoneInputs[name]
		if zone == nil {
			return ""
		}
		if v.Kind == ast.ObjectValue {
			if tn := v.Children.ForName("__typename"); tn != nil && tn.Kind == ast.StringValue && s.Schema.m.objects[tn.Raw] != nil &&
				s.Schema.m.objects[tn.Raw].Kind == schema.ComponentKind {
				return ""
			}
		}
		names := make([]string, len(zone.ComponentTypes))
		for i, c := range zone.ComponentTypes {
			names[i] = componentName(c)
		}
		return "Expected value of type \"" + v.ExpectedType.String() + "\", found " + printValue(v) +
			"; Component not found. expected one of: " + strings.Join(names, ", ")
	}
	return ""
}

// valueAt is where a literal starts, as graphql-js counts it: at a
// string's opening quote (gqlparser points after it).
func valueAt(v *ast.Value) []gqlerror.Location {
	l := at(v.Position)
	if len(l) == 1 && (v.Kind == ast.StringValue || v.Kind == ast.BlockValue) && l[0].Column > 1 {
		l[0].Column--
	}
	return l
}

// printValue prints a literal as graphql-js's print does.
func printValue(v *ast.Value) string {
	switch v.Kind {
	case ast.Variable:
		return "$" + v.Raw
	case ast.StringValue, ast.BlockValue:
		return strconv.Quote(v.Raw)
	case ast.ListValue:
		items := make([]string, len(v.Children))
		for i, c := range v.Children {
			items[i] = printValue(c.Value)
		}
		return "[" + strings.Join(items, ", ") + "]"
	case ast.ObjectValue:
		items := make([]string, len(v.Children))
		for i, c := range v.Children {
			items[i] = c.Name + ": " + printValue(c.Value)
		}
		return "{" + strings.Join(items, ", ") + "}"
	}
	return v.Raw
}

// graphqlJSWording gives gqlparser's parse and validation errors
// graphql-js's words where they differ: "Syntax Error: " before a parse
// error, a full stop after it, and the operation's location after an
// undefined variable's.
func graphqlJSWording(list gqlerror.List, doc *ast.QueryDocument, parse bool) {
	for _, e := range list {
		if parse {
			if !strings.HasPrefix(e.Message, "Syntax Error: ") {
				e.Message = "Syntax Error: " + e.Message
			}
			if !strings.HasSuffix(e.Message, ".") {
				e.Message += "."
			}
			continue
		}
		if doc != nil && strings.HasPrefix(e.Message, "Variable \"$") && strings.HasSuffix(e.Message, "is not defined.") {
			for _, op := range doc.Operations {
				if op.Position != nil && len(e.Locations) == 1 {
					e.Locations = append(e.Locations, gqlerror.Location{Line: op.Position.Line, Column: op.Position.Column})
				}
			}
		}
	}
}

// missingVariables are graphql-js's errors for required variables the
// request does not give.
func missingVariables(op *ast.OperationDefinition, vars map[string]any) []gqlError {
	var out []gqlError
	for _, v := range op.VariableDefinitions {
		if _, ok := vars[v.Variable]; ok || !v.Type.NonNull || v.DefaultValue != nil {
			continue
		}
		out = append(out, gqlError{Message: "Variable \"$" + v.Variable + "\" of required type \"" + v.Type.String() + "\" was not provided.",
			Locations: at(v.Position), Code: "BAD_USER_INPUT"})
	}
	return out
}

// scalarVariableErrors are graphql-js's errors for variables of a
// built-in scalar type given a value of another JSON type ('Variable "$id"
// got invalid value { not: "an id" }; ID cannot represent value: ...').
// Other coercion errors keep gqlparser's words.
func scalarVariableErrors(op *ast.OperationDefinition, vars map[string]any) []gqlError {
	var out []gqlError
	for _, v := range op.VariableDefinitions {
		val, ok := vars[v.Variable]
		if !ok || val == nil || v.Type.NamedType == "" {
			continue
		}
		if reason := scalarRefusal(v.Type.NamedType, val); reason != "" {
			out = append(out, gqlError{Message: "Variable \"$" + v.Variable + "\" got invalid value " + inspect(val) + "; " + reason,
				Locations: at(v.Position), Code: "BAD_USER_INPUT"})
		}
	}
	return out
}

// scalarRefusal is graphql-js's reason a built-in scalar refuses val, or
// "" when it takes it (or the type is not a built-in scalar).
func scalarRefusal(scalar string, val any) string {
	_, isString := val.(string)
	n, isNumber := val.(json.Number)
	_, isBool := val.(bool)
	switch scalar {
	case "ID":
		if isString || (isNumber && !strings.ContainsAny(string(n), ".eE")) {
			return ""
		}
		return "ID cannot represent value: " + inspect(val)
	case "String":
		if isString {
			return ""
		}
		return "String cannot represent a non string value: " + inspect(val)
	case "Int":
		if isNumber && !strings.ContainsAny(string(n), ".eE") {
			return ""
		}
		return "Int cannot represent non-integer value: " + inspect(val)
	case "Float":
		if isNumber {
			return ""
		}
		return "Float cannot represent non numeric value: " + inspect(val)
	case "Boolean":
		if isBool {
			return ""
		}
		return "Boolean cannot represent a non boolean value: " + inspect(val)
	}
	return ""
}

// inspect prints a JSON value as graphql-js's inspect does.
func inspect(v any) string {
	switch t := v.(type) {
	case nil:
		return "null"
	case string:
		b, _ := json.Marshal(t)
		return string(b)
	case json.Number:
		return t.String()
	case bool:
		return strconv.FormatBool(t)
	case []any:
		items := make([]string, len(t))
		for i, it := range t {
			items[i] = inspect(it)
		}
		return "[" + strings.Join(items, ", ") + "]"
	case map[string]any:
		if len(t) == 0 {
			return "{}"
		}
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		items := make([]string, len(keys))
		for i, k := range keys {
			items[i] = k + ": " + inspect(t[k])
		}
		return "{ " + strings.Join(items, ", ") + " }"
	}
	return fmt.Sprint(v)
}
