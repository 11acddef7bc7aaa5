package query

import (
	"reflect"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/schema"
)

func mustParse(t *testing.T, typ, raw string, opts Options) *Query {
	t.Helper()
	q, err := Parse(testType(t, typ), raw, opts)
	if err != nil {
		t.Fatalf("Parse(%s, %q): %v", typ, raw, err)
	}
	return q
}

// TestValueTypes checks the Go types the store will bind, which String
// only shows indirectly.
func TestValueTypes(t *testing.T) {
	tests := []struct {
		typ, raw string
		want     any
	}{
		{"program", "filters[title]=x", "x"},
		{"program", "filters[capacity]=3", int64(3)},
		{"program", "filters[id]=3", int64(3)},
		{"coach", "filters[rating]=3", float64(3)},
		{"coach", "filters[active]=f", false},
		{"program", "filters[startDate]=2024-05-06", "2024-05-06"},
		{"availability", "filters[startTime]=08:15", "08:15:00"},
		{"event", "filters[startAt]=2024-05-06T10:00:00-02:00", time.Date(2024, 5, 6, 12, 0, 0, 0, time.UTC)},
		{"program", "filters[title]", nil},
		{"program", "filters[id][$in]=3", []any{int64(3)}},
		{"program", "filters[endDate][$null]=1", true},
	}
	for _, tt := range tests {
		q := mustParse(t, tt.typ, tt.raw, testOptions())
		f := q.Filters
		if f.Kind != KindCond || !reflect.DeepEqual(f.Value, tt.want) {
			t.Errorf("Parse(%q): value %#v (%T), want %#v (%T)", tt.raw, f.Value, f.Value, tt.want, tt.want)
		}
		if ts, ok := f.Value.(time.Time); ok && ts.Location() != time.UTC {
			t.Errorf("Parse(%q): time in %v, want UTC", tt.raw, ts.Location())
		}
	}
}

// TestFilterShape checks the tree the store compiles for the relation
// forms, beyond what String shows.
func TestFilterShape(t *testing.T) {
	q := mustParse(t, "enrollment", "filters[program][customer][name][$eq]=Acme", testOptions())
	f := q.Filters
	if f.Kind != KindRel || f.Relation.Name != "program" || f.Sub.Kind != KindRel || f.Sub.Relation.Name != "customer" {
		t.Fatalf("want Rel program / Rel customer, got\n%s", f)
	}
	if c := f.Sub.Sub; c.Kind != KindCond || c.Field.Owner.Name != "customer" || c.Field.Name != "name" {
		t.Fatalf("want Cond customer.name, got\n%s", f)
	}
	q = mustParse(t, "learner", "filters[coach][$eq]=2&filters[user][$null]=true", testOptions())
	rel, null := q.Filters.Children[0], q.Filters.Children[1]
	if rel.Kind != KindRel || rel.Sub.Field != schema.SysID {
		t.Errorf("an operator on a relation must compare the target's id, got\n%s", rel)
	}
	if null.Kind != KindCond || null.Field.Name != "user" || null.Field.Type != schema.Relation {
		t.Errorf("$null on a relation must be a Cond on the relation, got\n%s", null)
	}
}

// TestStatusReachesPopulate: a draft query shows the drafts of its relations.
func TestStatusReachesPopulate(t *testing.T) {
	q := mustParse(t, "category", "populate[blueprints][populate]=programs&status=draft", testOptions())
	bp := q.Populate[0]
	if bp.Query.Status != Draft || bp.Query.Populate[0].Query.Status != Draft {
		t.Errorf("nested status not draft:\n%s", q)
	}
	if bp.Query.Type.Name != "blueprint" || bp.Query.Pagination != (Pagination{}) {
		t.Errorf("nested query must be on the target with zero pagination: %+v", bp.Query)
	}
}

// TestCanRead checks nil CanRead allows everything and that refusing a
// target hides it from populate=* but refuses it when named.
func TestCanRead(t *testing.T) {
	o := testOptions()
	o.CanRead = nil
	if q := mustParse(t, "user", "populate=*", o); len(q.Populate) != 1 || q.Populate[0].Relation.Name != "role" {
		t.Errorf("nil CanRead: populate=* on user = %v, want role", q.Populate)
	}
	o.CanRead = func(ct *schema.ContentType) bool { return ct.Name != "coach" }
	q := mustParse(t, "learner", "populate=*", o)
	for _, p := range q.Populate {
		if p.Relation.Name == "coach" {
			t.Errorf("populate=* included an unreadable relation")
		}
	}
	for _, raw := range []string{"populate=coach", "populate[coach][fields][0]=name", "populate[coach][populate]=*"} {
		if q, err := Parse(testType(t, "learner"), raw, o); err != nil || populates(q.Populate, "coach") {
			t.Errorf("Parse(%q) with coach unreadable = %v, %v; want coach dropped, as Strapi drops it", raw, err, q)
		}
	}
	for _, raw := range []string{"filters[coach][name]=x", "sort=coach.name", "populate[enrollments][filters][learner][coach][id]=1"} {
		if _, err := Parse(testType(t, "learner"), raw, o); errs.KindOf(err) != errs.KindValidation {
			t.Errorf("Parse(%q) with coach unreadable = %v, want a validation error", raw, err)
		}
	}
}

// TestOptions checks zero options mean the defaults, and limits apply.
func TestOptions(t *testing.T) {
	q := mustParse(t, "program", "pagination[pageSize]=500", Options{})
	if q.Pagination.PageSize != 100 {
		t.Errorf("zero Options: pageSize %d, want the default maximum 100", q.Pagination.PageSize)
	}
	o := Options{DefaultPageSize: 50, MaxPageSize: 20, MaxDepth: 1, MaxInList: 2}
	if q := mustParse(t, "program", "", o); q.Pagination.PageSize != 20 {
		t.Errorf("default size above the maximum: %d, want 20", q.Pagination.PageSize)
	}
	for _, raw := range []string{"filters[id][$in][0]=1&filters[id][$in][1]=2&filters[id][$in][2]=3", "populate=modules.sessions", "filters[customer][learners][name]=x"} {
		if _, err := Parse(testType(t, "program"), raw, o); errs.KindOf(err) != errs.KindValidation {
			t.Errorf("Parse(%q) with tight limits = %v, want a validation error", raw, err)
		}
	}
}

// TestExtraKeys: a route's extra keys win over the pagination shorthand
// and are kept raw.
func TestExtraKeys(t *testing.T) {
	o := testOptions()
	o.ExtraKeys = []string{"limit", "expertise"}
	q := mustParse(t, "coach", "limit=5&expertise=go%2Crust", o)
	want := map[string]string{"limit": "5", "expertise": "go,rust"}
	if !reflect.DeepEqual(q.Extra, want) {
		t.Errorf("Extra = %v, want %v", q.Extra, want)
	}
	if q := mustParse(t, "coach", "", o); q.Extra != nil {
		t.Errorf("Extra without extra keys = %v, want nil", q.Extra)
	}
}

// TestNilType is a programming error, reported rather than a panic.
func TestNilType(t *testing.T) {
	if _, err := Parse(nil, "", DefaultOptions()); errs.KindOf(err) != errs.KindInternal {
		t.Errorf("Parse(nil) = %v, want an internal error", err)
	}
}

// TestLeadingQuestionMark accepts a query string with its '?'.
func TestLeadingQuestionMark(t *testing.T) {
	if q := mustParse(t, "program", "?sort=title", testOptions()); len(q.Sort) != 1 {
		t.Errorf("?sort=title: %v", q.Sort)
	}
}
