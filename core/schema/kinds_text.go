package schema

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/kiln-cms/kiln/internal/jsonw"
)

// textual is what the kinds whose values are text share: string, text,
// richtext, email, password, uid and enumeration. Their canonical value is
// a string. Parse takes any text without the NUL character (PostgreSQL
// cannot store it, so both databases refuse it); FromJSON takes a JSON
// string, through Parse, and nothing else.
type textual struct{}

func (textual) Parse(s string) (any, error) {
	if strings.IndexByte(s, 0) >= 0 {
		return nil, errNUL
	}
	return s, nil
}

func (t textual) FromJSON(v any) (any, error) {
	s, ok := v.(string)
	if !ok {
		return nil, errString
	}
	return t.Parse(s)
}

func (textual) AppendJSON(b []byte, v any) []byte {
	if s, ok := v.(string); ok {
		return jsonw.AppendString(b, s)
	}
	return appendAny(b, v)
}

func (textual) Encode(d Dialect, v any) any {
	if _, ok := v.(string); ok {
		return v
	}
	return encodeAny(d, v)
}

func (textual) Decode(v any) (any, error) {
	if _, ok := v.(string); ok {
		return v, nil // the value as scanned: boxing it again would allocate
	}
	if s, ok := scanned(v).(string); ok {
		return s, nil
	}
	return fmt.Sprint(v), nil
}

// No length: a field's column limits the length of its text to 255
// characters (VARCHAR(255)) unless it says less; text columns do not.
const (
	noLimit    = -1
	varcharMax = 255
)

// checkLength checks a text's length in characters against minLength and
// maxLength, or the column's limit when maxLength is not set.
func checkLength(a *Attribute, s string, limit int) string {
	n := utf8.RuneCountInString(s)
	if a.MinLength != nil && n < *a.MinLength {
		return fmt.Sprintf("%s must be at least %d characters", a.Name, *a.MinLength)
	}
	if a.MaxLength != nil {
		limit = *a.MaxLength
	}
	if limit != noLimit && n > limit {
		return fmt.Sprintf("%s must be at most %d characters", a.Name, limit)
	}
	return ""
}

// checkRegex checks a text against the field's regex.
func checkRegex(a *Attribute, s string) string {
	if a.regex != nil && !a.regex.MatchString(s) {
		return fmt.Sprintf("%s must match the following: \"/%s/\"", a.Name, a.Regex)
	}
	return ""
}

// checkText is the check of a text kind: length, then regex.
func checkText(a *Attribute, v any, limit int) string {
	s, _ := v.(string)
	if msg := checkLength(a, s, limit); msg != "" {
		return msg
	}
	return checkRegex(a, s)
}

// TextRule checks a string against the attribute's enumeration, length and
// regex rules, returning a message for the admin (a default in the YAML,
// a value in a data set) when it breaks one.
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
	if a.regex != nil && !a.regex.MatchString(s) {
		return fmt.Sprintf("%q does not match regex %s", s, a.Regex)
	}
	return ""
}

// textDefault is the default of a text kind: a string within the rules.
func textDefault(a *Attribute, v any) (any, string) {
	s, ok := v.(string)
	if !ok {
		return nil, not(v, "a string")
	}
	return s, TextRule(a, s)
}

// textSchema is a text value's JSON Schema, with the field's rules and the
// column's limit (noLimit for none) as keywords.
func textSchema(s map[string]any, a *Attribute, limit int) map[string]any {
	if a.MinLength != nil {
		s["minLength"] = *a.MinLength
	}
	switch {
	case a.MaxLength != nil:
		s["maxLength"] = *a.MaxLength
	case limit != noLimit:
		s["maxLength"] = limit
	}
	if a.Regex != "" {
		s["pattern"] = a.Regex
	}
	return s
}

// varcharProblem refuses a maxLength the column cannot hold.
func varcharProblem(a *Attribute, msg string) []string {
	if a.MaxLength != nil && *a.MaxLength > varcharMax {
		return []string{msg}
	}
	return nil
}

// textCaps are the capabilities every text kind has.
var textCaps = Caps{Text: true}

// textFrom converts a column of another kind to text (to is the text kind,
// whose column type PostgreSQL casts to): a date-time to the text SQLite
// stores it as, a boolean to true/false, a number to its digits.
func textFrom(d Dialect, from, to Kind, c string) Conversion {
	if d == Postgres {
		switch {
		case from.Type() == DateTime:
			// The text a datetime has on SQLite, so both databases agree.
			return Conversion{Expr: "to_char(" + c + ` AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')::` + to.Column(d)}
		case from.Caps().Text && strings.HasPrefix(to.Column(d), "VARCHAR"):
			// No cast: an explicit one would cut longer values to the
			// length; the assignment ALTER makes refuses them instead.
			return Conversion{Expr: c}
		}
		return pgCast(c, to)
	}
	switch {
	case from.Type() == Boolean:
		return Conversion{Expr: boolText(c)}
	case numeric(from):
		return Conversion{Expr: "CAST(" + c + " AS TEXT)"}
	}
	return Conversion{Expr: c}
}
