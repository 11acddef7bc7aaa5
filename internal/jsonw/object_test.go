package jsonw

import (
	"math"
	"testing"
)

// TestMarshalOrdered: the members come out in the order given, not
// sorted, each key and value encoded as encoding/json does; a value that
// cannot be encoded is the error.
func TestMarshalOrdered(t *testing.T) {
	keys := []string{"uid", "apiID", "a\"b"}
	vals := []any{"api::x.x", nil, []int{2, 1}}
	b, err := MarshalOrdered(len(keys), func(i int) (string, any) { return keys[i], vals[i] })
	if want := `{"uid":"api::x.x","apiID":null,"a\"b":[2,1]}`; err != nil || string(b) != want {
		t.Errorf("got %s %v, want %s", b, err, want)
	}
	if b, err := MarshalOrdered(0, nil); err != nil || string(b) != "{}" {
		t.Errorf("empty: %s %v", b, err)
	}
	if _, err := MarshalOrdered(1, func(int) (string, any) { return "x", math.NaN() }); err == nil {
		t.Error("NaN encoded")
	}
}
