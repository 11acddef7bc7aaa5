package schema

import (
	"fmt"

	"github.com/go-playground/validator/v10"
)

// emailKind is an e-mail address: a string (VARCHAR(255)) that must be a
// bare address. The format is validator's "email" check, whose pattern is
// the one Strapi's validator (yup) uses, for a body value and a YAML
// default alike.
//
// Parse: any text without NUL (a filter compares any text). FromJSON: a
// JSON string. Canonical: string. Rules: the address format, minLength,
// maxLength (at most 255), regex.
type emailKind struct{ textual }

// validate is safe for concurrent use, and caches the parsed tag.
var validate = validator.New()

// isEmail reports whether s is a bare e-mail address.
func isEmail(s string) bool { return validate.Var(s, "email") == nil }

func (emailKind) Type() FieldType         { return Email }
func (emailKind) Caps() Caps              { return textCaps }
func (emailKind) Column(d Dialect) string { return "VARCHAR(255)" }

// Check checks the length first, then the format (an empty string is
// "cannot be empty", as Strapi says it), then the regex, the order
// Strapi reports them in.
func (emailKind) Check(a *Attribute, v any) string {
	s, _ := v.(string)
	if msg := checkLength(a, s, varcharMax); msg != "" {
		return msg
	}
	if s == "" { // Strapi's (yup's) email test passes "", its min(1) does not
		return a.Name + " cannot be empty"
	}
	if !isEmail(s) {
		return a.Name + " must be a valid email"
	}
	return checkRegex(a, s)
}

func (emailKind) OutputSchema(a *Attribute) map[string]any {
	return map[string]any{"type": "string", "format": "email"}
}

func (emailKind) InputSchema(a *Attribute) map[string]any {
	return textSchema(map[string]any{"type": "string", "format": "email"}, a, varcharMax)
}

func (emailKind) Default(a *Attribute, v any) (any, string) {
	s, ok := v.(string)
	if ok && !isEmail(s) {
		return nil, fmt.Sprintf("%q is not an e-mail address", s)
	}
	return textDefault(a, v)
}

func (emailKind) Problems(a *Attribute) []string {
	return varcharProblem(a, "maxLength of an email or uid is at most 255, the size of its column")
}

func (k emailKind) ConvertFrom(d Dialect, from Kind, c string) Conversion {
	return textFrom(d, from, k, c)
}
