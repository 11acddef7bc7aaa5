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

	"github.com/kiln-cms/kiln/internal/apptest"
)

// The drafts-relations project (testdata/drafts-relations): draft &
// publish types (article, series, shelf) and plain ones (writer, label,
// remark) related in every direction and kind, with an editor who reads
// the drafts of articles but not of series or shelves.
func eachVersions(t *testing.T, fn func(t *testing.T, h *apptest.Harness)) {
	eachProject(t, "drafts-relations", fn)
}

// scenarioStep is one step of testdata/drafts-relations/scenario.json: a
// request whose documentId is kept under As, or whose answer is compared
// (See names it).
type scenarioStep struct {
	As, See, Method, Path string
	Data                  any
}

var scenarioRef = regexp.MustCompile(`\{(\w+)\}`)

// fillRefs replaces {Name} in v's strings by the documentId kept as Name.
func fillRefs(v any, ids map[string]string) any {
	return mapStrings(v, func(x string) any {
		return scenarioRef.ReplaceAllStringFunc(x, func(m string) string { return ids[m[1:len(m)-1]] })
	})
}

// mapStrings is v, a decoded JSON value, with each string replaced by
// what fn makes of it.
func mapStrings(v any, fn func(string) any) any {
	switch x := v.(type) {
	case string:
		return fn(x)
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = mapStrings(e, fn)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = mapStrings(e, fn)
		}
		return out
	}
	return v
}

// versionSummary is record.js's summary: each entry's fields and version
// (pub: D, P, or P(given) for the date a body gave), its relations as
// summaries, without ids and timestamps; keys sorted (encoding/json sorts
// a map's).
func versionSummary(v any) any {
	switch x := v.(type) {
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = versionSummary(e)
		}
		return out
	case map[string]any:
		out := map[string]any{}
		for k, e := range x {
			switch k {
			case "createdAt", "updatedAt", "documentId", "id", "locale", "localizations":
			case "publishedAt":
				switch s, _ := e.(string); {
				case e == nil:
					out["pub"] = "D"
				case strings.HasPrefix(s, "2020-01-01"):
					out["pub"] = "P(given)"
				default:
					out["pub"] = "P"
				}
			default:
				out[k] = versionSummary(e)
			}
		}
		return out
	}
	return v
}

// runScenario runs scenario.json and returns its answers as record.js
// writes Strapi's, with the ids it kept.
func runScenario(t *testing.T, h *apptest.Harness, token string) (string, map[string]string) {
	t.Helper()
	dir := filepath.Join(apptest.Root(t), "testdata", "drafts-relations")
	raw, err := os.ReadFile(filepath.Join(dir, "scenario.json"))
	if err != nil {
		t.Fatal(err)
	}
	var steps []scenarioStep
	if err := json.Unmarshal(raw, &steps); err != nil {
		t.Fatal(err)
	}
	ids := map[string]string{}
	var out strings.Builder
	for _, s := range steps {
		var body any
		if s.Data != nil {
			body = map[string]any{"data": fillRefs(s.Data, ids)}
		}
		var headers []string
		if token != "" {
			headers = []string{"Authorization", "Bearer " + token}
		}
		resp := h.Do(s.Method, fillRefs(s.Path, ids).(string), body, headers...)
		var answer any
		var m map[string]any
		if len(resp.Body) > 0 {
			dec := json.NewDecoder(bytes.NewReader(resp.Body))
			dec.UseNumber()
			if err := dec.Decode(&m); err != nil {
				t.Fatalf("%s %s: %v: %s", s.Method, s.Path, err, resp.Body)
			}
			if resp.Status >= 400 {
				e, _ := m["error"].(map[string]any)
				answer = map[string]any{"error": e["name"]}
			} else {
				answer = versionSummary(m["data"])
			}
		}
		if s.As != "" {
			if resp.Status >= 300 {
				t.Fatalf("%s %s: %d %s", s.Method, s.Path, resp.Status, resp.Body)
			}
			ids[s.As] = m["data"].(map[string]any)["documentId"].(string)
			continue
		}
		js, _ := json.Marshal(answer)
		fmt.Fprintf(&out, "%s\n  -> %d %s\n", s.See, resp.Status, js)
	}
	return out.String(), ids
}

// TestRelationsPerVersionAsStrapi replays scenario.json — writes of
// drafts and publishes through every kind of relation, in each direction
// between draft & publish types and plain ones, reads of both versions,
// from both sides — and compares every answer with what Strapi 5.54
// answered to the same requests (strapi-answers.txt, recorded by
// record.js), but for the differences Kiln keeps on purpose, each listed
// with its reason in kiln-differences.txt.
func TestRelationsPerVersionAsStrapi(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(apptest.Root(t), "testdata", "drafts-relations")
	want := expectedAnswers(t, dir)
	eachVersions(t, func(t *testing.T, h *apptest.Harness) {
		got, _ := runScenario(t, h, "")
		answers := apptest.ParseAnswers(t, got)
		sameAnswers(t, answers, want)
	})
}

// sameAnswers reports each step whose answer is not the one wanted (in
// label order), and a count that differs.
func sameAnswers(t *testing.T, answers, want map[string]string) {
	t.Helper()
	var labels []string
	for l := range want {
		labels = append(labels, l)
	}
	sort.Strings(labels)
	for _, l := range labels {
		if answers[l] != want[l] {
			t.Errorf("%s\n  Kiln:   %s\n  wanted: %s", l, answers[l], want[l])
		}
	}
	if len(answers) != len(want) {
		t.Errorf("%d answers, %d recorded", len(answers), len(want))
	}
}

// expectedAnswers are the answers a scenario in dir must get from Kiln:
// what Strapi answered (strapi-answers.txt) but for the steps of
// kiln-differences.txt, each of which must be a step of the scenario and
// differ from Strapi's answer.
func expectedAnswers(t *testing.T, dir string) map[string]string {
	t.Helper()
	want := apptest.ReadAnswers(t, filepath.Join(dir, "strapi-answers.txt"))
	for label, a := range apptest.ReadAnswers(t, filepath.Join(dir, "kiln-differences.txt")) {
		if _, ok := want[label]; !ok {
			t.Fatalf("kiln-differences.txt: %q is no step of the scenario", label)
		}
		if want[label] == a {
			t.Errorf("kiln-differences.txt: %q is Strapi's own answer, no difference", label)
		}
		want[label] = a
	}
	return want
}

// TestDraftLinksStayUnpublished is the platform's case of the issue: a
// program connected to a blueprint by a draft write (PUT
// /api/blueprints/:id?status=draft) is not the blueprint's in any
// published read — the program's populate, the blueprint's, a filter —
// whoever reads, until the blueprint is published; the draft shows it at
// once. Every role that may read programs reads.
func TestDraftLinksStayUnpublished(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		doc := func(r *apptest.Response) string {
			t.Helper()
			if r.Status != 201 && r.Status != 200 {
				t.Fatalf("%d %s", r.Status, r.Body)
			}
			return r.JSON(t)["data"].(map[string]any)["documentId"].(string)
		}
		bp := doc(h.Do("POST", "/api/blueprints", map[string]any{"data": map[string]any{"title": "Onboarding"}}))
		prog := doc(h.Do("POST", "/api/programs", map[string]any{"data": map[string]any{"title": "Acme onboarding"}}))
		if r := h.Do("PUT", "/api/blueprints/"+bp+"?status=draft", map[string]any{"data": map[string]any{
			"programs": map[string]any{"connect": []any{prog}}}}); r.Status != 200 {
			t.Fatalf("draft connect: %d %s", r.Status, r.Body)
		}
		readers := map[string]string{"admin": ""}
		for _, role := range []string{"authenticated", "learner", "coach"} {
			readers[role] = "Bearer " + h.CreateUser("r"+role, role+"@kiln.test", role)
		}
		blueprintOf := func(token string) (int, string) {
			var headers []string
			if token != "" {
				headers = []string{"Authorization", token}
			}
			r := h.Do("GET", "/api/programs/"+prog+"?populate=blueprint", nil, headers...)
			if r.Status != 200 {
				return r.Status, ""
			}
			b, _ := r.JSON(t)["data"].(map[string]any)["blueprint"].(map[string]any)
			if b == nil {
				return 200, "null"
			}
			return 200, b["documentId"].(string)
		}
		read := 0
		for role, token := range readers {
			status, got := blueprintOf(token)
			if status == 404 || status == 403 { // the role's scope hides the program
				continue
			}
			read++
			if status != 200 || got != "null" {
				t.Errorf("%s reads the program's blueprint as %d %q before the blueprint is published, want null", role, status, got)
			}
		}
		if read < 2 {
			t.Fatalf("only %d roles read the program", read)
		}
		published := h.Do("GET", "/api/blueprints/"+bp+"?populate=programs", nil)
		draft := h.Do("GET", "/api/blueprints/"+bp+"?status=draft&populate=programs", nil)
		if n := len(published.JSON(t)["data"].(map[string]any)["programs"].([]any)); n != 0 {
			t.Errorf("the published blueprint lists %d programs, want 0", n)
		}
		if n := len(draft.JSON(t)["data"].(map[string]any)["programs"].([]any)); n != 1 {
			t.Errorf("the draft lists %d programs, want 1", n)
		}
		filtered := h.Do("GET", "/api/programs?filters[blueprint][title][$eq]=Onboarding", nil)
		if n := len(filtered.JSON(t)["data"].([]any)); n != 0 {
			t.Errorf("a published filter through the blueprint finds %d programs, want 0", n)
		}
		if r := h.Do("PUT", "/api/blueprints/"+bp, map[string]any{"data": map[string]any{}}); r.Status != 200 {
			t.Fatalf("publish: %d %s", r.Status, r.Body)
		}
		for role, token := range readers {
			if status, got := blueprintOf(token); status == 200 && got != bp {
				t.Errorf("%s reads the program's blueprint as %q once it is published, want %s", role, got, bp)
			}
		}
	})
}

// TestVersionsOfTwoTypesAtOnce reads as an editor who may read the drafts
// of articles but not those of series or shelves: a draft read of an
// article shows, through its draft's links, the published version of the
// series and shelves those links reach (the drafts are not theirs to
// read), and from there back the articles' drafts. The admin reads the
// drafts all the way. Populate, nested populate, counts, filters and sort
// take the same hops.
func TestVersionsOfTwoTypesAtOnce(t *testing.T) {
	eachVersions(t, func(t *testing.T, h *apptest.Harness) {
		doc := func(r *apptest.Response) string {
			t.Helper()
			if r.Status != 201 && r.Status != 200 {
				t.Fatalf("%d %s", r.Status, r.Body)
			}
			return r.JSON(t)["data"].(map[string]any)["documentId"].(string)
		}
		post := func(path string, data map[string]any) string {
			return doc(h.Do("POST", path, map[string]any{"data": data}))
		}
		s1 := post("/api/serieses", map[string]any{"name": "S1"})
		h1 := post("/api/shelves", map[string]any{"name": "H1"})
		a := post("/api/articles", map[string]any{"title": "A", "series": s1, "shelves": []any{h1}})
		post("/api/articles", map[string]any{"title": "B"})
		s2 := post("/api/serieses", map[string]any{"name": "S0"})
		post("/api/articles", map[string]any{"title": "C", "series": s2})
		doc(h.Do("PUT", "/api/serieses/"+s2+"?status=draft", map[string]any{"data": map[string]any{"name": "T"}}))
		// The drafts move on: the series and the shelf are renamed, the
		// article's draft is retitled.
		doc(h.Do("PUT", "/api/serieses/"+s1+"?status=draft", map[string]any{"data": map[string]any{"name": "S1 draft"}}))
		doc(h.Do("PUT", "/api/shelves/"+h1+"?status=draft", map[string]any{"data": map[string]any{"name": "H1 draft"}}))
		doc(h.Do("PUT", "/api/articles/"+a+"?status=draft", map[string]any{"data": map[string]any{"title": "A draft"}}))
		editor := "Bearer " + h.CreateUser("editor", "editor@kiln.test", "editor")

		cases := []struct{ path, admin, editor string }{
			{"/api/articles/" + a + "?status=draft&populate[series][fields][0]=name&fields[0]=title",
				`{"title":"A draft","series":{"name":"S1 draft"}}`, `{"title":"A draft","series":{"name":"S1"}}`},
			{"/api/articles/" + a + "?status=draft&populate[shelves][fields][0]=name&fields[0]=title",
				`{"title":"A draft","shelves":[{"name":"H1 draft"}]}`, `{"title":"A draft","shelves":[{"name":"H1"}]}`},
			{"/api/articles/" + a + "?status=draft&fields[0]=title&populate[series][fields][0]=name&populate[series][populate][articles][fields][0]=title",
				`{"title":"A draft","series":{"name":"S1 draft","articles":[{"title":"A draft"}]}}`,
				`{"title":"A draft","series":{"name":"S1","articles":[{"title":"A draft"}]}}`},
			{"/api/articles/" + a + "?status=draft&fields[0]=title&populate[shelves][fields][0]=name&populate[shelves][populate][articles][fields][0]=title",
				`{"title":"A draft","shelves":[{"name":"H1 draft","articles":[{"title":"A draft"}]}]}`,
				`{"title":"A draft","shelves":[{"name":"H1","articles":[{"title":"A draft"}]}]}`},
			{"/api/articles/" + a + "?status=draft&fields[0]=title&populate[series][count]=true&populate[shelves][count]=true",
				`{"title":"A draft","series":{"count":1},"shelves":{"count":1}}`, `{"title":"A draft","series":{"count":1},"shelves":{"count":1}}`},
			{"/api/articles?status=draft&fields[0]=title&filters[series][name][$eq]=S1", `[]`, `[{"title":"A draft"}]`},
			{"/api/articles?status=draft&fields[0]=title&filters[series][name][$eq]=S1+draft", `[{"title":"A draft"}]`, `[]`},
			{"/api/articles?status=draft&fields[0]=title&filters[shelves][name][$eq]=H1", `[]`, `[{"title":"A draft"}]`},
			{"/api/articles?status=draft&fields[0]=title&filters[series][$null]=true", `[{"title":"B"}]`, `[{"title":"B"}]`},
			// The drafts' names sort S1 draft before T, the published ones S0 before S1.
			{"/api/articles?status=draft&fields[0]=title&filters[series][$notNull]=true&sort=series.name",
				`[{"title":"A draft"},{"title":"C"}]`, `[{"title":"C"},{"title":"A draft"}]`},
		}
		for _, c := range cases {
			for _, who := range []struct{ name, token, want string }{{"admin", "", c.admin}, {"editor", editor, c.editor}} {
				var headers []string
				if who.token != "" {
					headers = []string{"Authorization", who.token}
				}
				r := h.Do("GET", c.path, nil, headers...)
				if r.Status != 200 {
					t.Errorf("%s %s: %d %s", who.name, c.path, r.Status, r.Body)
					continue
				}
				got, _ := json.Marshal(stripIDs(r.JSON(t)["data"]))
				if !jsonEqual(t, string(got), who.want) {
					t.Errorf("%s %s:\n got  %s\n want %s", who.name, c.path, got, who.want)
				}
			}
		}
	})
}

// stripIDs drops ids, documentIds and timestamps from an answer's data.
func stripIDs(v any) any {
	switch x := v.(type) {
	case []any:
		for i := range x {
			x[i] = stripIDs(x[i])
		}
	case map[string]any:
		for _, k := range []string{"id", "documentId", "createdAt", "updatedAt", "publishedAt"} {
			delete(x, k)
		}
		for k, e := range x {
			x[k] = stripIDs(e)
		}
	}
	return v
}

func jsonEqual(t *testing.T, a, b string) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal([]byte(a), &x); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(b), &y); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	xs, _ := json.Marshal(x)
	ys, _ := json.Marshal(y)
	return string(xs) == string(ys)
}
