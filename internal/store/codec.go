package store

import (
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
)

// The codec of a value is its field kind's (see schema.Kind): these are the
// entry points for code that names a field type rather than holding an
// attribute (plugins' statements; a column's type is migrate.ColumnType).

// Encode turns a canonical Go value (the form a kind's Parse and FromJSON
// produce) into what the dialect's driver binds for a column of type t.
// nil stays nil.
//
// Canonical forms: string for text types, date ("2006-01-02") and time
// ("15:04:05"); int64 for integer and biginteger; float64 for decimal and
// float; bool; time.Time for datetime; json.RawMessage for json.
func Encode(d database.Dialect, t schema.FieldType, v any) any {
	return kindOf(t).Encode(d, v)
}

// Decode turns what a driver scanned for a column of type t into the
// canonical Go value. Drivers differ (PostgreSQL gives time.Time for dates,
// SQLite gives strings and integers), so each type accepts every form it
// can meet.
func Decode(t schema.FieldType, v any) (any, error) {
	return decode(kindOf(t), v)
}

// decode is Decode of a kind; nil stays nil.
func decode(k schema.Kind, v any) (any, error) {
	if v == nil {
		return nil, nil
	}
	return k.Decode(v)
}

// kindOf is the kind of a field type, text for a name no kind has.
func kindOf(t schema.FieldType) schema.Kind {
	if k := schema.KindOf(t); k != nil {
		return k
	}
	return textKind
}

// The kinds of the values the store binds of its own: ids and foreign
// keys, documentIds, timestamps, and the patterns of the text operators.
var (
	idKind   = schema.KindOf(schema.BigInteger)
	strKind  = schema.KindOf(schema.String)
	timeKind = schema.KindOf(schema.DateTime)
	textKind = schema.KindOf(schema.Text)
	boolKind = schema.KindOf(schema.Boolean)
)

// decodeID reads an id or a foreign key as scanned.
func decodeID(v any) (int64, error) {
	n, err := idKind.Decode(v)
	if err != nil {
		return 0, err
	}
	return n.(int64), nil
}
