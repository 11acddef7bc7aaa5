package schema

import (
	"fmt"
	"math"
	"net/mail"
	"regexp"
	"strconv"
	"time"
	"unicode/utf8"
)

// Layouts of the date-like types, as stored and as sent on the wire.
const (
	DateLayout     = "2006-01-02"
	TimeLayout     = "15:04:05"
	DateTimeLayout = "2006-01-02T15:04:05.000Z"
)

// checkDefault converts a YAML default to the attribute's Go value and checks
// it against the attribute's own rules. It returns a message when it breaks
// them.
func checkDefault(a *Attribute, v any) (any, string) {
	switch a.Type {
	case Relation, Password:
		return nil, "is not allowed on a " + string(a.Type) + " field"
	case JSON:
		return v, ""
	case Boolean:
		b, ok := v.(bool)
		if !ok {
			return nil, fmt.Sprintf("%v is not a boolean", v)
		}
		return b, ""
	case Integer, BigInteger:
		n, ok := toInt(v)
		if !ok {
			return nil, fmt.Sprintf("%v is not a whole number", v)
		}
		if a.Type == Integer && (n < math.MinInt32 || n > math.MaxInt32) {
			return nil, fmt.Sprintf("%d is out of range for integer (use biginteger)", n)
		}
		return n, numberRange(a, float64(n))
	case Decimal, Float:
		n, ok := toFloat(v)
		if !ok {
			return nil, fmt.Sprintf("%v is not a number", v)
		}
		return n, numberRange(a, n)
	case Date, Time, DateTime:
		return checkDateDefault(a.Type, v)
	}
	str, ok := v.(string)
	if !ok {
		return nil, fmt.Sprintf("%v is not a string", v)
	}
	if a.Type == Email && !isEmail(str) {
		return nil, fmt.Sprintf("%q is not an e-mail address", str)
	}
	return str, TextRule(a, str)
}

// isEmail reports whether s is a bare address (no display name, no angle
// brackets), the only form an email field takes.
func isEmail(s string) bool {
	addr, err := mail.ParseAddress(s)
	return err == nil && addr.Address == s
}

func checkDateDefault(t FieldType, v any) (any, string) {
	if tm, ok := v.(time.Time); ok {
		switch t {
		case Date:
			return tm.Format(DateLayout), ""
		case DateTime:
			return tm.UTC().Format(DateTimeLayout), ""
		}
	}
	str, ok := v.(string)
	if !ok {
		return nil, fmt.Sprintf("%v is not a %s", v, t)
	}
	layout := map[FieldType]string{Date: DateLayout, Time: TimeLayout, DateTime: time.RFC3339Nano}[t]
	tm, err := time.Parse(layout, str)
	if err != nil {
		return nil, fmt.Sprintf("%q is not a %s (%s)", str, t, layout)
	}
	if t == DateTime {
		// Stored as written on the wire: UTC, milliseconds.
		return tm.UTC().Format(DateTimeLayout), ""
	}
	return str, ""
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

// TextRule checks a string value against the attribute's enumeration,
// length and regex rules, returning a message when it breaks one.
func TextRule(a *Attribute, s string) string {
	if a.Type == Enumeration {
		for _, e := range a.Enum {
			if e == s {
				return ""
			}
		}
		return fmt.Sprintf("%q is not one of the enum values", s)
	}
	n := utf8.RuneCountInString(s)
	if a.MinLength != nil && n < *a.MinLength {
		return fmt.Sprintf("%q is shorter than minLength %d", s, *a.MinLength)
	}
	if a.MaxLength != nil && n > *a.MaxLength {
		return fmt.Sprintf("%q is longer than maxLength %d", s, *a.MaxLength)
	}
	if a.Regex != "" {
		if re, err := regexp.Compile(a.Regex); err == nil && !re.MatchString(s) {
			return fmt.Sprintf("%q does not match regex %s", s, a.Regex)
		}
	}
	return ""
}
