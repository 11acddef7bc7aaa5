package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/internal/apptest"
)

// TestFloorAnswersAsKiln runs the floor's list, findOne and relation
// filter on a real database next to Kiln's own answers, on both
// databases: the same entries, in the same order, the same totals, and
// the same number of statements as Kiln sends for the read (the caller's
// user read aside).
func TestFloorAnswersAsKiln(t *testing.T) {
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		acme := h.Create("/api/customers", map[string]any{"name": "Acme"})
		other := h.Create("/api/customers", map[string]any{"name": "Other"})
		bp := h.Do("POST", "/api/blueprints", map[string]any{"data": map[string]any{"title": "Plan"}}).JSON(t)["data"].(map[string]any)["documentId"]
		for i := 0; i < 40; i++ {
			status, cust := "published", acme
			if i%4 == 3 {
				status, cust = "draft", other
			}
			p := h.Create("/api/programs", map[string]any{"title": fmt.Sprintf("P%02d", i), "status": status, "customer": cust, "blueprint": bp})
			m := h.Create("/api/modules", map[string]any{"title": "M", "program": p})
			h.Create("/api/sessions", map[string]any{"title": "S", "module": m, "program": p})
		}
		fl := &floor{db: h.App.DB}
		app := fl.app()
		get := func(path string) map[string]any {
			t.Helper()
			resp, err := app.Test(httptest.NewRequest("GET", path, nil), -1)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != 200 {
				t.Fatalf("floor %s: %d %s", path, resp.StatusCode, b)
			}
			var out map[string]any
			d := json.NewDecoder(bytes.NewReader(b))
			d.UseNumber()
			if err := d.Decode(&out); err != nil {
				t.Fatal(err)
			}
			return out
		}
		summary := func(m map[string]any) string {
			ids := []string{}
			switch d := m["data"].(type) {
			case []any:
				for _, e := range d {
					ids = append(ids, fmt.Sprint(e.(map[string]any)["id"]))
				}
			case map[string]any:
				ids = append(ids, fmt.Sprint(d["id"]))
			}
			total := ""
			if meta, ok := m["meta"].(map[string]any); ok {
				if p, ok := meta["pagination"].(map[string]any); ok {
					total = fmt.Sprint(p["total"])
				}
			}
			return fmt.Sprintf("%v total %s", ids, total)
		}
		doc := h.Do("GET", "/api/programs?pagination[pageSize]=1", nil).JSON(t)["data"].([]any)[0].(map[string]any)["documentId"].(string)
		for _, c := range []struct {
			kiln, floor string
			statements  int64
		}{
			{"/api/programs?filters[status][$eq]=published&pagination[pageSize]=25", "/s1", 1},
			{"/api/programs?filters[status][$eq]=published&pagination[pageSize]=25&populate[modules][populate][sessions]=*&populate=customer", "/s2", 4},
			{"/api/programs/" + doc + "?populate=*", "/s3/" + doc, 8},
			{"/api/sessions?filters[program][customer][name][$eq]=Other", "/s4?name=" + url.QueryEscape("Other"), 1},
			{"/api/sessions?filters[program][customer][name][$eq]=Nobody", "/s4?name=Nobody", 1},
		} {
			want := summary(h.Do("GET", c.kiln, nil).JSON(t))
			cnt := h.CountQueries()
			got := summary(get(c.floor))
			if n := cnt.N(); n != c.statements {
				t.Errorf("floor %s: %d statements, want %d", c.floor, n, c.statements)
			}
			if got != want {
				t.Errorf("floor %s: %s, Kiln %s", c.floor, got, want)
			}
		}
	})
}

// TestCeilingRunsKilnsStatements records the statements Kiln sends for
// the list, the list without its count and the relation filter, on both
// databases, and runs them as the database's ceiling: the recorded
// statements are Kiln's (as many as it counts for the request, the
// values as parameters), and the ceiling answers every one of them.
func TestCeilingRunsKilnsStatements(t *testing.T) {
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		acme := h.Create("/api/customers", map[string]any{"name": "Acme"})
		for i := 0; i < 5; i++ {
			p := h.Create("/api/programs", map[string]any{"title": fmt.Sprintf("P%d", i), "status": "published", "customer": acme})
			h.Create("/api/sessions", map[string]any{"title": "S", "program": p})
		}
		paths := []string{
			"/api/programs?filters[status][$eq]=published&pagination[pageSize]=25",
			"/api/programs?filters[status][$eq]=published&pagination[pageSize]=25&pagination[withCount]=false",
			"/api/sessions?filters[program][customer][name][$eq]=Acme",
		}
		var counts []int64
		for _, p := range paths {
			cnt := h.CountQueries()
			if r := h.Do("GET", p, nil); r.Status != 200 {
				t.Fatalf("%s: %d", p, r.Status)
			}
			counts = append(counts, cnt.N())
		}
		got, _, err := recordOn(h.App, h.AdminToken, getAll(paths...))
		if err != nil {
			t.Fatal(err)
		}
		for i, stmts := range got {
			if int64(len(stmts)) != counts[i] {
				t.Errorf("%s: %d statements recorded, Kiln counts %d", paths[i], len(stmts), counts[i])
			}
			for _, s := range stmts {
				if len(s.args) == 0 || strings.Contains(s.text, "'published'") || strings.Contains(s.text, "'Acme'") {
					t.Errorf("%s: a value in the text, not a parameter: %s %v", paths[i], s.text, s.args)
				}
			}
			r, err := ceiling(h.App.DB, stmts, 2, 200*time.Millisecond)
			if err != nil {
				t.Fatalf("%s: %v", paths[i], err)
			}
			if r.requests == 0 || r.errs != 0 {
				t.Errorf("%s: the ceiling answered %d, %d errors", paths[i], r.requests, r.errs)
			}
		}
		if _, err := ceiling(h.App.DB, []statement{{text: "DELETE FROM programs"}}, 1, time.Millisecond); err == nil {
			t.Error("the ceiling ran a write")
		}
	})
}
