package rest_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
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
	// Upload names a file of the folder's files/ that the step posts as
	// the multipart part "files"; Details writes an error's details too
	// (testdata/writes/record.js).
	Upload  string
	Details bool
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
	want := expectedAnswers(t, dir)
	steps := readLocaleSteps(t, dir)
	for _, layout := range []string{"src", "content-types"} {
		for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
			t.Run(layout+"/"+d.String(), func(t *testing.T) {
				t.Parallel()
				h := apptest.NewWith(t, apptest.ProjectConfigWithLocales(t, d, "locales", layout))
				got := replayLocales(t, h, dir, steps)
				if f := os.Getenv("KILN_LOCALES_ANSWERS"); f != "" && layout == "src" && d == database.SQLite {
					if err := os.WriteFile(f, []byte(got), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				sameAnswers(t, apptest.ParseAnswers(t, got), want)
			})
		}
	}
}

// readLocaleSteps reads the scenario.json of dir, in the locales
// scenario's step format (names and writes share it).
func readLocaleSteps(t *testing.T, dir string) []localeStep {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(dir, "scenario.json"))
	if err != nil {
		t.Fatal(err)
	}
	var steps []localeStep
	if err := json.Unmarshal(raw, &steps); err != nil {
		t.Fatal(err)
	}
	return steps
}

// replayLocales sends the steps of the scenario in dir and writes the
// answers as its record.js does.
func replayLocales(t *testing.T, h *apptest.Harness, dir string, steps []localeStep) string {
	ids, names, numbers := map[string]string{}, map[string]string{}, map[string]bool{}
	var out strings.Builder
	for _, s := range steps {
		var body any
		if s.Data != nil {
			body = map[string]any{"data": fillNumbers(s.Data, ids, numbers)}
		}
		headers := []string{"Content-Type", "application/json"}
		for k, v := range s.Headers {
			headers = append(headers, k, v)
		}
		if s.Auth != nil && !*s.Auth {
			headers = append(headers, "Authorization", apptest.Anonymous)
		}
		if s.Upload != "" {
			raw, err := os.ReadFile(filepath.Join(dir, "files", s.Upload))
			if err != nil {
				t.Fatal(err)
			}
			var ctype string
			body, ctype = apptest.Multipart([]apptest.File{{Name: s.Upload, Type: "image/png", Data: raw}})
			headers[1] = ctype
		}
		r := h.Do(s.Method, fillRefs(s.Path, ids).(string), body, headers...)
		var answer any
		if len(r.Body) > 0 {
			var err error
			if answer, err = decodeJS(r.Body); err != nil {
				t.Fatalf("%s %s: %d %s", s.Method, s.Path, r.Status, r.Body)
			}
		}
		kept := s.Keep
		if s.As != "" {
			kept = map[string]string{s.As: "documentId"}
		}
		for name, key := range kept {
			data, _ := jsAt(answer, "data").(*jsObject)
			if list, ok := answer.([]any); ok && len(list) > 0 { // an upload's files
				data, _ = list[0].(*jsObject)
			}
			if r.Status >= 300 || data == nil {
				t.Fatalf("%s %s: %d %s", s.Method, s.Path, r.Status, r.Body)
			}
			ids[name] = jsText(data.vals[key])
			names[ids[name]] = name
			_, numbers[name] = data.vals[key].(json.Number)
		}
		if s.As != "" || s.Upload != "" {
			continue
		}
		var sum any
		m, _ := answer.(*jsObject)
		switch {
		case r.Status >= 400:
			sum = jsObj("error", jsAt(answer, "error.name"), "message", jsAt(answer, "error.message"))
		case answer == nil:
		case s.Raw:
			sum = rawLocales(answer, "")
		case s.Meta:
			sum = summarize(answer, names, false)
		case m != nil && m.has("data"):
			sum = summarize(m.vals["data"], names, s.Order)
		default:
			sum = summarize(answer, names, s.Order)
		}
		if r.Status >= 400 && s.Details {
			sum.(*jsObject).set("details", jsAt(answer, "error.details"))
		}
		fmt.Fprintf(&out, "%s\n  -> %d %s\n", s.See, r.Status, jsString(sum))
	}
	return out.String()
}

// fillNumbers is fillRefs, but a string that is one whole reference to
// a number kept (a file's id) is that number, as record.js sends it.
func fillNumbers(v any, ids map[string]string, numbers map[string]bool) any {
	return mapStrings(v, func(x string) any {
		if m := scenarioRef.FindString(x); m != "" && m == x && numbers[x[1:len(x)-1]] {
			return json.Number(ids[x[1:len(x)-1]])
		}
		return fillRefs(x, ids)
	})
}

// jsObj is a jsObject of key, value pairs, in their order.
func jsObj(kv ...any) *jsObject {
	o := newJSObject()
	for i := 0; i+1 < len(kv); i += 2 {
		o.set(kv[i].(string), kv[i+1])
	}
	return o
}

// summarize is record.js's summary; order adds an entry's keys in the
// order the answer wrote them (_keys).
func summarize(v any, names map[string]string, order bool) any {
	switch x := v.(type) {
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = summarize(e, names, order)
		}
		return out
	case *jsObject:
		out := newJSObject()
		for _, k := range x.sortedKeys() {
			switch k {
			case "createdAt", "updatedAt", "id":
			case "documentId":
				n := names[jsText(x.vals[k])]
				if n == "" {
					n = "D"
				}
				out.set(k, n)
			case "publishedAt":
				out.set("pub", pubOf(x.vals[k]))
			case "localizations":
				out.set(k, sortByLocale(summarize(x.vals[k], names, false)))
			default:
				out.set(k, summarize(x.vals[k], names, false))
			}
		}
		if order && x.has("documentId") {
			keys := make([]any, len(x.keys))
			for i, k := range x.keys {
				keys[i] = k
			}
			out.set("_keys", keys)
		}
		return out
	}
	return v
}

// sortByLocale orders summarized localizations (a list, or v4's
// {data: [...]}) by locale, else title, as record.js does.
func sortByLocale(v any) any {
	list, _ := v.([]any)
	if o, ok := v.(*jsObject); ok {
		list, _ = o.vals["data"].([]any)
	}
	key := func(e any) string {
		for _, path := range []string{"locale", "attributes.locale", "title", "attributes.title"} {
			if x := jsAt(e, path); x != nil {
				return jsText(x)
			}
		}
		return ""
	}
	sort.SliceStable(list, func(i, j int) bool { return key(list[i]) < key(list[j]) })
	return v
}

// rawLocales is record.js's raw: the answer as it is, but for dates (T)
// and documentIds (D).
func rawLocales(v any, key string) any {
	switch x := v.(type) {
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = rawLocales(e, "")
		}
		return out
	case *jsObject:
		out := newJSObject()
		for _, k := range x.keys {
			out.set(k, rawLocales(x.vals[k], k))
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
