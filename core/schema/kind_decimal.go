package schema

// decimalKind is a decimal number (NUMERIC on PostgreSQL; REAL on SQLite,
// which has no decimal type). Kiln reads and writes it as a float64, as
// Strapi does, so both databases answer the same number.
//
// Parse: a number's text ("12.34"; spaces around allowed), not NaN or an
// infinity. FromJSON: a JSON number, or a string through Parse. Canonical:
// float64. Rules: min, max.
type decimalKind struct{ fractional }

func (decimalKind) Type() FieldType { return Decimal }
func (decimalKind) Caps() Caps      { return numberCaps }

func (decimalKind) Column(d Dialect) string {
	if d == Postgres {
		return "NUMERIC"
	}
	return "REAL"
}

func (k decimalKind) ConvertFrom(d Dialect, from Kind, c string) Conversion {
	return numberFrom(d, from, k, c, false)
}
