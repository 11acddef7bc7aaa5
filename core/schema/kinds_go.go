package schema

import (
	"math"
	"time"
)

// The kinds' FromGo: a value a Go caller writes (content.Write.Set) is
// read by its Go type, never as text to parse, so that a plugin's typo of
// type ("12" for an integer) is refused as a client's would be, and a
// value of the right type reaches its canonical form without a JSON
// round trip. Each kind takes its canonical type and the Go types that
// hold the same value: every integer type for a whole number, integers
// and floats for a fractional one, time.Time for the date-like kinds (a
// date and a time also take their text, Go having no civil date or time
// of day), and for a JSON document any value encoding/json marshals.

// goInt is v as an int64 when v is a Go integer that fits one.
func goInt(v any) (int64, bool) {
	switch x := v.(type) {
	case int64:
		return x, true
	case int:
		return int64(x), true
	case int32:
		return int64(x), true
	case int16:
		return int64(x), true
	case int8:
		return int64(x), true
	case uint32:
		return int64(x), true
	case uint16:
		return int64(x), true
	case uint8:
		return int64(x), true
	case uint:
		return int64(x), x <= math.MaxInt64
	case uint64:
		return int64(x), x <= math.MaxInt64
	}
	return 0, false
}

func wholeFromGo(v any, bad error) (any, error) {
	if n, ok := goInt(v); ok {
		return n, nil
	}
	return nil, bad
}

func (integerKind) FromGo(v any) (any, error)    { return wholeFromGo(v, errInteger) }
func (bigIntegerKind) FromGo(v any) (any, error) { return wholeFromGo(v, errInteger) }
func (relationKind) FromGo(v any) (any, error)   { return wholeFromGo(v, errRelation) }

func (fractional) FromGo(v any) (any, error) {
	var f float64
	switch x := v.(type) {
	case float64:
		f = x
	case float32:
		f = float64(x)
	default:
		n, ok := goInt(v)
		if !ok {
			return nil, errNumber
		}
		f = float64(n)
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return nil, errNumber
	}
	return f, nil
}

func (t textual) FromGo(v any) (any, error) {
	s, ok := v.(string)
	if !ok {
		return nil, errString
	}
	return t.Parse(s)
}

func (booleanKind) FromGo(v any) (any, error) {
	if b, ok := v.(bool); ok {
		return b, nil
	}
	return nil, errBoolean
}

// FromGo: a time.Time's calendar date, in its own location, or a date's
// text through Parse.
func (k dateKind) FromGo(v any) (any, error) {
	if t, ok := v.(time.Time); ok {
		return t.Format(DateLayout), nil
	}
	return k.FromJSON(v)
}

// FromGo: a time.Time's time of day, in its own location, to the second,
// or a time's text through Parse.
func (k timeKind) FromGo(v any) (any, error) {
	if t, ok := v.(time.Time); ok {
		return t.Format(TimeLayout), nil
	}
	return k.FromJSON(v)
}

// FromGo: a time.Time only, in UTC and cut to the milliseconds the
// columns keep, as Parse gives a text's.
func (dateTimeKind) FromGo(v any) (any, error) {
	t, ok := v.(time.Time)
	if !ok {
		return nil, errDateTime
	}
	return t.UTC().Truncate(time.Millisecond), nil
}

// FromGo: any value, as encoding/json writes it (a map's keys sorted, a
// json.RawMessage compacted as given, a json.Marshaler's own text): the
// same as FromJSON, which marshals the decoded body's value.
func (k jsonKind) FromGo(v any) (any, error) { return k.FromJSON(v) }

// FromGo: as jsonKind's, the document's shape checked too.
func (k blocksKind) FromGo(v any) (any, error) { return k.FromJSON(v) }
