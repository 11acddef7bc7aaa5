package schema

// The helpers of ConvertFrom. PostgreSQL converts a column with ALTER
// COLUMN TYPE ... USING: a plain cast does for most pairs, and a kind
// writes its own expression for the pairs PostgreSQL cannot cast, or whose
// cast would depend on the session's time zone or DateStyle. SQLite copies
// the table through SQL expressions, mirroring what PostgreSQL's casts
// accept: numbers from numeric text, dates and times from text SQLite's
// date functions read, JSON from valid JSON text.

// numeric reports whether a kind's values are stored as numbers (ids of
// relations among them).
func numeric(k Kind) bool {
	c := k.Caps()
	return c.Number || c.Integral
}

// pgCast is PostgreSQL's plain cast of c to kind to's column type.
func pgCast(c string, to Kind) Conversion {
	return Conversion{Expr: c + "::" + to.Column(Postgres)}
}

// never is a conversion no value but NULL survives.
func never(c string) Conversion { return Conversion{Expr: c, Check: c + " IS NOT NULL"} }

// notNull starts a Check that holds for values only.
func notNull(c string) string { return c + " IS NOT NULL AND " }

// boolText is a SQLite boolean as the text true or false.
func boolText(c string) string {
	return "CASE WHEN " + c + " IS NULL THEN NULL WHEN " + c + " <> 0 THEN 'true' ELSE 'false' END"
}

// castChecked is SQLite's CAST of text to a number type, with the check
// that refuses text that is no such number (CAST would make it 0).
func castChecked(c, sqlType string) Conversion {
	cast := "CAST(" + c + " AS " + sqlType + ")"
	return Conversion{Expr: cast, Check: notNull(c) + cast + " <> " + c}
}

// sqliteDateTime is strftime's spelling of DateTimeLayout.
const sqliteDateTime = "'%Y-%m-%dT%H:%M:%fZ'"
