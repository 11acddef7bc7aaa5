package query_test

import (
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/query/filtertest"
	"github.com/kiln-cms/kiln/core/schema"
)

var platform = sync.OnceValues(func() (*schema.Schema, error) {
	return schema.LoadDir("../../content-types")
})

func mustSchema(t *testing.T) *schema.Schema {
	t.Helper()
	s, err := platform()
	if err != nil {
		t.Fatalf("loading the schema: %v", err)
	}
	return s
}

// build runs a constructor call and returns its filter, or what it
// panicked with.
func build(fn func() *query.Filter) (f *query.Filter, panicked string) {
	defer func() {
		if r := recover(); r != nil {
			f, panicked = nil, fmt.Sprint(r)
		}
	}()
	return fn(), ""
}

// TestConstructorsMatchTheParser builds, for every type and field of the
// platform's schema and every operator, the filter with the constructors
// and parses the same filter written as text in each of its spellings: the
// trees are the same node for node (the same attributes, operators and
// canonical values, of the same Go types), and a value or an operator the
// parser refuses with a 400 is one the constructors panic on.
func TestConstructorsMatchTheParser(t *testing.T) {
	t.Parallel()
	built, refused := 0, 0
	for _, c := range filtertest.Cases(mustSchema(t)) {
		f, panicked := build(c.Build)
		for _, text := range c.Texts {
			p, err := query.ParseFilter(c.Type, text, query.DefaultOptions())
			switch {
			case err != nil && panicked == "":
				t.Errorf("%s: the parser refuses %v (%v), the constructors build\n%s", c.Name, text, err, f)
			case err == nil && panicked != "":
				t.Errorf("%s: the constructors panic (%s), the parser reads %v as\n%s", c.Name, panicked, text, p)
			case err != nil:
				if errs.KindOf(err) != errs.KindValidation {
					t.Errorf("%s: the parser's refusal of %v is %v, not a validation error", c.Name, text, err)
				}
				refused++
			default:
				if d := differ(f, p); d != "" {
					t.Errorf("%s: %s\nbuilt:\n%sparsed from %v:\n%s", c.Name, d, f, text, p)
				}
				built++
			}
		}
	}
	t.Logf("%d trees the same, %d refusals alike", built, refused)
	// Every kind of the schema has accepted and refused values: far more
	// of both than types.
	if built < 2000 || refused < 1000 {
		t.Fatalf("compared %d trees and %d refusals: the cases are not being generated", built, refused)
	}
}

// differ says where two trees part, or "" when they are the same: the
// same kinds, operators, attributes (the same pointers) and values (of
// the same Go types), child for child.
func differ(a, b *query.Filter) string {
	switch {
	case a == nil || b == nil:
		if a != b {
			return fmt.Sprintf("one node is nil: %v, %v", a, b)
		}
		return ""
	case a.Kind != b.Kind:
		return fmt.Sprintf("kind %v, %v", a.Kind, b.Kind)
	case a.Operator != b.Operator:
		return fmt.Sprintf("operator %s, %s", a.Operator, b.Operator)
	case a.Field != b.Field:
		return "a different field"
	case a.Relation != b.Relation:
		return "a different relation"
	case reflect.TypeOf(a.Value) != reflect.TypeOf(b.Value) || !reflect.DeepEqual(a.Value, b.Value):
		return fmt.Sprintf("value %#v, %#v", a.Value, b.Value)
	case len(a.Children) != len(b.Children) || (a.Children == nil) != (b.Children == nil):
		return fmt.Sprintf("children %#v, %#v", a.Children, b.Children)
	}
	for i := range a.Children {
		if d := differ(a.Children[i], b.Children[i]); d != "" {
			return d
		}
	}
	return differ(a.Sub, b.Sub)
}

// TestConstructorsTakeTypedLists: In, NotIn and Between take a typed
// slice, as a plugin holds its ids, and give the parser's tree.
func TestConstructorsTakeTypedLists(t *testing.T) {
	t.Parallel()
	s := mustSchema(t)
	event := s.Type("event")
	start, program := event.Field("startAt"), event.Field("program")
	ids := []int64{4, 9}
	from, to := time.Date(2024, 5, 1, 8, 0, 0, 0, time.UTC), time.Date(2024, 5, 2, 8, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		built *query.Filter
		text  map[string]any
	}{
		{query.In(schema.SysID, ids...), map[string]any{"id": map[string]any{"$in": []any{"4", "9"}}}},
		{query.NotIn(program, ids...), map[string]any{"program": map[string]any{"$notIn": []any{"4", "9"}}}},
		{query.In[int64](program), map[string]any{"program": map[string]any{"$in": []any{}}}},
		{query.Between(start, from, to), map[string]any{"startAt": map[string]any{"$between": []any{"2024-05-01T08:00:00Z", "2024-05-02T08:00"}}}},
		{query.In(event.Field("status"), "scheduled", "cancelled"), map[string]any{"status": []any{"scheduled", "cancelled"}}},
	} {
		p, err := query.ParseFilter(event, c.text, query.DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		if d := differ(c.built, p); d != "" {
			t.Errorf("%v: %s\nbuilt:\n%sparsed:\n%s", c.text, d, c.built, p)
		}
	}
}

// TestConstructorsRefuseMistakes: what the parser would answer with a
// 400 is a panic naming the mistake, since only code can make it.
func TestConstructorsRefuseMistakes(t *testing.T) {
	t.Parallel()
	s := mustSchema(t)
	event, coach, program := s.Type("event"), s.Type("coach"), s.Type("program")
	for _, c := range []struct {
		fn   func() *query.Filter
		want string
	}{
		{func() *query.Filter { return query.Eq(program.Field("capacity"), "ten") }, `query: capacity $eq ten: expected an integer`},
		{func() *query.Filter { return query.Gt(event.Field("startAt"), "tomorrow") },
			`query: startAt $gt tomorrow: expected a date-time (RFC 3339) or a date`},
		{func() *query.Filter { return query.Compare(program.Field("capacity"), query.OpContains, "1") },
			`query: capacity $contains 1: it applies to text fields only`},
		{func() *query.Filter { return query.Compare(event.Field("title"), "$like", "a%") }, `query: title $like a%: not an operator`},
		{func() *query.Filter { return query.Compare(event.Field("coach"), query.OpStartsWith, "1") },
			`query: coach $startsWith 1: it applies to text fields only`},
		{func() *query.Filter { return query.Lt(event.Field("title"), nil) }, `query: title $lt <nil>: expected a value, got nil`},
		{func() *query.Filter { return query.Rel(event.Field("title"), query.Null(coach.Field("name"))) },
			`query.Rel: title is not a relation`},
		{func() *query.Filter { return query.Rel(event.Field("coach"), nil) },
			`query.Rel(coach): the filter is nil (NotNull tests for some related entry)`},
		{func() *query.Filter {
			return query.Rel(event.Field("coach"), query.Or(query.Eq(event.Field("title"), "x")))
		},
			`query.Rel(coach): event.title is not a field of coach`},
		{func() *query.Filter { return query.And(query.Null(event.Field("title")), nil) }, `query.And: filter 1 is nil`},
		{func() *query.Filter { return query.Not(nil) }, `query.Not: the filter is nil`},
	} {
		_, got := build(c.fn)
		if got != c.want {
			t.Errorf("got panic %q, want %q", got, c.want)
		}
	}
}

// TestIDsOnly: IDsOnly is an empty list, not nil (every field), which a
// query shows as fields with none listed.
func TestIDsOnly(t *testing.T) {
	t.Parallel()
	ids := query.IDsOnly()
	if ids == nil || len(ids) != 0 {
		t.Fatalf("IDsOnly() = %#v, want an empty, non-nil list", ids)
	}
	q := &query.Query{Type: mustSchema(t).Type("event"), Fields: ids}
	if got := q.String(); !strings.Contains(got, "fields: \n") {
		t.Errorf("a query of IDsOnly reads\n%s", got)
	}
}

// BenchmarkFilterBuiltOrParsed: a plugin's condition (an event of the
// program, scheduled) built with the constructors, and parsed from the Go
// tree it was written as before.
func BenchmarkFilterBuiltOrParsed(b *testing.B) {
	s, err := platform()
	if err != nil {
		b.Fatal(err)
	}
	event := s.Type("event")
	program, status := event.Field("program"), event.Field("status")
	b.Run("constructors", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			query.And(query.Eq(program, int64(12)), query.Eq(status, "scheduled"))
		}
	})
	b.Run("ParseFilter", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_, err := query.ParseFilter(event, map[string]any{
				"program": map[string]any{"id": map[string]any{"$eq": "12"}},
				"status":  map[string]any{"$eq": "scheduled"},
			}, query.DefaultOptions())
			if err != nil {
				b.Fatal(err)
			}
		}
	})
}
