package schema

import "strconv"

// bigIntegerKind is a 64-bit whole number (BIGINT; INTEGER on SQLite,
// which holds 64 bits). It is written in JSON as a string, as Strapi does,
// since it may not fit a JavaScript number.
//
// Parse: decimal digits with an optional sign (spaces around allowed).
// FromJSON: a JSON number without fraction or exponent, or a string
// through Parse. Canonical: int64. Rules: min, max.
type bigIntegerKind struct{ whole }

func (bigIntegerKind) Type() FieldType { return BigInteger }
func (bigIntegerKind) Caps() Caps      { return Caps{Number: true, Integral: true} }

func (bigIntegerKind) Column(d Dialect) string {
	if d == Postgres {
		return "BIGINT"
	}
	return "INTEGER"
}

func (bigIntegerKind) Parse(s string) (any, error) { return parseWhole(s, errInteger) }
func (bigIntegerKind) FromJSON(v any) (any, error) { return wholeFromJSON(v, errInteger) }

func (bigIntegerKind) Check(a *Attribute, v any) string {
	n, _ := v.(int64)
	return checkWhole(a, n)
}

func (bigIntegerKind) AppendJSON(b []byte, v any) []byte {
	if n, ok := v.(int64); ok {
		b = append(b, '"')
		b = strconv.AppendInt(b, n, 10)
		return append(b, '"')
	}
	return appendAny(b, v)
}

const bigintPattern = `^-?[0-9]+$`

func (bigIntegerKind) OutputSchema(a *Attribute) map[string]any {
	return map[string]any{"type": "string", "pattern": bigintPattern,
		"description": "a 64-bit integer, written as a string (it may not fit a JavaScript number)"}
}

// InputSchema takes either form; the range rules apply to the number.
func (bigIntegerKind) InputSchema(a *Attribute) map[string]any {
	return map[string]any{"anyOf": []any{
		numberSchema(map[string]any{"type": "integer", "format": "int64"}, a),
		map[string]any{"type": "string", "pattern": bigintPattern},
	}}
}

func (bigIntegerKind) Default(a *Attribute, v any) (any, string) {
	n, ok := toInt(v)
	if !ok {
		return nil, not(v, "a whole number")
	}
	return n, numberRange(a, float64(n))
}

func (bigIntegerKind) Problems(a *Attribute) []string { return nil }

func (k bigIntegerKind) ConvertFrom(d Dialect, from Kind, c string) Conversion {
	return numberFrom(d, from, k, c, true)
}
