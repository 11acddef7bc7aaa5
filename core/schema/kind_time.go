package schema

// timeKind is a time of day without an offset (TIME; TEXT "15:04:05" on
// SQLite). Fractions of a second are dropped, as Strapi does.
//
// Parse: HH:MM, HH:MM:SS or HH:MM:SS.fff, two digits each. FromJSON: a
// string through Parse. Canonical: string "15:04:05".
type timeKind struct{ clock }

func (timeKind) Type() FieldType { return Time }
func (timeKind) Caps() Caps      { return Caps{} }

func (timeKind) Column(d Dialect) string {
	if d == Postgres {
		return "TIME"
	}
	return "TEXT"
}

func (timeKind) Parse(s string) (any, error) {
	t, ok := parseTime(s)
	if !ok {
		return nil, errTime
	}
	return t, nil
}

func (k timeKind) FromJSON(v any) (any, error) {
	s, ok := v.(string)
	if !ok {
		return nil, errTime
	}
	return k.Parse(s)
}

func (timeKind) Decode(v any) (any, error) { return decodeClock(v, TimeLayout) }

// timePattern is a time of day as Kiln writes it (HH:MM:SS, no offset, as
// Strapi): RFC 3339's partial-time, not the full-time JSON Schema's "time"
// format names, hence the pattern beside the format.
const timePattern = `^([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$`

// timeInputPattern is what Parse takes.
const timeInputPattern = `^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\.[0-9]{1,9})?)?$`

func (timeKind) OutputSchema(a *Attribute) map[string]any {
	return map[string]any{"type": "string", "format": "time", "pattern": timePattern, "description": "a time of day, HH:MM:SS, without an offset"}
}

func (timeKind) InputSchema(a *Attribute) map[string]any {
	return map[string]any{"type": "string", "format": "time", "pattern": timeInputPattern, "description": "a time of day: HH:MM, HH:MM:SS or with fractional seconds, without an offset"}
}

func (k timeKind) Default(a *Attribute, v any) (any, string) { return clockDefault(k, v, "a time") }

func (k timeKind) ConvertFrom(d Dialect, from Kind, c string) Conversion {
	return clockFrom(d, from, k, c, "time")
}
