package schema_test

import (
	"encoding/json"
	"math"
	"reflect"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/core/schema"
)

// TestFromGo: each kind takes its canonical Go type and the Go types that
// hold the same value, giving the canonical value; text is no number,
// boolean or date-time, and a value out of its type's reach is refused
// with the kind's own refusal (FromJSON's).
func TestFromGo(t *testing.T) {
	t.Parallel()
	plus2 := time.FixedZone("UTC+2", 2*3600)
	at := time.Date(2024, 5, 1, 0, 30, 15, 987654321, plus2)
	tests := []struct {
		kind schema.FieldType
		in   any
		want any    // the canonical value, when taken
		err  string // the refusal's Want, when refused
	}{
		{schema.Integer, int8(-3), int64(-3), ""},
		{schema.Integer, uint32(7), int64(7), ""},
		{schema.Integer, "7", nil, "an integer"},
		{schema.Integer, 7.0, nil, "an integer"},
		{schema.BigInteger, uint64(math.MaxInt64), int64(math.MaxInt64), ""},
		{schema.BigInteger, uint64(math.MaxInt64) + 1, nil, "an integer"},
		{schema.BigInteger, json.Number("7"), nil, "an integer"},
		{schema.Float, float32(0.5), 0.5, ""},
		{schema.Float, 3, 3.0, ""},
		{schema.Float, math.NaN(), nil, "a number"},
		{schema.Decimal, math.Inf(1), nil, "a number"},
		{schema.Decimal, "1.5", nil, "a number"},
		{schema.String, "x", "x", ""},
		{schema.String, []byte("x"), nil, "a string"},
		{schema.Enumeration, "high", "high", ""},
		{schema.Text, "a\x00b", nil, "text without the NUL character"},
		{schema.Boolean, false, false, ""},
		{schema.Boolean, "false", nil, `"true", "t", "1", "false", "f" or "0"`},
		{schema.Date, at, "2024-05-01", ""},
		{schema.Date, "2024-05-01", "2024-05-01", ""},
		{schema.Date, at.Unix(), nil, "a date (YYYY-MM-DD)"},
		{schema.Time, at, "00:30:15", ""},
		{schema.Time, "09:30", "09:30:00", ""},
		{schema.DateTime, at, time.Date(2024, 4, 30, 22, 30, 15, 987000000, time.UTC), ""},
		{schema.DateTime, "2024-05-01T00:00:00Z", nil, "a date-time (RFC 3339) or a date"},
		{schema.JSON, json.RawMessage(` {"b": 1, "a": 2} `), json.RawMessage(`{"b":1,"a":2}`), ""},
		{schema.JSON, map[string]int{"b": 1, "a": 2}, json.RawMessage(`{"a":2,"b":1}`), ""},
		{schema.JSON, "text", json.RawMessage(`"text"`), ""},
		{schema.JSON, math.Inf(-1), nil, "JSON"},
		{schema.Blocks, []any{}, json.RawMessage(`[]`), ""},
	}
	for _, tc := range tests {
		got, err := schema.KindOf(tc.kind).FromGo(tc.in)
		if tc.err != "" {
			ve, ok := err.(*schema.ValueError)
			if !ok || ve.Want != tc.err {
				t.Errorf("%s FromGo(%#v) = %#v, %v; want the refusal %q", tc.kind, tc.in, got, err, tc.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s FromGo(%#v) = %#v, %v; want %#v", tc.kind, tc.in, got, err, tc.want)
		}
	}
}
