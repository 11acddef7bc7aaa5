package content_test

import (
	"context"
	"encoding/json"
	"sort"
	"testing"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/internal/apptest"
)

// TestRelationInput: every form a relation takes in a body — an id, a
// documentId, a list (set), {"id"} and {"documentId"} objects, null, and
// {"connect", "disconnect", "set"} — and the refusals, with the coaches
// of a program (manyToMany) as the example.
func TestRelationInput(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		for _, n := range []string{"Ada", "Bob", "Cy"} {
			h.Create("/api/coaches", map[string]any{"name": n, "email": n + "@c.test"})
		}
		doc := func(id string) string {
			return h.Do("GET", "/api/coaches/"+id, nil).JSON(t)["data"].(map[string]any)["documentId"].(string)
		}
		pr := h.App.Schema.Type("program")
		coaches := pr.Attr("coaches")
		q := &query.Query{Type: pr, Populate: []*query.Populate{{Relation: coaches, Query: &query.Query{Type: coaches.TargetType, Fields: query.IDsOnly()}}}}
		svc, ctx := h.App.Content, context.Background()
		p, err := svc.Create(ctx, &query.Query{Type: pr}, content.NewWrite(pr).Set("title", "P"), content.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			name string
			v    any
			want []int64
			err  string
		}{
			{"a list sets", []any{json.Number("1"), json.Number("2")}, []int64{1, 2}, ""},
			{"connect adds", map[string]any{"connect": []any{json.Number("3")}}, []int64{1, 2, 3}, ""},
			{"disconnect removes", map[string]any{"disconnect": []any{json.Number("1")}}, []int64{2, 3}, ""},
			{"a documentId", []any{doc("1")}, []int64{1}, ""},
			{"objects", map[string]any{"set": []any{map[string]any{"id": json.Number("2")}, map[string]any{"documentId": doc("3")}}}, []int64{2, 3}, ""},
			{"null clears", nil, []int64{}, ""},
			{"a missing target", []any{json.Number("99")}, nil, "coaches: no coach with id or documentId \"99\""},
			{"an unknown key", map[string]any{"attach": []any{json.Number("1")}}, nil, "Invalid key attach at coaches"},
			{"an empty reference", []any{""}, nil, "coaches has an empty reference"},
			{"a boolean", []any{true}, nil, "coaches must hold ids or documentIds"},
		} {
			e, err := svc.Update(ctx, q, content.DocumentID(p.DocumentID), content.WriteFromBody(pr, map[string]any{"coaches": tc.v}), content.ReadOptions{})
			if tc.err != "" {
				if ee, ok := errs.As(err); !ok || ee.Kind != errs.KindValidation || ee.Message != tc.err {
					t.Errorf("%s: %v, want %q", tc.name, err, tc.err)
				}
				continue
			}
			if err != nil {
				t.Errorf("%s: %v", tc.name, err)
				continue
			}
			v, _ := e.Get(coaches)
			var got []int64
			for _, c := range v.([]*content.Entry) {
				got = append(got, c.ID)
			}
			sort.Slice(got, func(i, j int) bool { return got[i] < got[j] })
			if len(got) != len(tc.want) || (len(got) > 0 && !equal(got, tc.want)) {
				t.Errorf("%s: coaches %v, want %v", tc.name, got, tc.want)
			}
		}
	})
}

func equal(a, b []int64) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return len(a) == len(b)
}
