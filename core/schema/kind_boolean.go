package schema

import (
	"fmt"
	"strconv"
)

// booleanKind is true or false (BOOLEAN; INTEGER 0 or 1 on SQLite).
//
// Parse: "true", "t", "1", "false", "f" or "0". FromJSON: a JSON boolean,
// or a string through Parse (not a number). Canonical: bool.
type booleanKind struct{}

func (booleanKind) Type() FieldType { return Boolean }
func (booleanKind) Caps() Caps      { return Caps{} }

func (booleanKind) Column(d Dialect) string {
	if d == Postgres {
		return "BOOLEAN"
	}
	return "INTEGER"
}

func (booleanKind) Parse(s string) (any, error) {
	switch s {
	case "true", "t", "1":
		return true, nil
	case "false", "f", "0":
		return false, nil
	}
	return nil, errBoolean
}

func (k booleanKind) FromJSON(v any) (any, error) {
	switch x := v.(type) {
	case bool:
		return v, nil
	case string:
		return k.Parse(x)
	}
	return nil, errBoolean
}

func (booleanKind) Check(a *Attribute, v any) string { return "" }

func (booleanKind) AppendJSON(b []byte, v any) []byte {
	if x, ok := v.(bool); ok {
		return strconv.AppendBool(b, x)
	}
	return appendAny(b, v)
}

func (booleanKind) Encode(d Dialect, v any) any { return encodeAny(d, v) }

func (booleanKind) Decode(v any) (any, error) {
	switch x := v.(type) {
	case bool:
		return v, nil
	case int64:
		return x != 0, nil
	case []byte:
		return strconv.ParseBool(string(x))
	case string:
		return strconv.ParseBool(x)
	}
	return nil, fmt.Errorf("boolean column holds %T", v)
}

func (booleanKind) OutputSchema(a *Attribute) map[string]any {
	return map[string]any{"type": "boolean"}
}

func (booleanKind) InputSchema(a *Attribute) map[string]any {
	return map[string]any{"type": "boolean"}
}

func (booleanKind) Default(a *Attribute, v any) (any, string) {
	b, ok := v.(bool)
	if !ok {
		return nil, not(v, "a boolean")
	}
	return b, ""
}

func (booleanKind) Problems(a *Attribute) []string { return nil }

// ConvertFrom: a number is true unless 0; SQLite reads the text forms
// PostgreSQL's cast to boolean takes.
func (k booleanKind) ConvertFrom(d Dialect, from Kind, c string) Conversion {
	switch {
	case d == Postgres && numeric(from):
		return Conversion{Expr: "(" + c + " <> 0)"}
	case d == Postgres:
		return pgCast(c, k)
	case from.Type() == Boolean:
		return Conversion{Expr: c}
	case numeric(from):
		return Conversion{Expr: "(" + c + " <> 0)"}
	case from.Caps().Text:
		yes, no := "('true', 't', 'yes', 'y', 'on', '1')", "('false', 'f', 'no', 'n', 'off', '0')"
		return Conversion{Expr: "CASE WHEN lower(" + c + ") IN " + yes + " THEN 1 WHEN lower(" + c + ") IN " + no + " THEN 0 END",
			Check: notNull(c) + "lower(" + c + ") NOT IN " + yes[:len(yes)-1] + ", " + no[1:]}
	}
	return never(c)
}
