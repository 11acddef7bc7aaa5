package schema

// stringKind is a short text: VARCHAR(255) on both databases, so at most
// 255 characters unless maxLength says less.
//
// Parse: any text without NUL. FromJSON: a JSON string. Canonical: string.
// Rules: minLength, maxLength (at most 255), regex.
type stringKind struct{ textual }

func (stringKind) Type() FieldType         { return String }
func (stringKind) Caps() Caps              { return textCaps }
func (stringKind) Column(d Dialect) string { return "VARCHAR(255)" }

func (stringKind) Check(a *Attribute, v any) string { return checkText(a, v, varcharMax) }

func (stringKind) OutputSchema(a *Attribute) map[string]any {
	return map[string]any{"type": "string"}
}

func (stringKind) InputSchema(a *Attribute) map[string]any {
	return textSchema(map[string]any{"type": "string"}, a, varcharMax)
}

func (stringKind) Default(a *Attribute, v any) (any, string) { return textDefault(a, v) }

func (stringKind) Problems(a *Attribute) []string {
	return varcharProblem(a, "maxLength of a string is at most 255 (use text for longer values)")
}

func (k stringKind) ConvertFrom(d Dialect, from Kind, c string) Conversion {
	return textFrom(d, from, k, c)
}
