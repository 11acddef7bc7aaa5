// Package jsontext writes a JSON document in one canonical text form: the
// one PostgreSQL prints for a jsonb value (jsonb::text), which is the text
// Strapi 5's string filters see on a json field. Kiln keeps JSON as it was
// written, so both databases compare through this form: PostgreSQL by
// casting to jsonb, SQLite by calling Canonical as an SQL function.
//
// The form: ", " between items and ": " after keys; object keys sorted by
// byte length, then bytes, the last of duplicate keys kept; strings with
// only ", \, \b, \f, \n, \r, \t and the other control characters escaped
// (\u00xx), everything else as UTF-8; numbers as PostgreSQL's numeric
// prints them (1e3 is 1000, 1.50 stays 1.50, 1E-2 is 0.01, -0 is 0).
package jsontext

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"
)

// PostgreSQL's numeric holds up to 131072 digits before the point and
// 16383 after; jsonb refuses numbers outside, and so does Canonical.
const (
	maxIntDigits  = 131072
	maxFracDigits = 16383
)

// ErrNumberRange is a number PostgreSQL's jsonb cannot hold.
var ErrNumberRange = errors.New("a number out of PostgreSQL's numeric range")

// Canonical is raw, one JSON document, in the canonical form.
func Canonical(raw []byte) (string, error) { return form(raw, false) }

// Key is raw in the canonical form with every number also stripped of the
// zeros that end its fraction (1.50 is 1.5, 10.0 is 10): two documents
// have the same Key exactly when PostgreSQL's jsonb finds them equal.
func Key(raw []byte) (string, error) { return form(raw, true) }

func form(raw []byte, minimal bool) (string, error) {
	if !json.Valid(raw) {
		return "", errors.New("jsontext: not one JSON document")
	}
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return "", err
	}
	w := writer{minimal: minimal}
	if err := w.write(v); err != nil {
		return "", err
	}
	return w.b.String(), nil
}

type writer struct {
	b       strings.Builder
	minimal bool // numbers without the zeros that end a fraction
}

func (w *writer) write(v any) error {
	b := &w.b
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case json.Number:
		s, err := Number(string(x))
		if err != nil {
			return err
		}
		if w.minimal && strings.Contains(s, ".") {
			s = strings.TrimSuffix(strings.TrimRight(s, "0"), ".")
		}
		b.WriteString(s)
	case string:
		writeString(b, x)
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteString(", ")
			}
			if err := w.write(e); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.SortFunc(keys, func(a, c string) int {
			if len(a) != len(c) {
				return len(a) - len(c)
			}
			return strings.Compare(a, c)
		})
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteString(", ")
			}
			writeString(b, k)
			b.WriteString(": ")
			if err := w.write(x[k]); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	}
	return nil
}

const hex = "0123456789abcdef"

func writeString(b *strings.Builder, s string) {
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		default:
			if c < 0x20 {
				b.WriteString(`\u00`)
				b.WriteByte(hex[c>>4])
				b.WriteByte(hex[c&15])
			} else {
				b.WriteByte(c)
			}
		}
	}
	b.WriteByte('"')
}

// Number is a JSON number as PostgreSQL's numeric prints it: the scale
// (digits after the point) is the written fraction's length less the
// exponent, never below 0, and zero has no sign.
func Number(s string) (string, error) {
	mant, exp := s, int64(0)
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		mant = s[:i]
		e, err := strconv.ParseInt(strings.TrimPrefix(s[i+1:], "+"), 10, 32)
		if err != nil {
			return "", ErrNumberRange
		}
		exp = e
	}
	neg := strings.HasPrefix(mant, "-")
	mant = strings.TrimPrefix(mant, "-")
	intPart, frac, _ := strings.Cut(mant, ".")
	scale := max(0, int64(len(frac))-exp)
	digits := strings.TrimLeft(intPart+frac, "0")
	// point: how many of digits stand before the decimal point.
	point := int64(len(intPart)) + exp - int64(len(intPart+frac)-len(digits))
	if scale > maxFracDigits || (digits != "" && point > maxIntDigits) {
		return "", ErrNumberRange
	}
	var b strings.Builder
	if neg && digits != "" {
		b.WriteByte('-')
	}
	switch {
	case digits == "" || point <= 0:
		b.WriteByte('0')
	case point >= int64(len(digits)):
		b.WriteString(digits)
		b.WriteString(strings.Repeat("0", int(point)-len(digits)))
	default:
		b.WriteString(digits[:point])
	}
	if scale > 0 {
		b.WriteByte('.')
		var f string
		switch {
		case digits == "":
		case point < 0:
			f = strings.Repeat("0", int(-point)) + digits
		case point < int64(len(digits)):
			f = digits[point:]
		}
		if int64(len(f)) > scale {
			f = f[:scale]
		}
		b.WriteString(f)
		b.WriteString(strings.Repeat("0", int(scale)-len(f)))
	}
	return b.String(), nil
}
