package rest_test

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/internal/apptest"
)

// recordedCTB is what a live Strapi 5.54 answered to GET
// /api/content-type-builder/content-types and /components
// (testdata/ctb/*.json): the project's own types, the users-permissions
// user, and the components.
type recordedCTB struct {
	ContentTypes []map[string]any `json:"contentTypes"`
	Components   []map[string]any `json:"components"`
	// Relations is what each side of a relation holds (schema-keys.json).
	Relations map[string]any `json:"relations"`
}

func readRecorded(t *testing.T, name string) recordedCTB {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "ctb", name))
	if err != nil {
		t.Fatal(err)
	}
	var r recordedCTB
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatal(err)
	}
	return r
}

// TestContentTypeBuilderAsStrapi: every type and component of a project
// is answered as Strapi 5 answers it, field kind by field kind — scalars
// with their options, relations with their target's uid and
// targetAttribute, media, components, dynamic zones, pluginOptions — on
// the platform (Kiln's YAML) and on a project of components, zones and
// media (Strapi's layout), compared with what a live Strapi answered for
// the same schemas. The list, each type by uid and each component by uid
// agree.
func TestContentTypeBuilderAsStrapi(t *testing.T) {
	t.Parallel()
	structured := t.TempDir()
	for _, project := range []string{"components", "media"} {
		copyTree(t, filepath.Join(apptest.Root(t), "testdata", project, "src"), structured)
	}
	for _, c := range []struct {
		name, file string
		cfg        func(t *testing.T) config.Config
	}{
		{"platform", "platform.json", func(t *testing.T) config.Config { return apptest.Config(t, apptest.SQLite) }},
		{"components and media", "structured.json", func(t *testing.T) config.Config {
			cfg := apptest.ProjectConfig(t, apptest.SQLite, "components", "src")
			cfg.Paths.ContentTypes = structured
			return cfg
		}},
		// Keys Strapi ignores, echoed; relations whose sides disagree,
		// listed as written (testdata/schema-keys/record.js).
		{"keys Strapi ignores", "schema-keys.json", func(t *testing.T) config.Config {
			return apptest.ProjectConfig(t, apptest.SQLite, "schema-keys", "src")
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			want := readRecorded(t, c.file)
			h := apptest.NewWith(t, c.cfg(t))

			r := h.Do("GET", "/api/content-type-builder/content-types", nil)
			if r.Status != 200 {
				t.Fatalf("list: %d %s", r.Status, r.Body)
			}
			var list struct{ Data []map[string]any }
			json.Unmarshal(r.Body, &list)
			got := map[string]map[string]any{}
			for _, ct := range list.Data {
				got[ct["uid"].(string)] = ct
			}
			apiTypes := 0
			for _, w := range want.ContentTypes {
				uid := w["uid"].(string)
				if !strings.HasPrefix(uid, "api::") {
					continue
				}
				apiTypes++
				if !reflect.DeepEqual(got[uid], w) {
					g, _ := json.Marshal(got[uid])
					s, _ := json.Marshal(w)
					t.Errorf("%s:\n kiln   %s\n strapi %s", uid, g, s)
				}
				one := h.Do("GET", "/api/content-type-builder/content-types/"+uid, nil)
				var o struct{ Data map[string]any }
				json.Unmarshal(one.Body, &o)
				if one.Status != 200 || !reflect.DeepEqual(o.Data, w) {
					t.Errorf("%s by uid: %d %s", uid, one.Status, one.Body)
				}
			}
			// The project's types, and the built-in user, role and file.
			if len(list.Data) != apiTypes+3 {
				t.Errorf("%d types listed, want %d of the project's and 3 built-in", len(list.Data), apiTypes)
			}
			user := got["plugin::users-permissions.user"]
			if user == nil || user["plugin"] != "users-permissions" || user["apiID"] != "user" {
				t.Errorf("the user: %v", user)
			} else if sch := user["schema"].(map[string]any); sch["visible"] != true || sch["collectionName"] == "" {
				t.Errorf("the user's schema: %v", sch)
			}

			r = h.Do("GET", "/api/content-type-builder/components", nil)
			var comps struct{ Data []map[string]any }
			json.Unmarshal(r.Body, &comps)
			if r.Status != 200 || len(comps.Data) != len(want.Components) {
				t.Fatalf("components: %d, %d of them, want %d", r.Status, len(comps.Data), len(want.Components))
			}
			gotComp := map[string]map[string]any{}
			for _, c := range comps.Data {
				gotComp[c["uid"].(string)] = c
			}
			for _, w := range want.Components {
				uid := w["uid"].(string)
				if !reflect.DeepEqual(gotComp[uid], w) {
					g, _ := json.Marshal(gotComp[uid])
					s, _ := json.Marshal(w)
					t.Errorf("component %s:\n kiln   %s\n strapi %s", uid, g, s)
				}
				one := h.Do("GET", "/api/content-type-builder/components/"+uid, nil)
				if !strings.HasPrefix(string(one.Body), `{"data":{"uid":"`+uid+`"`) {
					t.Errorf("component %s by uid: %d %s", uid, one.Status, one.Body)
				}
			}
		})
	}
}

// TestContentTypeBuilderRefusals: what Strapi 5 answers when the kind or
// the uid is wrong (recorded from the live Strapi: bodies of their own,
// not the usual envelope), a type kept out of the builder, and a caller
// without the permission.
func TestContentTypeBuilderRefusals(t *testing.T) {
	t.Parallel()
	h := apptest.New(t, apptest.SQLite)
	for _, c := range []struct {
		path   string
		status int
		body   string
	}{
		{"/content-types?kind=bogus", 400, `{"error":{"name":"ValidationError","message":"this must be one of the following values: singleType, collectionType","details":{"errors":[{"path":[],"message":"this must be one of the following values: singleType, collectionType","name":"ValidationError","value":"bogus"}]}}}`},
		{"/content-types?kind=singleType", 200, `{"data":[]}`},
		{"/content-types/api::nope.nope", 404, `{"error":"contentType.notFound"}`},
		{"/content-types/plugin::upload.file", 404, `{"error":"contentType.notFound"}`},
		{"/content-types/plugin::users-permissions.role", 404, `{"error":"contentType.notFound"}`},
		{"/components/shared.nope", 404, `{"error":"component.notFound"}`},
		{"/components/bad", 404, `{"error":"component.notFound"}`},
	} {
		r := h.Do("GET", "/api/content-type-builder"+c.path, nil)
		if r.Status != c.status || string(r.Body) != c.body {
			t.Errorf("%s: %d %s\nwant %d %s", c.path, r.Status, r.Body, c.status, c.body)
		}
	}
	r := h.Do("GET", "/api/content-type-builder/content-types?kind=collectionType", nil)
	if r.Status != 200 || strings.Contains(string(r.Body), `"kind":"singleType"`) || !strings.Contains(string(r.Body), `"uid":"api::program.program"`) {
		t.Errorf("collection types: %d", r.Status)
	}
	// The schema is not public: a role without the action is refused as
	// on any route.
	if status, name, _, _ := h.ErrorOf(h.Do("GET", "/api/content-type-builder/components", nil, apptest.As("")...)); status != 401 || name != "UnauthorizedError" {
		t.Errorf("no token: %d %s", status, name)
	}
	learner := h.CreateUser("learner", "learner@ctb.test", "learner")
	if status, name, _, _ := h.ErrorOf(h.Do("GET", "/api/content-type-builder/content-types", nil, apptest.As(learner)...)); status != 403 || name != "ForbiddenError" {
		t.Errorf("learner: %d %s", status, name)
	}
}

// copyTree copies the files under src into dst, keeping their paths.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		os.MkdirAll(filepath.Dir(filepath.Join(dst, rel)), 0o755)
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}
