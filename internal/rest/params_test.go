package rest_test

import (
	"reflect"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// sameData reports whether two answers hold the same data (meta aside).
func sameData(t *testing.T, a, b *apptest.Response) bool {
	t.Helper()
	return reflect.DeepEqual(a.JSON(t)["data"], b.JSON(t)["data"])
}

// TestStrictParams: by default a top-level key the route does not take is
// ignored and a status other than published reads the drafts, as
// Strapi 5.54 answers without api.rest.strictParams; api.yaml
// strictParams refuses both, with the keys the route takes. Both
// databases, through the config.
func TestStrictParams(t *testing.T) {
	t.Parallel()
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			t.Parallel()
			lenient := apptest.New(t, d)
			cfg := apptest.Config(t, d)
			cfg.API.StrictParams = true
			strict := apptest.NewWith(t, cfg)
			for _, h := range []*apptest.Harness{lenient, strict} {
				fixture(t, h)
			}
			for _, path := range []string{"/api/programs?filter[title]=x", "/api/programs?publicationState=preview",
				"/api/programs?populateDynamicZone=all", "/api/blueprints?status=nope", "/api/blueprints?status=published&status=published"} {
				base := "/api/programs"
				if path[5:15] == "blueprints" {
					base = "/api/blueprints?status=draft" // what Strapi reads a status but "published" as
				}
				if r := lenient.Do("GET", path, nil); r.Status != 200 || !sameData(t, r, lenient.Do("GET", base, nil)) {
					t.Errorf("default %s: %d %s, want the answer to %s", path, r.Status, r.Body, base)
				}
				if r := strict.Do("GET", path, nil); r.Status != 400 {
					t.Errorf("strict %s: %d %s, want 400", path, r.Status, r.Body)
				}
			}
			r := strict.Do("GET", "/api/programs?filter[title]=x", nil)
			want := badRequest("Invalid key filter", map[string]any{"key": "filter", "path": nil, "source": "query", "param": "filter",
				"valid": asJSON([]string{"filters", "populate", "fields", "sort", "pagination", "status", "locale", "_q", "pLevel"}), "closest": "filters"})
			if got := envelope(t, r); !reflect.DeepEqual(got, want) {
				t.Errorf("strict filter[title]=x:\n got %v\nwant %v", got, want)
			}
		})
	}
}
