package rest_test

import (
	"encoding/json"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
)

// editorRole may read blueprints and their drafts, and nothing else.
const editorRole = `
  editor:
    actions: [blueprint.find, blueprint.findOne, blueprint.readDrafts, category.find, category.findOne]
`

// TestReadingDraftsNeedsItsOwnGrant: status=draft on a draft & publish
// type is refused to a role without <type>.readDrafts — 401 for the
// public, 403 for a signed-in user — on the list and on one entry;
// admin ("*") and a role granted the action read the drafts. A role that
// may not read drafts cannot reach one through a relation either, even
// when its read of the root type asks for drafts.
func TestReadingDraftsNeedsItsOwnGrant(t *testing.T) {
	t.Parallel()
	apptest.EachWithRoles(t, editorRole, func(t *testing.T, h *apptest.Harness) {
		fixture(t, h)
		h.Create("/api/blueprints?status=draft", map[string]any{"title": "Secret plan", "category": 1}) // 4 (Lead 101 is 1 and 2)
		editor := h.CreateUser("editor", "ed@kiln.test", "editor")
		learner := h.CreateUser("learner", "lu@kiln.test", "learner")
		for _, tc := range []struct {
			who, token string
			path       string
			status     int
			name       string
			ids        []int64
		}{
			{"public", "", "/api/blueprints?status=draft", 401, "UnauthorizedError", nil},
			{"public", "", "/api/blueprints/2?status=draft", 401, "UnauthorizedError", nil},
			{"public", "", "/api/blueprints", 200, "", []int64{2}},
			{"learner", learner, "/api/blueprints?status=draft", 403, "ForbiddenError", nil},
			{"learner", learner, "/api/blueprints/2?status=draft", 403, "ForbiddenError", nil},
			{"learner", learner, "/api/blueprints?status=published", 200, "", []int64{2}},
			{"editor", editor, "/api/blueprints?status=draft", 200, "", []int64{1, 3, 4}},
			{"admin", h.AdminToken, "/api/blueprints?status=draft", 200, "", []int64{1, 3, 4}},
			// Categories have no draft & publish, so anyone who lists them
			// may ask for status=draft; what that reaches of blueprints
			// is still only what the role may read.
			{"learner", learner, "/api/categories?status=draft&filters[blueprints][title][$eq]=Secret%20plan", 200, "", []int64{}},
			{"editor", editor, "/api/categories?status=draft&filters[blueprints][title][$eq]=Secret%20plan", 200, "", []int64{1}},
			{"editor", editor, "/api/categories?filters[blueprints][title][$eq]=Secret%20plan", 200, "", []int64{}},
			{"admin", h.AdminToken, "/api/categories?status=draft&filters[blueprints][title][$eq]=Secret%20plan", 200, "", []int64{1}},
		} {
			r := h.Do("GET", tc.path, nil, apptest.As(tc.token)...)
			if r.Status != tc.status {
				t.Errorf("%s %s: %d, want %d: %s", tc.who, tc.path, r.Status, tc.status, r.Body)
				continue
			}
			if tc.name != "" {
				if _, name, _, _ := h.ErrorOf(r); name != tc.name {
					t.Errorf("%s %s: %s, want %s", tc.who, tc.path, name, tc.name)
				}
				continue
			}
			if got := h.IDs(r); !equalIDs(got, tc.ids) {
				t.Errorf("%s %s: ids %v, want %v", tc.who, tc.path, got, tc.ids)
			}
		}
		// Populated, the learner's draft read of the category shows the
		// published blueprint only; the editor's the draft as well.
		for who, want := range map[string]string{learner: `[{"id":2,"title":"Lead 101"}]`, editor: `[{"id":1,"title":"Lead 101"},{"id":4,"title":"Secret plan"}]`} {
			r := h.Do("GET", "/api/categories/1?status=draft&fields[0]=name&populate[blueprints][fields][0]=title", nil, apptest.As(who)...)
			data, ok := r.JSON(t)["data"].(map[string]any)
			if !ok {
				t.Fatalf("category 1: %d %s", r.Status, r.Body)
			}
			got := data["blueprints"]
			if s := compactIDTitle(got); s != want {
				t.Errorf("populated blueprints %s, want %s", s, want)
			}
		}
	})
}

// compactIDTitle writes a populated list as [{"id":..,"title":..}].
func compactIDTitle(v any) string {
	list, _ := v.([]any)
	out := "["
	for i, e := range list {
		m := e.(map[string]any)
		if i > 0 {
			out += ","
		}
		out += `{"id":` + m["id"].(json.Number).String() + `,"title":"` + m["title"].(string) + `"}`
	}
	return out + "]"
}

func equalIDs(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestPublicationStateOnV1: Strapi 4's publicationState=preview reads
// drafts on v1 and needs the same grant as status=draft; live is the
// default; v2 ignores the key, as Strapi 5 does.
func TestPublicationStateOnV1(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		fixture(t, h)
		learner := h.CreateUser("learner", "lu@kiln.test", "learner")
		for _, tc := range []struct {
			token, path string
			status      int
			ids         []int64
		}{
			{h.AdminToken, "/api/v1/blueprints?publicationState=preview", 200, []int64{1, 3}},
			{h.AdminToken, "/api/v1/blueprints?publicationState=live", 200, []int64{2}},
			{h.AdminToken, "/api/blueprints?publicationState=preview", 200, []int64{2}}, // Strapi 5 ignores it
			{h.AdminToken, "/api/v1/blueprints?publicationState=draft", 400, nil},
			{"", "/api/v1/blueprints?publicationState=preview", 401, nil},
			{learner, "/api/v1/blueprints?publicationState=preview", 403, nil},
			{learner, "/api/v1/blueprints?publicationState=live", 200, []int64{2}},
		} {
			r := h.Do("GET", tc.path, nil, apptest.As(tc.token)...)
			if r.Status != tc.status {
				t.Errorf("%s: %d, want %d: %s", tc.path, r.Status, tc.status, r.Body)
				continue
			}
			if tc.ids != nil {
				if got := h.IDs(r); !equalIDs(got, tc.ids) {
					t.Errorf("%s: ids %v, want %v", tc.path, got, tc.ids)
				}
			}
		}
	})
}

// writerRole may write blueprints but not read their drafts.
const writerRole = `
  writer:
    actions: [blueprint.find, blueprint.findOne, blueprint.create, blueprint.update, blueprint.delete]
`

// TestWritingWithoutTheDraftsGrant: a role that may write blueprints but
// not read their drafts publishes (a write's answer is the version it
// names, so status=draft is refused like a draft read), cannot reach a
// document that has no published version, and addresses a published one
// by either row's id.
func TestWritingWithoutTheDraftsGrant(t *testing.T) {
	t.Parallel()
	apptest.EachWithRoles(t, writerRole, func(t *testing.T, h *apptest.Harness) {
		fixture(t, h) // Lead 101: rows 1 (draft) and 2 (published); Draft plan: the draft 3
		writer := h.CreateUser("writer", "wr@kiln.test", "writer")
		body := map[string]any{"data": map[string]any{"durationWeeks": 7}}
		for _, tc := range []struct {
			method, path string
			status       int
			id           int64
		}{
			{"POST", "/api/blueprints?status=draft", 403, 0},
			{"PUT", "/api/blueprints/2?status=draft", 403, 0},
			{"PUT", "/api/blueprints/3", 404, 0},
			{"DELETE", "/api/blueprints/3", 404, 0},
			{"PUT", "/api/blueprints/1", 200, 2},
			{"PUT", "/api/blueprints/2", 200, 2},
			{"POST", "/api/blueprints", 201, 5},
			{"DELETE", "/api/blueprints/5", 204, 0},
		} {
			b := any(nil)
			if tc.method != "DELETE" {
				b = body
				if tc.method == "POST" {
					b = map[string]any{"data": map[string]any{"title": "By the writer"}}
				}
			}
			r := h.Do(tc.method, tc.path, b, apptest.As(writer)...)
			if r.Status != tc.status {
				t.Errorf("%s %s: %d, want %d: %s", tc.method, tc.path, r.Status, tc.status, r.Body)
				continue
			}
			if tc.id != 0 {
				if id := h.IDOf(r.JSON(t)["data"]); id != tc.id {
					t.Errorf("%s %s: id %d, want %d", tc.method, tc.path, id, tc.id)
				}
			}
		}
		// The admin still finds the draft the writer could not reach.
		if r := h.Do("GET", "/api/blueprints/3?status=draft", nil); r.Status != 200 {
			t.Errorf("draft 3: %d", r.Status)
		}
	})
}
