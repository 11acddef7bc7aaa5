package rest_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/app/apptest"
	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/core/database"
)

// localeStep is a step of testdata/locales/scenario.json (its record.js
// says what each key means).
type localeStep struct {
	See, As, Method, Path string
	Data                  any
	Headers               map[string]string
	Auth                  *bool
	Keep                  map[string]string
	Meta, Raw, Order      bool
}

// TestLocalesAsStrapi replays testdata/locales/scenario.json — localized
// types with and without draft & publish, a type that is not localized
// related to them, a localized single type — on Kiln, from both layouts
// of the project and on both databases, and compares every answer with
// the live Strapi 5.54's (strapi-answers.txt), but for the differences
// kept on purpose (kiln-differences.txt, each with its reason).
// KILN_LOCALES_ANSWERS=<file> writes Kiln's answers there.
func TestLocalesAsStrapi(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(apptest.Root(t), "testdata", "locales")
	want := readAnswers(t, filepath.Join(dir, "strapi-answers.txt"))
	for label, a := range readAnswers(t, filepath.Join(dir, "kiln-differences.txt")) {
		if _, ok := want[label]; !ok {
			t.Fatalf("kiln-differences.txt: %q is no step of the scenario", label)
		}
		want[label] = a
	}
	raw, err := os.ReadFile(filepath.Join(dir, "scenario.json"))
	if err != nil {
		t.Fatal(err)
	}
	var steps []localeStep
	if err := json.Unmarshal(raw, &steps); err != nil {
		t.Fatal(err)
	}
	for _, layout := range []string{"src", "content-types"} {
		for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
			t.Run(layout+"/"+d.String(), func(t *testing.T) {
				t.Parallel()
				h := apptest.NewWith(t, localesConfig(t, d, layout))
				got := replayLocales(t, h, steps)
				if f := os.Getenv("KILN_LOCALES_ANSWERS"); f != "" && layout == "src" && d == database.SQLite {
					if err := os.WriteFile(f, []byte(got), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				sameAnswers(t, parseAnswers(t, got), want)
			})
		}
	}
}

// localesConfig is the app's config for testdata/locales in a layout,
// with the project's config/i18n.yaml read as kiln serve reads it.
func localesConfig(t testing.TB, d database.Dialect, layout string) config.Config {
	cfg := apptest.ProjectConfig(t, d, "locales", layout)
	loaded, err := config.Load(func(k string) string {
		if k == "KILN_CONFIG_DIR" {
			return cfg.Paths.Config
		}
		return ""
	})
	if err != nil {
		t.Fatal(err)
	}
	cfg.I18n = loaded.I18n
	return cfg
}

var localeRef = regexp.MustCompile(`\{(\w+)\}`)

// replayLocales sends the steps and writes the answers as record.js does.
func replayLocales(t *testing.T, h *apptest.Harness, steps []localeStep) string {
	ids, names := map[string]string{}, map[string]string{}
	fill := func(s string) string {
		return localeRef.ReplaceAllStringFunc(s, func(m string) string { return ids[m[1:len(m)-1]] })
	}
	var out strings.Builder
	for _, s := range steps {
		var body any
		if s.Data != nil {
			b, _ := json.Marshal(map[string]any{"data": s.Data})
			body = fill(string(b))
		}
		headers := []string{"Content-Type", "application/json"}
		for k, v := range s.Headers {
			headers = append(headers, k, v)
		}
		if s.Auth != nil && !*s.Auth {
			headers = append(headers, "Authorization", apptest.Anonymous)
		}
		r := h.Do(s.Method, fill(s.Path), body, headers...)
		var answer any
		if len(r.Body) > 0 {
			dec := json.NewDecoder(bytes.NewReader(r.Body))
			dec.UseNumber()
			if err := dec.Decode(&answer); err != nil {
				t.Fatalf("%s %s: %d %s", s.Method, s.Path, r.Status, r.Body)
			}
		}
		kept := s.Keep
		if s.As != "" {
			kept = map[string]string{s.As: "documentId"}
		}
		for name, key := range kept {
			data, _ := answer.(map[string]any)["data"].(map[string]any)
			if r.Status >= 300 || data == nil {
				t.Fatalf("%s %s: %d %s", s.Method, s.Path, r.Status, r.Body)
			}
			ids[name] = data[key].(string)
			names[ids[name]] = name
		}
		if s.As != "" {
			continue
		}
		var sum any
		m, _ := answer.(map[string]any)
		switch {
		case r.Status >= 400:
			e, _ := m["error"].(map[string]any)
			sum = ordered{{"error", e["name"]}, {"message", e["message"]}}
		case answer == nil:
		case s.Raw:
			sum = rawLocales(answer, "")
		case s.Meta:
			sum = summarize(answer, names, nil)
		default:
			var keys []any
			if d, ok := m["data"]; ok {
				answer = d
				if s.Order {
					for _, k := range strings.Split(keyOrder(t, r.Body, "data"), ",") {
						keys = append(keys, strings.Trim(k, `"`))
					}
				}
			}
			sum = summarize(answer, names, keys)
		}
		fmt.Fprintf(&out, "%s\n  -> %d %s\n", s.See, r.Status, encodeJS(sum))
	}
	return out.String()
}

// ordered is a JSON object whose keys keep their order.
type ordered []struct {
	k string
	v any
}

// summarize is record.js's summary.
func summarize(v any, names map[string]string, keys []any) any {
	switch x := v.(type) {
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = summarize(e, names, keys)
		}
		return out
	case map[string]any:
		sorted := make([]string, 0, len(x))
		for k := range x {
			sorted = append(sorted, k)
		}
		sort.Strings(sorted)
		var out ordered
		for _, k := range sorted {
			switch k {
			case "createdAt", "updatedAt", "id":
				continue
			case "documentId":
				n := names[x[k].(string)]
				if n == "" {
					n = "D"
				}
				out = append(out, struct {
					k string
					v any
				}{k, n})
				continue
			case "publishedAt":
				pub := "P"
				if x[k] == nil {
					pub = "D"
				}
				out = append(out, struct {
					k string
					v any
				}{"pub", pub})
				continue
			}
			s := summarize(x[k], names, nil)
			if k == "localizations" {
				sortByLocale(s)
			}
			out = append(out, struct {
				k string
				v any
			}{k, s})
		}
		if _, ok := x["documentId"]; ok && keys != nil {
			out = append(out, struct {
				k string
				v any
			}{"_keys", keys})
		}
		sort.SliceStable(out, func(i, j int) bool { return out[i].k != "_keys" && (out[j].k == "_keys" || out[i].k < out[j].k) })
		return out
	}
	return v
}

func sortByLocale(s any) {
	list, _ := s.([]any)
	if o, ok := s.(ordered); ok {
		for _, kv := range o {
			if kv.k == "data" {
				list, _ = kv.v.([]any)
			}
		}
	}
	get := func(e any, k string) string {
		for _, kv := range e.(ordered) {
			if kv.k == "attributes" {
				return fmt.Sprint(func() any {
					for _, a := range kv.v.(ordered) {
						if a.k == k {
							return a.v
						}
					}
					return ""
				}())
			}
			if kv.k == k {
				return fmt.Sprint(kv.v)
			}
		}
		return ""
	}
	loc := func(e any) string {
		if l := get(e, "locale"); l != "" {
			return l
		}
		return get(e, "title")
	}
	sort.SliceStable(list, func(i, j int) bool { return loc(list[i]) < loc(list[j]) })
}

// rawLocales is record.js's raw: dates become T and documentIds D.
func rawLocales(v any, key string) any {
	switch x := v.(type) {
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = rawLocales(e, "")
		}
		return out
	case map[string]any:
		// The locales' keys in the order Kiln writes them (locales.go).
		var out ordered
		for _, k := range []string{"id", "documentId", "name", "code", "createdAt", "updatedAt", "publishedAt", "isDefault"} {
			if e, ok := x[k]; ok {
				out = append(out, struct {
					k string
					v any
				}{k, rawLocales(e, k)})
			}
		}
		return out
	case string:
		if key == "documentId" {
			return "D"
		}
		if len(x) > 10 && x[4] == '-' && x[10] == 'T' {
			return "T"
		}
	}
	return v
}

// encodeJS writes v as JSON.stringify does.
func encodeJS(v any) string {
	var b strings.Builder
	var enc func(v any)
	enc = func(v any) {
		switch x := v.(type) {
		case ordered:
			b.WriteByte('{')
			for i, kv := range x {
				if i > 0 {
					b.WriteByte(',')
				}
				enc(kv.k)
				b.WriteByte(':')
				enc(kv.v)
			}
			b.WriteByte('}')
		case []any:
			b.WriteByte('[')
			for i, e := range x {
				if i > 0 {
					b.WriteByte(',')
				}
				enc(e)
			}
			b.WriteByte(']')
		default:
			var buf bytes.Buffer
			e := json.NewEncoder(&buf)
			e.SetEscapeHTML(false)
			_ = e.Encode(x)
			b.WriteString(strings.TrimSuffix(buf.String(), "\n"))
		}
	}
	enc(v)
	return b.String()
}
