package openapi

import (
	"math"

	"github.com/kiln-cms/kiln/core/schema"
)

// The value schemas of each attribute type: what an entry carries (output)
// and what a body may send (input, with the validation rules). They follow
// core/rest's writer and core/content's coercion and rules; the response
// validation test checks real answers against them.

// timePattern is a time of day as Kiln writes it (HH:MM:SS, no offset, as
// Strapi): RFC 3339's partial-time, not the full-time JSON Schema's "time"
// format names, hence the pattern beside the format.
const timePattern = `^([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$`

// timeInputPattern is what a body may send: HH:MM, HH:MM:SS or with
// fractional seconds.
const timeInputPattern = `^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\.[0-9]{1,9})?)?$`

const bigintPattern = `^-?[0-9]+$`

// outputSchema is the value of a scalar attribute in an entry: always
// nullable, since any field may be unset.
func outputSchema(a *schema.Attribute) obj {
	var s obj
	switch a.Type {
	case schema.Email:
		s = obj{"type": "string", "format": "email"}
	case schema.Integer:
		s = obj{"type": "integer", "format": "int32"}
	case schema.BigInteger:
		s = obj{"type": "string", "pattern": bigintPattern, "description": "a 64-bit integer, written as a string (it may not fit a JavaScript number)"}
	case schema.Decimal, schema.Float:
		s = obj{"type": "number"}
	case schema.Boolean:
		s = obj{"type": "boolean"}
	case schema.Date:
		s = obj{"type": "string", "format": "date"}
	case schema.Time:
		s = obj{"type": "string", "format": "time", "pattern": timePattern, "description": "a time of day, HH:MM:SS, without an offset"}
	case schema.DateTime:
		s = obj{"type": "string", "format": "date-time"}
	case schema.Enumeration:
		s = obj{"type": "string", "enum": strs(a.Enum)}
	case schema.JSON:
		return obj{"description": "any JSON value"}
	default: // string, text, richtext, uid
		s = obj{"type": "string"}
	}
	return orNull(s)
}

// inputSchema is what a write body may send for a scalar attribute, with
// the rules core/content enforces: lengths (255 at most for short strings
// unless the type says otherwise), ranges, pattern, enum, the 32-bit range
// of integer. A required field may not be null; others may, to clear them.
func inputSchema(a *schema.Attribute) obj {
	var s obj
	switch a.Type {
	case schema.Integer:
		s = obj{"type": "integer", "format": "int32", "minimum": math.MinInt32, "maximum": math.MaxInt32}
	case schema.BigInteger:
		// Either form is taken; the range rules apply to the number.
		s = obj{"anyOf": []any{obj{"type": "integer", "format": "int64"}, obj{"type": "string", "pattern": bigintPattern}}}
	case schema.Decimal, schema.Float:
		s = obj{"type": "number"}
	case schema.Boolean:
		s = obj{"type": "boolean"}
	case schema.Date:
		s = obj{"type": "string", "format": "date", "description": "YYYY-MM-DD; an RFC 3339 date-time is taken and cut to its date"}
	case schema.Time:
		s = obj{"type": "string", "format": "time", "pattern": timeInputPattern, "description": "a time of day: HH:MM, HH:MM:SS or with fractional seconds, without an offset"}
	case schema.DateTime:
		s = obj{"type": "string", "format": "date-time", "description": "RFC 3339; without an offset it is taken as UTC, and a date alone as its midnight UTC"}
	case schema.Enumeration:
		s = obj{"type": "string", "enum": strs(a.Enum)}
	case schema.Email:
		s = obj{"type": "string", "format": "email"}
	case schema.JSON:
		s = obj{"description": "any JSON value"}
	default:
		s = obj{"type": "string"}
	}
	addRules(s, a)
	if a.Required || a.Type == schema.JSON {
		return s
	}
	return orNull(s)
}

// addRules writes an attribute's validation rules as JSON Schema keywords.
func addRules(s obj, a *schema.Attribute) {
	if a.MinLength != nil {
		s["minLength"] = *a.MinLength
	}
	switch {
	case a.MaxLength != nil:
		s["maxLength"] = *a.MaxLength
	case a.Type == schema.String || a.Type == schema.Email || a.Type == schema.UID:
		s["maxLength"] = 255
	}
	target := s
	if a.Type == schema.BigInteger {
		target = s["anyOf"].([]any)[0].(obj)
	}
	if a.Min != nil {
		target["minimum"] = *a.Min
	}
	if a.Max != nil {
		target["maximum"] = *a.Max
	}
	if a.Regex != "" {
		s["pattern"] = a.Regex
	}
}

// requiredOnCreate reports whether a create body must carry the field: it
// is required and nothing fills it in (a default, or a uid derived from
// another field).
func requiredOnCreate(a *schema.Attribute) bool {
	return a.Required && a.IsScalar() && a.Default == nil && !(a.Type == schema.UID && a.TargetField != "")
}

// visible lists the attributes that may appear in the documents.
func visible(ct *schema.ContentType) []*schema.Attribute {
	out := make([]*schema.Attribute, 0, len(ct.Attributes))
	for _, a := range ct.Attributes {
		if !a.IsPrivate() && (!a.IsRelation() || a.TargetType != nil) {
			out = append(out, a)
		}
	}
	return out
}
