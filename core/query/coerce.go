package query

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/kiln-cms/kiln/core/schema"
)

// coerce turns a filter value into the Go type the store binds for field a,
// so that a value that cannot be one is a 400 here and never a driver error:
// string for text types, int64 for integers and ids, float64 for decimals,
// bool, "2006-01-02" for dates, "15:04:05" for times and a UTC time.Time for
// date-times.
func coerce(a *schema.Attribute, s string, l at) (any, error) {
	v, what, ok := convert(a.Type, s)
	if !ok {
		return nil, valueError(l, a.Name, "Invalid value %s for %s: expected %s", quote(s), l.path, what)
	}
	return v, nil
}

// convert does coerce's work: the value, what was expected, and whether s was one.
func convert(t schema.FieldType, s string) (any, string, bool) {
	switch t {
	case schema.Integer, schema.BigInteger:
		n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
		return n, "an integer", err == nil
	case schema.Decimal, schema.Float:
		f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		return f, "a number", err == nil && !math.IsNaN(f) && !math.IsInf(f, 0)
	case schema.Boolean:
		b, ok := parseBool(s)
		return b, `"true", "t", "1", "false", "f" or "0"`, ok
	case schema.Date:
		d, ok := parseDate(s)
		return d, "a date (YYYY-MM-DD)", ok
	case schema.Time:
		d, ok := parseTime(s)
		return d, "a time (HH:MM, HH:MM:SS or HH:MM:SS.mmm)", ok
	case schema.DateTime:
		d, ok := parseDateTime(s)
		return d, "a date-time (RFC 3339) or a date", ok
	}
	return s, "", true
}

// textual reports the types the string operators ($contains, $eqi, ...)
// apply to. json is stored as text but is not one.
func textual(t schema.FieldType) bool {
	switch t {
	case schema.String, schema.Text, schema.RichText, schema.Email, schema.UID, schema.Enumeration:
		return true
	}
	return false
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

// dateTimeLayouts are the date-time spellings accepted: RFC 3339 (the
// fraction is optional when parsing), the same without an offset (UTC), and
// a plain date meaning midnight UTC.
var dateTimeLayouts = []string{time.RFC3339, "2006-01-02T15:04:05", "2006-01-02T15:04", time.DateOnly}

func parseDateTime(s string) (time.Time, bool) {
	for _, layout := range dateTimeLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC(), true
		}
	}
	return time.Time{}, false
}

// parseTime accepts HH:MM, HH:MM:SS and HH:MM:SS.fff and normalises to
// HH:MM:SS, the form the store compares.
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
