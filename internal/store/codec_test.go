package store_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/migrate"
	"github.com/kiln-cms/kiln/internal/store"
	"github.com/kiln-cms/kiln/internal/store/storetest"
)

const sampleYAML = `kind: collectionType
info: {singularName: sample, pluralName: samples}
attributes:
  s: {type: string}
  tx: {type: text}
  rt: {type: richtext}
  em: {type: email}
  u: {type: uid}
  i: {type: integer}
  bi: {type: biginteger}
  de: {type: decimal}
  fl: {type: float}
  b: {type: boolean}
  d: {type: date}
  tm: {type: time}
  dt: {type: datetime}
  en: {type: enumeration, enum: [draft, live]}
  js: {type: json}
  bl: {type: blocks}
`

// codecCase is a value written to one field; want is what reads back,
// when it differs from the value written (a datetime in another zone
// reads back in UTC).
type codecCase struct {
	field string
	in    any
	want  any
}

func codecCases() []codecCase {
	paris := time.FixedZone("CEST", 2*3600)
	cases := []codecCase{
		{field: "s", in: ""},
		{field: "s", in: `Grüße, "quotes", 'apostrophes', ? and $1`},
		{field: "s", in: "emoji 🎉 and a\\backslash"},
		{field: "s", in: strings.Repeat("x", 255)},
		{field: "tx", in: "line1\nline2\ttab\r\n"},
		{field: "tx", in: strings.Repeat("long text ", 5000)},
		{field: "rt", in: "<p>rich &amp; <b>bold</b></p>"},
		{field: "em", in: "a.b+c@example.test"},
		{field: "u", in: "a-slug-1"},
		{field: "i", in: int64(0)},
		{field: "i", in: int64(math.MinInt32)},
		{field: "i", in: int64(math.MaxInt32)},
		{field: "bi", in: int64(1<<53 + 1)}, // a float64 would round it
		{field: "bi", in: int64(math.MinInt64)},
		{field: "bi", in: int64(math.MaxInt64)},
		{field: "de", in: 12.34},
		{field: "de", in: 0.0},
		{field: "de", in: -0.001},
		{field: "de", in: 3.141592653589793},
		{field: "de", in: 1e20},
		{field: "fl", in: 0.1},
		{field: "fl", in: 1.0 / 3},
		{field: "fl", in: -2.5e-300},
		{field: "fl", in: math.MaxFloat64},
		{field: "b", in: true},
		{field: "b", in: false},
		{field: "d", in: "2026-03-29"},
		{field: "d", in: "1999-12-31"},
		{field: "tm", in: "23:59:58"},
		{field: "tm", in: "00:00:00"},
		{field: "dt", in: time.Date(2026, 3, 29, 1, 30, 0, 123e6, time.UTC)},
		{field: "dt", in: time.Date(1999, 12, 31, 23, 59, 59, 999e6, time.UTC)},
		{field: "dt", in: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)},
		{field: "dt", in: time.Date(2026, 7, 1, 12, 0, 0, 5e6, paris), want: time.Date(2026, 7, 1, 10, 0, 0, 5e6, time.UTC)},
		{field: "en", in: "live"},
		{field: "js", in: json.RawMessage(`{"b":1,"a":[1,2.5,{"c":null}],"s":"é\"?"}`)}, // key order kept
		{field: "js", in: json.RawMessage(`{"spaced": [ 1, 2 ]}`)},                      // spacing kept
		{field: "js", in: json.RawMessage(`[1,"x",true,null]`)},
		{field: "js", in: json.RawMessage(`"just a string"`)},
		{field: "js", in: json.RawMessage(`42`)},
		{field: "js", in: json.RawMessage(`null`)}, // JSON null, not SQL NULL
		{field: "bl", in: json.RawMessage(`[{"children":[{"bold":true,"text":"Hé \"?\"","type":"text"}],"type":"paragraph"}]`)},
		{field: "bl", in: json.RawMessage(`[]`)},
	}
	for _, f := range []string{"s", "tx", "rt", "em", "u", "i", "bi", "de", "fl", "b", "d", "tm", "dt", "en", "js", "bl"} {
		cases = append(cases, codecCase{field: f, in: nil})
	}
	return cases
}

// TestCodecRoundTrip writes each field type's canonical values, and NULL,
// with Encode through bun's placeholders, reads the column back as the
// driver scans it and decodes it: the value must be the canonical one,
// Go type included, on both databases.
func TestCodecRoundTrip(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := mustLoad(t, map[string]string{"sample.yaml": sampleYAML})
		if _, err := migrate.Run(ctx, db, s, migrate.Options{}); err != nil {
			t.Fatal(err)
		}
		ct := s.Type("sample")
		now := store.Encode(db.Dialect, schema.DateTime, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
		for i, c := range codecCases() {
			a := ct.Attr(c.field)
			name := fmt.Sprintf("%d %s %.40v", i, a.Type, c.in)
			var id int64
			err := db.QueryRowContext(ctx, fmt.Sprintf(`INSERT INTO %s (%s, %s, %s, %s) VALUES (?, ?, ?, ?) RETURNING %s`,
				database.Ident(ct.Table), database.Ident(schema.ColDocumentID), database.Ident(schema.ColCreatedAt),
				database.Ident(schema.ColUpdatedAt), database.Ident(a.Column), database.Ident(schema.ColID)),
				fmt.Sprintf("doc%d", i), now, now, store.Encode(db.Dialect, a.Type, c.in)).Scan(&id)
			if err != nil {
				t.Errorf("%s: writing: %v", name, err)
				continue
			}
			var raw any
			err = db.QueryRowContext(ctx, fmt.Sprintf(`SELECT %s FROM %s WHERE %s = ?`,
				database.Ident(a.Column), database.Ident(ct.Table), database.Ident(schema.ColID)), id).Scan(&raw)
			if err != nil {
				t.Errorf("%s: reading: %v", name, err)
				continue
			}
			got, err := store.Decode(a.Type, raw)
			if err != nil {
				t.Errorf("%s: decoding %#v: %v", name, raw, err)
				continue
			}
			want := c.want
			if want == nil {
				want = c.in
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s: read back %#v (%T, scanned as %T), want %#v (%T)", name, got, got, raw, want, want)
			}
		}
	})
}

// TestEncodeDecodeForms pins the forms each dialect's driver is given and
// what Decode accepts from drivers, without a database.
func TestEncodeDecodeForms(t *testing.T) {
	t.Parallel()
	when := time.Date(2026, 3, 29, 3, 30, 0, 123e6, time.FixedZone("CEST", 2*3600))
	encodes := []struct {
		d    database.Dialect
		t    schema.FieldType
		in   any
		want any
	}{
		{database.SQLite, schema.DateTime, when, "2026-03-29T01:30:00.123Z"},
		{database.Postgres, schema.DateTime, when, when.UTC()},
		{database.SQLite, schema.Boolean, true, int64(1)},
		{database.SQLite, schema.Boolean, false, int64(0)},
		{database.Postgres, schema.Boolean, true, true},
		{database.SQLite, schema.JSON, json.RawMessage(`{"a":1}`), `{"a":1}`},
		{database.Postgres, schema.BigInteger, int64(1<<53 + 1), int64(1<<53 + 1)},
		{database.SQLite, schema.String, nil, nil},
	}
	for _, c := range encodes {
		if got := store.Encode(c.d, c.t, c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Encode(%s, %s, %#v) = %#v, want %#v", c.d, c.t, c.in, got, c.want)
		}
	}
	decodes := []struct {
		t    schema.FieldType
		in   any
		want any
	}{
		{schema.BigInteger, "9007199254740993", int64(9007199254740993)},
		{schema.Integer, int32(-5), int64(-5)},
		{schema.Decimal, []byte("12.34"), 12.34},
		{schema.Decimal, int64(3), 3.0},
		{schema.Boolean, int64(1), true},
		{schema.Boolean, "false", false},
		{schema.Date, time.Date(2026, 3, 29, 0, 0, 0, 0, time.UTC), "2026-03-29"},
		{schema.Time, "23:59:58.123456", "23:59:58"},
		{schema.DateTime, "2026-03-29 01:30:00.123+00:00", time.Date(2026, 3, 29, 1, 30, 0, 123e6, time.UTC)},
		{schema.DateTime, "2026-03-29T03:30:00.123+02:00", time.Date(2026, 3, 29, 1, 30, 0, 123e6, time.UTC)},
		{schema.JSON, []byte(`[1]`), json.RawMessage(`[1]`)},
		{schema.String, []byte("bytes"), "bytes"},
		{schema.Text, nil, nil},
	}
	for _, c := range decodes {
		got, err := store.Decode(c.t, c.in)
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("Decode(%s, %#v) = %#v, %v; want %#v", c.t, c.in, got, err, c.want)
		}
	}
	for _, c := range []struct {
		t  schema.FieldType
		in any
	}{{schema.Integer, "twelve"}, {schema.Boolean, "maybe"}, {schema.DateTime, "yesterday"}, {schema.JSON, int64(1)}} {
		if got, err := store.Decode(c.t, c.in); err == nil {
			t.Errorf("Decode(%s, %#v) = %#v, want an error", c.t, c.in, got)
		}
	}
}
