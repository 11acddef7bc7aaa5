package schema

// richTextKind is a long text holding markup (Markdown or HTML, as the
// client writes it; Kiln stores it as given): TEXT, like text.
//
// Parse: any text without NUL. FromJSON: a JSON string. Canonical: string.
// Rules: minLength, maxLength, regex.
type richTextKind struct{ textual }

func (richTextKind) Type() FieldType         { return RichText }
func (richTextKind) Caps() Caps              { return textCaps }
func (richTextKind) Column(d Dialect) string { return "TEXT" }

func (richTextKind) Check(a *Attribute, v any) string { return checkText(a, v, noLimit) }

func (richTextKind) OutputSchema(a *Attribute) map[string]any {
	return map[string]any{"type": "string"}
}

func (richTextKind) InputSchema(a *Attribute) map[string]any {
	return textSchema(map[string]any{"type": "string"}, a, noLimit)
}

func (richTextKind) Default(a *Attribute, v any) (any, string) { return textDefault(a, v) }

func (richTextKind) Problems(a *Attribute) []string { return nil }

func (k richTextKind) ConvertFrom(d Dialect, from Kind, c string) Conversion {
	return textFrom(d, from, k, c)
}
