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

// checkLocale reads the locale parameter. On a localized type it must be
// a configured locale, "*" or "all" (every locale); anything else is a
// 400 naming the locales (docs/i18n.md). On other types Strapi 5 answers
// the same whatever locale is asked for, and so does Kiln, but the value
// must still look like a locale code (letters, digits, '-' and '_'), "*"
// or nothing: an object (locale[$ne]=en) or a list is a 400, where
// Strapi ignores it.
func (c *checker) checkLocale(q *Query, key string, v *node) error {
	s, ok := scalar(v)
	if !q.Type.Localized {
		if ok && (s == "*" || isLocaleCode(s)) || v.kind == nullNode {
			return nil
		}
		return errs.New(errs.KindValidation, `Invalid `+key+` parameter: expected a locale code such as "en", "all" or "*"`).
			WithDetails(details(key, "", key))
	}
	locales := c.opts.locales()
	switch {
	case ok && slices.Contains(locales, s):
	case ok && key == "locale" && (s == "*" || s == "all"):
		s = AllLocales
	case !ok && v.kind == nullNode || ok && s == "":
		return nil
	default:
		return errs.New(errs.KindValidation, "Invalid "+key+" parameter: the locales are "+strings.Join(locales, ", ")+
			allowed(key)).WithDetails(details(key, "", key))
	}
	if key == "locale" {
		q.Locale = s
	} else {
		q.FallbackLocale = s
	}
	return nil
}

func allowed(key string) string {
	if key == "locale" {
		return `, or "*" for every locale`
	}
	return ""
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
