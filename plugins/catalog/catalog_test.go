package catalog_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/plugins/catalog"
)

func post(t *testing.T, h *apptest.Harness, path string, data map[string]any) {
	t.Helper()
	if r := h.Do("POST", path, map[string]any{"data": data}); r.Status != 201 {
		t.Fatalf("POST %s: %d %s", path, r.Status, r.Body)
	}
}

// TestCategoryTree: the nested shape, siblings by name, in two queries.
func TestCategoryTree(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		post(t, h, "/api/categories", map[string]any{"name": "Leadership"})            // 1
		post(t, h, "/api/categories", map[string]any{"name": "Sales"})                 // 2
		post(t, h, "/api/categories", map[string]any{"name": "Teams", "parent": 1})    // 3
		post(t, h, "/api/categories", map[string]any{"name": "Self", "parent": 1})     // 4
		post(t, h, "/api/categories", map[string]any{"name": "Feedback", "parent": 3}) // 5
		c := h.CountQueries()
		r := h.Do("GET", "/api/categories/tree", nil, "Authorization", apptest.Anonymous)
		queries := c.N()
		if r.Status != 200 {
			t.Fatalf("%d %s", r.Status, r.Body)
		}
		var body struct {
			Data []struct {
				ID       int    `json:"id"`
				Name     string `json:"name"`
				Slug     string `json:"slug"`
				Children []struct {
					Name     string `json:"name"`
					Children []struct {
						Name string `json:"name"`
					} `json:"children"`
				} `json:"children"`
			} `json:"data"`
		}
		if err := json.Unmarshal(r.Body, &body); err != nil {
			t.Fatal(err)
		}
		got := []string{}
		for _, root := range body.Data {
			got = append(got, root.Name+"("+root.Slug+")")
			for _, ch := range root.Children {
				got = append(got, root.Name+">"+ch.Name)
				for _, g := range ch.Children {
					got = append(got, root.Name+">"+ch.Name+">"+g.Name)
				}
			}
		}
		want := []string{"Leadership(leadership)", "Leadership>Self", "Leadership>Teams", "Leadership>Teams>Feedback", "Sales(sales)"}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("tree %v\nwant %v", got, want)
		}
		// The public caller's request: auth looks nothing up; the tree is two queries.
		if queries != 2 {
			t.Errorf("%d queries, want 2", queries)
		}
	}, catalog.New())
}

const outline = `{"modules":[{"title":"Know yourself","sessions":[
 {"title":"Kick-off","kind":"workshop","durationMinutes":90},
 {"title":"1:1 coaching","kind":"coaching","durationMinutes":60}]},
 {"title":"Lead others","sessions":[{"title":"Feedback","kind":"workshop","durationMinutes":120}]}]}`

// TestInstantiate: the program, its modules and sessions match the
// outline; a broken outline, an unknown customer or a session that breaks
// a rule is a 400 that writes nothing.
func TestInstantiate(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		post(t, h, "/api/customers", map[string]any{"name": "Acme"})
		var ol, broken, badKind any
		json.Unmarshal([]byte(outline), &ol)
		json.Unmarshal([]byte(`{"modules":[{"sessions":[{"title":"x"}]}]}`), &broken)
		json.Unmarshal([]byte(strings.Replace(outline, `"coaching"`, `"lecture"`, 1)), &badKind)
		post(t, h, "/api/blueprints", map[string]any{"title": "Lead 101", "durationWeeks": 6, "outline": ol}) // rows 1 (draft), 2 (published)
		post(t, h, "/api/blueprints", map[string]any{"title": "Broken", "outline": broken})                   // 3, 4
		post(t, h, "/api/blueprints", map[string]any{"title": "Bad kind", "outline": badKind})                // 5, 6
		post(t, h, "/api/blueprints", map[string]any{"title": "Empty"})                                       // 7, 8

		r := h.Do("POST", "/api/blueprints/1/instantiate", map[string]any{"customer": 1, "startDate": "2026-09-07"})
		if r.Status != 201 {
			t.Fatalf("instantiate: %d %s", r.Status, r.Body)
		}
		var got struct {
			Data struct {
				Title, Status, StartDate, EndDate string
				Customer                          struct{ Name string }
				Modules                           []struct {
					Title    string
					Order    int
					Sessions []struct {
						Title, Kind     string
						DurationMinutes int
						Order           int
					}
				}
			}
		}
		json.Unmarshal(r.Body, &got)
		d := got.Data
		if d.Title != "Lead 101" || d.Status != "draft" || d.StartDate != "2026-09-07" || d.EndDate != "2026-10-19" || d.Customer.Name != "Acme" {
			t.Errorf("program: %+v", d)
		}
		var shape []string
		for _, m := range d.Modules {
			shape = append(shape, m.Title)
			for _, s := range m.Sessions {
				shape = append(shape, "  "+s.Title+"/"+s.Kind+"/"+itoa(s.DurationMinutes)+"/"+itoa(s.Order))
			}
		}
		want := []string{"Know yourself", "  Kick-off/workshop/90/0", "  1:1 coaching/coaching/60/1", "Lead others", "  Feedback/workshop/120/0"}
		if !reflect.DeepEqual(shape, want) {
			t.Errorf("outline made %v\nwant %v", shape, want)
		}
		failures := []struct {
			path string
			body map[string]any
			msg  string
		}{
			{"/api/blueprints/1/instantiate", map[string]any{"customer": 99}, `customer: no customer with id or documentId "99"`},
			{"/api/blueprints/4/instantiate", map[string]any{"customer": 1}, "outline modules[0] has no title"},
			{"/api/blueprints/6/instantiate", map[string]any{"customer": 1}, "outline modules[0].sessions[1]: kind must be one of the following values: coaching, workshop, selfPaced"},
			{"/api/blueprints/8/instantiate", map[string]any{"customer": 1}, "the blueprint has no outline"},
			{"/api/blueprints/1/instantiate", map[string]any{}, "customer must be defined."},
			{"/api/blueprints/1/instantiate", map[string]any{"customer": 1, "startDate": "soon"}, "startDate must be a date (YYYY-MM-DD)"},
		}
		for _, f := range failures {
			r := h.Do("POST", f.path, f.body)
			var e struct {
				Error struct{ Name, Message string }
			}
			json.Unmarshal(r.Body, &e)
			if r.Status != 400 || e.Error.Name != "ValidationError" || e.Error.Message != f.msg {
				t.Errorf("%s %v: %d %s", f.path, f.body, r.Status, r.Body)
			}
		}
		if r := h.Do("POST", "/api/blueprints/77/instantiate", map[string]any{"customer": 1}); r.Status != 404 {
			t.Errorf("unknown blueprint: %d", r.Status)
		}
		for path, total := range map[string]string{"/api/programs": `"total":1`, "/api/modules": `"total":2`, "/api/sessions": `"total":3`} {
			if b := string(h.Do("GET", path, nil).Body); !strings.Contains(b, total) {
				t.Errorf("%s after the failures: %s, want %s", path, b[strings.Index(b, `"meta"`):], total)
			}
		}
	}, catalog.New())
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// TestProgramDates: a program may not end before it starts, on create and
// on an update that moves only one of the dates.
func TestProgramDates(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		r := h.Do("POST", "/api/programs", map[string]any{"data": map[string]any{"title": "Backwards", "startDate": "2030-02-01", "endDate": "2030-01-31"}})
		if st, name, _, d := h.ErrorOf(r); st != 400 || name != "ValidationError" || fmt.Sprint(d["errors"].([]any)[0].(map[string]any)["path"]) != "[endDate]" {
			t.Fatalf("create ending before it starts: %d %s", r.Status, r.Body)
		}
		id := h.Create("/api/programs", map[string]any{"title": "One day", "startDate": "2030-02-01", "endDate": "2030-02-01"})
		path := fmt.Sprint("/api/programs/", id)
		if r := h.Do("PUT", path, map[string]any{"data": map[string]any{"startDate": "2030-02-02"}}); r.Status != 400 {
			t.Errorf("moving the start past the stored end: %d %s", r.Status, r.Body)
		}
		if r := h.Do("PUT", path, map[string]any{"data": map[string]any{"startDate": "2030-01-01", "endDate": nil}}); r.Status != 200 {
			t.Errorf("an open end: %d %s", r.Status, r.Body)
		}
	}, catalog.New())
}

// TestCategoryTreeKeepsToTheCallersView: with a scope on categories for
// the public, the tree neither shows nor counts a category the public may
// not see: it is the tree the admin gets once that category is deleted (a
// child of it becomes a root).
func TestCategoryTreeKeepsToTheCallersView(t *testing.T) {
	t.Parallel()
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			cfg := apptest.Config(t, d)
			shipped, err := os.ReadFile(filepath.Join(cfg.Paths.Config, "permissions.yaml"))
			if err != nil {
				t.Fatal(err)
			}
			const feed = "      - scheduling.feed\n"
			if strings.Count(string(shipped), feed) != 1 {
				t.Fatal("the public role's last action moved: update this test")
			}
			scoped := strings.Replace(string(shipped), feed, feed+"    scopes:\n      category: {name: {$ne: Hidden}}\n", 1)
			cfg.Paths.Config = t.TempDir()
			if err := os.WriteFile(filepath.Join(cfg.Paths.Config, "permissions.yaml"), []byte(scoped), 0o600); err != nil {
				t.Fatal(err)
			}
			h := apptest.NewWith(t, cfg, catalog.New())
			post(t, h, "/api/categories", map[string]any{"name": "Leadership"})            // 1
			post(t, h, "/api/categories", map[string]any{"name": "Hidden", "parent": 1})   // 2
			post(t, h, "/api/categories", map[string]any{"name": "Teams", "parent": 2})    // 3
			post(t, h, "/api/categories", map[string]any{"name": "Feedback", "parent": 3}) // 4
			public := h.Do("GET", "/api/categories/tree", nil, "Authorization", apptest.Anonymous)
			if public.Status != 200 || strings.Contains(string(public.Body), "Hidden") {
				t.Fatalf("the public's tree: %d %s", public.Status, public.Body)
			}
			if r := h.Do("DELETE", "/api/categories/2", nil); r.Status != 204 {
				t.Fatalf("deleting: %d %s", r.Status, r.Body)
			}
			admin := h.Do("GET", "/api/categories/tree", nil)
			if string(public.Body) != string(admin.Body) {
				t.Errorf("the public's tree\n%s\nis not the tree without the hidden category\n%s", public.Body, admin.Body)
			}
		})
	}
}
