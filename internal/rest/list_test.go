package rest_test

import (
	"net/url"
	"reflect"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
)

// enc percent-encodes a query string's brackets and values the way qs does
// when asked to (encodeValuesOnly: false), so both raw and encoded forms are
// exercised.
func enc(q string) string {
	parts := strings.Split(q, "&")
	for i, p := range parts {
		k, v, hasValue := strings.Cut(p, "=")
		k, _ = url.QueryUnescape(k)
		parts[i] = url.QueryEscape(k)
		if hasValue {
			v, _ = url.QueryUnescape(v)
			parts[i] += "=" + url.QueryEscape(v)
		}
	}
	return strings.Join(parts, "&")
}

// TestListFilters runs every operator on every field type that allows it,
// relation filters at depth 2 and 3, and the logical operators, on both
// databases, asserting the exact ids in order.
func TestListFilters(t *testing.T) {
	t.Parallel()
	cases := []struct {
		path string
		want []int
	}{
		// strings
		{"/api/programs?filters[title][$eq]=Onboarding", []int{4}},
		{"/api/programs?filters[title]=Onboarding", []int{4}},
		{"/api/programs?filters[title][$eqi]=ONBOARDING", []int{4}},
		{"/api/programs?filters[title][$ne]=Onboarding", []int{1, 2, 3}},
		{"/api/programs?filters[title][$nei]=onboarding", []int{1, 2, 3}},
		{"/api/programs?filters[title][$contains]=Lead", []int{1}},
		{"/api/programs?filters[title][$containsi]=lead", []int{1, 2}},
		{"/api/programs?filters[title][$notContains]=Lead", []int{2, 3, 4}},
		{"/api/programs?filters[title][$notContainsi]=LEAD", []int{3, 4}},
		{"/api/programs?filters[title][$startsWith]=lead", []int{2}},
		{"/api/programs?filters[title][$startsWithi]=lead", []int{1, 2}},
		{"/api/programs?filters[title][$endsWith]=ing", []int{4}},
		{"/api/programs?filters[title][$endsWithi]=BASICS", []int{1}},
		{"/api/programs?filters[title][$contains]=%25", []int{3}},
		{"/api/programs?filters[title][$contains]=_", []int{3}},
		{"/api/programs?filters[title][$contains]=0%25_G", []int{3}},
		{"/api/programs?filters[title][$in][0]=Onboarding&filters[title][$in][1]=Leadership%20Basics", []int{1, 4}},
		{"/api/programs?filters[title][$notIn][0]=Onboarding", []int{1, 2, 3}},
		{"/api/programs?filters[title][$contains][0]=Sales&filters[title][$contains][1]=Onb", []int{3, 4}},
		// integers and nulls
		{"/api/programs?filters[capacity][$gt]=5", []int{1, 4}},
		{"/api/programs?filters[capacity][$gte]=5", []int{1, 3, 4}},
		{"/api/programs?filters[capacity][$lt]=20", []int{3}},
		{"/api/programs?filters[capacity][$lte]=20", []int{1, 3}},
		{"/api/programs?filters[capacity][$between][0]=5&filters[capacity][$between][1]=20", []int{1, 3}},
		{"/api/programs?filters[capacity][$null]=true", []int{2}},
		{"/api/programs?filters[capacity][$notNull]=true", []int{1, 3, 4}},
		{"/api/programs?filters[capacity][$eq]", []int{2}},
		{"/api/programs?filters[id][$in][0]=2&filters[id][$in][1]=4", []int{2, 4}},
		// dates and datetimes
		{"/api/programs?filters[startDate][$lt]=2026-01-01", []int{4}},
		{"/api/programs?filters[startDate][$between][0]=2026-01-01&filters[startDate][$between][1]=2026-04-30", []int{1, 2}},
		{"/api/events?filters[startAt][$gte]=2026-02-01T00:00:00Z", []int{2}},
		{"/api/events?filters[startAt][$eq]=2026-02-01T14:00:00.500Z", []int{2}},
		{"/api/events?filters[startAt][$lt]=2026-01-12T09:00:00.001Z", []int{1}},
		// booleans, decimals, enumerations
		{"/api/customers?filters[active][$eq]=true", []int{1, 3}},
		{"/api/customers?filters[active][$eq]=false", []int{2}},
		{"/api/customers?filters[industry][$null]=true", []int{2}},
		{"/api/coaches?filters[rating][$gt]=4", []int{1}},
		{"/api/coaches?filters[rating][$null]=true", []int{2}},
		{"/api/programs?filters[status][$in][0]=draft&filters[status][$in][1]=archived", []int{2, 4}},
		// logical operators
		{"/api/programs?filters[$or][0][status][$eq]=draft&filters[$or][1][capacity][$lt]=10", []int{2, 3}},
		{"/api/programs?filters[$and][0][status][$eq]=published&filters[$and][1][capacity][$gt]=10", []int{1}},
		{"/api/programs?filters[$not][status][$eq]=published", []int{2, 4}},
		{"/api/programs?filters[title][$not][$containsi]=lead", []int{3, 4}},
		{"/api/programs?filters[status][$eq]=published&filters[capacity][$gt]=10", []int{1}},
		{"/api/programs?filters[$or][0][$and][0][status][$eq]=published&filters[$or][0][$and][1][capacity][$lt]=10&filters[$or][1][title][$eq]=Onboarding", []int{3, 4}},
		// relations: depth 1, 2, 3, to-many without duplicates, $or of relation filters, $null
		{"/api/programs?filters[customer][name][$eq]=Acme", []int{1, 2}},
		{"/api/sessions?filters[program][customer][name][$eq]=Acme", []int{1, 2, 3}},
		{"/api/sessions?filters[module][program][customer][name][$eqi]=GLOBEX%20CORP", []int{4}},
		{"/api/customers?filters[programs][title][$containsi]=lead", []int{1}},
		{"/api/programs?filters[coaches][name][$eq]=bob", []int{1}},
		{"/api/learners?filters[events][title][$eq]=Kick-off%20live", []int{1, 2}},
		{"/api/programs?filters[$or][0][customer][name][$eq]=Initech&filters[$or][1][coaches][name][$eq]=Ada", []int{1, 3, 4}},
		{"/api/learners?filters[coach][$null]=true", []int{2}},
		{"/api/learners?filters[coach][$notNull]=true", []int{1, 3}},
		{"/api/programs?filters[modules][$null]=true", []int{2, 4}},
		{"/api/learners?filters[coach][id][$eq]=2", []int{3}},
		{"/api/categories?filters[parent][name][$eq]=Root", []int{2}},
	}
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		fixture(t, h)
		for _, tc := range cases {
			for _, path := range []string{tc.path, strings.SplitN(tc.path, "?", 2)[0] + "?" + enc(strings.SplitN(tc.path, "?", 2)[1])} {
				r := h.Do("GET", path, nil)
				if r.Status != 200 {
					t.Errorf("%s: status %d: %s", path, r.Status, r.Body)
					continue
				}
				if got := ids(t, r); !reflect.DeepEqual(got, tc.want) {
					t.Errorf("%s: ids %v, want %v", path, got, tc.want)
				}
			}
		}
	})
}

// TestListSortAndPagination checks every sort form and both pagination
// styles with their meta.
func TestListSortAndPagination(t *testing.T) {
	t.Parallel()
	sorts := []struct {
		path string
		want []int
	}{
		{"/api/programs", []int{1, 2, 3, 4}},
		{"/api/programs?sort=capacity", []int{3, 1, 4, 2}},
		{"/api/programs?sort=capacity:desc", []int{2, 4, 1, 3}},
		{"/api/programs?sort=status:asc,title:desc", []int{4, 2, 3, 1}},
		{"/api/programs?sort[0]=status:asc&sort[1]=title:desc", []int{4, 2, 3, 1}},
		{"/api/programs?sort[status]=desc", []int{1, 3, 2, 4}},
		{"/api/programs?sort=customer.name:asc", []int{1, 2, 4, 3}},
		{"/api/programs?sort[customer][name]=desc", []int{3, 4, 1, 2}},
		{"/api/programs?sort=startDate:DESC", []int{3, 2, 1, 4}},
		{"/api/programs?sort=title", []int{1, 4, 3, 2}},
	}
	type page struct {
		path string
		want []int
		meta string
	}
	pages := []page{
		{"/api/programs", []int{1, 2, 3, 4}, `{"page":1,"pageSize":25,"pageCount":1,"total":4}`},
		{"/api/programs?pagination[page]=2&pagination[pageSize]=3", []int{4}, `{"page":2,"pageSize":3,"pageCount":2,"total":4}`},
		{"/api/programs?pagination[start]=1&pagination[limit]=2", []int{2, 3}, `{"start":1,"limit":2,"total":4}`},
		{"/api/programs?pagination[pageSize]=2&pagination[withCount]=false", []int{1, 2}, `{"page":1,"pageSize":2}`},
		{"/api/programs?pagination[pageSize]=1000", []int{1, 2, 3, 4}, `{"page":1,"pageSize":100,"pageCount":1,"total":4}`},
		{"/api/programs?pagination[limit]=1000", []int{1, 2, 3, 4}, `{"start":0,"limit":100,"total":4}`},
		{"/api/programs?pagination[page]=9", []int{}, `{"page":9,"pageSize":25,"pageCount":1,"total":4}`},
	}
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		fixture(t, h)
		for _, tc := range sorts {
			r := h.Do("GET", tc.path, nil)
			if got := ids(t, r); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%s: ids %v, want %v", tc.path, got, tc.want)
			}
		}
		for _, tc := range pages {
			r := h.Do("GET", tc.path, nil)
			if got := ids(t, r); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%s: ids %v, want %v", tc.path, got, tc.want)
			}
			if got := metaPagination(t, r); got != tc.meta {
				t.Errorf("%s: meta %s, want %s", tc.path, got, tc.meta)
			}
		}
	})
}

// metaPagination extracts the raw meta.pagination object from a body.
func metaPagination(t *testing.T, r *apptest.Response) string {
	t.Helper()
	s := string(r.Body)
	i := strings.Index(s, `"pagination":`)
	if i < 0 {
		t.Fatalf("no pagination meta: %s", s)
	}
	s = s[i+len(`"pagination":`):]
	return s[:strings.IndexByte(s, '}')+1]
}

// TestDraftAndPublish: lists show published entries by default; status=draft
// shows every document as its draft, publishedAt null.
func TestDraftAndPublish(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		fixture(t, h)
		// Lead 101 is rows 1 (draft) and 2 (published); Draft plan row 3.
		if got := ids(t, h.Do("GET", "/api/blueprints", nil)); !reflect.DeepEqual(got, []int{2}) {
			t.Errorf("published blueprints %v, want [2]", got)
		}
		if got := ids(t, h.Do("GET", "/api/blueprints?status=published", nil)); !reflect.DeepEqual(got, []int{2}) {
			t.Errorf("status=published %v, want [2]", got)
		}
		r := h.Do("GET", "/api/blueprints?status=draft", nil)
		if got := ids(t, r); !reflect.DeepEqual(got, []int{1, 3}) {
			t.Errorf("status=draft %v, want [1 3]", got)
		}
		for _, e := range r.JSON(t)["data"].([]any) {
			if p := e.(map[string]any)["publishedAt"]; p != nil {
				t.Errorf("draft entry with publishedAt %v", p)
			}
		}
		if r := h.Do("GET", "/api/blueprints/3", nil); r.Status != 404 {
			t.Errorf("draft by id without status=draft: %d, want 404", r.Status)
		}
	})
}
