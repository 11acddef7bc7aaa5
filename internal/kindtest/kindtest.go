// Package kindtest writes, for tests over every field kind, the YAML
// attributes of a specimen: one field of each kind the schema registers
// (schema.Kinds), named after its kind. A test built on it takes a new
// kind in the day it is registered, instead of a list copied from test to
// test that misses it.
package kindtest

import (
	"slices"
	"strings"

	"github.com/kiln-cms/kiln/core/schema"
)

// Fields are the attribute lines, indented under "attributes:", of every
// kind but relation (a relation needs a target: a test writes its own)
// and those in except, in the registry's order. The enumeration holds
// low and high.
func Fields(except ...schema.FieldType) string {
	var b strings.Builder
	for _, k := range schema.Kinds() {
		t := k.Type()
		if t == schema.Relation || slices.Contains(except, t) {
			continue
		}
		b.WriteString("  " + string(t) + ": {type: " + string(t))
		if t == schema.Enumeration {
			b.WriteString(", enum: [low, high]")
		}
		b.WriteString("}\n")
	}
	return b.String()
}
