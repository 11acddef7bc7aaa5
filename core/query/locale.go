package query

import "github.com/kiln-cms/kiln/core/errs"

// maxLocaleLen bounds a locale code; BCP 47 tags in practice stay far below.
const maxLocaleLen = 35

// checkLocale accepts Strapi's locale parameter and ignores it: no Kiln
// type is localised, and Strapi 5 answers a type without localisation the
// same whatever locale is asked for (en, fr, all, *). The value must still
// look like a locale code (letters, digits, '-' and '_'), "*" or nothing:
// anything else, an object (locale[$ne]=en) or a list, is a 400, where
// Strapi ignores it too.
func checkLocale(v *node) error {
	s, ok := scalar(v)
	if ok && (s == "*" || isLocaleCode(s)) {
		return nil
	}
	if v.kind == nullNode {
		return nil
	}
	return errs.New(errs.KindValidation, `Invalid locale parameter: expected a locale code such as "en", "all" or "*"`).
		WithDetails(details("locale", "", "locale"))
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
