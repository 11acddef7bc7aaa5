package schema

// passwordKind is a secret: always private, never answered, documented or
// filtered on. core/content stores its hash (VARCHAR(255)), made from the
// plaintext once the plaintext passed the field's rules; a default would
// be a shared secret in the YAML, so it may not have one.
//
// Parse: any text without NUL. FromJSON: a JSON string. Canonical: string
// (the plaintext on its way in, the hash once stored). Rules: minLength,
// maxLength, regex, on the plaintext.
type passwordKind struct{ textual }

func (passwordKind) Type() FieldType         { return Password }
func (passwordKind) Caps() Caps              { return Caps{Text: true, Private: true} }
func (passwordKind) Column(d Dialect) string { return "VARCHAR(255)" }

func (passwordKind) Check(a *Attribute, v any) string { return checkText(a, v, noLimit) }

func (passwordKind) OutputSchema(a *Attribute) map[string]any {
	return map[string]any{"type": "string"}
}

func (passwordKind) InputSchema(a *Attribute) map[string]any {
	return textSchema(map[string]any{"type": "string"}, a, noLimit)
}

func (passwordKind) Default(a *Attribute, v any) (any, string) {
	return nil, "is not allowed on a password field"
}

func (passwordKind) Problems(a *Attribute) []string { return nil }

func (k passwordKind) ConvertFrom(d Dialect, from Kind, c string) Conversion {
	return textFrom(d, from, k, c)
}
