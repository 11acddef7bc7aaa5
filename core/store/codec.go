package store

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kiln-cms/kiln/core/schema"
)

// ColumnType is the SQL type of a field type on a dialect. Dates and times
// are TEXT on SQLite in fixed-width ISO forms, so that text order is time
// order and comparisons in SQL stay correct.
func ColumnType(d Dialect, t schema.FieldType) string {
	if d == Postgres {
		switch t {
		case schema.Text, schema.RichText:
			return "TEXT"
		case schema.Integer:
			return "INTEGER"
		case schema.BigInteger:
			return "BIGINT"
		case schema.Decimal:
			return "NUMERIC"
		case schema.Float:
			return "DOUBLE PRECISION"
		case schema.Boolean:
			return "BOOLEAN"
		case schema.Date:
			return "DATE"
		case schema.Time:
			return "TIME"
		case schema.DateTime:
			return "TIMESTAMPTZ(3)"
		case schema.JSON:
			// JSON, not JSONB: it keeps the text as written, so an entry reads back
			// byte for byte the same on both databases (jsonb reorders keys).
			return "JSON"
		}
		return "VARCHAR(255)"
	}
	switch t {
	case schema.Text, schema.RichText, schema.Date, schema.Time, schema.DateTime, schema.JSON:
		return "TEXT"
	case schema.Integer, schema.BigInteger, schema.Boolean:
		return "INTEGER"
	case schema.Decimal, schema.Float:
		return "REAL"
	}
	return "VARCHAR(255)"
}

// Encode turns a canonical Go value (the form query.Coerce and the content
// service produce) into what the dialect's driver binds for a column of
// type t. nil stays nil.
//
// Canonical forms: string for text types, date ("2006-01-02") and time
// ("15:04:05"); int64 for integer and biginteger; float64 for decimal and
// float; bool; time.Time for datetime; json.RawMessage for json.
func Encode(d Dialect, t schema.FieldType, v any) any {
	switch x := v.(type) {
	case nil:
		return nil
	case time.Time:
		if d == SQLite {
			return x.UTC().Format(schema.DateTimeLayout)
		}
		return x.UTC()
	case json.RawMessage:
		return string(x)
	case bool:
		if d == SQLite {
			if x {
				return int64(1)
			}
			return int64(0)
		}
	}
	return v
}

// Decode turns what a driver scanned for a column of type t into the
// canonical Go value. Drivers differ (PostgreSQL gives time.Time for dates,
// SQLite gives strings and integers), so each type accepts every form it
// can meet.
func Decode(t schema.FieldType, v any) (any, error) {
	if v == nil {
		return nil, nil
	}
	if b, ok := v.([]byte); ok {
		if t == schema.JSON {
			return json.RawMessage(append([]byte(nil), b...)), nil
		}
		v = string(b)
	}
	switch t {
	case schema.Integer, schema.BigInteger:
		return decodeInt(v)
	case schema.Decimal, schema.Float:
		return decodeFloat(v)
	case schema.Boolean:
		return decodeBool(v)
	case schema.Date:
		return decodeTimeText(v, schema.DateLayout)
	case schema.Time:
		return decodeTimeText(v, schema.TimeLayout)
	case schema.DateTime:
		return decodeDateTime(v)
	case schema.JSON:
		if s, ok := v.(string); ok {
			return json.RawMessage(s), nil
		}
		return nil, fmt.Errorf("json column holds %T", v)
	}
	if s, ok := v.(string); ok {
		return s, nil
	}
	return fmt.Sprint(v), nil
}

func decodeInt(v any) (any, error) {
	switch x := v.(type) {
	case int64:
		return x, nil
	case int32:
		return int64(x), nil
	case int:
		return int64(x), nil
	case float64:
		return int64(x), nil
	case string:
		return strconv.ParseInt(x, 10, 64)
	}
	return nil, fmt.Errorf("integer column holds %T", v)
}

func decodeFloat(v any) (any, error) {
	switch x := v.(type) {
	case float64:
		return x, nil
	case float32:
		return float64(x), nil
	case int64:
		return float64(x), nil
	case string:
		return strconv.ParseFloat(x, 64)
	}
	return nil, fmt.Errorf("number column holds %T", v)
}

func decodeBool(v any) (any, error) {
	switch x := v.(type) {
	case bool:
		return x, nil
	case int64:
		return x != 0, nil
	case string:
		return strconv.ParseBool(x)
	}
	return nil, fmt.Errorf("boolean column holds %T", v)
}

// decodeTimeText gives a date or time in its fixed text layout.
func decodeTimeText(v any, layout string) (any, error) {
	switch x := v.(type) {
	case time.Time:
		return x.Format(layout), nil
	case string:
		if len(x) >= len(layout) {
			// PostgreSQL's TIME may carry fractions; dates may carry a time.
			return x[:len(layout)], nil
		}
		return x, nil
	}
	return nil, fmt.Errorf("date/time column holds %T", v)
}

func decodeDateTime(v any) (any, error) {
	switch x := v.(type) {
	case time.Time:
		return x.UTC(), nil
	case string:
		for _, layout := range []string{time.RFC3339Nano, "2006-01-02 15:04:05.999999999Z07:00", "2006-01-02 15:04:05.999999999"} {
			if t, err := time.Parse(layout, strings.TrimSpace(x)); err == nil {
				return t.UTC(), nil
			}
		}
		return nil, fmt.Errorf("datetime column holds %q", x)
	}
	return nil, fmt.Errorf("datetime column holds %T", v)
}
