package transfer

import (
	"encoding/json"
	"io"
	"maps"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/transfer/archive"
)

// recordedSchemas are the schemas/ lines of the archive Strapi 5.54
// exported from testdata/graphql's project (testdata/transfer/strapi5), by
// uid.
func recordedSchemas(t *testing.T) map[string]any {
	t.Helper()
	a, err := archive.Open(filepath.Join("..", "..", "testdata", "transfer", "strapi5", "export.tar.gz"), "", archive.DefaultLimits())
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]any{}
	err = a.Walk("schemas", func(name string, size int64, r io.Reader) error {
		return archive.ReadLines(r, 0, func(line []byte) error {
			var v map[string]any
			if err := json.Unmarshal(line, &v); err != nil {
				return err
			}
			out[v["uid"].(string)] = v
			return nil
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func graphqlProject(t *testing.T) *schema.Schema {
	t.Helper()
	s, err := schema.LoadDir(filepath.Join("..", "..", "testdata", "graphql", "src"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSchemasAsStrapiExportsThem: every project type and component of
// testdata/graphql, rendered as an archive's schemas/ line, is the line
// Strapi 5.54 exported for it, key for key (the strict comparison finds
// nothing, and neither does the exact one, but for the attributes' private,
// required and configurable).
func TestSchemasAsStrapiExportsThem(t *testing.T) {
	recorded, s := recordedSchemas(t), graphqlProject(t)
	if diffs := CompareSchemas(recorded, s); len(diffs) != 0 {
		for _, d := range diffs {
			t.Error(d)
		}
	}
	n := 0
	for _, ct := range append(append([]*schema.ContentType{}, s.Types...), s.Components...) {
		if compared(uidOf(ct), s) {
			n++
		}
	}
	if n < 30 {
		t.Errorf("compared %d types and components; the project has more", n)
	}
}

// TestCompareFindsEachChange changes the recorded archive one attribute at
// a time, for every attribute of every compared type: a field the archive
// lacks is Added, one only the archive has is Deleted, a changed type is
// Modified at attributes.<name>.type, and required, private or
// configurable changed is let through, as Strapi's strict strategy does.
func TestCompareFindsEachChange(t *testing.T) {
	s := graphqlProject(t)
	recorded := recordedSchemas(t)
	project := projectSchemas(s)
	cases := 0
	for uid, line := range recorded {
		if !compared(uid, s) {
			continue
		}
		attrs := line.(map[string]any)["attributes"].(map[string]any)
		for name, def := range attrs {
			def := def.(map[string]any)
			check := func(what string, change func(attrs map[string]any), want string) {
				t.Helper()
				cases++
				archiveCopy := maps.Clone(recorded)
				archiveCopy[uid] = cloneJSON(t, recorded[uid])
				change(archiveCopy[uid].(map[string]any)["attributes"].(map[string]any))
				var got []string
				for _, d := range compareWith(archiveCopy, project, s) {
					got = append(got, string(d.Kind)+" "+d.UID+" "+strings.Join(d.Path, "."))
				}
				if strings.Join(got, "; ") != want {
					t.Errorf("%s %s.%s: got %q, want %q", what, uid, name, got, want)
				}
			}
			check("dropped", func(a map[string]any) { delete(a, name) }, "added "+uid+" attributes."+name)
			check("renamed", func(a map[string]any) { a[name+"Old"] = a[name]; delete(a, name) },
				"added "+uid+" attributes."+name+"; deleted "+uid+" attributes."+name+"Old")
			check("retyped", func(a map[string]any) { a[name].(map[string]any)["type"] = "json" },
				map[bool]string{true: "", false: "modified " + uid + " attributes." + name + ".type"}[def["type"] == "json"])
			for _, k := range []string{"required", "private", "configurable"} {
				check(k, func(a map[string]any) { a[name].(map[string]any)[k] = "changed" }, "")
			}
		}
	}
	if cases < 500 {
		t.Errorf("%d cases; the project's attributes give more", cases)
	}
}

func cloneJSON(t *testing.T, v any) map[string]any {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}
