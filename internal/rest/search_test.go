package rest_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// TestSearchAsComputed: _q finds exactly the entries whose id, documentId,
// title or label holds the term whatever its case (and whose code does,
// for a numeric term), never by the searchable: false note or the private
// secret — computed here from the entries each database made, since
// documentIds are random (testdata/filters records Strapi's answers to
// terms no documentId can hold). Both databases; every term also combined
// with a filter and a page.
func TestSearchAsComputed(t *testing.T) {
	t.Parallel()
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			t.Parallel()
			h := apptest.NewWith(t, apptest.ProjectConfig(t, d, "filters", "src"))
			for _, v := range []map[string]any{
				{"title": "One", "label": "Blue Sky", "code": 120, "note": "quiet 7", "secret": "Zed 12"},
				{"title": "Two", "label": "ÉCLAIR 50%", "code": 7},
				{"title": "Three", "note": "Blue"},
				{"title": "Four", "code": 12, "secret": "blue"},
				{"title": "Five_5", "label": "a_b\\c", "code": -3},
				{"title": "Six"},
			} {
				h.Create("/api/items", v)
			}
			all := h.Do("GET", "/api/items?fields[0]=title&fields[1]=label&fields[2]=code&pagination[pageSize]=100", nil)
			var page struct {
				Data []struct {
					ID         int64
					DocumentID string
					Title      string
					Label      *string
					Code       *int64
				}
			}
			if err := json.Unmarshal(all.Body, &page); err != nil || len(page.Data) != 6 {
				t.Fatalf("entries: %v %s", err, all.Body)
			}
			terms := []string{"1", "12", "7", "2", "-3", "e", "E", "blue", "BLUE S", "sky", "quiet", "zed", "%", "_", "a_b",
				`\`, "50%", "clair", "o", "x", "ab", "0", " 12 "}
			for _, doc := range page.Data[:2] {
				terms = append(terms, doc.DocumentID[3:9], strings.ToUpper(doc.DocumentID[:5]))
			}
			for _, term := range terms {
				var want []int64
				numeric := false
				if _, err := strconv.ParseFloat(strings.TrimSpace(term), 64); err == nil {
					numeric = true
				}
				for _, e := range page.Data {
					hay := []string{strconv.FormatInt(e.ID, 10), e.DocumentID, e.Title}
					if e.Label != nil {
						hay = append(hay, *e.Label)
					}
					if numeric && e.Code != nil {
						hay = append(hay, strconv.FormatInt(*e.Code, 10))
					}
					if slices.ContainsFunc(hay, func(s string) bool {
						return strings.Contains(strings.ToLower(s), strings.ToLower(term))
					}) {
						want = append(want, e.ID)
					}
				}
				if want == nil {
					want = []int64{}
				}
				r := h.Do("GET", "/api/items?fields[0]=title&pagination[pageSize]=100&_q="+url.QueryEscape(term), nil)
				if r.Status != 200 {
					t.Fatalf("_q=%s: %d %s", term, r.Status, r.Body)
				}
				if got := h.IDs(r); !reflect.DeepEqual(got, want) {
					t.Errorf("_q=%q found %v, want %v", term, got, want)
				}
				// With a filter (and'ed) and a page of one (the total counts the matches).
				r = h.Do("GET", "/api/items?filters[title][$ne]=One&pagination[pageSize]=1&_q="+url.QueryEscape(term), nil)
				total := r.JSON(t)["meta"].(map[string]any)["pagination"].(map[string]any)["total"]
				wantTotal := len(want)
				if len(want) > 0 && want[0] == page.Data[0].ID {
					wantTotal--
				}
				if fmt.Sprint(total) != strconv.Itoa(wantTotal) {
					t.Errorf("_q=%q with title $ne One: total %v, want %d", term, total, wantTotal)
				}
			}
		})
	}
}
