package query

import (
	"sync"
	"testing"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/schema"
)

// localizedSchema is testdata/locales' project: localized types (with
// and without draft & publish, a single type) and one that is not.
var localizedSchema = sync.OnceValues(func() (*schema.Schema, error) {
	return schema.LoadDir("../../testdata/locales/content-types")
})

var localizedTypes = []string{"story", "guide", "topic", "writer", "frontpage"}

// FuzzParseLocalized is FuzzParse on localized types, whose queries also
// take locale (a code, "*", or one that is not configured), fallbackLocale,
// locale as a field and localizations as a relation: no panic, a query or
// a client error, and a query's locale is "*", empty or a code.
func FuzzParseLocalized(f *testing.F) {
	seeds := append(fuzzSeeds(f), "locale=fr", "locale=*", "locale=all", "locale=xx&fallbackLocale=en",
		"filters[locale][$eq]=fr", "filters[$and][0][locale][$in][0]=fr", "sort=locale:desc&fields[0]=locale",
		"populate=localizations", "populate[localizations][fields][0]=locale&populate[localizations][count]=true",
		"filters[localizations][title][$eq]=x", "populate=*&locale=de&fallbackLocale=fr", "fallbackLocale[$eq]=en")
	for _, s := range seeds {
		f.Add(uint8(0), s)
		f.Add(uint8(2), s)
	}
	opts := testOptions()
	opts.Locales = []string{"en", "fr", "de"}
	f.Fuzz(func(t *testing.T, which uint8, raw string) {
		s, err := localizedSchema()
		if err != nil {
			t.Fatal(err)
		}
		ct := s.Type(localizedTypes[int(which)%len(localizedTypes)])
		q, err := Parse(ct, raw, opts)
		if err == nil {
			if q == nil {
				t.Fatalf("Parse(%q) = nil, nil", raw)
			}
			if q.Locale != "" && q.Locale != AllLocales && !isLocaleCode(q.Locale) {
				t.Fatalf("Parse(%q): locale %q", raw, q.Locale)
			}
			if !ct.Localized && (q.Locale != "" || q.FallbackLocale != "") {
				t.Fatalf("Parse(%q): a locale on %s, which is not localized", raw, ct.Name)
			}
			_ = q.String()
			return
		}
		e, ok := errs.As(err)
		if q != nil || !ok || (e.Kind != errs.KindValidation && e.Kind != errs.KindPagination) || e.Message == "" {
			t.Fatalf("Parse(%q) = %v, %v: want a validation or pagination error with a message", raw, q, err)
		}
	})
}
