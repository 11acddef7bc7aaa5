package graphql

import (
	"encoding/json"
	"strconv"
)

func appendInt(b []byte, n int64) []byte { return strconv.AppendInt(b, n, 10) }

// appendAny writes a value of an error's details (plain data).
func appendAny(b []byte, v any) []byte {
	if v == nil {
		return append(b, "{}"...)
	}
	out, err := json.Marshal(v)
	if err != nil {
		return append(b, "{}"...)
	}
	return append(b, out...)
}
