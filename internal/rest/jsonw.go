package rest

import (
	"strconv"

	"github.com/kiln-cms/kiln/internal/jsonw"
)

// The response writers append JSON to a byte slice by hand, with the
// helpers of internal/jsonw; a field's value is written by its kind
// (schema.Kind.AppendJSON), which uses them too.

// appendString appends s as a JSON string (see jsonw.AppendString).
func appendString(b []byte, s string) []byte { return jsonw.AppendString(b, s) }

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
