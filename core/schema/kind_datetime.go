package schema

import (
	"fmt"
	"strings"
	"time"
)

// dateTimeKind is an instant (TIMESTAMPTZ(3); TEXT in UTC with
// milliseconds on SQLite, "2006-01-02T15:04:05.000Z", so that text order
// is time order). Both databases keep milliseconds, and so does Parse.
//
// Parse: RFC 3339 ("2026-01-01T10:00:00Z", "...+02:00", with a fraction or
// not), the same without an offset (taken as UTC) or without seconds
// ("2026-01-01T10:00"), or a date alone (its midnight UTC). FromJSON: a
// string through Parse. Canonical: time.Time in UTC, to the millisecond.
type dateTimeKind struct{}

func (dateTimeKind) Type() FieldType { return DateTime }
func (dateTimeKind) Caps() Caps      { return Caps{} }

func (dateTimeKind) Column(d Dialect) string {
	if d == Postgres {
		return "TIMESTAMPTZ(3)"
	}
	return "TEXT"
}

func (dateTimeKind) Parse(s string) (any, error) {
	t, ok := parseDateTime(s)
	if !ok {
		return nil, errDateTime
	}
	return t, nil
}

func (k dateTimeKind) FromJSON(v any) (any, error) {
	s, ok := v.(string)
	if !ok {
		return nil, errDateTime
	}
	return k.Parse(s)
}

func (dateTimeKind) Check(a *Attribute, v any) string { return "" }

func (dateTimeKind) AppendJSON(b []byte, v any) []byte {
	if t, ok := v.(time.Time); ok {
		b = append(b, '"')
		b = AppendDateTime(b, t)
		return append(b, '"')
	}
	return appendAny(b, v)
}

func (dateTimeKind) Encode(d Dialect, v any) any { return encodeAny(d, v) }

// dbLayouts are the forms a driver may give a datetime column as text:
// what parseStoredDateTime reads, and the rarer forms it leaves to them.
var dbLayouts = []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999Z07", "2006-01-02 15:04:05.999999999Z07:00", "2006-01-02 15:04:05.999999999Z07", "2006-01-02 15:04:05.999999999"}

// parseStoredDateTime reads, digit by digit, the two forms a datetime
// column gives as text: SQLite's stored 2006-01-02T15:04:05.000Z, and
// PostgreSQL's output 2006-01-02 15:04:05.123+00 (the fraction as long as
// needed, the offset as +HH or +HH:MM). A populated list reads three per
// entry, and time.Parse, which reads its layout each time, took a sixth
// of its CPU. Anything else (ok false) is left to time.Parse and
// dbLayouts; FuzzStoredDateTime keeps the two in agreement.
func parseStoredDateTime(s string) (t time.Time, ok bool) {
	if len(s) < 19 || s[4] != '-' || s[7] != '-' || (s[10] != 'T' && s[10] != ' ') || s[13] != ':' || s[16] != ':' {
		return t, false
	}
	year, month, day := digitsOf(s[0:4]), digitsOf(s[5:7]), digitsOf(s[8:10])
	hour, minute, sec := digitsOf(s[11:13]), digitsOf(s[14:16]), digitsOf(s[17:19])
	if year < 0 || month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23 || minute < 0 || minute > 59 || sec < 0 || sec > 59 {
		return t, false
	}
	i, nsec := 19, 0
	if i < len(s) && s[i] == '.' {
		i++
		start, scale := i, int(time.Second/10)
		for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
			nsec += int(s[i]-'0') * scale
			scale /= 10
		}
		if i == start || i-start > 9 {
			return t, false
		}
	}
	offset := 0
	switch rest := s[i:]; {
	case rest == "Z" || (rest == "" && s[10] == ' '):
	case (len(rest) == 3 || len(rest) == 6) && (rest[0] == '+' || rest[0] == '-'):
		h, m := digitsOf(rest[1:3]), 0
		if len(rest) == 6 {
			if rest[3] != ':' {
				return t, false
			}
			m = digitsOf(rest[4:6])
		}
		if h < 0 || h > 23 || m < 0 || m > 59 {
			return t, false
		}
		if offset = h*3600 + m*60; rest[0] == '-' {
			offset = -offset
		}
	default:
		return t, false
	}
	t = time.Date(year, time.Month(month), day, hour, minute, sec, nsec, time.UTC)
	if t.Day() != day { // the 31st of a 30-day month, February's 30th
		return time.Time{}, false
	}
	return t.Add(-time.Duration(offset) * time.Second), true
}

// digitsOf is s's value when s is all decimal digits, else -1.
func digitsOf(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return -1
		}
		n = n*10 + int(c-'0')
	}
	return n
}

func (dateTimeKind) Decode(v any) (any, error) {
	switch x := scanned(v).(type) {
	case time.Time:
		return x.UTC(), nil
	case string:
		if t, ok := parseStoredDateTime(x); ok {
			return t, nil
		}
		for _, layout := range dbLayouts {
			if t, err := time.Parse(layout, strings.TrimSpace(x)); err == nil {
				return t.UTC(), nil
			}
		}
		return nil, fmt.Errorf("datetime column holds %q", x)
	}
	return nil, fmt.Errorf("datetime column holds %T", v)
}

func (dateTimeKind) OutputSchema(a *Attribute) map[string]any {
	return map[string]any{"type": "string", "format": "date-time"}
}

func (dateTimeKind) InputSchema(a *Attribute) map[string]any {
	return map[string]any{"type": "string", "format": "date-time", "description": "RFC 3339; without an offset it is taken as UTC, and a date alone as its midnight UTC"}
}

// Default takes an instant as YAML reads one unquoted, or its text.
func (k dateTimeKind) Default(a *Attribute, v any) (any, string) {
	if t, ok := v.(time.Time); ok {
		return t.UTC().Truncate(time.Millisecond), ""
	}
	return clockDefault(k, v, "a datetime")
}

func (dateTimeKind) Problems(a *Attribute) []string { return nil }

func (k dateTimeKind) ConvertFrom(d Dialect, from Kind, c string) Conversion {
	if d == Postgres {
		if from.Type() == Date {
			return Conversion{Expr: "(" + c + "::TIMESTAMP AT TIME ZONE 'UTC')::" + k.Column(d)}
		}
		return pgCast(c, k)
	}
	expr := "strftime(" + sqliteDateTime + ", " + c + ")"
	switch {
	case from.Caps().Text || from.Type() == DateTime:
		return Conversion{Expr: expr, Check: notNull(c) + expr + " IS NULL"}
	case from.Type() == Date:
		return Conversion{Expr: expr}
	}
	return never(c)
}

// AppendDateTime appends t in UTC as DateTimeLayout does
// (2006-01-02T15:04:05.000Z), digit by digit: every answer writes three
// of them per entry, and time.Time.AppendFormat, which reads its layout
// each time, took a tenth of a populated list's CPU. A year outside
// 0000–9999 goes through AppendFormat, which knows how to write it.
func AppendDateTime(b []byte, t time.Time) []byte {
	t = t.UTC()
	year, month, day := t.Date()
	if year < 0 || year > 9999 {
		return t.AppendFormat(b, DateTimeLayout)
	}
	hour, minute, sec := t.Clock()
	ms := t.Nanosecond() / int(time.Millisecond)
	b = append(b,
		byte('0'+year/1000), byte('0'+year/100%10), byte('0'+year/10%10), byte('0'+year%10), '-',
		byte('0'+int(month)/10), byte('0'+int(month)%10), '-',
		byte('0'+day/10), byte('0'+day%10), 'T',
		byte('0'+hour/10), byte('0'+hour%10), ':',
		byte('0'+minute/10), byte('0'+minute%10), ':',
		byte('0'+sec/10), byte('0'+sec%10), '.',
		byte('0'+ms/100), byte('0'+ms/10%10), byte('0'+ms%10), 'Z')
	return b
}
