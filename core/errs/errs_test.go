package errs

import (
	"encoding/json"
	"testing"
)

// A refused number too large for a double is echoed as its text, so the
// error answer stays readable by every JSON reader; others are echoed as
// they came.
func TestFieldsEchoValuesEveryReaderCanRead(t *testing.T) {
	for _, c := range []struct {
		in   any
		want string
	}{
		{json.Number("1e700"), `"1e700"`},
		{json.Number("-1e400"), `"-1e400"`},
		{json.Number("12.5"), `12.5`},
		{"text", `"text"`},
		{true, `true`},
	} {
		e := Fields([]FieldError{Field("capacity", "m").WithValue(c.in)})
		b, err := json.Marshal(e.Details["errors"].([]FieldError)[0].Value)
		if err != nil || string(b) != c.want {
			t.Errorf("%v echoed as %s (%v), want %s", c.in, b, err, c.want)
		}
		var back any
		if err := json.Unmarshal(b, &back); err != nil {
			t.Errorf("%v: the echo cannot be read back: %v", c.in, err)
		}
	}
}
