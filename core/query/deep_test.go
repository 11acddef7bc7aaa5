package query

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/schema"
)

// spelled is the explicit populate that deep populate of depth stands for
// on ct, written as a client would, worked out from the schema: each
// readable relation, media, component and zone member, down to depth-1
// levels, without a relation back to a type already on the path.
func spelled(ct *schema.ContentType, depth int, o Options) string {
	var params []string
	var walk func(t *schema.ContentType, prefix string, levels int, path []*schema.ContentType) bool
	walk = func(t *schema.ContentType, prefix string, levels int, path []*schema.ContentType) bool {
		if levels <= 0 {
			return false
		}
		some := false
		for _, a := range t.Attributes {
			if a.IsPrivate() || !(a.IsRelation() || a.IsComponent()) {
				continue
			}
			if a.Type == schema.Relation && (!o.canRead(a.TargetType) || slices.Contains(path, a.TargetType)) {
				continue
			}
			some = true
			key := prefix + "[" + a.Name + "]"
			switch {
			case a.Type == schema.DynamicZone && levels > 1:
				for _, c := range a.ComponentTypes {
					if !walk(c, key+"[on]["+c.Name+"][populate]", levels-1, append(slices.Clone(path), c)) {
						params = append(params, key+"[on]["+c.Name+"]=true")
					}
				}
			case a.Type == schema.Media, a.Type == schema.DynamicZone, levels == 1:
				params = append(params, key+"=true")
			default:
				next := a.TargetType
				if a.IsComponent() {
					next = a.ComponentTypes[0]
				}
				if !walk(next, key+"[populate]", levels-1, append(slices.Clone(path), next)) {
					params = append(params, key+"=true")
				}
			}
		}
		return some
	}
	walk(ct, "populate", depth-1, []*schema.ContentType{ct})
	return strings.Join(params, "&")
}

// TestDeepPopulateIsTheSpelledOutPopulate: for every type of the platform
// and of testdata/components, each depth and each spelling, deep
// populate makes the same query as the explicit populate worked out from
// the schema, for a caller who may not read roles: the store reads one
// tree whichever way the client wrote it.
func TestDeepPopulateIsTheSpelledOutPopulate(t *testing.T) {
	platform, err := loadSchema()
	if err != nil {
		t.Fatal(err)
	}
	comps, err := componentsSchema()
	if err != nil {
		t.Fatal(err)
	}
	o := testOptions()
	o.MaxDepth = 20
	checked := 0
	for _, ct := range append(slices.Clone(platform.Types), comps.Types...) {
		for depth := 1; depth <= 5; depth++ {
			want, err := Parse(ct, spelled(ct, depth, o), o)
			if err != nil {
				t.Fatalf("%s depth %d: the spelled-out populate: %v", ct.Name, depth, err)
			}
			for _, raw := range []string{fmt.Sprintf("pLevel=%d", depth), fmt.Sprintf("populate=deep,%d", depth),
				fmt.Sprintf("populate[0]=deep&populate[1]=%d", depth)} {
				got, err := Parse(ct, raw, o)
				if err != nil {
					t.Fatalf("%s %s: %v", ct.Name, raw, err)
				}
				if !reflect.DeepEqual(got.Populate, want.Populate) {
					t.Errorf("%s %s:\n%s\nwant (%s)\n%s", ct.Name, raw, got, spelled(ct, depth, o), want)
				}
				checked++
			}
		}
	}
	if checked < 200 {
		t.Errorf("only %d checked", checked)
	}
}

// TestDeepPopulateDepths: the depth given, the default (5) when none is,
// and one above the server's maximum lowered to it; 0 and 1 populate
// nothing; a field named deep is populated by its own name.
func TestDeepPopulateDepths(t *testing.T) {
	ct := testType(t, "program")
	o := testOptions()
	o.MaxDepth = 20
	tree := func(raw string, o Options) []*Populate {
		t.Helper()
		q, err := Parse(ct, raw, o)
		if err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		return q.Populate
	}
	five := tree(spelled(ct, 5, o), o)
	for _, raw := range []string{"pLevel", "pLevel=", "pLevel=5", "populate=deep", "populate=deep,5", "pLevel=6", "populate=deep,50"} {
		if got := tree(raw, o); !reflect.DeepEqual(got, five) {
			t.Errorf("%s: not depth 5", raw)
		}
	}
	for _, raw := range []string{"pLevel=0", "pLevel=1", "populate=deep,0", "populate=deep,1"} {
		if got := tree(raw, o); got != nil {
			t.Errorf("%s: populates %d relations, want none", raw, len(got))
		}
	}
	high := o
	high.MaxDeepPopulate = 7
	if got, want := tree("pLevel=7", high), tree(spelled(ct, 7, high), high); !reflect.DeepEqual(got, want) {
		t.Errorf("pLevel=7 with a maximum of 7: not depth 7")
	}
	if got, want := tree("pLevel", high), five; !reflect.DeepEqual(got, want) {
		t.Errorf("pLevel with a maximum of 7: not depth 5")
	}
	low := o
	low.MaxDeepPopulate = 2
	if got, want := tree("pLevel", low), tree("populate=deep,2", o); !reflect.DeepEqual(got, want) {
		t.Errorf("pLevel with a maximum of 2: not depth 2")
	}
}

// TestDeepPopulateRefused: a depth that is no whole number, a bracketed
// pLevel, and pLevel beside a populate are 400s naming the parameter.
func TestDeepPopulateRefused(t *testing.T) {
	ct := testType(t, "program")
	for _, tc := range []struct{ raw, msg, key, param string }{
		{"pLevel=x", `Invalid pLevel depth "x": expected a whole number, 0 or more`, "pLevel", "pLevel"},
		{"pLevel=-1", `Invalid pLevel depth "-1": expected a whole number, 0 or more`, "pLevel", "pLevel"},
		{"pLevel=2.5", `Invalid pLevel depth "2.5": expected a whole number, 0 or more`, "pLevel", "pLevel"},
		{"pLevel[a]=1", "Invalid pLevel: expected a whole number", "pLevel", "pLevel"},
		{"populate=deep,x", `Invalid populate depth "x": expected a whole number, 0 or more`, "deep", "populate"},
		{"pLevel=3&populate=customer", "Invalid parameter at 'pLevel': pLevel populates every level itself and cannot be combined with populate", "pLevel", "pLevel"},
		{"populate=deep&pLevel", "Invalid parameter at 'pLevel': pLevel populates every level itself and cannot be combined with populate", "pLevel", "pLevel"},
	} {
		_, err := Parse(ct, tc.raw, testOptions())
		e, ok := errs.As(err)
		if !ok || e.Kind != errs.KindValidation || e.Message != tc.msg {
			t.Errorf("%s: %v, want %q", tc.raw, err, tc.msg)
			continue
		}
		if d := e.Details; d["key"] != tc.key || d["param"] != tc.param {
			t.Errorf("%s: details %v", tc.raw, e.Details)
		}
	}
	// deep inside a populate is a name like any other: no such relation.
	if _, err := Parse(ct, "populate[customer][populate]=deep", testOptions()); err == nil || !strings.Contains(err.Error(), "Invalid key deep") {
		t.Errorf("nested deep: %v", err)
	}
}
