package query

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/schema"
)

// probe is one parameter a name can stand in, and how to write a query
// that names it there and is otherwise valid.
type probe struct {
	param string
	write func(name string) []string // the spellings to try; any accepted makes the name valid
}

var probes = []probe{
	{"filters", func(n string) []string {
		switch n {
		case "$and", "$or":
			return []string{"filters[" + n + "][0][id]=1"}
		case "$not":
			return []string{"filters[$not][id]=1"}
		}
		return []string{"filters[" + n + "][$null]=true"}
	}},
	{"fields", func(n string) []string { return []string{"fields[0]=" + n} }},
	{"sort", func(n string) []string { return []string{"sort=" + n, "sort=" + n + ".id"} }},
	{"populate", func(n string) []string { return []string{"populate[0]=" + n} }},
}

// candidates are every name a caller could write on ct — its attributes,
// private ones included, the system fields and the logical operators — in
// the order an entry shows them.
func candidates(ct *schema.ContentType) []string {
	var out []string
	for _, a := range schema.SystemFields[:2] {
		out = append(out, a.Name)
	}
	for _, a := range ct.Attributes {
		out = append(out, a.Name)
	}
	for _, a := range schema.SystemFields[2:] {
		out = append(out, a.Name)
	}
	return append(out, "$and", "$or", "$not")
}

// acceptedNames is the reference: the candidates Parse accepts in the
// probe's parameter, found by asking it, not by reading the schema.
func acceptedNames(t *testing.T, ct *schema.ContentType, p probe) []string {
	out := []string{}
	for _, n := range candidates(ct) {
		for _, raw := range p.write(n) {
			if q, err := Parse(ct, raw, testOptions()); err == nil && (p.param != "populate" || populates(q.Populate, n)) {
				out = append(out, n)
				break
			}
		}
	}
	return out
}

// populates reports whether a populate tree loads a relation called name:
// a name the caller may not read is taken and dropped, as Strapi drops it,
// so taking it is not loading it.
func populates(list []*Populate, name string) bool {
	for _, p := range list {
		if p.Relation.Name == name || p.Query != nil && populates(p.Query.Populate, name) {
			return true
		}
		for _, q := range p.On {
			if populates(q.Populate, name) {
				return true
			}
		}
	}
	return false
}

// editDistance is Levenshtein's distance over runes, written here as the
// reference for errs.Closest's.
func editDistance(a, b string) int {
	x, y := []rune(a), []rune(b)
	prev := make([]int, len(y)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(x); i++ {
		cur := make([]int, len(y)+1)
		cur[0] = i
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(y)]
}

// wantClosest is the documented rule: the first of the nearest valid
// names (ignoring case), when at most max(2, len/3) away and nearer than
// the key is long.
func wantClosest(key string, valid []string) string {
	n := len([]rune(key))
	best, bestD := "", max(2, n/3)+1
	for _, v := range valid {
		if d := editDistance(strings.ToLower(key), strings.ToLower(v)); d < bestD && d < n {
			best, bestD = v, d
		}
	}
	return best
}

// misspellings are the one-edit variants of name a hand makes: a letter
// dropped, two swapped, one doubled, the case changed.
func misspellings(name string) []string {
	r := []rune(name)
	var out []string
	for i := range r {
		out = append(out, string(slices.Concat(r[:i], r[i+1:])))
		out = append(out, string(slices.Concat(r[:i+1], r[i:])))
		if i+1 < len(r) && r[i] != r[i+1] {
			s := slices.Clone(r)
			s[i], s[i+1] = s[i+1], s[i]
			out = append(out, string(s))
		}
	}
	return append(out, strings.ToUpper(name), strings.ToUpper(name[:1])+name[1:])
}

// invalidKey parses raw on ct and returns the invalid-key error's details,
// failing unless the answer is Strapi's "Invalid key <key>[ at <path>]".
func invalidKey(t *testing.T, ct *schema.ContentType, raw, key string) map[string]any {
	t.Helper()
	_, err := Parse(ct, raw, testOptions())
	e, ok := errs.As(err)
	if !ok || e.Kind != errs.KindValidation || !strings.HasPrefix(e.Message, "Invalid key "+key) {
		t.Fatalf("%s?%s: %v, want Invalid key %s", ct.Name, raw, err, key)
	}
	return e.Details
}

// TestInvalidKeySaysWhatIsValid: for every type, every parameter that
// names fields (filters, fields, sort, populate) and every one-edit
// misspelling of every name valid there, the 400 keeps Strapi's message
// and adds the names valid at that place — exactly the names Parse
// accepts there, asked of Parse itself, in entry order — and the closest
// of them by the documented rule, computed here with a distance of the
// test's own. A private field reads as any unknown name: it is never
// among the valid ones. A relation to a type the caller may not read says
// it is not permitted, and names no valid key (in populate it is dropped).
func TestInvalidKeySaysWhatIsValid(t *testing.T) {
	s, err := loadSchema()
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, ct := range s.Types {
		for _, p := range probes {
			valid := acceptedNames(t, ct, p)
			for _, name := range candidates(ct) {
				a := ct.Field(name)
				forbidden := a != nil && a.IsRelation() && a.TargetType.Name == "role" && !a.IsPrivate()
				if forbidden && p.param == "populate" {
					// Dropped, as Strapi drops it (internal/rest TestPopulateNotPermitted).
					continue
				}
				if forbidden {
					spellings := p.write(name)
					d := invalidKey(t, ct, spellings[len(spellings)-1], name)
					if d["reason"] != "not permitted: you may not read role" || d["valid"] != nil {
						t.Errorf("%s: %s %s: details %v, want the reason and no valid keys", ct.Name, p.param, name, d)
					}
					continue
				}
				spellings := misspellings(name)
				if a != nil && a.IsPrivate() {
					spellings = append(spellings, name)
				}
				for _, m := range spellings {
					if m == "" || ct.Field(m) != nil || slices.Contains(candidates(ct), m) {
						continue
					}
					d := invalidKey(t, ct, p.write(m)[0], m)
					checked++
					got, _ := d["valid"].([]string)
					want := valid
					if !reflect.DeepEqual(got, want) {
						t.Fatalf("%s: %s %s: valid %v, want %v", ct.Name, p.param, m, got, want)
					}
					closest, _ := d["closest"].(string)
					if w := wantClosest(m, want); closest != w {
						t.Errorf("%s: %s %s: closest %q, want %q", ct.Name, p.param, m, closest, w)
					}
					if a != nil && a.IsPrivate() && (slices.Contains(got, name) || closest == name) {
						t.Errorf("%s: %s %s: the private field %s is named in %v", ct.Name, p.param, m, name, d)
					}
				}
			}
		}
	}
	if checked < 2000 {
		t.Errorf("only %d misspellings checked", checked)
	}
}

// TestInvalidKeyOfOtherPlaces: the keys that are not names of a type —
// operators, populate's options, pagination's keys, the top-level
// parameters — answer the keys valid there and the closest.
func TestInvalidKeyOfOtherPlaces(t *testing.T) {
	program := testType(t, "program")
	// Strapi 5's operators (its documentation's list), and the groups.
	strapiOps := []string{"$eq", "$eqi", "$ne", "$nei", "$lt", "$lte", "$gt", "$gte", "$in", "$notIn",
		"$contains", "$notContains", "$containsi", "$notContainsi", "$null", "$notNull", "$between",
		"$startsWith", "$startsWithi", "$endsWith", "$endsWithi", "$and", "$or", "$not"}
	for _, tc := range []struct {
		raw, key string
		valid    []string
		closest  string
		sameSet  bool // order not pinned
	}{
		{"filters[title][$eqq]=x", "$eqq", strapiOps, "$eq", true},
		{"filters[title][$startswith]=x", "$startswith", strapiOps, "$startsWith", true},
		{"filters[title][$regex]=x", "$regex", strapiOps, "", true},
		{"populate[modules][feilds][0]=title", "feilds", []string{"populate", "fields", "filters", "sort", "count"}, "fields", false},
		{"populate[modules][limit]=5", "limit", []string{"populate", "fields", "filters", "sort", "count"}, "", false},
		{"pagination[pagesize]=5", "pagesize", []string{"page", "pageSize", "start", "limit", "withCount"}, "pageSize", false},
		{"filter[title]=x", "filter", []string{"filters", "populate", "fields", "sort", "pagination", "status", "locale", "_q", "pLevel", "from", "to"}, "filters", false},
		{"sort=title.x", "x", []string{}, "", false},
	} {
		d := invalidKey(t, program, tc.raw, tc.key)
		got, _ := d["valid"].([]string)
		if tc.sameSet {
			got, tc.valid = slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(tc.valid))
		}
		closest, _ := d["closest"].(string)
		if !reflect.DeepEqual(got, tc.valid) || closest != tc.closest {
			t.Errorf("%s: valid %v closest %q, want %v %q", tc.raw, got, closest, tc.valid, tc.closest)
		}
	}
	// A relation among fields, a field in populate: the name is real, the
	// place is wrong, and the reason says which.
	for raw, reason := range map[string]string{
		"fields[0]=customer": "a relation, not a field: populate it to read its fields",
		"populate=title":     "not a relation: choose it with fields",
	} {
		if d := invalidKey(t, program, raw, strings.SplitN(raw, "=", 2)[1]); d["reason"] != reason {
			t.Errorf("%s: reason %v, want %q", raw, d["reason"], reason)
		}
	}
}
