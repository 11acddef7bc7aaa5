package graphql

import (
	"strconv"

	"github.com/kiln-cms/kiln/internal/jsonw"
	"github.com/vektah/gqlparser/v2/ast"
)

// introspectBuiltinDescriptions are graphql-js 16's descriptions where
// gqlparser's prelude words them differently, so the built-in scalars
// read as graphql-js prints them.
var introspectBuiltinDescriptions = map[string]string{
	"String": "The `String` scalar type represents textual data, represented as UTF-8 character sequences. The String type is most often used by GraphQL to represent free-form human-readable text.",
	"Float":  "The `Float` scalar type represents signed double-precision fractional values as specified by [IEEE 754](https://en.wikipedia.org/wiki/IEEE_floating_point).",
	"ID":     "The `ID` scalar type represents a unique identifier, often used to refetch an object or as key for a cache. The ID type appears in a JSON response as a String; however, it is not intended to be human-readable. When expected as an input type, any string (such as `\"4\"`) or integer (such as `4`) input value will be accepted as an ID.",
}

func introspectDescription(def *ast.Definition) string {
	if d, ok := introspectBuiltinDescriptions[def.Name]; ok && def.BuiltIn {
		return d
	}
	return def.Description
}

// namedType writes __type(name:): null unless graphql-js would know the
// name, so an unreferenced built-in scalar is as unknown as a typo.
func (w *introspectWriter) namedType(set ast.SelectionSet, name string) {
	if !w.info.visible[name] {
		w.null()
		return
	}
	w.definition(set, w.s.Types[name])
}

func (w *introspectWriter) definition(set ast.SelectionSet, def *ast.Definition) {
	if def == nil {
		w.null()
		return
	}
	w.typ(set, ast.NamedType(def.Name, nil))
}

// typ writes a __Type: a named type, or a LIST or NON_NULL wrapper.
func (w *introspectWriter) typ(set ast.SelectionSet, t *ast.Type) {
	var def *ast.Definition
	if t.NamedType != "" && !t.NonNull {
		if def = w.s.Types[t.NamedType]; def == nil {
			w.null()
			return
		}
	}
	w.object(set, "__Type", func(f *ast.Field) { w.typeField(f, t, def) })
}

// typeField writes one field of a __Type; def is nil for a wrapper, and
// kind-specific fields are null where graphql-js gives null.
func (w *introspectWriter) typeField(f *ast.Field, t *ast.Type, def *ast.Definition) {
	kind := introspectKind(t, def)
	switch f.Name {
	case "kind":
		w.str(kind)
	case "name":
		w.optStr(introspectName(def))
	case "description":
		if def == nil {
			w.null()
			return
		}
		w.optStr(introspectDescription(def))
	case "specifiedByURL":
		w.optStr(introspectSpecifiedBy(def, kind))
	case "fields", "interfaces", "possibleTypes", "enumValues", "inputFields":
		w.typeList(f, def, kind)
	case "ofType":
		if of := introspectOfType(t); of != nil {
			w.typ(f.SelectionSet, of)
			return
		}
		w.null()
	case "isOneOf":
		if kind != string(ast.InputObject) {
			w.null()
			return
		}
		w.bool(def.Directives.ForName("oneOf") != nil)
	default:
		w.unknown("__Type", f)
	}
}

// typeList writes the list fields of __Type, each null for the kinds
// that do not have it.
func (w *introspectWriter) typeList(f *ast.Field, def *ast.Definition, kind string) {
	switch {
	case f.Name == "fields" && (kind == "OBJECT" || kind == "INTERFACE"):
		w.fields(f, def)
	case f.Name == "interfaces" && (kind == "OBJECT" || kind == "INTERFACE"):
		w.list(len(def.Interfaces), func(i int) { w.definition(f.SelectionSet, w.s.Types[def.Interfaces[i]]) })
	case f.Name == "possibleTypes" && kind == "UNION":
		w.list(len(def.Types), func(i int) { w.definition(f.SelectionSet, w.s.Types[def.Types[i]]) })
	case f.Name == "possibleTypes" && kind == "INTERFACE":
		objs := w.info.possible[def.Name]
		w.list(len(objs), func(i int) { w.definition(f.SelectionSet, objs[i]) })
	case f.Name == "enumValues" && kind == "ENUM":
		w.enumValues(f, def)
	case f.Name == "inputFields" && kind == "INPUT_OBJECT":
		w.inputValues(f, introspectInputFields(def.Fields))
	default:
		w.null()
	}
}

func (w *introspectWriter) fields(f *ast.Field, def *ast.Definition) {
	all := introspectArg(f, "includeDeprecated", w.vars) == true
	var list ast.FieldList
	for _, fd := range introspectFields(def) {
		if _, deprecated := introspectDeprecation(fd.Directives); all || !deprecated {
			list = append(list, fd)
		}
	}
	w.list(len(list), func(i int) { w.field(f.SelectionSet, list[i]) })
}

func (w *introspectWriter) enumValues(f *ast.Field, def *ast.Definition) {
	all := introspectArg(f, "includeDeprecated", w.vars) == true
	var list ast.EnumValueList
	for _, ev := range def.EnumValues {
		if _, deprecated := introspectDeprecation(ev.Directives); all || !deprecated {
			list = append(list, ev)
		}
	}
	w.list(len(list), func(i int) { w.enumValue(f.SelectionSet, list[i]) })
}

func introspectKind(t *ast.Type, def *ast.Definition) string {
	switch {
	case t.NonNull:
		return "NON_NULL"
	case t.NamedType == "":
		return "LIST"
	}
	return string(def.Kind)
}

func introspectName(def *ast.Definition) string {
	if def == nil {
		return ""
	}
	return def.Name
}

// introspectOfType is what a wrapper wraps; nil for a named type.
func introspectOfType(t *ast.Type) *ast.Type {
	if t.NonNull {
		return &ast.Type{NamedType: t.NamedType, Elem: t.Elem}
	}
	return t.Elem
}

// introspectSpecifiedBy is a scalar's @specifiedBy(url:), "" for none.
func introspectSpecifiedBy(def *ast.Definition, kind string) string {
	if kind != string(ast.Scalar) {
		return ""
	}
	d := def.Directives.ForName("specifiedBy")
	if d == nil {
		return ""
	}
	if arg := d.Arguments.ForName("url"); arg != nil && arg.Value != nil && arg.Value.Kind != ast.NullValue {
		return arg.Value.Raw
	}
	return ""
}

func (w *introspectWriter) list(n int, item func(i int)) {
	w.b = append(w.b, '[')
	for i := range n {
		if i > 0 {
			w.b = append(w.b, ',')
		}
		item(i)
	}
	w.b = append(w.b, ']')
}

func (w *introspectWriter) null() { w.b = append(w.b, "null"...) }

func (w *introspectWriter) bool(v bool) { w.b = strconv.AppendBool(w.b, v) }

func (w *introspectWriter) str(s string) { w.b = jsonw.AppendString(w.b, s) }

// optStr writes s, or null for "": gqlparser cannot tell an empty
// description from none, and graphql-js gives null for none.
func (w *introspectWriter) optStr(s string) {
	if s == "" {
		w.null()
		return
	}
	w.str(s)
}
