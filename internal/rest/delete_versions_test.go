package rest_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/dataset"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/route"
)

// formatHeaders are the values of Strapi-Response-Format a delete is sent
// with: none, Strapi 5's v4 compatibility header in two spellings, and a
// value that selects nothing.
var formatHeaders = []string{"", "v4", "V4", "v5"}

// deleteCombo is one way of sending a delete: below which prefix, with
// which Strapi-Response-Format.
type deleteCombo struct{ prefix, format string }

func (c deleteCombo) String() string { return fmt.Sprintf("%s with format %q", c.prefix, c.format) }

func (c deleteCombo) headers() []string {
	if c.format == "" {
		return nil
	}
	return []string{"Strapi-Response-Format", c.format}
}

// deleteAnswersEntry is the rule, written apart from the server's: Strapi
// 5 answers every delete 204 with no body, whatever its format header;
// Strapi 4 (Kiln's /api/v1) answered the deleted entry. With nothing to
// delete (a single type's DELETE with no entry) it is 204 everywhere.
func deleteAnswersEntry(c deleteCombo, existed bool) bool {
	return existed && c.prefix == "/api/v1"
}

// combosOf is every prefix the row is served under with every header.
func combosOf(row route.Route) []deleteCombo {
	var out []deleteCombo
	for _, p := range row.Prefixes {
		for _, f := range formatHeaders {
			out = append(out, deleteCombo{p, f})
		}
	}
	return out
}

// deleteRows are the generated delete routes of the harness's schema.
func deleteRows(h *apptest.Harness) []route.Route {
	return h.App.Routes.Where(func(r route.Route) bool {
		return r.Source == route.SourceGenerated && r.Docs.Op == "delete"
	})
}

// checkDeleteAnswer checks one delete's answer against the rule: 200 with
// the deleted entry (v1's shape, its documentId) or 204 with no body.
func checkDeleteAnswer(t *testing.T, h *apptest.Harness, what string, c deleteCombo, r *apptest.Response, doc string, existed bool) {
	t.Helper()
	if !deleteAnswersEntry(c, existed) {
		if r.Status != 204 || len(r.Body) != 0 {
			t.Errorf("%s %s: %d %q, want 204 with no body", what, c, r.Status, r.Body)
		}
		return
	}
	if r.Status != 200 {
		t.Errorf("%s %s: %d %s, want 200 with the entry", what, c, r.Status, r.Body)
		return
	}
	data, _ := r.JSON(t)["data"].(map[string]any)
	if _, v1 := data["attributes"].(map[string]any); data["documentId"] != doc || !v1 {
		t.Errorf("%s %s: answered %s, want the deleted entry %s in v1's shape", what, c, r.Body, doc)
	}
}

// TestDeleteAnswerByVersion: a delete answers 204 with no body on /api and
// /api/v2 whatever Strapi-Response-Format says — Strapi 5 answers 204 in
// its v4 format too — and 200 with the deleted entry on /api/v1 only. For
// every collection type of the shipped schema (draft & publish ones among
// them), every prefix its delete is served under and every header value,
// compared with the rule; the entry is gone afterwards in both versions.
func TestDeleteAnswerByVersion(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		// Enough entries of every type for one delete per way of sending it.
		scale := dataset.Scale{Name: "deletes", Customers: 12, Categories: 12, Blueprints: 12, Programs: 12,
			ModulesPer: 1, SessionsPer: 1, Coaches: 12, AvailabilityPer: 1, Learners: 12,
			EnrollmentsPer: 1, EventsPer: 2, EventSize: 1, CoachedShare: 1}
		if err := dataset.Load(context.Background(), h.App.Content, dataset.Generate(scale, 7), h.App.Accounts.RoleIDs, nil); err != nil {
			t.Fatal(err)
		}
		rows := deleteRows(h)
		if len(rows) == 0 {
			t.Fatal("no generated delete route")
		}
		for _, row := range rows {
			ct := row.Docs.Type
			combos := combosOf(row)
			docs := documentsOf(t, h, ct)
			if len(docs) < len(combos) {
				t.Fatalf("%s: %d entries for %d deletes", ct.Name, len(docs), len(combos))
			}
			for i, c := range combos {
				path := c.prefix + strings.Replace(row.Path, ":id", docs[i], 1)
				checkDeleteAnswer(t, h, ct.Name, c, h.Do("DELETE", path, nil, c.headers()...), docs[i], true)
				if r := h.Do("GET", "/api/"+ct.Plural+"/"+docs[i]+"?status=draft", nil); r.Status != 404 {
					t.Errorf("%s %s: the entry is still there: %d", ct.Name, c, r.Status)
				}
			}
		}
	})
}

// documentsOf lists the documentIds of every entry of a collection type,
// drafts included, as the admin sees them.
func documentsOf(t *testing.T, h *apptest.Harness, ct *schema.ContentType) []string {
	t.Helper()
	status := ""
	if ct.DraftAndPublish {
		status = "&status=draft"
	}
	r := h.Do("GET", "/api/"+ct.Plural+"?fields[0]=documentId&pagination[pageSize]=100"+status, nil)
	if r.Status != 200 {
		t.Fatalf("listing %s: %d %s", ct.Plural, r.Status, r.Body)
	}
	var out []string
	for _, e := range r.JSON(t)["data"].([]any) {
		out = append(out, e.(map[string]any)["documentId"].(string))
	}
	return out
}

// TestDeleteAnswerByVersionSingleTypes is TestDeleteAnswerByVersion on
// the single-types project: its collection type, and its single types
// with and without draft & publish, each deleted with an entry (200 with
// it on /api/v1 only) and without one (204 everywhere).
func TestDeleteAnswerByVersionSingleTypes(t *testing.T) {
	t.Parallel()
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			cfg := apptest.Config(t, d)
			project := filepath.Join(apptest.Root(t), "testdata", "single-types")
			cfg.Paths.ContentTypes = filepath.Join(project, "content-types")
			cfg.Paths.Config = filepath.Join(project, "config")
			h := apptest.NewWith(t, cfg)
			for _, row := range deleteRows(h) {
				ct := row.Docs.Type
				for i, c := range combosOf(row) {
					title := fmt.Sprintf("%s %d", ct.Name, i)
					if ct.Kind == schema.CollectionType {
						r := h.Do("POST", "/api/"+ct.Plural, map[string]any{"data": map[string]any{"title": title}})
						doc, _ := r.JSON(t)["data"].(map[string]any)["documentId"].(string)
						checkDeleteAnswer(t, h, ct.Name, c, h.Do("DELETE", c.prefix+"/"+ct.Plural+"/"+doc, nil, c.headers()...), doc, true)
						continue
					}
					base := "/" + ct.Name
					r := h.Do("PUT", "/api"+base, map[string]any{"data": map[string]any{"title": title}})
					if r.Status != 200 {
						t.Fatalf("PUT %s: %d %s", base, r.Status, r.Body)
					}
					doc, _ := r.JSON(t)["data"].(map[string]any)["documentId"].(string)
					checkDeleteAnswer(t, h, ct.Name, c, h.Do("DELETE", c.prefix+base, nil, c.headers()...), doc, true)
					checkDeleteAnswer(t, h, ct.Name+" (none)", c, h.Do("DELETE", c.prefix+base, nil, c.headers()...), "", false)
				}
			}
		})
	}
}
