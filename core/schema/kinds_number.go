package schema

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/kiln-cms/kiln/internal/jsonw"
)

// whole is what integer, biginteger (and relation ids) share: canonical
// int64, read from decimal digits (spaces around them allowed, as in a
// query string) or a JSON number without a fraction or exponent.
type whole struct{}

func parseWhole(s string, bad error) (any, error) {
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil {
		return nil, bad
	}
	return n, nil
}

func wholeFromJSON(v any, bad error) (any, error) {
	switch x := v.(type) {
	case json.Number:
		return parseWhole(string(x), bad)
	case string:
		return parseWhole(x, bad)
	case int64:
		return v, nil
	case int:
		return int64(x), nil
	}
	return nil, bad
}

func (whole) Encode(d Dialect, v any) any {
	if _, ok := v.(int64); ok {
		return v
	}
	return encodeAny(d, v)
}

func (whole) Decode(v any) (any, error) {
	switch x := v.(type) {
	case int64:
		return v, nil // as scanned: boxing it again would allocate
	case int32:
		return int64(x), nil
	case int:
		return int64(x), nil
	case float64:
		return int64(x), nil
	case []byte:
		return strconv.ParseInt(string(x), 10, 64)
	case string:
		return strconv.ParseInt(x, 10, 64)
	}
	return nil, fmt.Errorf("integer column holds %T", v)
}

// checkWhole checks a whole number against min and max exactly (through
// float64 a number above 2^53 would lose its last digits).
func checkWhole(a *Attribute, n int64) string {
	if a.Min != nil && belowMin(n, *a.Min) {
		return fmt.Sprintf("%s must be greater than or equal to %s", a.Name, num(*a.Min))
	}
	if a.Max != nil && aboveMax(n, *a.Max) {
		return fmt.Sprintf("%s must be less than or equal to %s", a.Name, num(*a.Max))
	}
	return ""
}

// two63 is 2^63, the first float64 above every int64.
const two63 = 9223372036854775808.0

// belowMin reports n < min for any min, 1.5 or 1e30 included.
func belowMin(n int64, min float64) bool {
	c := math.Ceil(min)
	switch {
	case c >= two63:
		return true
	case c < -two63:
		return false
	}
	return n < int64(c)
}

// aboveMax reports n > max for any max.
func aboveMax(n int64, max float64) bool {
	f := math.Floor(max)
	switch {
	case f >= two63:
		return false
	case f < -two63:
		return true
	}
	return n > int64(f)
}

// fractional is what decimal and float share: canonical float64, read from
// a number's text (spaces around it allowed) or a JSON number; NaN and the
// infinities are no numbers a column or JSON can hold.
type fractional struct{}

func (fractional) Parse(s string) (any, error) {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return nil, errNumber
	}
	return f, nil
}

func (k fractional) FromJSON(v any) (any, error) {
	switch x := v.(type) {
	case json.Number:
		return k.Parse(string(x))
	case string:
		return k.Parse(x)
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, errNumber
		}
		return v, nil
	case int64:
		return float64(x), nil
	case int:
		return float64(x), nil
	}
	return nil, errNumber
}

func (fractional) Check(a *Attribute, v any) string {
	f, _ := v.(float64)
	if a.Min != nil && f < *a.Min {
		return fmt.Sprintf("%s must be greater than or equal to %s", a.Name, num(*a.Min))
	}
	if a.Max != nil && f > *a.Max {
		return fmt.Sprintf("%s must be less than or equal to %s", a.Name, num(*a.Max))
	}
	return ""
}

func (fractional) AppendJSON(b []byte, v any) []byte {
	if f, ok := v.(float64); ok {
		return jsonw.AppendFloat(b, f)
	}
	return appendAny(b, v)
}

func (fractional) Encode(d Dialect, v any) any {
	if _, ok := v.(float64); ok {
		return v
	}
	return encodeAny(d, v)
}

func (fractional) Decode(v any) (any, error) {
	switch x := v.(type) {
	case float64:
		return v, nil
	case float32:
		return float64(x), nil
	case int64:
		return float64(x), nil
	case []byte:
		return strconv.ParseFloat(string(x), 64)
	case string:
		return strconv.ParseFloat(x, 64)
	}
	return nil, fmt.Errorf("number column holds %T", v)
}

func (fractional) OutputSchema(a *Attribute) map[string]any {
	return map[string]any{"type": "number"}
}

func (fractional) InputSchema(a *Attribute) map[string]any {
	return numberSchema(map[string]any{"type": "number"}, a)
}

func (fractional) Default(a *Attribute, v any) (any, string) {
	n, ok := toFloat(v)
	if !ok {
		return nil, not(v, "a number")
	}
	return n, numberRange(a, n)
}

func (fractional) Problems(a *Attribute) []string { return nil }

// numberCaps are the capabilities of decimal and float.
var numberCaps = Caps{Number: true}

// numberSchema writes min and max as JSON Schema keywords.
func numberSchema(s map[string]any, a *Attribute) map[string]any {
	if a.Min != nil {
		s["minimum"] = *a.Min
	}
	if a.Max != nil {
		s["maximum"] = *a.Max
	}
	return s
}

// toInt converts a whole YAML number exactly: through float64 a biginteger
// above 2^53 would lose its last digits.
func toInt(v any) (int64, bool) {
	switch n := v.(type) {
	case int:
		return int64(n), true
	case int64:
		return n, true
	case uint64:
		return int64(n), n <= math.MaxInt64
	case float64:
		return int64(n), n == math.Trunc(n) && n >= math.MinInt64 && n < math.MaxInt64
	}
	return 0, false
}

func toFloat(v any) (float64, bool) {
	switch n := v.(type) {
	case int:
		return float64(n), true
	case int64:
		return float64(n), true
	case uint64:
		return float64(n), true
	case float64:
		return n, true
	}
	return 0, false
}

// numberRange checks a default against min and max, in the admin's words.
func numberRange(a *Attribute, n float64) string {
	if a.Min != nil && n < *a.Min {
		return fmt.Sprintf("%s is below min %s", num(n), num(*a.Min))
	}
	if a.Max != nil && n > *a.Max {
		return fmt.Sprintf("%s is above max %s", num(n), num(*a.Max))
	}
	return ""
}

// num writes a number as an admin wrote it: 1000000, not 1e+06.
func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// numberFrom converts a column of another kind to a number kind: from a
// boolean (0 or 1), another number, or numeric text. whole rounds
// fractions (SQLite; PostgreSQL's cast rounds too).
func numberFrom(d Dialect, from, to Kind, c string, whole bool) Conversion {
	if d == Postgres {
		if from.Type() == Boolean {
			return Conversion{Expr: c + "::INTEGER::" + to.Column(d)}
		}
		return pgCast(c, to)
	}
	switch {
	case whole && (from.Type() == Boolean || from.Caps().Integral):
		return Conversion{Expr: c}
	case whole && numeric(from):
		return Conversion{Expr: "CAST(round(" + c + ") AS INTEGER)"}
	case whole && from.Caps().Text:
		return castChecked(c, "INTEGER")
	case numeric(from), from.Type() == Boolean:
		return Conversion{Expr: "CAST(" + c + " AS REAL)"}
	case from.Caps().Text:
		return castChecked(c, "REAL")
	}
	return never(c)
}
