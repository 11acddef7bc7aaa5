package query

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/kiln-cms/kiln/core/errs"
)

// fuzzTypes are the types the fuzzer parses against, picked by a byte.
var fuzzTypes = []string{"program", "learner", "user", "coach", "enrollment", "availability", "blueprint", "event"}

// FuzzParse: whatever the input, Parse does not panic and returns either a
// query or a client error (Validation or Pagination), never both or neither.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(uint8(0), s)
		f.Add(uint8(1), s)
	}
	f.Fuzz(func(t *testing.T, which uint8, raw string) {
		ct := testType(t, fuzzTypes[int(which)%len(fuzzTypes)])
		q, err := Parse(ct, raw, testOptions())
		if err == nil {
			if q == nil {
				t.Fatalf("Parse(%q) = nil, nil", raw)
			}
			_ = q.String()
			return
		}
		if q != nil {
			t.Fatalf("Parse(%q) returned a query and an error %v", raw, err)
		}
		e, ok := errs.As(err)
		if !ok || (e.Kind != errs.KindValidation && e.Kind != errs.KindPagination) {
			t.Fatalf("Parse(%q) = %v (%T), want a validation or pagination *errs.Error", raw, err, err)
		}
		if e.Message == "" {
			t.Fatalf("Parse(%q): error without a message", raw)
		}
		checkSuggestion(t, raw, e.Details)
	})
}

// checkSuggestion: what an invalid key's details suggest is one of the
// names they list as valid, and no list names a private field.
func checkSuggestion(t *testing.T, raw string, d map[string]any) {
	valid, listed := d["valid"].([]string)
	closest, suggested := d["closest"].(string)
	if suggested && (!listed || !slices.Contains(valid, closest)) {
		t.Fatalf("Parse(%q): closest %q is not among the valid %v", raw, closest, valid)
	}
	for _, name := range valid {
		if privateNames()[name] {
			t.Fatalf("Parse(%q): the private field %s is listed as valid", raw, name)
		}
	}
}

// privateNames are the names that are private fields wherever a type of
// the schema has them.
var privateNames = sync.OnceValue(func() map[string]bool {
	s, _ := loadSchema()
	out, public := map[string]bool{}, map[string]bool{}
	for _, ct := range s.Types {
		for _, a := range ct.Attributes {
			if a.IsPrivate() {
				out[a.Name] = true
			} else {
				public[a.Name] = true
			}
		}
	}
	for n := range public {
		delete(out, n)
	}
	return out
})

// fuzzSeeds are every query of the other tests: the golden cases, the
// refusals and the qs forms.
func fuzzSeeds(t testing.TB) []string {
	var seeds []string
	files, _ := filepath.Glob("testdata/*.txt")
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		in, _, _ := strings.Cut(string(src), goldenSep)
		_, raw := goldenInput(in)
		seeds = append(seeds, raw)
	}
	for _, group := range [][]errCase{securityCases, checkCases} {
		for _, tc := range group {
			seeds = append(seeds, tc.raw)
		}
	}
	return append(seeds,
		"a[b][c]=v", "a[0]=x&a[1]=y", "a[]=x&a[]=y", "a[b]", "a=1&a=2", "a[101]=x",
		"a[b]=2&a=c", "a&a[b]=1", "a[b[c]]=1", "[a]=1", "a]=1", "a=%ZZ", "a=%E0%A4%A",
		"filters[title]=a&filters[title][$eq]=b", "populate[modules]=true&populate=modules",
		"sort[title]=asc&sort=title", "filters[$or][0]=a&filters[$or][b]=c",
		"filters[coach][0][name]=x&filters[coach][1]=2", "pagination[page]=1&pagination=2",
		// misspellings, which get the valid names and the closest
		"filters[titel][$eq]=x", "filters[title][$eqq]=x", "fields=Title", "sort=titl:desc",
		"populate[modlues]=true", "populate[modules][feilds][0]=title", "pagination[pagesize]=5",
		"filter[title]=x", "filters[coach][nmae]=x", "filters[coach][$eqq]=1", "filters[passwrd]=x",
		// deep populate (deep.go)
		"pLevel", "pLevel=3", "pLevel=x&populate=*", "populate=deep,2", "populate[0]=deep&populate[1]=9", "pLevel[a]=1",
	)
}
