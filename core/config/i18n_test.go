package config

import (
	"reflect"
	"strings"
	"testing"
)

// TestLocales: config/i18n.yaml takes codes and {code, name} alike,
// names a bare code as Strapi's admin does, and the default is the file's
// or the first locale; KILN_LOCALES and KILN_DEFAULT_LOCALE replace both.
// Without the file there is en alone.
func TestLocales(t *testing.T) {
	type want struct {
		codes, names []string
		def          string
	}
	cases := []struct {
		name, file string
		env        map[string]string
		want       want
	}{
		{"no file", "", nil, want{[]string{"en"}, []string{"English (en)"}, "en"}},
		{"codes and names", "defaultLocale: fr\nlocales: [en, {code: fr, name: Français}, fr-CA, xx]\n", nil,
			want{[]string{"en", "fr", "fr-CA", "xx"}, []string{"English (en)", "Français", "French (Canada) (fr-CA)", "xx"}, "fr"}},
		{"the first is the default", "locales: [de, en]\n", nil, want{[]string{"de", "en"}, []string{"German (de)", "English (en)"}, "de"}},
		{"the environment replaces the file", "defaultLocale: fr\nlocales: [en, fr]\n", map[string]string{"KILN_LOCALES": "es, pt:Português"},
			want{[]string{"es", "pt"}, []string{"Spanish (es)", "Português"}, "es"}},
		{"and its default", "locales: [en, fr]\n", map[string]string{"KILN_LOCALES": "en,fr,de", "KILN_DEFAULT_LOCALE": "de"},
			want{[]string{"en", "fr", "de"}, []string{"English (en)", "French (fr)", "German (de)"}, "de"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if tc.file != "" {
				writeFile(t, dir, "i18n.yaml", tc.file)
			}
			env := map[string]string{"KILN_CONFIG_DIR": dir}
			for k, v := range tc.env {
				env[k] = v
			}
			c, err := Load(envOf(env))
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, l := range c.I18n.Locales {
				names = append(names, l.Name)
			}
			got := want{c.I18n.Codes(), names, c.I18n.Default()}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

// TestLocalesRefused: a configuration of locales that cannot work stops
// the start with a message naming what is wrong.
func TestLocalesRefused(t *testing.T) {
	cases := []struct{ file, env, want string }{
		{"locales: []\n", "", "i18n: locales must list at least one locale"},
		{"locales: [en, en]\n", "", `i18n: locale "en" is listed twice`},
		{"locales: [en, 'f r']\n", "", `i18n: locale "f r" is not a locale code`},
		{"locales: [en, '*']\n", "", `i18n: locale "*" is not a locale code`},
		{"locales: [en, all]\n", "", `i18n: locale "all" is not a locale code`},
		{"defaultLocale: de\nlocales: [en, fr]\n", "", `i18n: defaultLocale "de" is not one of the locales (en, fr)`},
		{"", "en,fr", ""},
		{"locales: [en]\n", "KILN_DEFAULT_LOCALE=fr", `i18n: defaultLocale "fr" is not one of the locales (en)`},
		{"locales: {en: English}\n", "", "i18n.yaml"},
	}
	for _, tc := range cases {
		dir := t.TempDir()
		writeFile(t, dir, "i18n.yaml", tc.file)
		env := map[string]string{"KILN_CONFIG_DIR": dir}
		if k, v, ok := strings.Cut(tc.env, "="); ok {
			env[k] = v
		} else if tc.env != "" {
			env["KILN_LOCALES"] = tc.env
		}
		_, err := Load(envOf(env))
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%q %q: %v", tc.file, tc.env, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%q %q: got %v, want an error containing %q", tc.file, tc.env, err, tc.want)
		}
	}
}
