package rest_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/kindtest"
)

// kindsComponent has a field of every kind the specimen type has (but the
// password, which a component cannot hide from its holder's answer, and
// the relation, not served inside components yet), named after its kind.
var kindsComponent = `info: {displayName: All kinds}
attributes:
` + kindtest.Fields(schema.Password)

// holderType holds kinds.all in every place a component can be: single,
// repeatable, nested two deep, and in a dynamic zone.
const holderType = `kind: collectionType
info: {singularName: holder, pluralName: holders}
attributes:
  one: {type: component, component: kinds.all}
  many: {type: component, component: kinds.all, repeatable: true}
  deep: {type: component, component: kinds.outer}
  zone: {type: dynamiczone, components: [kinds.all, kinds.outer]}
`

// TestFieldKindsInComponents: every value of testdata/kinds/<kind>.txt,
// sent to the field of that kind inside a component in each place one can
// be (single, the first item of a repeatable one, nested two deep, a
// zone's item), is taken or refused exactly as the same value sent to the
// top-level field of that kind (TestFieldKindsGolden's specimen): taken,
// every place answers the value the top level answered; refused, every
// place is refused with the top level's message, said at its own path.
// The reference is the top level's behaviour, computed by the same app.
func TestFieldKindsInComponents(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("testdata/kinds/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			t.Parallel()
			h := componentKindsApp(t, d)
			for _, file := range files {
				kind := strings.TrimSuffix(filepath.Base(file), ".txt")
				if kind == "password" {
					continue
				}
				t.Run(kind, func(t *testing.T) {
					opaque := h.App.Schema.Component("kinds.all").Attr(kind).Kind.Caps().Opaque
					for _, in := range goldenInputs(t, file) {
						body, text, isText := kindInput(t, in)
						componentKindCase(t, h, kind, in, body, isText && !opaque, text)
					}
				})
			}
		})
	}
}

// componentKindsApp builds an app of the specimen type, the holder type
// and its components.
func componentKindsApp(t *testing.T, d database.Dialect) *apptest.Harness {
	t.Helper()
	dir := t.TempDir()
	for name, src := range map[string]string{
		"specimen.yaml":             specimenType,
		"holder.yaml":               holderType,
		"components/kinds/all.yaml": kindsComponent,
		"components/kinds/outer.yaml": "info: {displayName: Outer}\nattributes:\n" +
			"  inner: {type: component, component: kinds.all}\n",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg := apptest.Config(t, d)
	cfg.Paths.ContentTypes = dir
	cfg.Paths.Config = filepath.Join(apptest.Root(t), "testdata", "components", "config") // the admin may do everything
	return apptest.NewWith(t, cfg)
}

// goldenInputs is a golden file's inputs.
func goldenInputs(t *testing.T, file string) []string {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	head, _, _ := strings.Cut(string(src), "\n"+kindSep+"\n")
	var out []string
	for _, line := range strings.Split(head, "\n") {
		if line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	return out
}

// componentKindCase sends one value to the top level and to every place
// inside components, and compares.
func componentKindCase(t *testing.T, h *apptest.Harness, kind, in, value string, filter bool, text string) {
	t.Helper()
	top := h.Do("POST", "/api/specimens", `{"data":{"`+kind+`":`+value+`}}`)
	item := `{"` + kind + `":` + value + `}`
	zoneItem := `{"__component":"kinds.all","` + kind + `":` + value + `}`
	body := `{"data":{"one":` + item + `,"many":[` + item + `],"deep":{"inner":` + item + `},"zone":[` + zoneItem + `]}}`
	r := h.Do("POST", "/api/holders?populate[one]=true&populate[many]=true&populate[deep][populate]=inner&populate[zone]=true", body)
	places := []struct{ path, label string }{
		{"one/" + kind, "one." + kind}, {"many/0/" + kind, "many[0]." + kind},
		{"deep/inner/" + kind, "deep.inner." + kind}, {"zone/0/" + kind, "zone[0]." + kind},
	}
	switch top.Status {
	case 201:
		want := string(topField(t, top.Body, kind))
		if r.Status != 201 {
			t.Errorf("%s: the top level took it (%s), the components answer %d %s", in, want, r.Status, r.Body)
			return
		}
		for i, got := range placeValues(t, r.Body, kind) {
			if string(got) != want {
				t.Errorf("%s at %s: answered %s, the top level %s", in, places[i].label, got, want)
			}
		}
		doc := string(topField(t, r.Body, "documentId"))
		id := string(topField(t, r.Body, "id"))
		// An update writes the value again, in new rows: the same answer.
		u := h.Do("PUT", "/api/holders/"+strings.Trim(doc, `"`)+"?populate[one]=true&populate[many]=true&populate[deep][populate]=inner&populate[zone]=true", body)
		if u.Status != 200 {
			t.Fatalf("%s: update %d %s", in, u.Status, u.Body)
		}
		for i, got := range placeValues(t, u.Body, kind) {
			if string(got) != want {
				t.Errorf("%s at %s after an update: answered %s, the top level %s", in, places[i].label, got, want)
			}
		}
		if filter {
			// A filter on the value finds the entry in every place exactly
			// when it finds the top-level entry.
			topID := string(topField(t, top.Body, "id"))
			for _, op := range []string{"$eq", "$ne"} {
				found := filterCount(t, h, "/api/specimens?filters[id]="+topID+"&filters["+kind+"]["+op+"]="+url.QueryEscape(text))
				for _, place := range []string{"[one]", "[many]", "[deep][inner]", "[zone][kinds.all]"} {
					got := filterCount(t, h, "/api/holders?filters[id]="+id+"&filters"+place+"["+kind+"]["+op+"]="+url.QueryEscape(text))
					if got != found {
						t.Errorf("%s: filters%s[%s][%s] finds %s, the top level %s", in, place, kind, op, got, found)
					}
				}
			}
		}
	default:
		_, _, msg, topDetails := h.ErrorOf(top)
		rest, ok := strings.CutPrefix(msg, kind)
		// A part of the value to blame (a blocks node) is below the field.
		tail := ""
		if list, _ := topDetails["errors"].([]any); len(list) == 1 {
			for _, p := range list[0].(map[string]any)["path"].([]any)[1:] {
				tail += "/" + p.(string)
			}
		}
		if !ok {
			t.Fatalf("%s: the top level's message %q does not start with the field's name", in, msg)
		}
		status, _, _, details := h.ErrorOf(r)
		var got []string
		list, _ := details["errors"].([]any)
		for _, e := range list {
			m := e.(map[string]any)
			var path []string
			for _, p := range m["path"].([]any) {
				path = append(path, p.(string))
			}
			got = append(got, strings.Join(path, "/")+": "+m["message"].(string))
		}
		// In the order Strapi's validator (yup) lists them: zone's errors
		// sort with one's, whose name "zone" contains, after them (a list's
		// check finishes after a single component's).
		var want []string
		for _, i := range []int{0, 3, 1, 2} {
			want = append(want, places[i].path+tail+": "+places[i].label+rest)
		}
		if status != top.Status || strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: the top level refused it (%d %s); the components answer %d:\n%s\nwant:\n%s", in, top.Status, msg, status,
				strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// topField is the field's value in a create's answer.
func topField(t *testing.T, body []byte, field string) json.RawMessage {
	t.Helper()
	var env struct{ Data map[string]json.RawMessage }
	if err := json.Unmarshal(body, &env); err != nil {
		t.Fatal(err)
	}
	return env.Data[field]
}

// filterCount is how many entries a list answers, or its error status.
func filterCount(t *testing.T, h *apptest.Harness, path string) string {
	t.Helper()
	r := h.Do("GET", path, nil)
	if r.Status != 200 {
		return fmt.Sprint(r.Status)
	}
	return fmt.Sprint(len(r.JSON(t)["data"].([]any)))
}

// placeValues is the field's value in each place of a holder's answer:
// one, many[0], deep.inner, zone[0].
func placeValues(t *testing.T, body []byte, kind string) []json.RawMessage {
	t.Helper()
	var env struct {
		Data struct {
			One  map[string]json.RawMessage
			Many []map[string]json.RawMessage
			Deep struct{ Inner map[string]json.RawMessage }
			Zone []map[string]json.RawMessage
		}
	}
	if err := json.Unmarshal(body, &env); err != nil || len(env.Data.Many) != 1 || len(env.Data.Zone) != 1 {
		t.Fatalf("%v %s", err, body)
	}
	return []json.RawMessage{env.Data.One[kind], env.Data.Many[0][kind], env.Data.Deep.Inner[kind], env.Data.Zone[0][kind]}
}
