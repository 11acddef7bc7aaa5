package schema

// floatKind is a binary floating-point number (DOUBLE PRECISION; REAL on
// SQLite, also 64 bits).
//
// Parse: a number's text ("2.5", "-1e3"; spaces around allowed), not NaN
// or an infinity. FromJSON: a JSON number, or a string through Parse.
// Canonical: float64. Rules: min, max.
type floatKind struct{ fractional }

func (floatKind) Type() FieldType { return Float }
func (floatKind) Caps() Caps      { return numberCaps }

func (floatKind) Column(d Dialect) string {
	if d == Postgres {
		return "DOUBLE PRECISION"
	}
	return "REAL"
}

func (k floatKind) ConvertFrom(d Dialect, from Kind, c string) Conversion {
	return numberFrom(d, from, k, c, false)
}
