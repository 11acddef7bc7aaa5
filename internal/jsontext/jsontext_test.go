package jsontext

import (
	"errors"
	"strings"
	"testing"
)

// The wants are PostgreSQL 16's answers to SELECT '<in>'::jsonb::text.
func TestCanonical(t *testing.T) {
	cases := []struct{ in, want string }{
		{`["leadership","career"]`, `["leadership", "career"]`},
		{`{"bb":1,"a":[1,{"c":"x"}],"b":null, "a":2, "ccc":true,"B":false}`, `{"B": false, "a": 2, "b": null, "bb": 1, "ccc": true}`},
		{`["x\u00e9\n\u001f\/` + "\u007f" + `\t\"\\\b\f\r", "\u2028", {}, [], "\ud83d\ude00", "<>&"]`,
			"[\"x\u00e9\\n\\u001f/\u007f\\t\\\"\\\\\\b\\f\\r\", \"\u2028\", {}, [], \"\U0001F600\", \"<>&\"]"},
		{` { "k" : [ 1 , 2 ] } `, `{"k": [1, 2]}`},
		{`"plain"`, `"plain"`},
		{`null`, `null`},
		{`true`, `true`},
	}
	for _, c := range cases {
		got, err := Canonical([]byte(c.in))
		if err != nil || got != c.want {
			t.Errorf("Canonical(%s) = %s, %v; want %s", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{``, `[1,`, `1 2`, `{"a":1}x`, `1e131072`} {
		if got, err := Canonical([]byte(bad)); err == nil {
			t.Errorf("Canonical(%q) = %q, want an error", bad, got)
		}
	}
}

func TestNumber(t *testing.T) {
	cases := []struct{ in, want string }{
		{"1.50", "1.50"}, {"1e3", "1000"}, {"1.5e1", "15"}, {"1E-2", "0.01"}, {"-0", "0"},
		{"-0.00", "0.00"}, {"100e-1", "10.0"}, {"0.000", "0.000"},
		{"123456789012345678901234567890", "123456789012345678901234567890"},
		{"1.5e-1", "0.15"}, {"-12.340e+2", "-1234.0"}, {"5e-1", "0.5"}, {"0e5", "0"},
		{"0.0e-3", "0.0000"}, {"12e0", "12"}, {"0.05", "0.05"}, {"-7", "-7"}, {"10", "10"},
	}
	for _, c := range cases {
		if got, err := Number(c.in); err != nil || got != c.want {
			t.Errorf("Number(%s) = %s, %v; want %s", c.in, got, err, c.want)
		}
	}
	if got, _ := Number("1e131071"); len(got) != 131072 {
		t.Errorf("1e131071: %d characters, want 131072", len(got))
	}
	if got, _ := Number("1e-16383"); len(got) != 16385 {
		t.Errorf("1e-16383: %d characters, want 16385", len(got))
	}
	for _, bad := range []string{"1e131072", "1e-16384", "1e99999999999", strings.Repeat("9", 131073)} {
		if _, err := Number(bad); !errors.Is(err, ErrNumberRange) {
			t.Errorf("Number(%.20s): %v, want ErrNumberRange", bad, err)
		}
	}
}

// Key equality is jsonb equality: numbers by value, keys in any order.
func TestKey(t *testing.T) {
	same := [][2]string{
		{`{"c":null,"bb":1.50,"a":[1e3,"X\u00e9"]}`, `{"a": [1000, "Xé"], "c": null, "bb": 1.5}`},
		{`[0.00, -0, 10.0, 1E-2]`, `[0, 0, 10, 0.010]`},
	}
	for _, p := range same {
		a, errA := Key([]byte(p[0]))
		b, errB := Key([]byte(p[1]))
		if errA != nil || errB != nil || a != b {
			t.Errorf("Key(%s) = %s, Key(%s) = %s; want equal", p[0], a, p[1], b)
		}
	}
	if a, _ := Key([]byte(`[1.5]`)); a != `[1.5]` {
		t.Errorf("Key([1.5]) = %s", a)
	}
	if a, b := must(Key([]byte(`{"a":"1.0"}`))), must(Key([]byte(`{"a":"1"}`))); a == b {
		t.Errorf("strings are not numbers: %s == %s", a, b)
	}
}

func must(s string, err error) string {
	if err != nil {
		panic(err)
	}
	return s
}
