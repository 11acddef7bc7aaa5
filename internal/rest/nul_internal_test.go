package rest

import (
	"testing"

	"github.com/kiln-cms/kiln/core/errs"
)

// nulInBody names the first NUL in key order, and leaves what is not
// JSON to the handler's decoder.
func TestNULInBody(t *testing.T) {
	t.Parallel()
	for body, want := range map[string]string{
		`{"data":{"b":"\u0000","a":{"z":"\u0000"}}}`: "Invalid body field data.a.z: it contains a NUL character",
		`[["ok"],["x","\u0000"]]`:                    "Invalid body field [1][1]: it contains a NUL character",
		`{"a\u0000b":{"c":1}}`:                       `Invalid body field "a\x00b": its name contains a NUL character`,
		`{"data":{"title":"\\u0000"}}`:               "",
		`{"data":{"title":"\u0000"`:                  "", // not JSON: the decoder says so
		`{"data":1} {"x":"\u0000"}`:                  "", // trailing data: likewise
		`{"n":1e400,"s":"\u0000"}`:                   "Invalid body field s: it contains a NUL character",
		"{\"raw\":\"a\x00\"}":                        "", // a raw NUL is invalid JSON
	} {
		err := nulInBody([]byte(body))
		got := ""
		if err != nil {
			e, ok := errs.As(err)
			if !ok || e.Kind != errs.KindValidation {
				t.Fatalf("%s: %v is not a validation error", body, err)
			}
			got = e.Message
		}
		if got != want {
			t.Errorf("%s: got %q, want %q", body, got, want)
		}
	}
}
