package schema

// Valid reports whether t is a field type Kiln knows (one with a kind).
func (t FieldType) Valid() bool { return KindOf(t) != nil }
