package rest_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
)

// TestRelationSidesThatDisagreeAsStrapi: the relations of
// testdata/schema-keys, whose two sides disagree, hold what a live
// Strapi 5.54 holds once a left links a right through each of its fields
// (internal/rest/testdata/ctb/schema-keys.json, "relations"): right.lefts,
// which says neither inversedBy nor mappedBy and comes after left.rights,
// keeps links of its own (none); right.owned reads left.owner's link
// though their kinds do not pair; right.both reads left.both's though
// both say inversedBy. On both databases.
func TestRelationSidesThatDisagreeAsStrapi(t *testing.T) {
	t.Parallel()
	want := readRecorded(t, "schema-keys.json").Relations
	for _, d := range []apptest.Dialect{apptest.SQLite, apptest.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			t.Parallel()
			h := apptest.NewWith(t, apptest.ProjectConfig(t, d, "schema-keys", "src"))
			r := h.Do("POST", "/api/rights", map[string]any{"data": map[string]any{"name": "R1"}})
			if r.Status != 201 {
				t.Fatalf("right: %d %s", r.Status, r.Body)
			}
			r1 := r.JSON(t)["data"].(map[string]any)["documentId"]
			r = h.Do("POST", "/api/lefts", map[string]any{"data": map[string]any{"name": "L1", "rights": []any{r1}, "owner": r1, "both": []any{r1}}})
			if r.Status != 201 {
				t.Fatalf("left: %d %s", r.Status, r.Body)
			}
			got := map[string]any{}
			for _, q := range []struct {
				plural string
				fields []string
			}{{"lefts", []string{"rights", "owner", "both"}}, {"rights", []string{"lefts", "owned", "both"}}} {
				r := h.Do("GET", "/api/"+q.plural+"?populate=*", nil)
				var list struct{ Data []map[string]any }
				if r.Status != 200 || json.Unmarshal(r.Body, &list) != nil {
					t.Fatalf("%s: %d %s", q.plural, r.Status, r.Body)
				}
				for _, e := range list.Data {
					for _, f := range q.fields {
						got[q.plural+"."+e["name"].(string)+"."+f] = names(e[f])
					}
				}
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("relations hold\n kiln   %v\n strapi %v", got, want)
			}
		})
	}
}

// names is what record.js writes of a relation's value: its entries'
// names, or the name of a to-one's entry.
func names(v any) any {
	switch v := v.(type) {
	case []any:
		out := []any{}
		for _, e := range v {
			out = append(out, e.(map[string]any)["name"])
		}
		return out
	case map[string]any:
		return v["name"]
	}
	return nil
}
