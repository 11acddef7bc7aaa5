package schema

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/kiln-cms/kiln/internal/jsontext"
)

// jsonKind is any JSON document (JSON on PostgreSQL, not JSONB: it keeps
// the text Kiln writes, so an entry reads back byte for byte the same on
// both databases; TEXT on SQLite). A body's value is that text as
// encoding/json writes it again (compact, object keys sorted by their
// bytes: docs/field-kinds.md). Filters compare its canonical text
// (package jsontext), and null is one of its values.
//
// Parse: JSON text. FromJSON: any JSON value, as given (a string is a
// JSON string, not text to parse), without the NUL character, which
// PostgreSQL cannot store. Canonical: json.RawMessage.
type jsonKind struct{}

func (jsonKind) Type() FieldType { return JSON }
func (jsonKind) Caps() Caps      { return Caps{Opaque: true, NoIndex: true} }

func (jsonKind) Column(d Dialect) string {
	if d == Postgres {
		return "JSON"
	}
	return "TEXT"
}

func (jsonKind) Parse(s string) (any, error) {
	if !json.Valid([]byte(s)) {
		return nil, errJSON
	}
	return rawJSON([]byte(s))
}

func (jsonKind) FromJSON(v any) (any, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, errJSON
	}
	return rawJSON(raw)
}

// rawJSON refuses the NUL character, which JSON text carries escaped, and
// numbers PostgreSQL's jsonb cannot hold: filters compare a document's
// jsonb text, which must exist on both databases.
func rawJSON(raw []byte) (any, error) {
	if bytes.Contains(raw, []byte(`\u0000`)) || bytes.IndexByte(raw, 0) >= 0 {
		return nil, errNUL
	}
	if _, err := jsontext.Canonical(raw); err != nil {
		return nil, errJSON
	}
	return json.RawMessage(raw), nil
}

func (jsonKind) Check(a *Attribute, v any) string { return "" }

func (jsonKind) AppendJSON(b []byte, v any) []byte { return appendAny(b, v) }

func (jsonKind) Encode(d Dialect, v any) any { return encodeAny(d, v) }

func (jsonKind) Decode(v any) (any, error) {
	switch x := v.(type) {
	case []byte:
		return json.RawMessage(append([]byte(nil), x...)), nil
	case string:
		return json.RawMessage(x), nil
	}
	return nil, fmt.Errorf("json column holds %T", v)
}

func (jsonKind) OutputSchema(a *Attribute) map[string]any {
	return map[string]any{"description": "any JSON value"}
}

func (jsonKind) InputSchema(a *Attribute) map[string]any {
	return map[string]any{"description": "any JSON value"}
}

// Default takes any YAML value JSON can write.
func (jsonKind) Default(a *Attribute, v any) (any, string) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Sprintf("%v is not JSON", v)
	}
	c, err := rawJSON(raw)
	if err != nil {
		return nil, "must " + err.(*ValueError).Must
	}
	return c, ""
}

func (jsonKind) Problems(a *Attribute) []string { return nil }

// ConvertFrom: text must be valid JSON already; any other value becomes
// its JSON form.
func (k jsonKind) ConvertFrom(d Dialect, from Kind, c string) Conversion {
	opaque := from.Caps().Opaque // json or blocks: the same documents
	if d == Postgres {
		if !from.Caps().Text && !opaque {
			return Conversion{Expr: "to_json(" + c + ")"}
		}
		return pgCast(c, k)
	}
	switch {
	case from.Caps().Text || opaque:
		return Conversion{Expr: c, Check: notNull(c) + "NOT json_valid(" + c + ")"}
	case from.Type() == Boolean:
		return Conversion{Expr: boolText(c)}
	case numeric(from):
		return Conversion{Expr: "CAST(" + c + " AS TEXT)"}
	}
	return Conversion{Expr: "json_quote(" + c + ")"}
}
