package store

import (
	"database/sql/driver"
	"encoding/json"
	"strings"

	"modernc.org/sqlite"

	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/jsontext"
)

// SQLite functions on a json column: jsonTextFunc writes it in jsontext's
// canonical form, the text PostgreSQL's jsonb::text gives; jsonKeyFunc as
// jsontext.Key, equal where jsonb values are equal.
const (
	jsonTextFunc = "kiln_json_text"
	jsonKeyFunc  = "kiln_json_key"
)

func init() {
	sqlite.MustRegisterDeterministicScalarFunction(jsonTextFunc, 1, sqliteJSON(jsontext.Canonical))
	sqlite.MustRegisterDeterministicScalarFunction(jsonKeyFunc, 1, sqliteJSON(jsontext.Key))
}

// sqliteJSON is form as an SQLite function of one json column.
func sqliteJSON(form func([]byte) (string, error)) func(*sqlite.FunctionContext, []driver.Value) (driver.Value, error) {
	return func(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
		var raw []byte
		switch x := args[0].(type) {
		case string:
			raw = []byte(x)
		case []byte:
			raw = x
		default: // NULL
			return nil, nil
		}
		s, err := form(raw)
		if err != nil { // not JSON Kiln wrote: matches nothing, as NULL
			return nil, nil
		}
		return s, nil
	}
}

// jsonText is json column c as its canonical text, on either database.
func (b *sqlb) jsonText(c string) string {
	if b.d == database.Postgres {
		return "CAST(CAST(" + c + " AS JSONB) AS TEXT)"
	}
	return jsonTextFunc + "(" + c + ")"
}

// jsonKey is json column c and its operand v as what equality compares:
// jsonb values on PostgreSQL, their jsontext.Key on SQLite.
func (b *sqlb) jsonKey(c string) (column, operand string) {
	if b.d == database.Postgres {
		return "CAST(" + c + " AS JSONB)", "CAST(? AS JSONB)"
	}
	return jsonKeyFunc + "(" + c + ")", "?"
}

// jsonCond writes one comparison on json column c. The equality operators
// compare documents as jsonb does (formatting, key order and 1.50 against
// 1.5 do not matter); the text operators ($eqi, $contains...) match the
// canonical text. Both as Strapi on PostgreSQL's jsonb.
func (b *sqlb) jsonCond(f *query.Filter, c string) {
	switch f.Operator {
	case query.OpNull, query.OpNotNull:
		b.w(c, nullSQL(nullWanted(f)))
	case query.OpEq, query.OpNe:
		if f.Value == nil {
			b.w(c, nullSQL(f.Operator == query.OpEq))
			return
		}
		s, ok := b.jsonOperand(f.Value)
		if !ok {
			b.w(boolSQL(false))
			return
		}
		column, operand := b.jsonKey(c)
		b.w(column, comparisons[f.Operator])
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
			b.w(boolSQL(f.Operator == query.OpNotIn))
			return
		}
		column, operand := b.jsonKey(c)
		b.w(column)
		if f.Operator == query.OpNotIn {
			b.w(" NOT")
		}
		b.w(" IN (")
		for i, s := range keys {
			if i > 0 {
				b.w(", ")
			}
			b.bindAs(operand, s)
		}
		b.w(")")
	case query.OpEqi, query.OpNei:
		op := ") = LOWER("
		if f.Operator == query.OpNei {
			op = ") <> LOWER("
		}
		b.w("LOWER(", b.jsonText(c), op)
		b.arg(textKind, f.Value)
		b.w(")")
	default:
		b.like(f, b.jsonText(c))
	}
}

// jsonOperand is a filter value (a json.RawMessage, which the parser has
// checked) as jsonKey's operand binds it: the document on PostgreSQL, its
// Key on SQLite; false for one it could not read, which matches nothing.
func (b *sqlb) jsonOperand(v any) (string, bool) {
	raw, _ := v.(json.RawMessage)
	key, err := jsontext.Key(raw)
	if b.d == database.Postgres {
		return string(raw), err == nil
	}
	return key, err == nil
}

// bindAs writes operand, an SQL expression holding one ?, with s bound.
func (b *sqlb) bindAs(operand, s string) {
	before, after, _ := strings.Cut(operand, "?")
	b.w(before)
	b.arg(textKind, s)
	b.w(after)
}
