package query

import (
	"slices"
	"strings"

	"github.com/kiln-cms/kiln/core/errs"
)

// AllLocales is Query.Locale for every locale: locale=* (or all).
const AllLocales = "*"

// maxLocaleLen bounds a locale code; BCP 47 tags in practice stay far below.
const maxLocaleLen = 35

// checkLocale reads the locale parameter (and fallbackLocale). The value
// must look like a locale code (letters, digits, '-' and '_'), "*" or
// nothing: an object (locale[$ne]=en) or a list is a 400, where Strapi
// takes some. On a localized type "*" reads every locale and a code one
// locale; a code that is not configured (all too, as Strapi 5.54 reads
// it) reads nothing, as in Strapi, and a write in it is a 400 (core/content).
// On other types Strapi 5 answers the same whatever locale is asked for,
// and so does Kiln. A fallbackLocale must be a configured locale.
func (c *checker) checkLocale(q *Query, key string, v *node) error {
	s, ok := scalar(v)
	if !ok && v.kind == nullNode || ok && s == "" {
		return nil
	}
	if !ok || !(s == "*" && key == "locale" || isLocaleCode(s)) {
		return errs.New(errs.KindValidation, `Invalid `+key+` parameter: expected a locale code such as "en", "all" or "*"`).
			WithDetails(details(key, "", key))
	}
	if !q.Type.Localized {
		return nil
	}
	if locales := c.opts.locales(); key == "fallbackLocale" && !slices.Contains(locales, s) {
		return errs.New(errs.KindValidation, "Invalid fallbackLocale parameter: the locales are "+strings.Join(locales, ", ")).
			WithDetails(details(key, "", key))
	}
	if key == "locale" {
		q.Locale = s
	} else {
		q.FallbackLocale = s
	}
	return nil
}

// WithLocale is q in locale when q names none (the default locale, or
// a write body's locale): q itself on a type that is not localized or a
// query that names its locale.
func WithLocale(q *Query, locale string) *Query {
	if !q.Type.Localized || q.Locale != "" {
		return q
	}
	c := *q
	c.Locale = locale
	if c.FallbackLocale == locale {
		c.FallbackLocale = ""
	}
	return &c
}

func isLocaleCode(s string) bool {
	if len(s) > maxLocaleLen {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// filtersLocale reports whether the query string's filters name locale
// at their top level (filters[locale][$eq]=fr).
func filtersLocale(root *node) bool {
	for i, k := range root.keys {
		if k != "filters" || root.vals[i].kind != objectNode {
			continue
		}
		for _, fk := range root.vals[i].keys {
			if fk == "locale" {
				return true
			}
		}
	}
	return false
}
