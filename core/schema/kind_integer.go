package schema

import (
	"math"
	"strconv"
)

// integerKind is a 32-bit whole number (INTEGER on both databases).
//
// Parse: decimal digits with an optional sign ("42", "-7"; spaces around
// allowed). FromJSON: a JSON number without fraction or exponent, or a
// string through Parse. Canonical: int64. Rules: the 32-bit range (a body
// value outside it is refused; a filter value is only compared), min, max.
type integerKind struct{ whole }

func (integerKind) Type() FieldType         { return Integer }
func (integerKind) Caps() Caps              { return Caps{Number: true, Integral: true} }
func (integerKind) Column(d Dialect) string { return "INTEGER" }

func (integerKind) Parse(s string) (any, error) { return parseWhole(s, errInteger) }
func (integerKind) FromJSON(v any) (any, error) { return wholeFromJSON(v, errInteger) }

func (integerKind) Check(a *Attribute, v any) string {
	n, _ := v.(int64)
	if n > math.MaxInt32 || n < math.MinInt32 {
		return a.Name + " must be a 32-bit integer"
	}
	return checkWhole(a, n)
}

func (integerKind) AppendJSON(b []byte, v any) []byte {
	if n, ok := v.(int64); ok {
		return strconv.AppendInt(b, n, 10)
	}
	return appendAny(b, v)
}

func (integerKind) OutputSchema(a *Attribute) map[string]any {
	return map[string]any{"type": "integer", "format": "int32"}
}

func (integerKind) InputSchema(a *Attribute) map[string]any {
	return numberSchema(map[string]any{"type": "integer", "format": "int32", "minimum": math.MinInt32, "maximum": math.MaxInt32}, a)
}

func (integerKind) Default(a *Attribute, v any) (any, string) {
	n, ok := toInt(v)
	switch {
	case !ok:
		return nil, not(v, "a whole number")
	case n < math.MinInt32 || n > math.MaxInt32:
		return n, strconv.FormatInt(n, 10) + " is out of range for integer (use biginteger)"
	}
	return n, numberRange(a, float64(n))
}

func (integerKind) Problems(a *Attribute) []string { return nil }

func (k integerKind) ConvertFrom(d Dialect, from Kind, c string) Conversion {
	return numberFrom(d, from, k, c, true)
}
