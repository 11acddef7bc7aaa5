package query

import (
	"errors"

	"github.com/kiln-cms/kiln/core/schema"
)

// coerce turns a filter value into the Go value the store binds for field
// a: the canonical value of a's kind (see schema.Kind), read by the same
// Parse that reads a string in a write body, so that a value that cannot
// be one is a 400 here and never a driver error.
func coerce(a *schema.Attribute, s string, l at) (any, error) {
	v, err := a.Kind.Parse(s)
	if err != nil {
		want := "a value of " + string(a.Type)
		var ve *schema.ValueError
		if errors.As(err, &ve) {
			want = ve.Want
		}
		return nil, valueError(l, a.Name, "Invalid value %s for %s: expected %s", quote(s), l.path, want)
	}
	return v, nil
}
