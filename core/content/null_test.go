package content

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/schema"
)

// TestNullForEveryKind: null sent for a required field of every field
// kind — each kind of schema.Kinds(), media single and multiple, a
// component, a repeatable one and a zone — is answered as Strapi 5.54
// answered it on a create and on an update: the same message, path and
// echoed value, in the same order when all are sent at once. Strapi's
// answers are those testdata/writes recorded for its sheet, which has one
// required field of each (steps N1.1 and N1.3 of strapi-answers.txt): a
// kind without a field there, or without an entry in nullChecks, fails.
func TestNullForEveryKind(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "writes")
	s, err := schema.LoadDir(filepath.Join(dir, "src"))
	if err != nil {
		t.Fatal(err)
	}
	sheet := s.Type("sheet")
	if sheet == nil {
		t.Fatal("testdata/writes has no sheet")
	}
	// Every kind has a required field on the sheet, and an answer.
	has := map[string]bool{}
	for _, a := range sheet.Attributes {
		if !a.Required {
			t.Errorf("sheet.%s is not required", a.Name)
		}
		switch {
		case a.IsMedia() && a.Multiple:
			has["media (multiple)"] = true
		case a.IsMedia():
			has["media"] = true
		case a.Type == schema.DynamicZone:
			has["dynamiczone"] = true
		case a.Type == schema.Component && a.Repeatable:
			has["component (repeatable)"] = true
		case a.Type == schema.Component:
			has["component"] = true
		case a.Kind != nil:
			has[string(a.Kind.Type())] = true
		}
	}
	want := []string{"media", "media (multiple)", "component", "component (repeatable)", "dynamiczone"}
	for _, k := range schema.Kinds() {
		want = append(want, string(k.Type()))
		if _, ok := nullChecks[k.Type()]; !ok {
			t.Errorf("kind %s: no entry in nullChecks (what Strapi answers its null)", k.Type())
		}
	}
	for _, k := range want {
		if !has[k] {
			t.Errorf("kind %s: no required field of it on testdata/writes' sheet: add one and record Strapi's answer to its null", k)
		}
	}

	answers := recordedErrors(t, filepath.Join(dir, "strapi-answers.txt"))
	for _, c := range []struct {
		step string
		req  required
	}{{"N1.1", required{}}, {"N1.3", required{update: true}}} {
		var list []errs.FieldError
		for _, a := range sheet.Attributes {
			switch {
			case a.IsRelation(): // Strapi checks a relation's required only under strictRelations
			case a.IsComponent():
				cr := componentReader{req: c.req}
				_, probs := cr.readComponents(a, nil, componentPath{a.Name})
				list = append(list, probs...)
			default:
				if msg, echo, ok := c.req.problem(a, a.Name, true); ok {
					list = append(list, errs.Field(a.Name, msg).WithValue(echo))
				}
			}
		}
		got := normalJSON(t, errs.Fields(inYupOrder(sheet.Attributes, 0, list)).Details["errors"])
		byField := func(list []any) map[string]string {
			out := map[string]string{}
			for _, e := range list {
				m := e.(map[string]any)
				raw, _ := json.Marshal(m)
				out[m["path"].([]any)[0].(string)] = string(raw)
			}
			return out
		}
		g, w := byField(got), byField(answers[c.step])
		for _, a := range sheet.Attributes {
			if g[a.Name] != w[a.Name] {
				t.Errorf("%s %s null:\n Kiln:   %s\n Strapi: %s", c.step, a.Name, or(g[a.Name], "(taken)"), or(w[a.Name], "(taken)"))
			}
		}
		if gr, wr := mustJSON(got), mustJSON(answers[c.step]); gr != wr {
			t.Errorf("%s: every null at once:\n Kiln:   %s\n Strapi: %s", c.step, gr, wr)
		}
	}
}

// recordedErrors reads the details.errors of every 400 answer of a
// recording (record.js's format: a step's name, then "  -> status json").
func recordedErrors(t *testing.T, file string) map[string][]any {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string][]any{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	step := ""
	for sc.Scan() {
		line := sc.Text()
		rest, ok := strings.CutPrefix(line, "  -> 400 ")
		if !ok {
			if !strings.HasPrefix(line, "  ") {
				step, _, _ = strings.Cut(line, " ")
			}
			continue
		}
		var a struct {
			Details struct {
				Errors []any `json:"errors"`
			} `json:"details"`
		}
		if err := json.Unmarshal([]byte(rest), &a); err != nil {
			t.Fatalf("%s: %v", step, err)
		}
		out[step] = a.Details.Errors
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// normalJSON is v as a JSON reader reads it back.
func normalJSON(t *testing.T, v any) []any {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out []any
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func mustJSON(v any) string {
	raw, _ := json.Marshal(v)
	return string(raw)
}

func or(s, alt string) string {
	if s == "" {
		return alt
	}
	return s
}
