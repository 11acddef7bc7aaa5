package rest_test

import (
	"testing"

	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// visCase is one generated request: a path and query string on a root type.
type visCase struct {
	root *schema.ContentType
	qs   string
}

func (c visCase) url() string {
	return "/api/" + c.root.Plural + "?pagination[pageSize]=100&" + c.qs
}

// visCases generates, for every type the role may list and every relation
// path of depth 1 and 2 out of it that the role may read, the requests
// that reach through the path: filters on the far type's probe field with
// a hidden and a visible value, a prefix of the hidden one, $null and
// $notNull on the path, the same inside $not and $or, filters inside
// populate, populate and its count, and sort where the path is to-one.
// A path that reaches a draft & publish type is also read with
// status=draft. Totals (meta.pagination.total) are compared on every one.
func (w *visWorld) visCases(role string) []visCase {
	vis := w.visible(role)
	var out []visCase
	for _, root := range w.s.Types {
		if root.Builtin || root.Kind != schema.CollectionType || !w.canRead(role, root) {
			continue
		}
		add := func(qs string) { out = append(out, visCase{root, qs}) }
		add("")
		for _, p := range w.relPaths(role, root) {
			far := p.target()
			field, hidden, shown := w.sample(far, vis[far])
			var forms []string
			f := "filters" + p.brackets()
			for _, v := range []string{hidden, shown} {
				if v != "" {
					forms = append(forms, f+"["+field+"][$eq]="+qv(v))
				}
			}
			if hidden != "" {
				if field != "id" && len(hidden) > 2 {
					forms = append(forms, f+"["+field+"][$startsWith]="+qv(hidden[:3]))
				}
				forms = append(forms, "filters[$not]"+p.brackets()+"["+field+"][$eq]="+qv(hidden),
					"filters[$or][0]"+p.brackets()+"["+field+"][$eq]="+qv(hidden)+"&filters[$or][1][id][$lt]=3")
			}
			forms = append(forms, f+"[$null]=true", f+"[$notNull]=true")
			if p.toOne() && field != "id" {
				forms = append(forms, "sort="+p.dotted()+"."+field+":asc", "sort="+p.dotted()+"."+field+":desc")
			}
			first := "populate[" + p[0].Name + "]"
			if len(p) == 1 {
				forms = append(forms, first+"[fields][0]="+field, first+"[count]=true")
			} else {
				forms = append(forms, first+"[populate]["+p[1].Name+"][fields][0]="+field,
					first+"[populate]["+p[1].Name+"][count]=true")
				if hidden != "" {
					forms = append(forms, first+"[filters]["+p[1].Name+"]["+field+"][$eq]="+qv(hidden))
				}
			}
			for _, qs := range forms {
				add(qs)
				if p.passesDrafts() && !root.DraftAndPublish {
					add(qs + "&status=draft")
				}
			}
		}
	}
	return out
}

// TestHiddenRowsChangeNothing is the differential test of the permission
// model: for every role with limits, every generated request is answered
// by the role on the data set exactly as the admin answers it on a copy
// from which every row the role may not see was deleted.
func TestHiddenRowsChangeNothing(t *testing.T) {
	t.Parallel()
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			t.Parallel() // each database its own world
			w := newVisWorld(t, d)
			for _, role := range scopedRoles {
				t.Run(role, func(t *testing.T) {
					t.Parallel() // the data set is only read; each role has its own reference
					ref := w.reference(t, role)
					cases := w.visCases(role)
					failed, stride := 0, apptest.Stride()
					for i, c := range cases {
						if i%stride != 0 {
							continue
						}
						if !sameAnswer(t, role, c.url(), w.as(t, role, c.url()), ref.Do("GET", c.url(), nil)) {
							failed++
						}
						if failed > 10 {
							t.Fatalf("stopping after %d differences", failed)
						}
					}
					t.Logf("%d requests compared", len(cases))
				})
			}
		})
	}
}
