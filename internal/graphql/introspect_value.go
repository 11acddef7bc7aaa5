package graphql

import (
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
)

// introspectDefault prints the default value v of an input of type t as
// graphql-js's __InputValue.defaultValue does: print(astFromValue(
// valueFromAST(v, t), t)). So the literal is coerced first: Floats print
// as JavaScript numbers (1.50 is 1.5, 1e3 is 1000), an integer-like ID
// unquoted, a lone value for a list type as a one-item list, an input
// object's fields in the type's order with their own defaults filled in.
// ok is false where graphql-js gives null: a literal that does not coerce.
func introspectDefault(s *ast.Schema, v *ast.Value, t *ast.Type) (string, bool) {
	var b strings.Builder
	if !introspectLiteral(&b, s, v, t) {
		return "", false
	}
	return b.String(), true
}

func introspectLiteral(b *strings.Builder, s *ast.Schema, v *ast.Value, t *ast.Type) bool {
	if v == nil || v.Kind == ast.Variable {
		return false
	}
	if v.Kind == ast.NullValue {
		if t.NonNull {
			return false
		}
		b.WriteString("null")
		return true
	}
	if t.Elem != nil {
		return introspectList(b, s, v, t.Elem)
	}
	def := s.Types[t.NamedType]
	switch {
	case def == nil:
		return false
	case def.Kind == ast.InputObject:
		return introspectObject(b, s, v, def)
	case def.Kind == ast.Enum:
		if v.Kind != ast.EnumValue || def.EnumValues.ForName(v.Raw) == nil {
			return false
		}
		b.WriteString(v.Raw)
		return true
	}
	return introspectScalar(b, v, def)
}

// introspectList coerces as graphql-js does: a value that is not a list
// is a list of that one value.
func introspectList(b *strings.Builder, s *ast.Schema, v *ast.Value, elem *ast.Type) bool {
	b.WriteByte('[')
	defer b.WriteByte(']')
	if v.Kind != ast.ListValue {
		return introspectLiteral(b, s, v, elem)
	}
	for i, item := range v.Children {
		if i > 0 {
			b.WriteString(", ")
		}
		if !introspectLiteral(b, s, item.Value, elem) {
			return false
		}
	}
	return true
}

// introspectObject prints an input object in its type's field order: a
// field the literal leaves out takes its default, if it has one.
func introspectObject(b *strings.Builder, s *ast.Schema, v *ast.Value, def *ast.Definition) bool {
	if v.Kind != ast.ObjectValue {
		return false
	}
	var parts []string
	nonNull := 0
	for _, f := range def.Fields {
		lit := introspectChild(v, f.Name)
		var fb strings.Builder
		switch {
		case lit != nil:
			if !introspectLiteral(&fb, s, lit, f.Type) {
				return false
			}
		case f.DefaultValue != nil && introspectLiteral(&fb, s, f.DefaultValue, f.Type):
		case f.Type.NonNull:
			return false
		default:
			continue
		}
		if fb.String() != "null" {
			nonNull++
		}
		parts = append(parts, f.Name+": "+fb.String())
	}
	// graphql-js refuses a @oneOf value unless exactly one field is set,
	// and not to null.
	if def.Directives.ForName("oneOf") != nil && (len(parts) != 1 || nonNull != 1) {
		return false
	}
	b.WriteString("{" + strings.Join(parts, ", ") + "}")
	return true
}

// introspectChild is the literal's field named name; the last one wins,
// as in graphql-js's keyMap.
func introspectChild(v *ast.Value, name string) *ast.Value {
	var out *ast.Value
	for _, c := range v.Children {
		if c.Name == name {
			out = c.Value
		}
	}
	return out
}

// introspectScalar coerces a literal with the built-in scalar's
// parseLiteral and prints the serialized value. Any other scalar is
// graphql-js's default (valueFromASTUntyped, then identity): numbers as
// JavaScript numbers, strings and enum names as strings. Built-ins go by
// name, as in graphql-js's buildSchema, so a schema built in code without
// gqlparser's BuiltIn flags prints the same.
func introspectScalar(b *strings.Builder, v *ast.Value, def *ast.Definition) bool {
	name := def.Name
	switch name {
	case "Int", "Float", "String", "Boolean", "ID":
	default:
		name = ""
	}
	switch {
	case name == "Int" && v.Kind == ast.IntValue:
		n, err := strconv.ParseInt(v.Raw, 10, 64)
		if err != nil || n > math.MaxInt32 || n < math.MinInt32 {
			return false
		}
		b.WriteString(strconv.FormatInt(n, 10))
	case name == "Float" && (v.Kind == ast.IntValue || v.Kind == ast.FloatValue):
		return introspectNumber(b, v.Raw)
	case name == "String" && introspectIsString(v), name == "" && introspectIsString(v):
		b.WriteString(introspectQuote(v.Raw))
	case name == "" && v.Kind == ast.EnumValue:
		b.WriteString(introspectQuote(v.Raw))
	case (name == "Boolean" || name == "") && v.Kind == ast.BooleanValue:
		b.WriteString(v.Raw)
	case name == "ID" && (introspectIsString(v) || v.Kind == ast.IntValue):
		introspectID(b, v.Raw)
	case name == "" && (v.Kind == ast.IntValue || v.Kind == ast.FloatValue):
		return introspectNumber(b, v.Raw)
	default:
		// Lists and objects for a custom scalar make graphql-js throw
		// ("Cannot convert value to AST"); null is the nearest answer.
		return false
	}
	return true
}

func introspectIsString(v *ast.Value) bool {
	return v.Kind == ast.StringValue || v.Kind == ast.BlockValue
}

// introspectIntRE is graphql-js's integerStringRegExp.
var introspectIntRE = regexp.MustCompile(`^-?(?:0|[1-9][0-9]*)$`)

// introspectID prints an ID as graphql-js's astFromValue does: unquoted
// when it reads as an integer.
func introspectID(b *strings.Builder, s string) {
	if introspectIntRE.MatchString(s) {
		b.WriteString(s)
		return
	}
	b.WriteString(introspectQuote(s))
}

func introspectNumber(b *strings.Builder, raw string) bool {
	f, err := strconv.ParseFloat(raw, 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		return false
	}
	b.WriteString(introspectJSNumber(f))
	return true
}

// introspectJSNumber formats f as JavaScript's Number.prototype.toString:
// the shortest digits that round-trip (Go and JavaScript agree on those),
// in exponent form from 1e21 up and below 1e-6.
func introspectJSNumber(f float64) string {
	if f == 0 {
		return "0"
	}
	sign := ""
	if f < 0 {
		sign, f = "-", -f
	}
	mant, exp, _ := strings.Cut(strconv.FormatFloat(f, 'e', -1, 64), "e")
	digits := strings.Replace(mant, ".", "", 1)
	e, _ := strconv.Atoi(exp)
	n, k := e+1, len(digits) // the value is 0.digits × 10^n
	switch {
	case k <= n && n <= 21:
		return sign + digits + strings.Repeat("0", n-k)
	case 0 < n && n <= 21:
		return sign + digits[:n] + "." + digits[n:]
	case -6 < n && n <= 0:
		return sign + "0." + strings.Repeat("0", -n) + digits
	}
	out := sign + digits[:1]
	if k > 1 {
		out += "." + digits[1:]
	}
	if e >= 0 {
		return out + "e+" + strconv.Itoa(e)
	}
	return out + "e" + strconv.Itoa(e)
}

// introspectQuote prints s as a GraphQL string literal the way
// graphql-js's printString does; gqlparser's Value.String uses the same
// escapes.
func introspectQuote(s string) string {
	return (&ast.Value{Kind: ast.StringValue, Raw: s}).String()
}
