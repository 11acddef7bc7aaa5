package jsonw_test

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/kiln-cms/kiln/internal/jsonw"
)

func TestAppendString(t *testing.T) {
	tests := map[string]string{
		"":                   `""`,
		"plain":              `"plain"`,
		`q"b\`:               `"q\"b\\"`,
		"a\nb\rc\td":         `"a\nb\rc\td"`,
		"\x00\x1f":           `"\u0000\u001f"`,
		"é🎉":                 `"é🎉"`,
		"\u2028\u2029":       `"\u2028\u2029"`,
		"bad \xff utf-8":     `"bad \ufffd utf-8"`,
		"<script>&</script>": `"<script>&</script>"`,
	}
	for in, want := range tests {
		got := string(jsonw.AppendString(nil, in))
		if got != want {
			t.Errorf("AppendString(%q) = %s, want %s", in, got, want)
		}
		var back string
		if err := json.Unmarshal([]byte(got), &back); err != nil {
			t.Errorf("AppendString(%q) = %s is not JSON: %v", in, got, err)
		}
	}
}

func TestAppendFloat(t *testing.T) {
	tests := []struct {
		in   float64
		want string
	}{
		{0, "0"}, {1.5, "1.5"}, {-0.001, "-0.001"}, {1e20, "100000000000000000000"},
		{1e21, "1e+21"}, {1e-7, "1e-07"}, {math.NaN(), "null"}, {math.Inf(1), "null"}, {math.Inf(-1), "null"},
	}
	for _, tt := range tests {
		if got := string(jsonw.AppendFloat(nil, tt.in)); got != tt.want {
			t.Errorf("AppendFloat(%v) = %s, want %s", tt.in, got, tt.want)
		}
	}
}
