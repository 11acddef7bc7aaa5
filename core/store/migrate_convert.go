package store

import (
	"strings"

	"github.com/kiln-cms/kiln/core/schema"
)

// conversion is how a column's values become another type: the new value
// as SQL over the old column, and, on SQLite, a condition that is true for
// a value that cannot convert. PostgreSQL's casts fail on such a value by
// themselves; SQLite's would quietly turn "abc" into 0, so the migrator
// counts them first and refuses (see Step.check).
type conversion struct {
	expr  string
	check string
}

// typeChange is a column kept under the same name with another type.
type typeChange struct {
	old, new         ColumnDef
	oldField, newFld schema.FieldType
	conv             conversion
}

// convert returns the conversion of column col from one definition to
// another on the dialect, and whether there is anything to do: on SQLite a
// date becoming a string is TEXT before and after, and needs nothing.
func convert(d Dialect, col string, from, to ColumnDef, fromF, toF schema.FieldType) (conversion, bool) {
	if d == Postgres {
		if from.Type == to.Type {
			return conversion{}, false
		}
		return conversion{expr: pgUsing(Ident(col), from.Type, to.Type)}, true
	}
	c := sqliteConvert(Ident(col), kindOf(fromF, from.Type), kindOf(toF, to.Type))
	return c, from.Type != to.Type || c.expr != Ident(col) || c.check != ""
}

// pgUsing is the USING expression of ALTER COLUMN TYPE. A plain cast does
// for most pairs; the others are the pairs PostgreSQL cannot cast, or casts
// whose result would depend on the session's time zone or DateStyle.
func pgUsing(c, from, to string) string {
	num := func(t string) bool {
		return t == "INTEGER" || t == "BIGINT" || t == "NUMERIC" || t == "DOUBLE PRECISION"
	}
	text := func(t string) bool { return t == "TEXT" || strings.HasPrefix(t, "VARCHAR") }
	stamp := func(t string) bool { return strings.HasPrefix(t, "TIMESTAMPTZ") }
	switch {
	case to == "BOOLEAN" && num(from):
		return "(" + c + " <> 0)"
	case from == "BOOLEAN" && num(to):
		return c + "::INTEGER::" + to
	case stamp(from) && (to == "DATE" || to == "TIME"):
		return "(" + c + " AT TIME ZONE 'UTC')::" + to
	case stamp(from) && text(to):
		// The text a datetime has on SQLite, so both databases agree.
		return "to_char(" + c + ` AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')::` + to
	case from == "DATE" && stamp(to):
		return "(" + c + "::TIMESTAMP AT TIME ZONE 'UTC')::" + to
	case to == "JSON" && !text(from):
		return "to_json(" + c + ")"
	case text(from) && strings.HasPrefix(to, "VARCHAR"):
		// No cast: an explicit one would cut longer values to the length;
		// the assignment ALTER makes refuses them instead.
		return c
	}
	return c + "::" + to
}

// kindOf is the field type a column holds: the snapshot's when it has one,
// else a representative of the SQL type's SQLite affinity.
func kindOf(f schema.FieldType, sqlType string) schema.FieldType {
	if f != "" {
		return f
	}
	u := strings.ToUpper(sqlType)
	switch {
	case strings.Contains(u, "INT"):
		return schema.Integer
	case strings.Contains(u, "CHAR"), strings.Contains(u, "CLOB"), strings.Contains(u, "TEXT"):
		return schema.Text
	}
	return schema.Float
}

func isTextKind(f schema.FieldType) bool {
	switch f {
	case schema.String, schema.Text, schema.RichText, schema.Email, schema.UID, schema.Enumeration, schema.Password:
		return true
	}
	return false
}

func isNumberKind(f schema.FieldType) bool {
	switch f {
	case schema.Integer, schema.BigInteger, schema.Decimal, schema.Float, schema.Relation:
		return true
	}
	return false
}

// sqliteDateTime is strftime's spelling of schema.DateTimeLayout.
const sqliteDateTime = "'%Y-%m-%dT%H:%M:%fZ'"

// sqliteConvert converts SQLite values between field types, mirroring what
// PostgreSQL's casts accept: numbers from numeric text, dates and times
// from text SQLite's date functions read, JSON from valid JSON text.
func sqliteConvert(c string, from, to schema.FieldType) conversion {
	notNull := c + " IS NOT NULL AND "
	never := conversion{expr: c, check: c + " IS NOT NULL"}
	boolText := "CASE WHEN " + c + " IS NULL THEN NULL WHEN " + c + " <> 0 THEN 'true' ELSE 'false' END"
	switch to {
	case schema.Boolean:
		switch {
		case from == schema.Boolean:
			return conversion{expr: c}
		case isNumberKind(from):
			return conversion{expr: "(" + c + " <> 0)"}
		case isTextKind(from):
			yes, no := "('true', 't', 'yes', 'y', 'on', '1')", "('false', 'f', 'no', 'n', 'off', '0')"
			return conversion{expr: "CASE WHEN lower(" + c + ") IN " + yes + " THEN 1 WHEN lower(" + c + ") IN " + no + " THEN 0 END",
				check: notNull + "lower(" + c + ") NOT IN " + yes[:len(yes)-1] + ", " + no[1:]}
		}
		return never
	case schema.Integer, schema.BigInteger, schema.Relation:
		switch {
		case from == schema.Boolean, from == schema.Integer, from == schema.BigInteger, from == schema.Relation:
			return conversion{expr: c}
		case from == schema.Decimal, from == schema.Float:
			return conversion{expr: "CAST(round(" + c + ") AS INTEGER)"}
		case isTextKind(from):
			return conversion{expr: "CAST(" + c + " AS INTEGER)", check: notNull + "CAST(" + c + " AS INTEGER) <> " + c}
		}
		return never
	case schema.Decimal, schema.Float:
		switch {
		case isNumberKind(from), from == schema.Boolean:
			return conversion{expr: "CAST(" + c + " AS REAL)"}
		case isTextKind(from):
			return conversion{expr: "CAST(" + c + " AS REAL)", check: notNull + "CAST(" + c + " AS REAL) <> " + c}
		}
		return never
	case schema.DateTime, schema.Date, schema.Time:
		fn := map[schema.FieldType]string{schema.DateTime: "strftime(" + sqliteDateTime + ", " + c + ")",
			schema.Date: "date(" + c + ")", schema.Time: "time(" + c + ")"}[to]
		if isTextKind(from) || from == to || from == schema.DateTime {
			return conversion{expr: fn, check: notNull + fn + " IS NULL"}
		}
		if from == schema.Date && to == schema.DateTime {
			return conversion{expr: fn}
		}
		return never
	case schema.JSON:
		switch {
		case isTextKind(from), from == schema.JSON:
			return conversion{expr: c, check: notNull + "NOT json_valid(" + c + ")"}
		case from == schema.Boolean:
			return conversion{expr: boolText}
		case isNumberKind(from):
			return conversion{expr: "CAST(" + c + " AS TEXT)"}
		}
		return conversion{expr: "json_quote(" + c + ")"}
	}
	switch {
	case from == schema.Boolean:
		return conversion{expr: boolText}
	case isNumberKind(from):
		return conversion{expr: "CAST(" + c + " AS TEXT)"}
	}
	return conversion{expr: c}
}
