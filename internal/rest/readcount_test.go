package rest_test

import (
	"encoding/json"
	"fmt"
	"strconv"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
)

// TestReadStatements pins the statements a read request sends, on both
// databases: a list is one statement, its total included, plus one per
// populated relation and level; a findOne is one, by documentId or id,
// in any status, plus populate's. What signing in costs (reading the
// caller's user) is measured apart, on a request refused after the
// guard, and taken off.
func TestReadStatements(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		cust := h.Create("/api/customers", map[string]any{"name": "Acme"})
		bp := h.Do("POST", "/api/blueprints", map[string]any{"data": map[string]any{"title": "Plan"}}).JSON(t)["data"].(map[string]any)
		draftOnly := h.Do("POST", "/api/blueprints?status=draft", map[string]any{"data": map[string]any{"title": "Sketch"}}).JSON(t)["data"].(map[string]any)
		var first int64
		for i := 0; i < 30; i++ {
			status := "published"
			if i%3 == 2 {
				status = "draft"
			}
			p := h.Create("/api/programs", map[string]any{"title": fmt.Sprintf("P%02d", i), "status": status,
				"customer": cust, "blueprint": bp["documentId"]})
			if first == 0 {
				first = p
			}
			m := h.Create("/api/modules", map[string]any{"title": "M", "program": p})
			h.Create("/api/sessions", map[string]any{"title": "S", "module": m, "program": p})
		}
		docOf := func(path string) string {
			return h.Do("GET", path, nil).JSON(t)["data"].([]any)[0].(map[string]any)["documentId"].(string)
		}
		pdoc := docOf("/api/programs?sort=id&pagination[pageSize]=1")

		base := func(anon bool) int64 {
			c := h.CountQueries()
			if r := h.Do("GET", "/api/blueprints?sort=nosuchfield", nil, as(anon)...); r.Status != 400 {
				t.Fatalf("refused request: %d %s", r.Status, r.Body)
			}
			return c.N()
		}
		admin, public := base(false), base(true)

		list := "/api/programs?filters[status][$eq]=published&pagination[pageSize]=25"
		for _, c := range []struct {
			path   string
			anon   bool
			status int
			want   int64
			total  int64 // -1: no total in the answer; -2: not a list
		}{
			{list, false, 200, 1, 20},
			{list + "&pagination[withCount]=false", false, 200, 1, -1},
			{list + "&pagination[page]=100", false, 200, 1, 20}, // past the end
			{"/api/programs?filters[status][$eq]=published&pagination[page]=2&pagination[pageSize]=15", false, 200, 1, 20}, // the last, partial page
			{"/api/programs?pagination[start]=28&pagination[limit]=5", false, 200, 1, 30},
			{"/api/programs?filters[title][$eq]=none", false, 200, 1, 0},
			{"/api/programs?filters[customer][name][$eq]=Acme&sort=customer.name:desc", false, 200, 1, 30},
			{list + "&populate=modules,sessions", false, 200, 3, 20},
			{list + "&populate[modules][populate][sessions]=*&populate[customer]=*", false, 200, 4, 20},
			{"/api/v1/programs?pagination[pageSize]=10&populate=customer", false, 200, 2, 30},
			{"/api/programs/" + pdoc, false, 200, 1, -2},
			{"/api/programs/" + strconv.FormatInt(first, 10), false, 200, 1, -2},
			{"/api/v1/programs/" + strconv.FormatInt(first, 10), false, 200, 1, -2},
			{"/api/programs/" + pdoc + "?populate=*", false, 200, 8, -2}, // 7 relations, each set or to-many
			{"/api/programs/" + pdoc + "?pLevel=2", false, 200, 8, -2},   // the same, deep populate's first level
			{list + "&pLevel=3", false, 200, 12, 20},                     // and the next level of the relations holding entries
			{"/api/programs/nosuchdocument", false, 404, 1, -2},
			{"/api/blueprints/" + draftOnly["documentId"].(string) + "?status=draft", false, 200, 1, -2},
			{"/api/blueprints/" + bp["documentId"].(string) + "?status=draft&populate=category", false, 200, 1, -2},
			{"/api/blueprints?status=draft", false, 200, 1, 2},
			{"/api/blueprints", true, 200, 1, 1},
			{"/api/blueprints/" + bp["documentId"].(string), true, 200, 1, -2},
			{"/api/blueprints/" + draftOnly["documentId"].(string), true, 404, 1, -2}, // not published
		} {
			b := admin
			if c.anon {
				b = public
			}
			cnt := h.CountQueries()
			r := h.Do("GET", c.path, nil, as(c.anon)...)
			n := cnt.N() - b
			if r.Status != c.status {
				t.Errorf("GET %s: %d, want %d: %s", c.path, r.Status, c.status, r.Body)
				continue
			}
			if n != c.want {
				t.Errorf("GET %s: %d statements, want %d", c.path, n, c.want)
			}
			if c.total == -2 {
				continue
			}
			var total json.Number
			if p, ok := r.JSON(t)["meta"].(map[string]any)["pagination"].(map[string]any); ok && p["total"] != nil {
				total = p["total"].(json.Number)
			}
			if want := strconv.FormatInt(c.total, 10); (c.total < 0 && total != "") || (c.total >= 0 && string(total) != want) {
				t.Errorf("GET %s: total %q, want %d", c.path, total, c.total)
			}
		}
	})
}

// as is the Authorization of the admin (the harness's default) or of
// nobody.
func as(anon bool) []string {
	if anon {
		return apptest.As("")
	}
	return nil
}
