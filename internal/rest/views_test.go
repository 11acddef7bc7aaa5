package rest_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/views"
)

type viewJSON struct {
	MainField string   `json:"mainField"`
	Columns   []string `json:"columns"`
	PageSize  int      `json:"pageSize"`
	Sort      string   `json:"sort"`
}

// TestViewDefaultsAreStrapis: with no config/views.yaml, every type of
// the platform and of a Strapi project's src/ is named by its first string
// field, or id (Strapi's default main field), listed by its first five
// scalar fields a caller may read, 25 a page, in the server's order; the
// reference is worked out from the schema as the content-type-builder
// routes describe it.
func TestViewDefaultsAreStrapis(t *testing.T) {
	t.Parallel()
	scalar := []string{"string", "text", "email", "uid", "integer", "biginteger", "decimal", "float", "boolean",
		"date", "time", "datetime", "enumeration"}
	for name, cfg := range map[string]config.Config{
		"platform":   apptest.Config(t, database.SQLite),
		"strapi-src": apptest.ProjectConfig(t, database.SQLite, "components", "src"),
	} {
		h := apptest.NewWith(t, cfg)
		r := h.Do("GET", "/api/content-manager/views", nil)
		var got struct {
			Data map[string]viewJSON `json:"data"`
			Meta struct {
				Editable bool   `json:"editable"`
				File     string `json:"file"`
			} `json:"meta"`
		}
		if err := json.Unmarshal(r.Body, &got); r.Status != 200 || err != nil {
			t.Fatalf("%s: %d %s", name, r.Status, r.Body)
		}
		if got.Meta.Editable || got.Meta.File != "config/views.yaml" {
			t.Errorf("%s: meta %+v", name, got.Meta)
		}
		var ctb struct {
			Data []struct {
				UID    string `json:"uid"`
				Schema struct {
					Attributes json.RawMessage `json:"attributes"`
				} `json:"schema"`
			} `json:"data"`
		}
		json.Unmarshal(h.Do("GET", "/api/content-type-builder/content-types", nil).Body, &ctb)
		if len(ctb.Data) == 0 || len(got.Data) < len(ctb.Data) {
			t.Fatalf("%s: %d views for %d types", name, len(got.Data), len(ctb.Data))
		}
		for _, ct := range ctb.Data {
			want := viewJSON{MainField: "id", Columns: []string{}, PageSize: 25}
			for _, attr := range orderedAttributes(t, ct.Schema.Attributes) {
				if attr.Private {
					continue
				}
				if attr.Type == "string" && want.MainField == "id" {
					want.MainField = attr.Name
				}
				if slices.Contains(scalar, attr.Type) && len(want.Columns) < 5 {
					want.Columns = append(want.Columns, attr.Name)
				}
			}
			if v := got.Data[ct.UID]; !reflect.DeepEqual(v, want) {
				t.Errorf("%s %s: %+v, want %+v", name, ct.UID, v, want)
			}
		}
	}
}

type namedAttribute struct {
	Name, Type string
	Private    bool
}

// orderedAttributes are a type's attributes in their order, as the
// content-type-builder route's JSON writes them.
func orderedAttributes(t *testing.T, attributes json.RawMessage) []namedAttribute {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(attributes))
	var out []namedAttribute
	dec.Token() // {
	for dec.More() {
		key, _ := dec.Token()
		var a struct {
			Type    string `json:"type"`
			Private bool   `json:"private"`
		}
		if err := dec.Decode(&a); err != nil {
			t.Fatal(err)
		}
		out = append(out, namedAttribute{Name: key.(string), Type: a.Type, Private: a.Private})
	}
	return out
}

// TestViewWrittenToTheProject: PUT /api/content-manager/views/:uid writes
// config/views.yaml only where config/admin.yaml allows it (development),
// checks what it writes, refuses what it cannot, and the next start reads
// the file back.
func TestViewWrittenToTheProject(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, f := range []string{"permissions.yaml", "plugins.yaml"} {
		b, err := os.ReadFile(filepath.Join(apptest.Root(t), "config", f))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, f), b, 0o644)
	}
	file := filepath.Join(dir, "views.yaml")
	cfg := apptest.Config(t, database.SQLite)
	cfg.Paths.Config = dir
	view := map[string]any{"data": map[string]any{"mainField": "name", "columns": []string{"email", "name"}, "pageSize": 50, "sort": "name:desc"}}

	// Production: refused, nothing written.
	h := apptest.NewWith(t, cfg)
	r := h.Do("PUT", "/api/content-manager/views/api::learner.learner", view)
	if status, name, msg, _ := h.ErrorOf(r); status != 403 || name != "ForbiddenError" ||
		msg != "this server does not write config/views.yaml: change it in the project, or serve with development: true in config/admin.yaml (KILN_ADMIN_DEVELOPMENT=true) on a development machine" {
		t.Errorf("production: %d %s %q", status, name, msg)
	}
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Errorf("production wrote %s: %v", file, err)
	}

	cfg.Admin.Development = true
	h = apptest.NewWith(t, cfg)
	refused := map[string]struct {
		body   any
		status int
		name   string
		msg    string
	}{
		"no data":         {map[string]any{}, 400, "ValidationError", `Missing "data" payload in the request body`},
		"data not object": {map[string]any{"data": []int{1}}, 400, "ValidationError", "data must be an object of mainField, columns, pageSize and sort"},
		"unknown key":     {map[string]any{"data": map[string]any{"label": "x"}}, 400, "ValidationError", "data.label is not a key of a view: mainField, columns, pageSize, sort"},
		"pageSize kind":   {map[string]any{"data": map[string]any{"pageSize": "ten"}}, 400, "ValidationError", "data.pageSize must be a whole number"},
		"columns kind":    {map[string]any{"data": map[string]any{"columns": "name"}}, 400, "ValidationError", "data.columns must be a list of fields' names"},
		"relation main":   {map[string]any{"data": map[string]any{"mainField": "coach"}}, 400, "ValidationError", `learner: mainField "coach" is not a text, number, date or enumeration field of it, nor id or documentId`},
		"unknown column":  {map[string]any{"data": map[string]any{"columns": []string{"name", "shoeSize"}}}, 400, "ValidationError", `learner: column "shoeSize" is not a scalar field of it that a list shows`},
		"column twice":    {map[string]any{"data": map[string]any{"columns": []string{"name", "name"}}}, 400, "ValidationError", `learner: column "name" is listed twice`},
		"page too big":    {map[string]any{"data": map[string]any{"pageSize": 101}}, 400, "ValidationError", "learner: pageSize 101 is not between 1 and 100"},
		"sort order":      {map[string]any{"data": map[string]any{"sort": "name:up"}}, 400, "ValidationError", `learner: sort "name:up" is not "<field>:asc" or "<field>:desc" of a column's field, id, createdAt or updatedAt`},
		"not json":        {"{", 400, "ValidationError", "Invalid JSON body: the body ends too soon"},
	}
	for what, c := range refused {
		r := h.Do("PUT", "/api/content-manager/views/api::learner.learner", c.body)
		status, name, msg, _ := h.ErrorOf(r)
		if status != c.status || name != c.name || msg != c.msg {
			t.Errorf("%s: %d %s %q", what, status, name, msg)
		}
	}
	if r := h.Do("PUT", "/api/content-manager/views/api::nothing.nothing", view); r.Status != 404 {
		t.Errorf("unknown type: %d %s", r.Status, r.Body)
	}
	coach := h.CreateUser("viewcoach", "viewcoach@test.kiln", "coach")
	if status, name, _, _ := h.ErrorOf(h.Do("PUT", "/api/content-manager/views/api::learner.learner", view, apptest.As(coach)...)); status != 403 || name != "ForbiddenError" {
		t.Errorf("a coach configuring a view: %d %s", status, name)
	}
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Fatalf("a refused view was written: %v", err)
	}

	r = h.Do("PUT", "/api/content-manager/views/api%3A%3Alearner.learner", view) // as the panel escapes it
	if want := `{"data":{"mainField":"name","columns":["email","name"],"pageSize":50,"sort":"name:desc"},"meta":{}}`; r.Status != 200 || string(r.Body) != want {
		t.Fatalf("PUT: %d %s\nwant %s", r.Status, r.Body, want)
	}
	h.Do("PUT", "/api/content-manager/views/api::coach.coach", map[string]any{"data": map[string]any{"mainField": "email"}})
	b, _ := os.ReadFile(file)
	want := "# How the admin panel shows each type (Strapi's \"Configure the view\"):\n" +
		"# an entry's main field, the list's columns, page size and sort.\n" +
		"# Written by the panel when config/admin.yaml sets development: true;\n" +
		"# docs/admin.md, \"Configure the view\".\n" +
		"coach:\n    mainField: email\n" +
		"learner:\n    mainField: name\n    columns: [email, name]\n    pageSize: 50\n    sort: name:desc\n"
	if string(b) != want {
		t.Errorf("views.yaml:\n%s\nwant\n%s", b, want)
	}
	// A new start reads the file: the views are what was written.
	cfg.Admin.Development = false
	again := apptest.NewWith(t, cfg)
	var all struct {
		Data map[string]viewJSON `json:"data"`
	}
	json.Unmarshal(again.Do("GET", "/api/content-manager/views", nil).Body, &all)
	if got := all.Data["api::learner.learner"]; !reflect.DeepEqual(got, viewJSON{"name", []string{"email", "name"}, 50, "name:desc"}) {
		t.Errorf("learner after a restart: %+v", got)
	}
	if got := all.Data["api::coach.coach"]; got.MainField != "email" || got.PageSize != 25 {
		t.Errorf("coach after a restart: %+v", got)
	}
}

// FuzzViewBody throws arbitrary bodies and uids at PUT
// /api/content-manager/views/:uid on a server that writes the file:
// whatever arrives, the answer is the view or a 4xx error envelope, and
// the file then written is one the next start reads.
func FuzzViewBody(f *testing.F) {
	for _, s := range [][2]string{
		{"api::learner.learner", `{"data":{"mainField":"name","columns":["email"],"pageSize":10,"sort":"name:asc"}}`},
		{"api::learner.learner", `{"data":{"pageSize":1e309}}`},
		{"api%3A%3Acoach.coach", `{"data":{"columns":[null,"name"],"sort":":asc"}}`},
		{"learner", `{"data":{"mainField":"\u0000","sort":"name:asc:desc"}}`},
		{"plugin::users-permissions.user", `{"data":{"mainField":"password"}}`},
		{"api::learner.learner", `{"data":{"columns":{"a":1}},"extra":[]}`},
	} {
		f.Add(s[0], s[1])
	}
	cfg := apptest.Config(f, database.SQLite)
	dir := f.TempDir()
	for _, name := range []string{"permissions.yaml", "plugins.yaml"} {
		b, _ := os.ReadFile(filepath.Join(apptest.Root(f), "config", name))
		os.WriteFile(filepath.Join(dir, name), b, 0o644)
	}
	cfg.Paths.Config = dir
	cfg.Admin.Development = true
	h := apptest.NewWith(f, cfg)
	f.Fuzz(func(t *testing.T, uid, body string) {
		if len(uid) > 200 {
			t.Skip("a request line past the server's buffer is the transport's 4xx, tested with the server's limits")
		}
		h.T = t
		r := h.Do("PUT", "/api/content-manager/views/"+url.PathEscape(apptest.RequestLineSafe(uid)), []byte(body))
		apptest.CheckEnvelope(t, fmt.Sprintf("PUT %q %q", uid, body), r)
		if r.Status == 200 {
			if _, err := views.Open(filepath.Join(dir, "views.yaml"), h.App.Schema, false); err != nil {
				t.Errorf("PUT %q %q wrote a file the next start refuses: %v", uid, body, err)
			}
		}
	})
}
