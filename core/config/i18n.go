package config

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"
)

// I18n is config/i18n.yaml: the locales localized content is written in
// (docs/i18n.md). A project without the file has one locale, en.
//
//	defaultLocale: en
//	locales: [en, fr, {code: de, name: Deutsch}]
//
// Env: KILN_LOCALES=en,fr,de and KILN_DEFAULT_LOCALE=en replace them.
type I18n struct {
	// DefaultLocale is the locale of a request that names none, and of
	// the entries a type had before it was localized. Default: the first
	// locale.
	DefaultLocale string `yaml:"defaultLocale"`
	// Locales in the order GET /api/i18n/locales lists them.
	Locales []Locale `yaml:"locales"`
}

// Locale is one configured locale: its code (en, fr-CA) and the name
// shown for it, "French (fr)" when the file gives only the code.
type Locale struct {
	Code string `yaml:"code"`
	Name string `yaml:"name"`
}

// UnmarshalYAML takes a bare code as well as {code, name}.
func (l *Locale) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.ScalarNode {
		l.Code = n.Value
		return nil
	}
	type plain Locale
	var p plain
	if err := n.Decode(&p); err != nil {
		return err
	}
	*l = Locale(p)
	return nil
}

func defaultI18n() I18n {
	return I18n{Locales: []Locale{{Code: "en"}}}
}

// Codes are the configured locale codes, in order.
func (c I18n) Codes() []string {
	out := make([]string, len(c.Locales))
	for i, l := range c.Locales {
		out[i] = l.Code
	}
	return out
}

// Has reports whether code is a configured locale.
func (c I18n) Has(code string) bool {
	for _, l := range c.Locales {
		if l.Code == code {
			return true
		}
	}
	return false
}

// finish names the locales the file left unnamed.
func (c *I18n) finish() {
	for i, l := range c.Locales {
		if l.Name == "" {
			c.Locales[i].Name = LocaleName(l.Code)
		}
	}
}

// Default is the default locale: DefaultLocale, or the first locale when
// none is set.
func (c I18n) Default() string {
	if c.DefaultLocale == "" && len(c.Locales) > 0 {
		return c.Locales[0].Code
	}
	return c.DefaultLocale
}

func (c I18n) check() []string {
	var probs []string
	if len(c.Locales) == 0 {
		return []string{"i18n: locales must list at least one locale"}
	}
	seen := map[string]bool{}
	for _, l := range c.Locales {
		switch {
		case !IsLocaleCode(l.Code):
			probs = append(probs, fmt.Sprintf("i18n: locale %q is not a locale code (letters, digits and '-', like en or fr-CA)", l.Code))
		case seen[l.Code]:
			probs = append(probs, fmt.Sprintf("i18n: locale %q is listed twice", l.Code))
		}
		seen[l.Code] = true
	}
	if !seen[c.Default()] {
		probs = append(probs, fmt.Sprintf("i18n: defaultLocale %q is not one of the locales (%s)", c.Default(), strings.Join(c.Codes(), ", ")))
	}
	return probs
}

// IsLocaleCode reports whether s can be a locale code: 2 to 35 letters,
// digits and '-', starting with a letter (en, fr-CA, zh-Hans-CN). "*" and
// "all", which requests use for every locale, cannot.
func IsLocaleCode(s string) bool {
	if len(s) < 2 || len(s) > 35 || s == "all" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !(letter || i > 0 && (c >= '0' && c <= '9' || c == '-')) {
			return false
		}
	}
	return true
}

// envI18n reads KILN_LOCALES (codes, comma-separated, or code:name) and
// KILN_DEFAULT_LOCALE.
func (e *envReader) i18n(c *I18n) {
	if _, v := e.first("KILN_LOCALES"); v != "" {
		c.Locales = nil
		for _, item := range strings.Split(v, ",") {
			code, name, _ := strings.Cut(strings.TrimSpace(item), ":")
			c.Locales = append(c.Locales, Locale{Code: code, Name: name})
		}
		if _, d := e.first("KILN_DEFAULT_LOCALE"); d == "" {
			c.DefaultLocale = "" // the first of the new list, unless the file's is in it
		}
	}
	e.str(&c.DefaultLocale, "KILN_DEFAULT_LOCALE")
}

// LocaleName is the name Strapi's admin gives a locale code, "French
// (fr)"; a code it does not know names itself.
func LocaleName(code string) string {
	lang, region, _ := strings.Cut(code, "-")
	name, ok := languageNames[strings.ToLower(lang)]
	if !ok {
		return code
	}
	if region != "" {
		if r, ok := regionNames[strings.ToUpper(region)]; ok {
			name += " (" + r + ")"
			return name + " (" + code + ")"
		}
	}
	return name + " (" + code + ")"
}

var languageNames = map[string]string{
	"ar": "Arabic", "bg": "Bulgarian", "ca": "Catalan", "cs": "Czech", "da": "Danish", "de": "German",
	"el": "Greek", "en": "English", "es": "Spanish", "et": "Estonian", "fi": "Finnish", "fr": "French",
	"he": "Hebrew", "hi": "Hindi", "hr": "Croatian", "hu": "Hungarian", "id": "Indonesian", "it": "Italian",
	"ja": "Japanese", "ko": "Korean", "lt": "Lithuanian", "lv": "Latvian", "nb": "Norwegian Bokmål",
	"nl": "Dutch", "pl": "Polish", "pt": "Portuguese", "ro": "Romanian", "ru": "Russian", "sk": "Slovak",
	"sl": "Slovenian", "sr": "Serbian", "sv": "Swedish", "th": "Thai", "tr": "Turkish", "uk": "Ukrainian",
	"vi": "Vietnamese", "zh": "Chinese",
}

var regionNames = map[string]string{
	"AT": "Austria", "AU": "Australia", "BE": "Belgium", "BR": "Brazil", "CA": "Canada", "CH": "Switzerland",
	"CN": "China", "DE": "Germany", "ES": "Spain", "FR": "France", "GB": "United Kingdom", "IE": "Ireland",
	"IN": "India", "IT": "Italy", "MX": "Mexico", "NL": "Netherlands", "NZ": "New Zealand", "PT": "Portugal",
	"TW": "Taiwan", "US": "United States",
}
