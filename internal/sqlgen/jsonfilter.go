package sqlgen

import (
	"encoding/json"
	"strings"

	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/jsontext"
)

// jsonText is json column c as its canonical text, on either database.
func (b *Builder) jsonText(c string) string {
	if b.d == schema.Postgres {
		return "CAST(CAST(" + c + " AS JSONB) AS TEXT)"
	}
	return JSONTextFunc + "(" + c + ")"
}

// jsonKey is json column c and its operand v as what equality compares:
// jsonb values on PostgreSQL, their jsontext.Key on SQLite.
func (b *Builder) jsonKey(c string) (column, operand string) {
	if b.d == schema.Postgres {
		return "CAST(" + c + " AS JSONB)", "CAST(? AS JSONB)"
	}
	return JSONKeyFunc + "(" + c + ")", "?"
}

// jsonCond writes one comparison on json column c. The equality operators
// compare documents as jsonb does (formatting, key order and 1.50 against
// 1.5 do not matter); the text operators ($eqi, $contains...) match the
// canonical text. Both as Strapi on PostgreSQL's jsonb.
func (b *Builder) jsonCond(f *query.Filter, c string) {
	switch f.Operator {
	case query.OpNull, query.OpNotNull:
		b.W(c, nullSQL(nullWanted(f)))
	case query.OpEq, query.OpNe:
		if f.Value == nil {
			b.W(c, nullSQL(f.Operator == query.OpEq))
			return
		}
		s, ok := b.jsonOperand(f.Value)
		if !ok {
			b.W(boolSQL(false))
			return
		}
		column, operand := b.jsonKey(c)
		b.W(column, comparisons[f.Operator])
		b.bindAs(operand, s)
	case query.OpIn, query.OpNotIn:
		list, _ := f.Value.([]any)
		keys := make([]string, 0, len(list))
		for _, v := range list {
			if s, ok := b.jsonOperand(v); ok {
				keys = append(keys, s)
			}
		}
		if len(keys) == 0 {
			b.W(boolSQL(f.Operator == query.OpNotIn))
			return
		}
		column, operand := b.jsonKey(c)
		b.W(column)
		if f.Operator == query.OpNotIn {
			b.W(" NOT")
		}
		b.W(" IN (")
		for i, s := range keys {
			if i > 0 {
				b.W(", ")
			}
			b.bindAs(operand, s)
		}
		b.W(")")
	case query.OpEqi, query.OpNei:
		op := ") = LOWER("
		if f.Operator == query.OpNei {
			op = ") <> LOWER("
		}
		b.W("LOWER(", b.jsonText(c), op)
		b.Arg(textKind, f.Value)
		b.W(")")
	default:
		b.like(f, b.jsonText(c))
	}
}

// jsonOperand is a filter value (a json.RawMessage, which the parser has
// checked) as jsonKey's operand binds it: the document on PostgreSQL, its
// Key on SQLite; false for one it could not read, which matches nothing.
func (b *Builder) jsonOperand(v any) (string, bool) {
	raw, _ := v.(json.RawMessage)
	key, err := jsontext.Key(raw)
	if b.d == schema.Postgres {
		return string(raw), err == nil
	}
	return key, err == nil
}

// bindAs writes operand, an SQL expression holding one ?, with s bound.
func (b *Builder) bindAs(operand, s string) {
	before, after, _ := strings.Cut(operand, "?")
	b.W(before)
	b.Arg(textKind, s)
	b.W(after)
}

// The SQLite functions a json filter calls (internal/store registers
// them with the driver): JSONTextFunc writes a json column in jsontext's
// canonical form, the text PostgreSQL's jsonb::text gives; JSONKeyFunc as
// jsontext.Key, equal where jsonb values are equal.
const (
	JSONTextFunc = "kiln_json_text"
	JSONKeyFunc  = "kiln_json_key"
)
