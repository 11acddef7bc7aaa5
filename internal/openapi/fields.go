package openapi

import (
	"github.com/kiln-cms/kiln/core/schema"
)

// The value schemas of each attribute: what an entry carries (output) and
// what a body may send (input, with the validation rules). Each field kind
// writes its own (see schema.Kind); the response validation test checks
// real answers against them.

// outputSchema is the value of a scalar attribute in an entry: always
// nullable, since any field may be unset.
func outputSchema(a *schema.Attribute) obj {
	s := a.Kind.OutputSchema(a)
	if a.Kind.Caps().Opaque {
		return s // null is one of its values already
	}
	return orNull(s)
}

// inputSchema is what a write body may send for a scalar attribute, with
// the rules core/content enforces. A required field may not be null;
// others may, to clear them.
func inputSchema(a *schema.Attribute) obj {
	s := a.Kind.InputSchema(a)
	if a.Required || a.Kind.Caps().Opaque {
		return s
	}
	return orNull(s)
}

// requiredOnCreate reports whether a create body must carry the field: it
// is required and nothing fills it in (a default, or a uid derived from
// its targetField).
func requiredOnCreate(a *schema.Attribute) bool {
	return a.Required && a.IsScalar() && a.Default == nil && a.TargetField == ""
}

// visible lists the attributes that may appear in the documents.
func visible(ct *schema.ContentType) []*schema.Attribute {
	out := make([]*schema.Attribute, 0, len(ct.Attributes))
	for _, a := range ct.Attributes {
		// A field with no kind is a component or a zone here (media is
		// refused at load); anything else without one is left out rather
		// than read through a nil kind.
		if !a.IsPrivate() && !a.Unavailable() && (!a.IsRelation() || a.TargetType != nil) && (a.Kind != nil || a.IsRelation() || a.IsComponent()) {
			out = append(out, a)
		}
	}
	return out
}
