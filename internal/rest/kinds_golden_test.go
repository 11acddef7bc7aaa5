package rest_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/kindtest"
)

var updateKinds = flag.Bool("update-kinds", false, "rewrite testdata/kinds/*.txt from what the app answers")

// specimenType has one field of every kind, named after its kind. The
// relation is left out of the golden files: its values are references
// (ids, documentIds, connect/disconnect), read by core/content's relation
// input and filtered through the target's own fields.
var specimenType = `kind: collectionType
info: {singularName: specimen, pluralName: specimens}
attributes:
` + kindtest.Fields() + `  relation: {type: relation, relation: manyToOne, target: specimen}
`

// withTypes builds an app of the dialect on the shipped content types and
// extra ones (file name -> YAML) written into a temporary folder.
func withTypes(t *testing.T, d database.Dialect, extra map[string]string) *apptest.Harness {
	t.Helper()
	dir := t.TempDir()
	files, err := filepath.Glob(filepath.Join(apptest.Root(t), "content-types", "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("the shipped content types: %v", err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, src := range extra {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg := apptest.Config(t, d)
	cfg.Paths.ContentTypes = dir
	return apptest.NewWith(t, cfg)
}

// TestFieldKindsGolden sends every value of testdata/kinds/<kind>.txt to
// the field of that kind both ways: as a filter value
// (filters[<kind>][$eq]=...) and as a body value (POST), on both
// databases, and checks that the same text is accepted or refused alike.
//
// A golden file lists inputs, a line of ten dashes, and one outcome a line
// for each input. An input is text (Go-quoted when it has spaces at its
// ends), sent as a JSON string in the body and as the filter value; or
// "json: <value>", a JSON value sent in the body only (numbers and
// booleans a kind takes natively). An outcome is what the body got — 201
// and the value answered, or 400 and the message — then, for text, what
// the filter got: "found" when it finds exactly the entry the body made,
// "none" when it is taken but finds nothing, or 400 and the message.
//
// A text the filter takes may still be refused by the body for breaking
// the field's rules (an enumeration's values, an e-mail's format, the
// 32-bit range): the test checks that such a refusal is the kind's Check,
// after its Parse took the text. Every other refusal is Parse's, and then
// both refuse.
func TestFieldKindsGolden(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("testdata/kinds/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			h := withTypes(t, d, map[string]string{"specimen.yaml": specimenType})
			ct := h.App.Schema.Type("specimen")
			for _, file := range files {
				kind := strings.TrimSuffix(filepath.Base(file), ".txt")
				t.Run(kind, func(t *testing.T) {
					a := ct.Attr(kind)
					if a == nil {
						t.Fatalf("specimen has no field %q", kind)
					}
					goldenKind(t, h, a, file, d == database.SQLite)
				})
			}
		})
	}
}

const kindSep = "----------"

func goldenKind(t *testing.T, h *apptest.Harness, a *schema.Attribute, file string, rewrite bool) {
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	head, want, ok := strings.Cut(string(src), "\n"+kindSep+"\n")
	if !ok {
		t.Fatalf("%s: no %q line", file, kindSep)
	}
	var inputs []string
	for _, line := range strings.Split(head, "\n") {
		if line != "" && !strings.HasPrefix(line, "#") {
			inputs = append(inputs, line)
		}
	}
	var got []string
	for _, in := range inputs {
		got = append(got, kindCase(t, h, a, in))
	}
	out := strings.Join(got, "\n") + "\n"
	if *updateKinds && rewrite {
		if err := os.WriteFile(file, []byte(head+"\n"+kindSep+"\n"+out), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if out != want {
		wl := strings.Split(strings.TrimSuffix(want, "\n"), "\n")
		for i, g := range got {
			w := ""
			if i < len(wl) {
				w = wl[i]
			}
			if g != w {
				t.Errorf("%s\n  got:  %s\n  want: %s", inputs[i], g, w)
			}
		}
		if len(wl) != len(got) {
			t.Errorf("%s: %d outcomes for %d inputs", file, len(wl), len(got))
		}
	}
}

// kindCase sends one input and describes what it got.
func kindCase(t *testing.T, h *apptest.Harness, a *schema.Attribute, in string) string {
	t.Helper()
	body, text, isText := kindInput(t, in)
	r := h.Do("POST", "/api/specimens", `{"data":{"`+a.Name+`":`+body+`}}`)
	var outcome, doc string
	var id int64
	switch r.Status {
	case 201:
		var env struct{ Data map[string]json.RawMessage }
		if err := json.Unmarshal(r.Body, &env); err != nil {
			t.Fatalf("%s: %s", in, r.Body)
		}
		id, _ = strconv.ParseInt(string(env.Data["id"]), 10, 64)
		_ = json.Unmarshal(env.Data["documentId"], &doc)
		if v, answered := env.Data[a.Name]; answered {
			outcome = "201 " + string(v)
		} else {
			outcome = "201 (not answered)"
		}
	default:
		_, _, msg, _ := h.ErrorOf(r)
		outcome = fmt.Sprintf("%d %s", r.Status, msg)
	}
	if doc != "" {
		defer func() {
			if r := h.Do("DELETE", "/api/specimens/"+doc, nil); r.Status != 204 {
				t.Fatalf("deleting %s: %d %s", doc, r.Status, r.Body)
			}
		}()
	}
	if !isText || a.IsPrivate() || a.Kind.Caps().Opaque {
		return outcome
	}
	q := "filters[" + a.Name + "][$eq]=" + url.QueryEscape(text)
	if id != 0 {
		q = "filters[$and][0][" + a.Name + "][$eq]=" + url.QueryEscape(text) + "&filters[$and][1][id][$eq]=" + strconv.FormatInt(id, 10)
	}
	f := h.Do("GET", "/api/specimens?"+q, nil)
	var filter string
	switch {
	case f.Status == 200:
		ids := h.IDs(f)
		switch {
		case len(ids) == 0:
			filter = "none"
		case len(ids) == 1 && ids[0] == id:
			filter = "found"
		default:
			filter = fmt.Sprintf("found %v", ids)
		}
	default:
		_, _, msg, _ := h.ErrorOf(f)
		filter = fmt.Sprintf("%d %s", f.Status, msg)
	}
	// Alike: both take the text, or both refuse it by Parse; a body
	// refusal of a text the filter takes is the field's rules.
	v, parseErr := a.Kind.Parse(text)
	switch {
	case r.Status == 201:
		if filter != "found" {
			t.Errorf("%s: the body took it, the filter got %s", in, filter)
		}
	case f.Status == 200:
		if parseErr != nil || a.Kind.Check(a, v) == "" {
			t.Errorf("%s: the filter took it, the body refused it (%s) and it breaks no rule", in, outcome)
		}
	case parseErr == nil:
		t.Errorf("%s: Parse takes it, yet both refused it", in)
	}
	return outcome + "; " + filter
}

// kindInput reads an input line: the JSON body value, and for text the
// text itself.
func kindInput(t *testing.T, in string) (body, text string, isText bool) {
	if v, ok := strings.CutPrefix(in, "json: "); ok {
		if !json.Valid([]byte(v)) {
			t.Fatalf("input %q is not JSON", in)
		}
		return v, "", false
	}
	text = in
	if strings.HasPrefix(in, `"`) {
		var err error
		if text, err = strconv.Unquote(in); err != nil {
			t.Fatalf("input %s: %v", in, err)
		}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(text); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(b.String()), text, true
}
