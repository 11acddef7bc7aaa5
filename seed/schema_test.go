package seed

import (
	"encoding/json"
	"fmt"
	"math"
	"net/mail"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/core/schema"
)

func loadSchema(t testing.TB) *schema.Schema {
	t.Helper()
	s, err := schema.LoadDir("../content-types")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSchemaLarge checks the whole large set against the real content
// types: the loader writes Fields straight into columns.
func TestSchemaLarge(t *testing.T) {
	checkSchema(t, loadSchema(t), large())
}

// checkSchema reports every field that is not a column of its type, every
// value that is not its attribute's canonical Go type or breaks the
// attribute's own rules (required, enum, min/max, lengths, regex, unique),
// and every link that is not an owning manyToMany.
func checkSchema(t *testing.T, sch *schema.Schema, d *Dataset) {
	t.Helper()
	for _, tb := range d.Tables {
		ct := sch.Type(tb.Type)
		if ct == nil {
			t.Errorf("%s: no such content type", tb.Type)
			continue
		}
		n := len(tb.Rows)
		if len(tb.DocumentIDs) != n || len(tb.CreatedAt) != n || len(tb.Published) != n {
			t.Errorf("%s: %d rows but %d documentIds, %d createdAt, %d published", tb.Type, n,
				len(tb.DocumentIDs), len(tb.CreatedAt), len(tb.Published))
		}
		if !ct.DraftAndPublish {
			for i, p := range tb.Published {
				if !p {
					t.Errorf("%s %d: a draft, but %s has no draft & publish", tb.Type, i+1, tb.Type)
					break
				}
			}
		}
		attrs := make([]*schema.Attribute, len(tb.Fields))
		for j, f := range tb.Fields {
			a := ct.Attr(f)
			switch {
			case a == nil:
				t.Errorf("%s.%s: not an attribute", tb.Type, f)
			case a.Column == "":
				t.Errorf("%s.%s: has no column (not scalar nor an owning to-one relation)", tb.Type, f)
			case a.IsRelation() && a.ToMany():
				t.Errorf("%s.%s: a to-many relation among the fields", tb.Type, f)
			}
			attrs[j] = a
		}
		if t.Failed() {
			return
		}
		for j, a := range attrs {
			seen := map[any]int{}
			for i, row := range tb.Rows {
				if len(row) != len(tb.Fields) {
					t.Fatalf("%s %d: %d values for %d fields", tb.Type, i+1, len(row), len(tb.Fields))
				}
				v := row[j]
				if msg := valueProblem(d, a, v); msg != "" {
					t.Errorf("%s %d .%s = %#v: %s", tb.Type, i+1, a.Name, v, msg)
					if t.Failed() && i > 20 {
						break
					}
				}
				if a.Unique && v != nil {
					if prev, dup := seen[v]; dup {
						t.Errorf("%s.%s: %v in rows %d and %d", tb.Type, a.Name, v, prev, i+1)
					}
					seen[v] = i + 1
				}
			}
		}
		for _, l := range tb.Links {
			a := ct.Attr(l.Field)
			if a == nil || a.RelationKind != schema.ManyToMany || a.MappedBy != "" || a.JoinTable == "" {
				t.Errorf("%s.%s: not an owning manyToMany", tb.Type, l.Field)
				continue
			}
			target := d.Table(a.Target)
			seen := make(map[[2]int64]bool, len(l.Pairs))
			for _, p := range l.Pairs {
				if p[0] < 1 || p[0] > int64(n) || target == nil || p[1] < 1 || p[1] > int64(len(target.Rows)) {
					t.Errorf("%s.%s: pair %v points at no row", tb.Type, l.Field, p)
				}
				if seen[p] {
					t.Errorf("%s.%s: pair %v twice", tb.Type, l.Field, p)
				}
				seen[p] = true
			}
		}
	}
}

var (
	slugRE     = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	slugJunkRE = regexp.MustCompile(`[^a-z0-9]+`)
)

// valueProblem checks one value against its attribute: the canonical Go
// type of the attribute's type, then the attribute's rules.
func valueProblem(d *Dataset, a *schema.Attribute, v any) string {
	if v == nil {
		if a.Required {
			return "required"
		}
		return ""
	}
	switch a.Type {
	case schema.String, schema.Text, schema.RichText, schema.Email, schema.UID, schema.Enumeration, schema.Password:
		s, ok := v.(string)
		if !ok {
			return "not a string"
		}
		if msg := schema.TextRule(a, s); msg != "" {
			return msg
		}
		if (a.Type == schema.String || a.Type == schema.Email || a.Type == schema.UID) && len(s) > 255 {
			return "longer than 255"
		}
		if s == "" && a.Required {
			return "required but empty"
		}
		switch a.Type {
		case schema.Email:
			if addr, err := mail.ParseAddress(s); err != nil || addr.Address != s || addr.Name != "" {
				return "not a plain email address"
			}
		case schema.UID:
			if !slugRE.MatchString(s) {
				return "not a slug"
			}
		}
	case schema.Integer, schema.BigInteger:
		n, ok := v.(int64)
		if !ok {
			return "not an int64"
		}
		return rangeProblem(a, float64(n))
	case schema.Decimal, schema.Float:
		f, ok := v.(float64)
		if !ok {
			return "not a float64"
		}
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return "not finite"
		}
		return rangeProblem(a, f)
	case schema.Boolean:
		if _, ok := v.(bool); !ok {
			return "not a bool"
		}
	case schema.Date, schema.Time:
		s, ok := v.(string)
		layout := map[schema.FieldType]string{schema.Date: schema.DateLayout, schema.Time: schema.TimeLayout}[a.Type]
		if !ok {
			return "not a string"
		}
		if tm, err := time.Parse(layout, s); err != nil || tm.Format(layout) != s {
			return "not a " + string(a.Type) + " in " + layout
		}
	case schema.DateTime:
		tm, ok := v.(time.Time)
		if !ok {
			return "not a time.Time"
		}
		return timeProblem(tm)
	case schema.JSON:
		raw, ok := v.(json.RawMessage)
		if !ok {
			return "not a json.RawMessage"
		}
		if !json.Valid(raw) {
			return "invalid JSON"
		}
	case schema.Relation:
		id, ok := v.(int64)
		if !ok {
			return "not an int64 id"
		}
		target := d.Table(a.Target)
		if target == nil || id < 1 || id > int64(len(target.Rows)) {
			return fmt.Sprintf("no %s %d", a.Target, id)
		}
	default:
		return "unexpected type " + string(a.Type)
	}
	return ""
}

func rangeProblem(a *schema.Attribute, f float64) string {
	if a.Min != nil && f < *a.Min {
		return fmt.Sprintf("below min %v", *a.Min)
	}
	if a.Max != nil && f > *a.Max {
		return fmt.Sprintf("above max %v", *a.Max)
	}
	if a.Type == schema.Integer && (f < math.MinInt32 || f > math.MaxInt32) {
		return "out of integer range"
	}
	return ""
}

// timeProblem: datetimes are UTC, whole milliseconds, and never after
// Reference.
func timeProblem(tm time.Time) string {
	switch {
	case tm.Location() != time.UTC:
		return "not UTC"
	case tm.Nanosecond()%int(time.Millisecond) != 0:
		return "finer than a millisecond"
	case tm.Before(time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)):
		return "implausibly early"
	}
	return ""
}

// coreSlugify is content.Slugify's rule, written out again so the test
// does not depend on the content package: lowercase, runs of anything but
// [a-z0-9] become one dash, no dash at either end.
func coreSlugify(s string) string {
	return strings.Trim(slugJunkRE.ReplaceAllString(strings.ToLower(s), "-"), "-")
}
