package schema

// textKind is a long text: TEXT on both databases, no length limit unless
// maxLength sets one.
//
// Parse: any text without NUL. FromJSON: a JSON string. Canonical: string.
// Rules: minLength, maxLength, regex.
type textKind struct{ textual }

func (textKind) Type() FieldType         { return Text }
func (textKind) Caps() Caps              { return textCaps }
func (textKind) Column(d Dialect) string { return "TEXT" }

func (textKind) Check(a *Attribute, v any) string { return checkText(a, v, noLimit) }

func (textKind) OutputSchema(a *Attribute) map[string]any {
	return map[string]any{"type": "string"}
}

func (textKind) InputSchema(a *Attribute) map[string]any {
	return textSchema(map[string]any{"type": "string"}, a, noLimit)
}

func (textKind) Default(a *Attribute, v any) (any, string) { return textDefault(a, v) }

func (textKind) Problems(a *Attribute) []string { return nil }

func (k textKind) ConvertFrom(d Dialect, from Kind, c string) Conversion {
	return textFrom(d, from, k, c)
}
