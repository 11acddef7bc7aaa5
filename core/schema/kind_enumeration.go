package schema

import (
	"fmt"
	"strings"
)

// enumerationKind is one of a list of strings (enum), stored as the string
// (VARCHAR(255)).
//
// Parse: any text without NUL (a filter may compare with a value outside
// the list; it matches nothing). FromJSON: a JSON string. Canonical:
// string. Rules: enum (required), which a body value must be one of.
type enumerationKind struct{ textual }

func (enumerationKind) Type() FieldType         { return Enumeration }
func (enumerationKind) Caps() Caps              { return Caps{Text: true, Enum: true} }
func (enumerationKind) Column(d Dialect) string { return "VARCHAR(255)" }

func (enumerationKind) Check(a *Attribute, v any) string {
	s, _ := v.(string)
	for _, e := range a.Enum {
		if e == s {
			return ""
		}
	}
	return fmt.Sprintf("%s must be one of the following values: %s", a.Name, strings.Join(a.Enum, ", "))
}

func (enumerationKind) OutputSchema(a *Attribute) map[string]any {
	return map[string]any{"type": "string", "enum": enumValues(a)}
}

func (enumerationKind) InputSchema(a *Attribute) map[string]any {
	return textSchema(map[string]any{"type": "string", "enum": enumValues(a)}, a, noLimit)
}

// enumValues is the list as JSON Schema's enum.
func enumValues(a *Attribute) []any {
	out := make([]any, len(a.Enum))
	for i, e := range a.Enum {
		out[i] = e
	}
	return out
}

func (enumerationKind) Default(a *Attribute, v any) (any, string) { return textDefault(a, v) }

func (enumerationKind) Problems(a *Attribute) []string {
	if a.Enum == nil {
		return []string{"enum is required: the list of allowed values"}
	}
	return nil
}

func (k enumerationKind) ConvertFrom(d Dialect, from Kind, c string) Conversion {
	return textFrom(d, from, k, c)
}
