package rest_test

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// TestNamesAsStrapi replays testdata/names/scenario.json — fields named
// meta, attributes, locale (on a type that is not localized), status,
// title2, myURLField and longer than 55 characters, a component and a
// table whose collectionName has capitals and a dash, and a table whose
// name Strapi shortens — on both databases, and compares every answer
// with the live Strapi 5.54's (strapi-answers.txt). It then checks that
// the tables and columns are the ones Strapi made for the same schema,
// and that locale was stored though never answered.
func TestNamesAsStrapi(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(apptest.Root(t), "testdata", "names")
	want := apptest.ReadAnswers(t, filepath.Join(dir, "strapi-answers.txt"))
	steps := readLocaleSteps(t, dir)
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			t.Parallel()
			h := apptest.NewWith(t, apptest.ProjectConfig(t, d, "names", "src"))
			sameAnswers(t, apptest.ParseAnswers(t, replayLocales(t, h, dir, steps)), want)
			checkStrapiTables(t, h)
			// The content-type builder answers collectionName as the file
			// writes it, not the shortened table.
			r := h.Do("GET", "/api/content-type-builder/content-types/api::longone.longone", nil)
			if want := `"collectionName":"a_very_long_collection_name_that_strapi_shortens_with_a_hash_at_the_end"`; r.Status != 200 || !strings.Contains(string(r.Body), want) {
				t.Errorf("content-type-builder: %d %s, want %s", r.Status, r.Body, want)
			}
			var locales []string
			rows, err := h.App.DB.QueryContext(context.Background(), `SELECT COALESCE("locale", '') FROM "Namer-Things" ORDER BY "id"`)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			for rows.Next() {
				var l string
				if err := rows.Scan(&l); err != nil {
					t.Fatal(err)
				}
				locales = append(locales, l)
			}
			if !slices.Equal(locales, []string{"l2", ""}) {
				t.Errorf("stored locales %q, want [l2 \"\"] (as Strapi stored them)", locales)
			}
		})
	}
}

// checkStrapiTables checks the tables and columns Strapi 5.54 made for
// testdata/names (read from its PostgreSQL catalog) are in the database.
func checkStrapiTables(t *testing.T, h *apptest.Harness) {
	t.Helper()
	long := "a_very_long_field_name_that_goes_on_and_on_beyond_"
	for table, cols := range map[string][]string{
		"Namer-Things": {"id", "document_id", "title", "meta", "attributes", "locale", "status", "entry_id", "title_2",
			"my_url_field", long + "2f6ef", long + "1875f", "created_at", "updated_at", "published_at"},
		"Namer-Things_cmps": {"entity_id", "cmp_id", "component_type", "field", "order"},
		"a_very_long_collection_name_that_strapi_shortens_wb2dd3": {"id", "document_id", "name"},
		"a_very_long_collection_name_that_strapi_shortb2dd3_cmps": {"entity_id", "cmp_id", "component_type", "field", "order"},
		"components_shared_seo-Metas":                             {"id", "meta", "attributes", "created_at", long + "2f6ef"},
		"namer_things_longones_lnk":                               {"namer_id", "longone_id", "longone_ord", "namer_ord"},
	} {
		for _, c := range cols {
			q := `SELECT ` + database.Ident(c) + ` FROM ` + database.Ident(table) + ` WHERE 1 = 0`
			rows, err := h.App.DB.QueryContext(context.Background(), q)
			if err != nil {
				t.Errorf("%s.%s, as Strapi named it: %v", table, c, err)
				continue
			}
			rows.Close()
		}
	}
}
