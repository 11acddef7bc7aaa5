package migrate_test

import (
	"context"
	"encoding/json"
	"fmt"
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

// TestMigrateConversions changes many fields' types at once and reads each
// converted value back as the new type's canonical value: the same on both
// databases, although PostgreSQL casts with ALTER COLUMN TYPE and SQLite
// copies through SQL expressions.
func TestMigrateConversions(t *testing.T) {
	t.Parallel()
	stamp := time.Date(2026, 3, 29, 1, 30, 0, 123e6, time.UTC)
	cases := []struct {
		from, to schema.FieldType
		in, want any
	}{
		{schema.Integer, schema.String, int64(12), "12"},
		{schema.String, schema.Integer, "42", int64(42)},
		{schema.String, schema.Float, "2.5", 2.5},
		{schema.Float, schema.Integer, 2.0, int64(2)},
		{schema.Integer, schema.BigInteger, int64(7), int64(7)},
		{schema.Decimal, schema.Float, 1.25, 1.25},
		{schema.Integer, schema.Boolean, int64(3), true},
		{schema.Boolean, schema.Integer, true, int64(1)},
		{schema.Boolean, schema.String, false, "false"},
		{schema.String, schema.Boolean, "true", true},
		{schema.Date, schema.DateTime, "2026-03-29", time.Date(2026, 3, 29, 0, 0, 0, 0, time.UTC)},
		{schema.DateTime, schema.Date, stamp, "2026-03-29"},
		{schema.DateTime, schema.Time, stamp, "01:30:00"},
		{schema.DateTime, schema.String, stamp, "2026-03-29T01:30:00.123Z"},
		{schema.String, schema.DateTime, "2026-03-29T01:30:00.123Z", stamp},
		{schema.String, schema.JSON, `{"a": 1}`, json.RawMessage(`{"a": 1}`)},
		{schema.Integer, schema.JSON, int64(12), json.RawMessage(`12`)},
		{schema.JSON, schema.Text, json.RawMessage(`[1,2]`), "[1,2]"},
		{schema.Text, schema.String, "short", "short"},
		{schema.RichText, schema.Text, "<p>x</p>", "<p>x</p>"},
		{schema.Enumeration, schema.String, "a", "a"},
		{schema.JSON, schema.Blocks, json.RawMessage(`[{"type":"quote","children":[]}]`), json.RawMessage(`[{"type":"quote","children":[]}]`)},
		{schema.Blocks, schema.JSON, json.RawMessage(`[{"type":"paragraph"}]`), json.RawMessage(`[{"type":"paragraph"}]`)},
		{schema.Text, schema.Blocks, `[]`, json.RawMessage(`[]`)},
	}
	yaml := func(pick func(from, to schema.FieldType) schema.FieldType) string {
		var b strings.Builder
		b.WriteString("kind: collectionType\ninfo: {singularName: conv, pluralName: convs}\nattributes:\n")
		for i, c := range cases {
			ft := pick(c.from, c.to)
			if ft == schema.Enumeration {
				fmt.Fprintf(&b, "  f_%d: {type: enumeration, enum: [a, b]}\n", i)
			} else {
				fmt.Fprintf(&b, "  f_%d: {type: %s}\n", i, ft)
			}
		}
		return b.String()
	}
	v1 := map[string]string{"conv.yaml": yaml(func(from, _ schema.FieldType) schema.FieldType { return from })}
	v2 := map[string]string{"conv.yaml": yaml(func(_, to schema.FieldType) schema.FieldType { return to })}
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		migrateTo(t, db, v1, migrate.Options{})
		cols, marks, args := []string{"document_id", "created_at", "updated_at"}, []string{"'d1'", at0, at0}, []any{}
		for i, c := range cases {
			cols, marks = append(cols, fmt.Sprintf("f_%d", i)), append(marks, "?")
			args = append(args, store.Encode(db.Dialect, c.from, c.in))
		}
		exec(t, db, "INSERT INTO convs ("+strings.Join(cols, ", ")+") VALUES ("+strings.Join(marks, ", ")+")", args...)
		migrateTo(t, db, v2, migrate.Options{AllowDestructive: true})
		raw := make([]any, len(cases))
		dest := make([]any, len(cases))
		for i := range raw {
			dest[i] = &raw[i]
		}
		if err := db.QueryRowContext(ctx, "SELECT "+strings.Join(cols[3:], ", ")+" FROM convs").Scan(dest...); err != nil {
			t.Fatal(err)
		}
		for i, c := range cases {
			got, err := store.Decode(c.to, raw[i])
			if err != nil || !reflect.DeepEqual(got, c.want) {
				t.Errorf("%s %#v -> %s: got %#v (%v), want %#v", c.from, c.in, c.to, got, err, c.want)
			}
		}
		mustBeEmpty(t, db, v2)
	})
}
