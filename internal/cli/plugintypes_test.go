package cli

import (
	"bytes"
	"strings"
	"testing"
)

// TestRoutesOfPluginTypes: `kiln routes` lists the api type's generated
// routes of testdata/plugin-types and none of its plugins' types (badge,
// tag, meta-tag), which Strapi serves only through the routes their
// plugins declare; `kiln validate` counts them among the types.
func TestRoutesOfPluginTypes(t *testing.T) {
	t.Setenv("KILN_CONTENT_TYPES_DIR", "../../testdata/plugin-types/src")
	t.Setenv("KILN_CONFIG_DIR", "../../testdata/plugin-types/config")
	t.Setenv("KILN_DATA_DIR", t.TempDir())
	t.Setenv("KILN_DATABASE_URL", "")
	var out, errb bytes.Buffer
	if code := run([]string{"routes"}, &out, &errb); code != 0 {
		t.Fatalf("%d %s", code, errb.String())
	}
	var generated []string
	for _, line := range strings.Split(out.String(), "\n") {
		if f := strings.Fields(line); len(f) == 5 && f[4] == "generated" {
			generated = append(generated, f[0]+" "+f[1])
		}
	}
	if got, want := strings.Join(generated, ", "), "GET /api/recipes, POST /api/recipes, GET /api/recipes/:id, PUT /api/recipes/:id, DELETE /api/recipes/:id"; got != want {
		t.Errorf("generated routes: %s\nwant %s", got, want)
	}
	out.Reset()
	if code := run([]string{"validate"}, &out, &errb); code != 0 || !strings.Contains(out.String()+errb.String(), "4 content types") {
		t.Errorf("validate: %d %s %s", code, out.String(), errb.String())
	}
}
