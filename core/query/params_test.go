package query

import (
	"strings"
	"testing"
)

// TestUnknownKeysIgnoredByDefault: every top-level key strict mode refuses
// as unknown (the security and check cases) is ignored by default, as
// Strapi 5 ignores it without api.rest.strictParams: the query read is
// the one read without it.
func TestUnknownKeysIgnoredByDefault(t *testing.T) {
	lenient := testOptions()
	lenient.StrictParams = false
	n := 0
	for _, tc := range append(append([]errCase{}, securityCases...), checkCases...) {
		top, _, _ := strings.Cut(strings.TrimPrefix(tc.raw, "["), "[")
		top, _, _ = strings.Cut(top, "=")
		top = strings.TrimSuffix(top, "]")
		if prototypeKeys[top] {
			continue // refused by the qs reader itself, in every mode
		}
		if strings.HasPrefix(tc.msg, "Invalid parameter at 'status'") {
			// Strapi reads any status but "published" as the drafts.
			if q, err := Parse(testType(t, tc.typ), tc.raw, lenient); err != nil || q.Status != Draft {
				t.Errorf("%s?%s: %v, want the drafts", tc.typ, tc.raw, err)
			}
			n++
			continue
		}
		if tc.msg != "Invalid key "+top {
			continue
		}
		n++
		ct := testType(t, tc.typ)
		q, err := Parse(ct, tc.raw, lenient)
		if err != nil {
			t.Errorf("%s?%s: %v, want it ignored", tc.typ, tc.raw, err)
			continue
		}
		base, _ := Parse(ct, "", lenient)
		if q.String() != base.String() {
			t.Errorf("%s?%s read as\n%s\nwant as no parameter:\n%s", tc.typ, tc.raw, q, base)
		}
	}
	if n < 12 {
		t.Fatalf("only %d cases of unknown keys: the generator lost them", n)
	}
}

// TestStatusAsStrapi: by default only status=published reads the
// published versions, as in Strapi 5.54's document service (anything
// else, the key twice included, reads the drafts); strict mode refuses
// what is neither word.
func TestStatusAsStrapi(t *testing.T) {
	lenient := testOptions()
	lenient.StrictParams = false
	bp := testType(t, "blueprint")
	for raw, want := range map[string]Status{
		"status=draft": Draft, "status=published": Published, "status=Published": Draft,
		"status=drafts": Draft, "status=published&status=published": Draft, "status[0]=published": Draft,
	} {
		q, err := Parse(bp, raw, lenient)
		if err != nil || q.Status != want {
			t.Errorf("%s: status %v, %v; want %v", raw, q.Status, err, want)
		}
	}
}

// TestSearchFields: _q searches the id and the type's text fields (and its
// number fields when the term is a number), never a private one or one
// marked searchable: false; its condition is laid over the filters.
func TestSearchFields(t *testing.T) {
	o := testOptions()
	user := testType(t, "user")
	q, err := Parse(user, "_q=ann", o)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range q.Filters.Children {
		names = append(names, c.Field.Name+" "+string(c.Operator))
		if c.Field.Private {
			t.Errorf("_q searches private field %s", c.Field.Name)
		}
	}
	if got := strings.Join(names, ", "); got != "id $containsi, documentId $containsi, username $containsi, email $containsi, provider $containsi" {
		t.Errorf("_q on user searches %s", got)
	}
	prog := testType(t, "program")
	text, _ := Parse(prog, "_q=x", o)
	number, _ := Parse(prog, "_q=12", o)
	if len(number.Filters.Children) <= len(text.Filters.Children) {
		t.Errorf("a numeric term searches %d fields, a word %d: the number fields are missing",
			len(number.Filters.Children), len(text.Filters.Children))
	}
	both, _ := Parse(prog, "_q=x&filters[title][$eq]=y", o)
	if both.Filters.Kind != KindAnd || len(both.Filters.Children) != 2 || both.Filters.Children[1].Kind != KindOr {
		t.Errorf("_q with filters: %s", both)
	}
	if none, _ := Parse(prog, "_q=", o); none.Filters != nil {
		t.Errorf("an empty _q searches: %s", none)
	}
}

func TestReadsAsNumber(t *testing.T) {
	for term, want := range map[string]bool{"12": true, " 1.5 ": true, "1e3": true, "-4": true, "Infinity": true,
		"12a": false, "a": false, "1,5": false, "": true} {
		if got := readsAsNumber(term); got != want {
			t.Errorf("readsAsNumber(%q) = %v, want %v", term, got, want)
		}
	}
}
