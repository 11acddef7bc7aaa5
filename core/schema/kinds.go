package schema

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kiln-cms/kiln/internal/jsonw"
)

// Kind is what one field type means, in every place where it matters: its
// column, how a value is read from a query string and from a JSON body, the
// rules a value is checked against, how it is written as JSON, bound to and
// scanned from the database, documented in OpenAPI, given as a default in
// the YAML and converted when a migration changes a field's type.
//
// Each kind is one type in one file, kind_<name>.go, listed once in
// registry below; Load sets every Attribute's Kind, so that no other
// package needs to switch on a field's type. Kinds hold no state: a field's
// own rules (required, min, maxLength...) are on its Attribute, which the
// methods that need them are given.
//
// A kind's canonical value is the one Go form its values take between the
// request and the database (string, int64, float64, bool, time.Time or
// json.RawMessage: each kind's file says which). nil is no value, for
// every kind; the methods below are not given nil unless they say so.
type Kind interface {
	// Type is the kind's name, as the YAML writes it.
	Type() FieldType
	// Caps says what the query language and the definition checks may
	// ask of the kind.
	Caps() Caps
	// Column is the SQL type of the kind's column on the dialect.
	Column(d Dialect) string

	// Parse reads a value written as text: a filter value, and a string
	// in a JSON body, which FromJSON hands to Parse, so that the same text
	// is accepted or refused alike wherever it is sent. A refusal is a
	// *ValueError.
	Parse(s string) (any, error)
	// FromJSON reads a value of a decoded JSON body (numbers as
	// json.Number), or one a plugin passes as a Go value: a string through
	// Parse, a JSON number or boolean natively where the kind holds one.
	FromJSON(v any) (any, error)
	// FromGo reads a value a Go caller writes (content.Write.Set) by its
	// Go type, never as text: the canonical type, or one holding the same
	// value (kinds_go.go lists them). A refusal is a *ValueError.
	FromGo(v any) (any, error)
	// Check checks a canonical value against a's rules and returns the
	// first one it breaks, in Strapi's words ("title must be at most 255
	// characters"), or "". Required is not the kind's: it holds for all.
	Check(a *Attribute, v any) string

	// AppendJSON writes a canonical value (or nil) as JSON.
	AppendJSON(b []byte, v any) []byte
	// Encode turns a canonical value (or nil) into what the dialect's
	// driver binds for the kind's column.
	Encode(d Dialect, v any) any
	// Decode turns what a driver scanned from the kind's column (not nil)
	// into the canonical value. Drivers differ (PostgreSQL gives
	// time.Time for a date, SQLite a string), so it takes every form it
	// can meet.
	Decode(v any) (any, error)

	// OutputSchema is the JSON Schema of a's value in an entry, without
	// null (which the caller adds, unless Caps().Opaque).
	OutputSchema(a *Attribute) map[string]any
	// InputSchema is the JSON Schema of what a write body may send for a,
	// with a's rules as keywords, without null (as OutputSchema).
	InputSchema(a *Attribute) map[string]any

	// Default checks a default as the YAML gives it (decoded by yaml.v3)
	// against a's rules and returns it as a canonical value, or a message
	// that completes "default ..." ("3000000000 is out of range for
	// integer (use biginteger)").
	Default(a *Attribute, v any) (any, string)
	// Problems are the kind's own problems with a's definition, beyond
	// the keys Caps says it does not take ("enum is required: ...").
	Problems(a *Attribute) []string

	// ConvertFrom is how a column holding kind from becomes a column of
	// this kind on the dialect, in a migration that changes a field's
	// type; col is the quoted column name.
	ConvertFrom(d Dialect, from Kind, col string) Conversion
}

// Caps are the questions other packages ask of a kind, so that they need
// not know which kinds say yes.
type Caps struct {
	// Text: values are strings of characters. The string operators
	// ($contains, $eqi...) apply; minLength, maxLength and regex may be
	// set; PostgreSQL compares and sorts them byte by byte (COLLATE "C"),
	// as SQLite does.
	Text bool
	// Number: values are numbers; min and max may be set.
	Number bool
	// Integral: values are whole numbers (ids among them): a scope's
	// $user compares with them, and a migration reads them as integers.
	Integral bool
	// Opaque: values are JSON documents, filtered by equality of their
	// canonical text and the text operators on it, never by order; null
	// is one of them, so their schema needs no null added.
	Opaque bool
	// Enum, TargetField and Relation: the kind takes the YAML keys of
	// that name (relation takes relation, target, inversedBy, mappedBy).
	Enum, TargetField, Relation bool
	// NoIndex: index may not be set (json; relations are indexed anyway).
	NoIndex bool
	// Private and Unique: every field of the kind is private (password)
	// or unique (uid), whatever its definition says.
	Private, Unique bool
}

// registry is every kind, in the order the documentation lists them; the
// first kind with a column type is the one KindOfColumn finds for it.
var registry = []Kind{
	stringKind{}, textKind{}, richTextKind{}, emailKind{}, passwordKind{}, uidKind{}, enumerationKind{},
	integerKind{}, bigIntegerKind{}, floatKind{}, decimalKind{}, booleanKind{},
	dateKind{}, timeKind{}, dateTimeKind{}, jsonKind{}, blocksKind{}, relationKind{},
}

var byType = func() map[FieldType]Kind {
	m := make(map[FieldType]Kind, len(registry))
	for _, k := range registry {
		if m[k.Type()] != nil {
			panic("schema: kind " + string(k.Type()) + " registered twice")
		}
		m[k.Type()] = k
	}
	return m
}()

// KindOf returns the kind of a field type, or nil for a name no kind has.
func KindOf(t FieldType) Kind { return byType[t] }

// Kinds returns every kind, in the registry's order.
func Kinds() []Kind { return append([]Kind(nil), registry...) }

// KindOfColumn returns the kind a column of SQL type sqlType holds on the
// dialect, for a migration that has only the column's type to go on (a
// snapshot written before field types were recorded): the first kind
// whose column it is, else, as SQLite reads a type it does not know, an
// integer, text or float kind by the type's affinity.
func KindOfColumn(d Dialect, sqlType string) Kind {
	for _, k := range registry {
		if k.Column(d) == sqlType {
			return k
		}
	}
	u := strings.ToUpper(sqlType)
	switch {
	case strings.Contains(u, "INT"):
		return integerKind{}
	case strings.Contains(u, "CHAR"), strings.Contains(u, "CLOB"), strings.Contains(u, "TEXT"):
		return textKind{}
	}
	return floatKind{}
}

// ValueError is a value a kind cannot read. Its two phrasings are for the
// two places a value comes from: a body field ("capacity must be an
// integer") and a filter ("... expected an integer").
type ValueError struct {
	// Must completes "<field> must ...": "be an integer".
	Must string
	// Want is what a filter value should have been: "an integer".
	Want string
	// Path, for a document refused for a part of it (blocks), is the keys
	// and indexes down to that part ("0", "children", "1", "url"), and At
	// the part itself.
	Path []string
	At   any
}

func (e *ValueError) Error() string { return "expected " + e.Want }

// Message is the error of body field name: "capacity must be an integer",
// "content[0].children[1].url must be ...".
func (e *ValueError) Message(name string) string { return PathString(name, e.Path) + " must " + e.Must }

// PathString writes a path below field name as JavaScript would reach it:
// indexes in brackets, keys after dots ("content[0].children").
func PathString(name string, path []string) string {
	if len(path) == 0 {
		return name
	}
	var b strings.Builder
	b.WriteString(name)
	for _, p := range path {
		if _, err := strconv.Atoi(p); err == nil {
			b.WriteString("[" + p + "]")
		} else {
			b.WriteString("." + p)
		}
	}
	return b.String()
}

// The refusals of the kinds. A time's and a date-time's list every form
// Parse takes, in a body as in a filter.
var (
	errString   = &ValueError{Must: "be a string", Want: "a string"}
	errNUL      = &ValueError{Must: "not contain the NUL character", Want: "text without the NUL character"}
	errInteger  = &ValueError{Must: "be an integer", Want: "an integer"}
	errNumber   = &ValueError{Must: "be a number", Want: "a number"}
	errBoolean  = &ValueError{Must: "be a boolean", Want: `"true", "t", "1", "false", "f" or "0"`}
	errDate     = &ValueError{Must: "be a date (YYYY-MM-DD)", Want: "a date (YYYY-MM-DD)"}
	errTime     = &ValueError{Must: "be a time (HH:MM, HH:MM:SS or HH:MM:SS.mmm)", Want: "a time (HH:MM, HH:MM:SS or HH:MM:SS.mmm)"}
	errDateTime = &ValueError{Must: "be a date-time (RFC 3339) or a date", Want: "a date-time (RFC 3339) or a date"}
	errJSON     = &ValueError{Must: "be JSON", Want: "JSON"}
	errRelation = &ValueError{Must: "be the id of an entry", Want: "the id of an entry"}
)

// Conversion is how a column's values become another kind's in a
// migration: Expr, the new value as SQL over the old column, and Check,
// on SQLite, a condition true for a value that cannot convert.
// PostgreSQL's casts fail on such a value by themselves; SQLite's would
// quietly turn "abc" into 0, so the migrator counts them first and refuses.
type Conversion struct {
	Expr, Check string
}

// appendAny writes a value of a Go type its kind does not hold, which is a
// bug below the caller: safely, in the form the value's own type has.
func appendAny(b []byte, v any) []byte {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...)
	case string:
		return jsonw.AppendString(b, x)
	case int64:
		return strconv.AppendInt(b, x, 10)
	case float64:
		return jsonw.AppendFloat(b, x)
	case bool:
		return strconv.AppendBool(b, x)
	case time.Time:
		b = append(b, '"')
		b = AppendDateTime(b, x)
		return append(b, '"')
	case json.RawMessage:
		if len(x) == 0 {
			return append(b, "null"...)
		}
		return append(b, x...)
	}
	raw, _ := json.Marshal(v)
	return append(b, raw...)
}

// encodeAny binds a value of a Go type its kind does not hold as the value's
// own type would be bound.
func encodeAny(d Dialect, v any) any {
	switch x := v.(type) {
	case time.Time:
		if d == SQLite {
			return x.UTC().Format(DateTimeLayout)
		}
		return x.UTC()
	case json.RawMessage:
		return string(x)
	case bool:
		if d == SQLite {
			if x {
				return int64(1)
			}
			return int64(0)
		}
	}
	return v
}

// scanned turns the bytes some drivers scan text into a string.
func scanned(v any) any {
	if b, ok := v.([]byte); ok {
		return string(b)
	}
	return v
}

// not is the message of a default of the wrong Go type: "12 is not a string".
func not(v any, what string) string { return fmt.Sprintf("%v is not %s", v, what) }
