package schema

import (
	"fmt"
	"time"

	"github.com/kiln-cms/kiln/internal/jsonw"
)

// Layouts of the date-like kinds, as stored and as sent on the wire.
const (
	DateLayout     = "2006-01-02"
	TimeLayout     = "15:04:05"
	DateTimeLayout = "2006-01-02T15:04:05.000Z"
)

// dateTimeLayouts are the date-time spellings Parse accepts: RFC 3339 (the
// fraction is optional when parsing), the same without an offset (UTC),
// without seconds, and a plain date meaning midnight UTC.
var dateTimeLayouts = []string{time.RFC3339, "2006-01-02T15:04:05", "2006-01-02T15:04", time.DateOnly}

// parseDateTime reads a date-time, in UTC and cut to the milliseconds the
// columns keep, so that a filter compares with what a body would store.
func parseDateTime(s string) (time.Time, bool) {
	for _, layout := range dateTimeLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC().Truncate(time.Millisecond), true
		}
	}
	return time.Time{}, false
}

// parseDate accepts a calendar date, or a date-time whose date part is
// taken as written (clients often send toISOString() for dates).
func parseDate(s string) (string, bool) {
	if len(s) > 10 && s[10] == 'T' {
		if _, ok := parseDateTime(s); !ok {
			return "", false
		}
		s = s[:10]
	}
	if _, err := time.Parse(time.DateOnly, s); err != nil {
		return "", false
	}
	return s, true
}

// parseTime accepts HH:MM, HH:MM:SS and HH:MM:SS.fff (two digits each) and
// normalises to HH:MM:SS, the form the store compares.
func parseTime(s string) (string, bool) {
	if len(s) < 5 || s[2] != ':' {
		return "", false
	}
	h, m, sec := twoDigits(s[0:2]), twoDigits(s[3:5]), 0
	if rest := s[5:]; rest != "" {
		if len(rest) < 3 || rest[0] != ':' || !fraction(rest[3:]) {
			return "", false
		}
		sec = twoDigits(rest[1:3])
	}
	if h < 0 || h > 23 || m < 0 || m > 59 || sec < 0 || sec > 59 {
		return "", false
	}
	return fmt.Sprintf("%02d:%02d:%02d", h, m, sec), true
}

// twoDigits parses exactly two ASCII digits, or returns -1.
func twoDigits(s string) int {
	if len(s) != 2 || s[0] < '0' || s[0] > '9' || s[1] < '0' || s[1] > '9' {
		return -1
	}
	return int(s[0]-'0')*10 + int(s[1]-'0')
}

// fraction accepts "" or "." followed by one to nine digits.
func fraction(s string) bool {
	if s == "" {
		return true
	}
	if s[0] != '.' || len(s) < 2 || len(s) > 10 {
		return false
	}
	for i := 1; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// clock is what date and time share: canonical a string in a fixed layout
// ("2006-01-02", "15:04:05"), so that text order is time order on SQLite.
type clock struct{}

func (clock) Check(a *Attribute, v any) string { return "" }

func (clock) AppendJSON(b []byte, v any) []byte {
	if s, ok := v.(string); ok {
		return jsonw.AppendString(b, s)
	}
	return appendAny(b, v)
}

func (clock) Encode(d Dialect, v any) any {
	if _, ok := v.(string); ok {
		return v
	}
	return encodeAny(d, v)
}

func (clock) Problems(a *Attribute) []string { return nil }

// decodeClock gives a date or time in its fixed text layout.
func decodeClock(v any, layout string) (any, error) {
	switch x := scanned(v).(type) {
	case time.Time:
		return x.Format(layout), nil
	case string:
		if len(x) > len(layout) {
			// PostgreSQL's TIME may carry fractions; dates may carry a time.
			return x[:len(layout)], nil
		}
		return x, nil
	}
	return nil, fmt.Errorf("date/time column holds %T", v)
}

// clockDefault reads a date or time default written as text.
func clockDefault(k Kind, v any, what string) (any, string) {
	s, ok := v.(string)
	if !ok {
		return nil, not(v, what)
	}
	c, err := k.Parse(s)
	if err != nil {
		return nil, fmt.Sprintf("%q is not %s", s, err.(*ValueError).Want)
	}
	return c, ""
}

// clockFrom converts a column of another kind to a date or time: fn is
// SQLite's date function for the kind. Text converts when SQLite's
// functions read it.
func clockFrom(d Dialect, from, to Kind, c, fn string) Conversion {
	if d == Postgres {
		if from.Type() == DateTime {
			return Conversion{Expr: "(" + c + " AT TIME ZONE 'UTC')::" + to.Column(d)}
		}
		return pgCast(c, to)
	}
	expr := fn + "(" + c + ")"
	if from.Caps().Text || from.Type() == to.Type() || from.Type() == DateTime {
		return Conversion{Expr: expr, Check: notNull(c) + expr + " IS NULL"}
	}
	return never(c)
}
