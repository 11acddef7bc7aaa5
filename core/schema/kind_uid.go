package schema

import (
	"fmt"
	"regexp"
)

// uidKind is a unique identifier made for URLs (a slug): always unique, a
// string (VARCHAR(255)). With targetField, core/content derives it from
// that string or text field on create when the body gives none.
//
// Parse: any text without NUL. FromJSON: a JSON string. Canonical: string.
// Rules: minLength, maxLength (at most 255), regex, targetField, and
// always Strapi's character set (uidChars).
type uidKind struct{ textual }

func (uidKind) Type() FieldType         { return UID }
func (uidKind) Caps() Caps              { return Caps{Text: true, TargetField: true, Unique: true} }
func (uidKind) Column(d Dialect) string { return "VARCHAR(255)" }

// uidChars is the character set of every uid value, whatever its own
// regex: Strapi's entity validator refuses any other (the characters a
// URL path carries as they are), in its message naming the pattern
// (uidCharsPattern).
var uidChars = regexp.MustCompile(`^[A-Za-z0-9\-_.~]*$`)

const uidCharsPattern = `^[A-Za-z0-9-_.~]*$`

// Check is the rules of a text, then the character set, in Strapi's order.
func (uidKind) Check(a *Attribute, v any) string {
	if msg := checkText(a, v, varcharMax); msg != "" {
		return msg
	}
	if s, _ := v.(string); !uidChars.MatchString(s) {
		return fmt.Sprintf("%s must match the following: \"/%s/\"", a.Name, uidCharsPattern)
	}
	return ""
}

func (uidKind) OutputSchema(a *Attribute) map[string]any {
	return map[string]any{"type": "string"}
}

func (uidKind) InputSchema(a *Attribute) map[string]any {
	return textSchema(map[string]any{"type": "string"}, a, varcharMax)
}

func (uidKind) Default(a *Attribute, v any) (any, string) { return textDefault(a, v) }

func (uidKind) Problems(a *Attribute) []string {
	return varcharProblem(a, "maxLength of an email or uid is at most 255, the size of its column")
}

// typeProblem checks targetField once every field of the type is known.
func (uidKind) typeProblem(ct *ContentType, a *Attribute) string {
	if a.TargetField == "" {
		return ""
	}
	t := ct.byName[a.TargetField]
	if t == nil || !(t.Type == String || t.Type == Text) {
		return fmt.Sprintf("targetField %q must name a string field of %q", a.TargetField, ct.Name)
	}
	return ""
}

func (k uidKind) ConvertFrom(d Dialect, from Kind, c string) Conversion {
	return textFrom(d, from, k, c)
}
