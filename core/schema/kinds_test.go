package schema_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/core/schema"
)

// rulesType has fields of every kind, some with rules, for the checks that
// need an attribute.
const rulesType = `kind: collectionType
info: {singularName: r, pluralName: rs}
attributes:
  s: {type: string}
  short: {type: string, minLength: 2, maxLength: 4, regex: "^[a-z]+$"}
  tx: {type: text}
  longish: {type: text, maxLength: 300}
  rt: {type: richtext}
  em: {type: email}
  pw: {type: password, minLength: 8}
  u: {type: uid}
  en: {type: enumeration, enum: [low, high]}
  i: {type: integer}
  ir: {type: integer, min: 1.5, max: 1e20}
  bi: {type: biginteger, max: 9007199254740992}
  fl: {type: float, min: 0, max: 5}
  de: {type: decimal}
  b: {type: boolean}
  d: {type: date}
  tm: {type: time}
  dt: {type: datetime}
  js: {type: json}
  bl: {type: blocks}
  rel: {type: relation, relation: manyToOne, target: r}
`

func rulesAttrs(t *testing.T) *schema.ContentType {
	t.Helper()
	s, err := load(one(rulesType))
	if err != nil {
		t.Fatal(err)
	}
	return s.Type("r")
}

var allTypes = []schema.FieldType{schema.String, schema.Text, schema.RichText, schema.Email, schema.Password,
	schema.UID, schema.Enumeration, schema.Integer, schema.BigInteger, schema.Float, schema.Decimal,
	schema.Boolean, schema.Date, schema.Time, schema.DateTime, schema.JSON, schema.Blocks, schema.Relation}

func kind(t *testing.T, ft schema.FieldType) schema.Kind {
	t.Helper()
	k := schema.KindOf(ft)
	if k == nil {
		t.Fatalf("no kind %q", ft)
	}
	return k
}

// TestRegistry: every field type has exactly one kind, named after it, and
// every attribute and system field knows its kind once loaded.
func TestRegistry(t *testing.T) {
	if got := len(schema.Kinds()); got != len(allTypes) {
		t.Errorf("%d kinds registered, want %d", got, len(allTypes))
	}
	for _, ft := range allTypes {
		if k := kind(t, ft); k.Type() != ft {
			t.Errorf("KindOf(%s).Type() = %s", ft, k.Type())
		}
	}
	if schema.KindOf("colour") != nil {
		t.Error("KindOf of an unknown type must be nil")
	}
	for _, a := range rulesAttrs(t).Attributes {
		if a.Kind == nil || a.Kind.Type() != a.Type {
			t.Errorf("%s: Kind %v for type %s", a.Name, a.Kind, a.Type)
		}
	}
	for _, a := range schema.SystemFields {
		if a.Kind == nil || a.Kind.Type() != a.Type {
			t.Errorf("system field %s: Kind %v for type %s", a.Name, a.Kind, a.Type)
		}
	}
}

// TestCaps pins which kinds answer yes to each question other packages ask.
func TestCaps(t *testing.T) {
	want := map[string][]schema.FieldType{
		"Text":        {schema.String, schema.Text, schema.RichText, schema.Email, schema.Password, schema.UID, schema.Enumeration},
		"Number":      {schema.Integer, schema.BigInteger, schema.Float, schema.Decimal},
		"Integral":    {schema.Integer, schema.BigInteger, schema.Relation},
		"Opaque":      {schema.JSON, schema.Blocks},
		"Enum":        {schema.Enumeration},
		"TargetField": {schema.UID},
		"Relation":    {schema.Relation},
		"NoIndex":     {schema.JSON, schema.Blocks, schema.Relation},
		"Private":     {schema.Password},
		"Unique":      {schema.UID},
	}
	for name, types := range want {
		var got []schema.FieldType
		for _, ft := range allTypes {
			if reflect.ValueOf(kind(t, ft).Caps()).FieldByName(name).Bool() {
				got = append(got, ft)
			}
		}
		if !reflect.DeepEqual(got, types) {
			t.Errorf("Caps.%s: %v, want %v", name, got, types)
		}
	}
}

func TestColumn(t *testing.T) {
	want := map[schema.FieldType][2]string{ // SQLite, PostgreSQL
		schema.String: {"VARCHAR(255)", "VARCHAR(255)"}, schema.Text: {"TEXT", "TEXT"}, schema.RichText: {"TEXT", "TEXT"},
		schema.Email: {"VARCHAR(255)", "VARCHAR(255)"}, schema.Password: {"VARCHAR(255)", "VARCHAR(255)"},
		schema.UID: {"VARCHAR(255)", "VARCHAR(255)"}, schema.Enumeration: {"VARCHAR(255)", "VARCHAR(255)"},
		schema.Integer: {"INTEGER", "INTEGER"}, schema.BigInteger: {"INTEGER", "BIGINT"},
		schema.Float: {"REAL", "DOUBLE PRECISION"}, schema.Decimal: {"REAL", "NUMERIC"},
		schema.Boolean: {"INTEGER", "BOOLEAN"}, schema.Date: {"TEXT", "DATE"}, schema.Time: {"TEXT", "TIME"},
		schema.DateTime: {"TEXT", "TIMESTAMPTZ(3)"}, schema.JSON: {"TEXT", "JSON"}, schema.Blocks: {"TEXT", "JSON"},
		schema.Relation: {"BIGINT", "BIGINT"},
	}
	for _, ft := range allTypes {
		k := kind(t, ft)
		if got := [2]string{k.Column(schema.SQLite), k.Column(schema.Postgres)}; got != want[ft] {
			t.Errorf("%s: columns %v, want %v", ft, got, want[ft])
		}
	}
	// On SQLite what matters to a conversion is the affinity: text, whole
	// number or other number.
	affinity := func(k schema.Kind) string {
		switch c := k.Caps(); {
		case c.Text:
			return "text"
		case c.Integral:
			return "integer"
		case c.Number:
			return "real"
		}
		return string(k.Type())
	}
	for sql, want := range map[string]string{"VARCHAR(255)": "text", "TEXT": "text", "CLOB": "text",
		"INTEGER": "integer", "BIGINT": "integer", "SMALLINT": "integer", "REAL": "real", "NUMBER": "real"} {
		if got := affinity(schema.KindOfColumn(schema.SQLite, sql)); got != want {
			t.Errorf("KindOfColumn(sqlite, %s) is %s, want %s", sql, got, want)
		}
	}
	for sql, ft := range map[string]schema.FieldType{"VARCHAR(255)": schema.String, "TEXT": schema.Text,
		"INTEGER": schema.Integer, "BIGINT": schema.BigInteger, "NUMERIC": schema.Decimal, "DOUBLE PRECISION": schema.Float,
		"BOOLEAN": schema.Boolean, "DATE": schema.Date, "TIME": schema.Time, "TIMESTAMPTZ(3)": schema.DateTime, "JSON": schema.JSON} {
		if got := schema.KindOfColumn(schema.Postgres, sql).Type(); got != ft {
			t.Errorf("KindOfColumn(postgres, %s) = %s, want %s", sql, got, ft)
		}
	}
}

var (
	stamp    = time.Date(2026, 3, 29, 10, 0, 0, 0, time.UTC)
	stampMil = time.Date(2026, 3, 29, 10, 0, 0, 123e6, time.UTC)
)

// TestParse is each kind's reading of text, the one filters and body
// strings share. want is the canonical value, or the ValueError's Want.
func TestParse(t *testing.T) {
	tests := []struct {
		ft   schema.FieldType
		in   string
		want any
	}{
		{schema.String, "héllo ", "héllo "},
		{schema.String, "", ""},
		{schema.String, "a\x00b", "text without the NUL character"},
		{schema.Text, "x\ny", "x\ny"},
		{schema.RichText, "<p>", "<p>"},
		{schema.Email, "not-an-email", "not-an-email"}, // the format is a rule
		{schema.Password, "secret", "secret"},
		{schema.UID, "a-b", "a-b"},
		{schema.Enumeration, "other", "other"}, // the values are a rule
		{schema.Integer, "42", int64(42)},
		{schema.Integer, " -7 ", int64(-7)},
		{schema.Integer, "+5", int64(5)},
		{schema.Integer, "5000000000", int64(5000000000)}, // the 32-bit range is a rule
		{schema.Integer, "1.5", "an integer"},
		{schema.Integer, "1e3", "an integer"},
		{schema.Integer, "", "an integer"},
		{schema.BigInteger, "9223372036854775807", int64(math.MaxInt64)},
		{schema.BigInteger, "9223372036854775808", "an integer"},
		{schema.Float, "2.5", 2.5},
		{schema.Float, " 1e3", 1000.0},
		{schema.Float, "NaN", "a number"},
		{schema.Float, "-Inf", "a number"},
		{schema.Float, "1e400", "a number"},
		{schema.Decimal, "12.34", 12.34},
		{schema.Decimal, "12,34", "a number"},
		{schema.Boolean, "t", true},
		{schema.Boolean, "0", false},
		{schema.Boolean, "TRUE", `"true", "t", "1", "false", "f" or "0"`},
		{schema.Date, "2024-02-29", "2024-02-29"},
		{schema.Date, "2026-03-29T23:30:00-05:00", "2026-03-29"},
		{schema.Date, "2026-03-29T10:00", "2026-03-29"},
		{schema.Date, "2026-02-30", "a date (YYYY-MM-DD)"},
		{schema.Date, "2026-03-29Tnoon", "a date (YYYY-MM-DD)"},
		{schema.Time, "09:30", "09:30:00"},
		{schema.Time, "09:30:15.999", "09:30:15"},
		{schema.Time, "9:30", "a time (HH:MM, HH:MM:SS or HH:MM:SS.mmm)"},
		{schema.Time, "24:00", "a time (HH:MM, HH:MM:SS or HH:MM:SS.mmm)"},
		{schema.Time, "09:30:15.1234567890", "a time (HH:MM, HH:MM:SS or HH:MM:SS.mmm)"},
		{schema.DateTime, "2026-03-29T10:00:00Z", stamp},
		{schema.DateTime, "2026-03-29T12:00:00+02:00", stamp},
		{schema.DateTime, "2026-03-29T10:00", stamp},
		{schema.DateTime, "2026-03-29T10:00:00.1239Z", stampMil},
		{schema.DateTime, "2026-03-29", time.Date(2026, 3, 29, 0, 0, 0, 0, time.UTC)},
		{schema.DateTime, "2026-03-29 10:00", "a date-time (RFC 3339) or a date"},
		{schema.JSON, `{"a":1}`, json.RawMessage(`{"a":1}`)},
		{schema.JSON, `{a:1}`, "JSON"},
		// A filter's document: any JSON, which a document of another
		// shape does not match.
		{schema.Blocks, `[{"type":"paragraph","children":[{"type":"text","text":"a"}]}]`,
			json.RawMessage(`[{"type":"paragraph","children":[{"type":"text","text":"a"}]}]`)},
		{schema.Blocks, `{"a":1}`, json.RawMessage(`{"a":1}`)},
		{schema.Blocks, `[`, "JSON"},
		{schema.Relation, "12", int64(12)},
		{schema.Relation, "abc", "the id of an entry"},
	}
	for _, tt := range tests {
		got, err := kind(t, tt.ft).Parse(tt.in)
		checkRead(t, fmt.Sprintf("%s.Parse(%q)", tt.ft, tt.in), got, err, tt.want)
	}
}

// checkRead compares a Parse or FromJSON result with want: a value, or the
// Want of the ValueError expected.
func checkRead(t *testing.T, what string, got any, err error, want any) {
	t.Helper()
	if err != nil {
		var ve *schema.ValueError
		if !errors.As(err, &ve) {
			t.Errorf("%s: error %v is not a ValueError", what, err)
			return
		}
		if ve.Want != want {
			t.Errorf("%s: refused, expected %q; want %#v", what, ve.Want, want)
		}
		return
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s = %#v (%T), want %#v (%T)", what, got, got, want, want)
	}
}

// TestFromJSON is each kind's reading of a body value: strings through
// Parse, numbers and booleans natively where the kind holds them.
func TestFromJSON(t *testing.T) {
	tests := []struct {
		ft   schema.FieldType
		in   any
		want any
	}{
		{schema.String, "x", "x"},
		{schema.String, json.Number("1"), "a string"},
		{schema.String, true, "a string"},
		{schema.Text, "a\x00", "text without the NUL character"},
		{schema.Integer, json.Number("42"), int64(42)},
		{schema.Integer, "42", int64(42)},
		{schema.Integer, 42, int64(42)},
		{schema.Integer, int64(-3), int64(-3)},
		{schema.Integer, json.Number("1.5"), "an integer"},
		{schema.Integer, json.Number("1e2"), "an integer"},
		{schema.Integer, 1.0, "an integer"},
		{schema.Integer, true, "an integer"},
		{schema.BigInteger, "9007199254740993", int64(9007199254740993)},
		{schema.BigInteger, json.Number("9007199254740993"), int64(9007199254740993)},
		{schema.Float, json.Number("0.1"), 0.1},
		{schema.Float, "2.5", 2.5},
		{schema.Float, 3, 3.0},
		{schema.Float, 1.25, 1.25},
		{schema.Float, math.NaN(), "a number"},
		{schema.Float, math.Inf(1), "a number"},
		{schema.Decimal, json.Number("1e400"), "a number"},
		{schema.Decimal, false, "a number"},
		{schema.Boolean, true, true},
		{schema.Boolean, "f", false},
		{schema.Boolean, json.Number("1"), `"true", "t", "1", "false", "f" or "0"`},
		{schema.Date, "2026-03-29T10:00", "2026-03-29"},
		{schema.Date, json.Number("20260329"), "a date (YYYY-MM-DD)"},
		{schema.Time, "09:30", "09:30:00"},
		{schema.Time, 930, "a time (HH:MM, HH:MM:SS or HH:MM:SS.mmm)"},
		{schema.DateTime, "2026-03-29T10:00", stamp},
		{schema.DateTime, json.Number("0"), "a date-time (RFC 3339) or a date"},
		{schema.JSON, map[string]any{"b": []any{json.Number("1.50"), "x", nil}}, json.RawMessage(`{"b":[1.50,"x",null]}`)},
		{schema.JSON, "a string", json.RawMessage(`"a string"`)},
		{schema.JSON, "a\x00", "text without the NUL character"},
		{schema.JSON, func() {}, "JSON"},
		{schema.Blocks, []any{map[string]any{"type": "heading", "level": json.Number("2"), "children": []any{map[string]any{"type": "text", "text": "T"}}}},
			json.RawMessage(`[{"children":[{"text":"T","type":"text"}],"level":2,"type":"heading"}]`)},
		{schema.Blocks, []any{}, json.RawMessage(`[]`)},
		{schema.Blocks, "a string", "a list of blocks"},
		{schema.Blocks, []any{map[string]any{"type": "heading", "level": json.Number("7")}},
			"a list of blocks ([0].level must be 1, 2, 3, 4, 5 or 6)"},
		{schema.Relation, json.Number("7"), int64(7)},
	}
	for _, tt := range tests {
		got, err := kind(t, tt.ft).FromJSON(tt.in)
		checkRead(t, fmt.Sprintf("%s.FromJSON(%#v)", tt.ft, tt.in), got, err, tt.want)
	}
}

// TestCheck is each kind's rules, in Strapi's words.
func TestCheck(t *testing.T) {
	ct := rulesAttrs(t)
	tests := []struct {
		field string
		v     any
		want  string
	}{
		{"s", strings.Repeat("é", 255), ""},
		{"s", strings.Repeat("é", 256), "s must be at most 255 characters"},
		{"short", "a", "short must be at least 2 characters"},
		{"short", "abcde", "short must be at most 4 characters"},
		{"short", "AB", `short must match the following: "/^[a-z]+$/"`},
		{"short", "abc", ""},
		{"tx", strings.Repeat("x", 5000), ""},
		{"longish", strings.Repeat("x", 301), "longish must be at most 300 characters"},
		{"rt", strings.Repeat("x", 5000), ""},
		{"em", "ops@acme.test", ""},
		{"em", "ops@localhost", "em must be a valid email"},
		{"em", "", "em cannot be empty"}, // yup: email() passes "", min(1) does not
		{"em", strings.Repeat("a", 250) + "@b.test", "em must be at most 255 characters"},
		{"pw", "short", "pw must be at least 8 characters"},
		{"pw", strings.Repeat("p", 300), ""},
		{"u", strings.Repeat("u", 256), "u must be at most 255 characters"},
		// Strapi's character set of every uid, beside its own rules.
		{"u", "Az09-_.~", ""},
		{"u", "", ""},
		{"u", "a b", `u must match the following: "/^[A-Za-z0-9-_.~]*$/"`},
		{"u", "café", `u must match the following: "/^[A-Za-z0-9-_.~]*$/"`},
		{"u", "a/b", `u must match the following: "/^[A-Za-z0-9-_.~]*$/"`},
		{"en", "low", ""},
		{"en", "LOW", "en must be one of the following values: low, high"},
		{"i", int64(math.MaxInt32), ""},
		{"i", int64(math.MaxInt32) + 1, "i must be a 32-bit integer"},
		{"i", int64(math.MinInt32) - 1, "i must be a 32-bit integer"},
		// A fraction or a bound beyond int64 made validator panic (a 500).
		{"ir", int64(1), "ir must be greater than or equal to 1.5"},
		{"ir", int64(2), ""},
		{"ir", int64(math.MaxInt32), ""},
		// Exact above 2^53, where a float64 would round the value down.
		{"bi", int64(9007199254740992), ""},
		{"bi", int64(9007199254740993), "bi must be less than or equal to 9007199254740992"},
		{"fl", 5.0, ""},
		{"fl", 5.01, "fl must be less than or equal to 5"},
		{"fl", -0.5, "fl must be greater than or equal to 0"},
		{"de", -1e300, ""},
		{"b", false, ""},
		{"d", "2026-03-29", ""},
		{"tm", "09:30:00", ""},
		{"dt", stamp, ""},
		{"js", json.RawMessage(`[]`), ""},
		{"bl", json.RawMessage(`[]`), ""},
		{"rel", int64(1), ""},
	}
	for _, tt := range tests {
		a := ct.Attr(tt.field)
		if got := a.Kind.Check(a, tt.v); got != tt.want {
			t.Errorf("%s.Check(%.20v) = %q, want %q", tt.field, tt.v, got, tt.want)
		}
	}
}

// TestAppendJSON is each kind's JSON form of its canonical value.
func TestAppendJSON(t *testing.T) {
	tests := []struct {
		ft   schema.FieldType
		v    any
		want string
	}{
		{schema.String, "a\"b\n\u2028", `"a\"b\n\u2028"`},
		{schema.Text, "t", `"t"`},
		{schema.RichText, "<p>", `"<p>"`},
		{schema.Email, "a@b.test", `"a@b.test"`},
		{schema.Password, "p", `"p"`},
		{schema.UID, "a-b", `"a-b"`},
		{schema.Enumeration, "low", `"low"`},
		{schema.Integer, int64(-7), `-7`},
		{schema.BigInteger, int64(9007199254740993), `"9007199254740993"`},
		{schema.Float, 0.1, `0.1`},
		{schema.Decimal, 1e21, `1e+21`},
		{schema.Float, math.NaN(), `null`},
		{schema.Boolean, true, `true`},
		{schema.Date, "2026-03-29", `"2026-03-29"`},
		{schema.Time, "09:30:00", `"09:30:00"`},
		{schema.DateTime, time.Date(2026, 3, 29, 12, 0, 0, 5e6, time.FixedZone("x", 7200)), `"2026-03-29T10:00:00.005Z"`},
		{schema.JSON, json.RawMessage(`{"a":[1]}`), `{"a":[1]}`},
		{schema.JSON, json.RawMessage(nil), `null`},
		{schema.Blocks, json.RawMessage(`[{"type":"quote"}]`), `[{"type":"quote"}]`},
		{schema.Relation, int64(3), `3`},
		{schema.Integer, nil, `null`},
		{schema.DateTime, nil, `null`},
		// A value of a Go type the kind does not hold is a bug below; it is
		// still written as valid JSON, in its own type's form.
		{schema.Integer, "7", `"7"`},
		{schema.String, []int{1}, `[1]`},
	}
	for _, tt := range tests {
		if got := string(kind(t, tt.ft).AppendJSON([]byte("x"), tt.v)); got != "x"+tt.want {
			t.Errorf("%s.AppendJSON(%#v) = %s, want x%s", tt.ft, tt.v, got, tt.want)
		}
	}
}

// TestEncodeDecode: what each kind binds per dialect, and what it reads
// back from every form a driver gives.
func TestEncodeDecode(t *testing.T) {
	paris := time.FixedZone("CEST", 7200)
	enc := []struct {
		ft     schema.FieldType
		v      any
		sqlite any
		pg     any
	}{
		{schema.String, "s", "s", "s"},
		{schema.Text, "t", "t", "t"},
		{schema.RichText, "r", "r", "r"},
		{schema.Email, "e", "e", "e"},
		{schema.Password, "p", "p", "p"},
		{schema.UID, "u", "u", "u"},
		{schema.Enumeration, "low", "low", "low"},
		{schema.Integer, int64(1), int64(1), int64(1)},
		{schema.BigInteger, int64(1 << 40), int64(1 << 40), int64(1 << 40)},
		{schema.Decimal, 1.5, 1.5, 1.5},
		{schema.Time, "09:30:00", "09:30:00", "09:30:00"},
		{schema.Float, 2.5, 2.5, 2.5},
		{schema.Boolean, true, int64(1), true},
		{schema.Boolean, false, int64(0), false},
		{schema.Date, "2026-03-29", "2026-03-29", "2026-03-29"},
		{schema.DateTime, time.Date(2026, 3, 29, 12, 0, 0, 123e6, paris), "2026-03-29T10:00:00.123Z", time.Date(2026, 3, 29, 10, 0, 0, 123e6, time.UTC)},
		{schema.JSON, json.RawMessage(`[1]`), "[1]", "[1]"},
		{schema.Blocks, json.RawMessage(`[]`), "[]", "[]"},
		{schema.Relation, int64(9), int64(9), int64(9)},
		{schema.Text, nil, nil, nil},
	}
	for _, tt := range enc {
		k := kind(t, tt.ft)
		if got := k.Encode(schema.SQLite, tt.v); !reflect.DeepEqual(got, tt.sqlite) {
			t.Errorf("%s.Encode(sqlite, %#v) = %#v, want %#v", tt.ft, tt.v, got, tt.sqlite)
		}
		if got := k.Encode(schema.Postgres, tt.v); !reflect.DeepEqual(got, tt.pg) {
			t.Errorf("%s.Encode(postgres, %#v) = %#v, want %#v", tt.ft, tt.v, got, tt.pg)
		}
	}
	dec := []struct {
		ft   schema.FieldType
		in   any
		want any
	}{
		{schema.String, "s", "s"},
		{schema.String, []byte("b"), "b"},
		{schema.Text, "t", "t"},
		{schema.RichText, []byte("r"), "r"},
		{schema.Email, "e", "e"},
		{schema.Password, "$2a$hash", "$2a$hash"},
		{schema.Enumeration, []byte("low"), "low"},
		{schema.UID, int64(5), "5"},
		{schema.Integer, int64(5), int64(5)},
		{schema.Integer, int32(5), int64(5)},
		{schema.BigInteger, []byte("9007199254740993"), int64(9007199254740993)},
		{schema.Integer, 4.0, int64(4)},
		{schema.Decimal, []byte("12.34"), 12.34},
		{schema.Float, float32(0.5), 0.5},
		{schema.Float, int64(2), 2.0},
		{schema.Boolean, int64(1), true},
		{schema.Boolean, int64(0), false},
		{schema.Boolean, true, true},
		{schema.Boolean, []byte("t"), true},
		{schema.Date, time.Date(2026, 3, 29, 0, 0, 0, 0, time.UTC), "2026-03-29"},
		{schema.Date, "2026-03-29T00:00:00Z", "2026-03-29"},
		{schema.Time, "09:30:15.123456", "09:30:15"},
		{schema.Time, []byte("09:30:15"), "09:30:15"},
		{schema.DateTime, "2026-03-29T10:00:00.123Z", stampMil},
		{schema.DateTime, "2026-03-29 12:00:00.123+02:00", stampMil},
		{schema.DateTime, time.Date(2026, 3, 29, 12, 0, 0, 123e6, paris), stampMil},
		{schema.JSON, []byte(`{"a":1}`), json.RawMessage(`{"a":1}`)},
		{schema.JSON, `[1]`, json.RawMessage(`[1]`)},
		{schema.Blocks, []byte(`[]`), json.RawMessage(`[]`)},
		{schema.Relation, int64(3), int64(3)},
	}
	for _, tt := range dec {
		got, err := kind(t, tt.ft).Decode(tt.in)
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s.Decode(%#v) = %#v, %v; want %#v", tt.ft, tt.in, got, err, tt.want)
		}
	}
	for _, tt := range []struct {
		ft schema.FieldType
		in any
	}{
		{schema.Integer, true}, {schema.Integer, "x"}, {schema.Float, true}, {schema.Boolean, 1.5},
		{schema.Date, 5}, {schema.DateTime, "yesterday"}, {schema.DateTime, 5}, {schema.JSON, 5},
	} {
		if got, err := kind(t, tt.ft).Decode(tt.in); err == nil {
			t.Errorf("%s.Decode(%#v) = %#v, want an error", tt.ft, tt.in, got)
		}
	}
}

// TestDecodeKeepsTheScannedValue: decoding a value already canonical
// hands back the driver's own interface value, with no allocation.
func TestDecodeKeepsTheScannedValue(t *testing.T) {
	for ft, v := range map[schema.FieldType]any{schema.String: "scanned", schema.BigInteger: int64(1 << 40),
		schema.Float: 1.5, schema.Boolean: true} {
		k := kind(t, ft)
		if n := testing.AllocsPerRun(100, func() { _, _ = k.Decode(v) }); n != 0 {
			t.Errorf("%s.Decode allocates %v times", ft, n)
		}
	}
}

// blocksDoc is the blocks' OpenAPI schema.
const blocksDoc = `{"description":"Strapi's rich text in blocks: paragraph, heading (level 1-6), list (ordered or unordered, of list-item and list nodes), quote, code and image nodes, whose children are text nodes (text, and the booleans bold, italic, underline, strikethrough, code) and link nodes (url, children)",` +
	`"items":{"properties":{"children":{"items":{"type":"object"},"type":"array"},"type":{"enum":["paragraph","heading","list","quote","code","image"],"type":"string"}},"required":["type"],"type":"object"},"type":["array","null"]}`

// TestSchemas pins each kind's OpenAPI value schemas.
func TestSchemas(t *testing.T) {
	ct := rulesAttrs(t)
	tests := []struct {
		field, output, input string
	}{
		{"s", `{"type":"string"}`, `{"maxLength":255,"type":"string"}`},
		{"short", `{"type":"string"}`, `{"maxLength":4,"minLength":2,"pattern":"^[a-z]+$","type":"string"}`},
		{"tx", `{"type":"string"}`, `{"type":"string"}`},
		{"longish", `{"type":"string"}`, `{"maxLength":300,"type":"string"}`},
		{"rt", `{"type":"string"}`, `{"type":"string"}`},
		{"em", `{"format":"email","type":"string"}`, `{"format":"email","maxLength":255,"type":"string"}`},
		{"pw", `{"type":"string"}`, `{"minLength":8,"type":"string"}`},
		{"u", `{"type":"string"}`, `{"maxLength":255,"type":"string"}`},
		{"en", `{"enum":["low","high"],"type":"string"}`, `{"enum":["low","high"],"type":"string"}`},
		{"i", `{"format":"int32","type":"integer"}`, `{"format":"int32","maximum":2147483647,"minimum":-2147483648,"type":"integer"}`},
		{"ir", `{"format":"int32","type":"integer"}`, `{"format":"int32","maximum":100000000000000000000,"minimum":1.5,"type":"integer"}`},
		{"bi", `{"description":"a 64-bit integer, written as a string (it may not fit a JavaScript number)","pattern":"^-?[0-9]+$","type":"string"}`,
			`{"anyOf":[{"format":"int64","maximum":9007199254740992,"type":"integer"},{"pattern":"^-?[0-9]+$","type":"string"}]}`},
		{"fl", `{"type":"number"}`, `{"maximum":5,"minimum":0,"type":"number"}`},
		{"de", `{"type":"number"}`, `{"type":"number"}`},
		{"b", `{"type":"boolean"}`, `{"type":"boolean"}`},
		{"d", `{"format":"date","type":"string"}`, `{"description":"YYYY-MM-DD; an RFC 3339 date-time is taken and cut to its date","format":"date","type":"string"}`},
		{"tm", `{"description":"a time of day, HH:MM:SS, without an offset","format":"time","pattern":"^([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$","type":"string"}`,
			`{"description":"a time of day: HH:MM, HH:MM:SS or with fractional seconds, without an offset","format":"time","pattern":"^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\\.[0-9]{1,9})?)?$","type":"string"}`},
		{"dt", `{"format":"date-time","type":"string"}`, `{"description":"RFC 3339; without an offset it is taken as UTC, and a date alone as its midnight UTC","format":"date-time","type":"string"}`},
		{"js", `{"description":"any JSON value"}`, `{"description":"any JSON value"}`},
		{"bl", blocksDoc, blocksDoc},
		{"rel", `{"type":"integer"}`, `{"type":"integer"}`},
	}
	for _, tt := range tests {
		a := ct.Attr(tt.field)
		for _, c := range []struct {
			what string
			s    map[string]any
			want string
		}{{"OutputSchema", a.Kind.OutputSchema(a), tt.output}, {"InputSchema", a.Kind.InputSchema(a), tt.input}} {
			got, err := json.Marshal(c.s)
			if err != nil || string(got) != c.want {
				t.Errorf("%s %s = %s (%v)\nwant %s", tt.field, c.what, got, err, c.want)
			}
		}
	}
}

// TestDefaults: a YAML default becomes the canonical value of its kind,
// read by the same Parse as a value sent later.
func TestDefaults(t *testing.T) {
	tests := []struct{ def, field string }{
		{"n: {type: integer, default: 7}", "n"},
		{"n: {type: biginteger, default: 9007199254740993}", "n"},
		{"n: {type: float, default: 1}", "n"},
		{"b: {type: boolean, default: false}", "b"},
		{"s: {type: string, default: hi}", "s"},
		{"x: {type: text, default: long}", "x"},
		{"r: {type: richtext, default: \"<p>\"}", "r"},
		{"u: {type: uid, default: a-b}", "u"},
		{"n: {type: decimal, default: 2.5}", "n"},
		{"e: {type: enumeration, enum: [x, y], default: y}", "e"},
		{"m: {type: email, default: ops@acme.test}", "m"},
		{"d: {type: date, default: 2024-02-29}", "d"},
		{`d: {type: date, default: "2024-02-29T23:00:00-05:00"}`, "d"},
		{`t: {type: time, default: "09:30"}`, "t"},
		{`t: {type: datetime, default: "2024-03-01T10:00"}`, "t"},
		{`t: {type: datetime, default: 2024-03-01T10:00:00.1234+02:00}`, "t"},
		{`j: {type: json, default: {a: [1, b]}}`, "j"},
		{`b: {type: blocks, default: [{type: paragraph, children: [{type: text, text: Hi}]}]}`, "b"},
	}
	want := []any{int64(7), int64(9007199254740993), 1.0, false, "hi", "long", "<p>", "a-b", 2.5, "y", "ops@acme.test", "2024-02-29", "2024-02-29",
		"09:30:00", time.Date(2024, 3, 1, 10, 0, 0, 0, time.UTC), time.Date(2024, 3, 1, 8, 0, 0, 123e6, time.UTC),
		json.RawMessage(`{"a":[1,"b"]}`), json.RawMessage(`[{"children":[{"text":"Hi","type":"text"}],"type":"paragraph"}]`)}
	for i, tt := range tests {
		s, err := load(one(ct("a", "as", tt.def)))
		if err != nil {
			t.Errorf("%s: %v", tt.def, err)
			continue
		}
		if got := s.Type("a").Attr(tt.field).Default; !reflect.DeepEqual(got, want[i]) {
			t.Errorf("%s: default %#v (%T), want %#v", tt.def, got, got, want[i])
		}
	}
}

// TestConvertFrom pins the SQL each kind writes to take over a column of
// another kind, on both dialects.
func TestConvertFrom(t *testing.T) {
	c := `"c"`
	tests := []struct {
		from, to          schema.FieldType
		d                 schema.Dialect
		wantExpr, wantChk string
	}{
		{schema.Integer, schema.String, schema.SQLite, `CAST("c" AS TEXT)`, ""},
		{schema.Boolean, schema.Text, schema.SQLite, `CASE WHEN "c" IS NULL THEN NULL WHEN "c" <> 0 THEN 'true' ELSE 'false' END`, ""},
		{schema.DateTime, schema.String, schema.SQLite, `"c"`, ""},
		{schema.String, schema.Integer, schema.SQLite, `CAST("c" AS INTEGER)`, `"c" IS NOT NULL AND CAST("c" AS INTEGER) <> "c"`},
		{schema.Float, schema.BigInteger, schema.SQLite, `CAST(round("c") AS INTEGER)`, ""},
		{schema.Boolean, schema.Integer, schema.SQLite, `"c"`, ""},
		{schema.Date, schema.Integer, schema.SQLite, `"c"`, `"c" IS NOT NULL`},
		{schema.Integer, schema.Decimal, schema.SQLite, `CAST("c" AS REAL)`, ""},
		{schema.Text, schema.Float, schema.SQLite, `CAST("c" AS REAL)`, `"c" IS NOT NULL AND CAST("c" AS REAL) <> "c"`},
		{schema.Integer, schema.Boolean, schema.SQLite, `("c" <> 0)`, ""},
		{schema.JSON, schema.Boolean, schema.SQLite, `"c"`, `"c" IS NOT NULL`},
		{schema.String, schema.Date, schema.SQLite, `date("c")`, `"c" IS NOT NULL AND date("c") IS NULL`},
		{schema.DateTime, schema.Time, schema.SQLite, `time("c")`, `"c" IS NOT NULL AND time("c") IS NULL`},
		{schema.Date, schema.Time, schema.SQLite, `"c"`, `"c" IS NOT NULL`},
		{schema.Date, schema.DateTime, schema.SQLite, `strftime('%Y-%m-%dT%H:%M:%fZ', "c")`, ""},
		{schema.Text, schema.JSON, schema.SQLite, `"c"`, `"c" IS NOT NULL AND NOT json_valid("c")`},
		{schema.Date, schema.JSON, schema.SQLite, `json_quote("c")`, ""},
		{schema.Float, schema.JSON, schema.SQLite, `CAST("c" AS TEXT)`, ""},
		{schema.JSON, schema.Blocks, schema.SQLite, `"c"`, `"c" IS NOT NULL AND NOT json_valid("c")`},
		{schema.Blocks, schema.JSON, schema.SQLite, `"c"`, `"c" IS NOT NULL AND NOT json_valid("c")`},
		{schema.RichText, schema.Blocks, schema.SQLite, `"c"`, `"c" IS NOT NULL AND NOT json_valid("c")`},
		{schema.DateTime, schema.String, schema.Postgres, `to_char("c" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')::VARCHAR(255)`, ""},
		{schema.Text, schema.String, schema.Postgres, `"c"`, ""},
		{schema.Integer, schema.Text, schema.Postgres, `"c"::TEXT`, ""},
		{schema.Integer, schema.Boolean, schema.Postgres, `("c" <> 0)`, ""},
		{schema.String, schema.Boolean, schema.Postgres, `"c"::BOOLEAN`, ""},
		{schema.Boolean, schema.BigInteger, schema.Postgres, `"c"::INTEGER::BIGINT`, ""},
		{schema.DateTime, schema.Date, schema.Postgres, `("c" AT TIME ZONE 'UTC')::DATE`, ""},
		{schema.Date, schema.DateTime, schema.Postgres, `("c"::TIMESTAMP AT TIME ZONE 'UTC')::TIMESTAMPTZ(3)`, ""},
		{schema.Integer, schema.JSON, schema.Postgres, `to_json("c")`, ""},
		{schema.Text, schema.JSON, schema.Postgres, `"c"::JSON`, ""},
		{schema.Blocks, schema.JSON, schema.Postgres, `"c"::JSON`, ""},
		{schema.JSON, schema.Blocks, schema.Postgres, `"c"::JSON`, ""},
		{schema.String, schema.Float, schema.Postgres, `"c"::DOUBLE PRECISION`, ""},
	}
	for _, tt := range tests {
		got := kind(t, tt.to).ConvertFrom(tt.d, kind(t, tt.from), c)
		if got.Expr != tt.wantExpr || got.Check != tt.wantChk {
			t.Errorf("%s from %s on %s = %+v\nwant {Expr:%s Check:%s}", tt.to, tt.from, tt.d, got, tt.wantExpr, tt.wantChk)
		}
	}
}
