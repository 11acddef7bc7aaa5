package schema

import "time"

// dateKind is a calendar date (DATE; TEXT "2006-01-02" on SQLite).
//
// Parse: YYYY-MM-DD, or an RFC 3339 date-time (or one Parse of datetime
// takes) cut to its date as written. FromJSON: a string through Parse.
// Canonical: string "2006-01-02".
type dateKind struct{ clock }

func (dateKind) Type() FieldType { return Date }
func (dateKind) Caps() Caps      { return Caps{} }

func (dateKind) Column(d Dialect) string {
	if d == Postgres {
		return "DATE"
	}
	return "TEXT"
}

func (dateKind) Parse(s string) (any, error) {
	d, ok := parseDate(s)
	if !ok {
		return nil, errDate
	}
	return d, nil
}

func (k dateKind) FromJSON(v any) (any, error) {
	s, ok := v.(string)
	if !ok {
		return nil, errDate
	}
	return k.Parse(s)
}

func (dateKind) Decode(v any) (any, error) { return decodeClock(v, DateLayout) }

func (dateKind) OutputSchema(a *Attribute) map[string]any {
	return map[string]any{"type": "string", "format": "date"}
}

func (dateKind) InputSchema(a *Attribute) map[string]any {
	return map[string]any{"type": "string", "format": "date", "description": "YYYY-MM-DD; an RFC 3339 date-time is taken and cut to its date"}
}

// Default takes a date as YAML reads one unquoted, or its text.
func (k dateKind) Default(a *Attribute, v any) (any, string) {
	if t, ok := v.(time.Time); ok {
		return t.Format(DateLayout), ""
	}
	return clockDefault(k, v, "a date")
}

func (k dateKind) ConvertFrom(d Dialect, from Kind, c string) Conversion {
	return clockFrom(d, from, k, c, "date")
}
