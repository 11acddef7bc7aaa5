package query

import (
	"slices"
	"sort"
	"testing"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/schema"
)

// reach is how a query names a type or component: the filters and the
// populate prefix that lead to it from a type ("" prefixes for a type).
type reach struct {
	root            *schema.ContentType
	filter, popular string
}

// reaches finds, for each type and each component reachable from one
// through component and zone fields, one way to name it.
func reaches(types []*schema.ContentType) map[*schema.ContentType]reach {
	out := map[*schema.ContentType]reach{}
	queue := []*schema.ContentType{}
	for _, ct := range types {
		out[ct] = reach{root: ct, filter: "filters", popular: ""}
		queue = append(queue, ct)
	}
	for len(queue) > 0 {
		ct := queue[0]
		queue = queue[1:]
		r := out[ct]
		for _, a := range ct.Attributes {
			if !a.IsComponent() || a.IsPrivate() {
				continue
			}
			pop := "populate[" + a.Name + "]"
			if r.popular != "" {
				pop = r.popular + "[populate][" + a.Name + "]"
			}
			for _, c := range a.ComponentTypes {
				if _, seen := out[c]; seen {
					continue
				}
				next := reach{root: r.root, filter: r.filter + "[" + a.Name + "]", popular: pop}
				if a.Type == schema.DynamicZone {
					next.filter += "[" + c.Name + "]"
					next.popular += "[on][" + c.Name + "]"
				}
				out[c] = next
				queue = append(queue, c)
			}
		}
	}
	return out
}

// keyProbe is the query naming name on ct, reached by r, at place p; ok is
// false where ct cannot be reached at p.
func keyProbe(ct *schema.ContentType, r reach, name string, p place) (string, bool) {
	a := ct.Field(name)
	switch p {
	case inFilters:
		switch {
		case name == "$not":
			return r.filter + "[$not][id][$null]=true", true
		case slices.Contains(logicalOps, name):
			return r.filter + "[" + name + "][0][id][$null]=true", true
		case a != nil && a.Type == schema.DynamicZone:
			return r.filter + "[" + name + "][" + a.Components[0] + "][id][$null]=true", true
		case a != nil && (a.IsRelation() || a.IsComponent()):
			return r.filter + "[" + name + "][id][$null]=true", true
		}
		return r.filter + "[" + name + "][$null]=true", true
	case inFields:
		if r.popular == "" {
			return "fields[0]=" + name, true
		}
		return r.popular + "[fields][0]=" + name, true
	case inPopulate:
		if r.popular == "" {
			return "populate[" + name + "]=true", true
		}
		return r.popular + "[populate][" + name + "]=true", true
	}
	if r.popular != "" { // sorting by a component's field: not this test's
		return "", false
	}
	if a != nil && (a.IsRelation() || a.Type == schema.Component) {
		return "sort=" + name + ".id", true
	}
	return "sort=" + name, true
}

// TestValidKeysAreTheKeysTaken: for every type and component of the
// platform, testdata/components and testdata/locales, at each place a name is read
// (filters, fields, populate, sort on types), the valid list of an
// invalid key there is exactly the set of names the parser takes there,
// found by trying every field, system field and operator name: a
// component lists its id and fields, never documentId or the dates.
func TestValidKeysAreTheKeysTaken(t *testing.T) {
	platform, err := loadSchema()
	if err != nil {
		t.Fatal(err)
	}
	comps, err := componentsSchema()
	if err != nil {
		t.Fatal(err)
	}
	localized, err := localizedSchema()
	if err != nil {
		t.Fatal(err)
	}
	o := testOptions()
	o.MaxDepth = 20
	o.Locales = localized.Locales()
	components := 0
	for _, s := range []*schema.Schema{platform, comps, localized} {
		for ct, r := range reaches(s.Types) {
			if ct.Kind == schema.ComponentKind {
				components++
			}
			var names []string
			for _, a := range append(slices.Clone(schema.SystemFields), ct.Attributes...) {
				names = append(names, a.Name)
			}
			names = append(append(names, "locale", "localizations"), logicalOps...)
			for _, p := range []place{inFilters, inFields, inPopulate, inSort} {
				bad, ok := keyProbe(ct, r, "zzz", p)
				if !ok {
					continue
				}
				_, err := Parse(r.root, bad, o)
				e, isErr := errs.As(err)
				if !isErr {
					t.Fatalf("%s: %s: %v", ct.Name, bad, err)
				}
				valid, _ := e.Details["valid"].([]string)
				var taken []string
				for _, n := range names {
					raw, _ := keyProbe(ct, r, n, p)
					if q, err := Parse(r.root, raw, o); err == nil && (p != inPopulate || populates(q.Populate, n)) {
						taken = append(taken, n)
					}
				}
				sort.Strings(taken)
				got := slices.Sorted(slices.Values(valid))
				want := modelKeys(ct, p, o)
				if !slices.Equal(got, taken) || !slices.Equal(got, want) {
					t.Errorf("%s %s: valid %v,\nthe parser takes %v,\nthe model has %v", ct.Name, bad, got, taken, want)
				}
			}
		}
	}
	if components < 8 {
		t.Errorf("only %d components reached", components)
	}
}

// modelKeys are the keys ct has at p, read off the model: a component's
// id and fields, a type's id, documentId, fields, dates (and locale and
// localizations when localized); of them the scalars for fields, all but
// dynamic zones for sort (relations and components lead to a field of
// theirs, as Strapi sorts), the relations and components for populate, all and
// the logical operators for filters; never a private field or a relation
// the caller may not read.
func modelKeys(ct *schema.ContentType, p place, o Options) []string {
	var out []string
	system := []string{"id"}
	if ct.Kind != schema.ComponentKind {
		system = append(system, "documentId", "createdAt", "updatedAt", "publishedAt")
		if ct.Localized {
			system = append(system, "locale")
		}
	}
	for _, n := range system {
		if p != inPopulate {
			out = append(out, n)
		}
	}
	if ct.Localized && ct.Kind != schema.ComponentKind && (p == inFilters || p == inPopulate) {
		out = append(out, "localizations") // the other locales' entries, a to-many relation
	}
	for _, a := range ct.Attributes {
		nested := a.IsRelation() || a.IsComponent()
		switch {
		case a.IsPrivate(), a.IsRelation() && !o.canRead(a.TargetType):
		case p == inFilters,
			p == inFields && !nested,
			p == inSort && a.Type != schema.DynamicZone,
			p == inPopulate && nested:
			out = append(out, a.Name)
		}
	}
	if p == inFilters {
		out = append(out, logicalOps...)
	}
	sort.Strings(out)
	return out
}
