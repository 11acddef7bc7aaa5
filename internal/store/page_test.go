package store_test

import (
	"fmt"
	"reflect"
	"strconv"
	"testing"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/store/storetest"
)

// TestFindPageMatchesPageAndCount checks the one statement of a counted
// list against the two it replaced — the page (Find) and Count — and a
// plain count (every row, unpaginated), for every pagination edge on
// queries with filters, relation filters, relation sorts with NULLs,
// scopes and draft statuses: the same rows, in the same order, with the
// same values, and the same total.
func TestFindPageMatchesPageAndCount(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db)
		pr, se, bp, cu := f.ty("program"), f.ty("session"), f.ty("blueprint"), f.ty("customer")
		noDrafts := entry.ReadOptions{NoDrafts: map[*schema.ContentType]bool{bp: true}}
		acme := entry.ReadOptions{Scopes: map[*schema.ContentType]*query.Filter{ // customer 1's programs
			pr: rel(pr, "customer", func(ct *schema.ContentType) *query.Filter { return cond(ct, "name", query.OpEq, "Acme Corp") }),
		}}
		type read struct {
			name string
			q    query.Query
			ro   entry.ReadOptions
		}
		reads := []read{
			{"programs", query.Query{Type: pr}, entry.ReadOptions{}},
			{"programs published", query.Query{Type: pr, Filters: cond(pr, "status", query.OpEq, "published")}, entry.ReadOptions{}},
			{"programs by customer name desc (NULLs first), title", query.Query{Type: pr,
				Sort: []query.SortKey{by(pr, "customer.name", true), by(pr, "title", false)}}, entry.ReadOptions{}},
			{"programs by capacity (NULLs last), populate customer", query.Query{Type: pr, Sort: []query.SortKey{by(pr, "capacity", false)},
				Populate: []*query.Populate{pop(pr, "customer", nil)}}, entry.ReadOptions{}},
			{"programs in a scope, relation filter", query.Query{Type: pr,
				Filters: rel(pr, "coaches", func(ct *schema.ContentType) *query.Filter { return cond(ct, "name", query.OpNe, "Zed") })}, acme},
			{"sessions through program.customer", query.Query{Type: se,
				Filters: rel(se, "program.customer", func(ct *schema.ContentType) *query.Filter { return cond(ct, "name", query.OpContains, "acme") }),
				Sort:    []query.SortKey{by(se, "program.title", false)}}, entry.ReadOptions{}},
			{"customers matching nothing", query.Query{Type: cu, Filters: cond(cu, "name", query.OpEq, "nobody")}, entry.ReadOptions{}},
			{"blueprints published", query.Query{Type: bp, Status: query.Published}, entry.ReadOptions{}},
			{"blueprints draft", query.Query{Type: bp, Status: query.Draft, Sort: []query.SortKey{by(bp, "title", true)}}, entry.ReadOptions{}},
			{"programs draft by blueprint.title desc, through the drafts", query.Query{Type: pr, Status: query.Draft,
				Sort: []query.SortKey{by(pr, "blueprint.title", true)}, Populate: []*query.Populate{pop(pr, "blueprint", nil)}}, entry.ReadOptions{}},
			{"programs by blueprint.title, drafts hidden", query.Query{Type: pr, Status: query.Draft,
				Sort: []query.SortKey{by(pr, "blueprint.title", false)}}, noDrafts},
			{"blueprints draft, drafts hidden", query.Query{Type: bp, Status: query.Draft}, noDrafts},
			{"customers by programs.title (to-many, least first)", query.Query{Type: cu,
				Sort: []query.SortKey{by(cu, "programs.title", false)}}, entry.ReadOptions{}},
			{"customers by programs.coaches.name desc (NULL on the way first)", query.Query{Type: cu,
				Sort: []query.SortKey{by(cu, "programs.coaches.name", true)}}, entry.ReadOptions{}},
			{"programs by coaches.name in a scope", query.Query{Type: pr,
				Sort: []query.SortKey{by(pr, "coaches.name", false)}}, acme},
			{"blueprints draft by programs.title desc", query.Query{Type: bp, Status: query.Draft,
				Sort: []query.SortKey{by(bp, "programs.title", true)}}, entry.ReadOptions{}},
		}
		pages := []query.Pagination{
			{Mode: query.PageStyle, Page: 1, PageSize: 25},
			{Mode: query.PageStyle, Page: 1, PageSize: 1},
			{Mode: query.PageStyle, Page: 2, PageSize: 1},
			{Mode: query.PageStyle, Page: 2, PageSize: 4}, // the last, partial page of six
			{Mode: query.PageStyle, Page: 100, PageSize: 25},
			{Mode: query.OffsetStyle, Start: 0, Limit: 2},
			{Mode: query.OffsetStyle, Start: 3, Limit: 2},
			{Mode: query.OffsetStyle, Start: 5, Limit: 10},
			{Mode: query.OffsetStyle, Start: 1000, Limit: 10},
		}
		for _, r := range reads {
			// The plain count: every row, unpaginated, counted in Go.
			all := r.q
			all.Pagination = query.Pagination{}
			plain := int64(len(f.find(t, &all, r.ro)))
			for _, p := range pages {
				name := fmt.Sprintf("%s, %s", r.name, p)
				q := r.q
				q.Pagination = p
				f.counter.start()
				want := f.find(t, &q, r.ro)
				pageN := f.counter.n() // the page, then populate's
				wantTotal, err := f.st.Count(ctx, db, &q, r.ro)
				if err != nil {
					t.Fatal(err)
				}
				if wantTotal != plain {
					t.Fatalf("%s: Count %d, %d rows unpaginated", name, wantTotal, plain)
				}
				for _, count := range []bool{true, false} {
					f.counter.start()
					got, total, err := f.st.FindPage(ctx, db, &q, r.ro, count)
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					// The total costs no statement of its own.
					if n := f.counter.n(); n != pageN {
						t.Errorf("%s (count %v): %d statements, want %d:\n%v", name, count, n, pageN, f.counter.sql)
					}
					if !count {
						wantTotal = -1
					}
					if total != wantTotal {
						t.Errorf("%s (count %v): total %d, want %d", name, count, total, wantTotal)
					}
					if !reflect.DeepEqual(got, want) {
						t.Errorf("%s (count %v): entries %v, want %v", name, count, idsOf(got), idsOf(want))
					}
				}
			}
			if plain == 0 && r.name != "customers matching nothing" {
				t.Errorf("%s: matches nothing, a weak case", r.name)
			}
		}
	})
}

// TestFindRefMatchesDocumentThenRow checks the one statement of a findOne
// against the two it replaced (FindDocument, the version of the status,
// then FindOne by id) for every reference form — documentId, either row's
// id, a missing or malformed one — every status, with and without the
// drafts grant, in and out of a scope, with a filter.
func TestFindRefMatchesDocumentThenRow(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db)
		pr, bp := f.ty("program"), f.ty("blueprint")
		ros := map[string]entry.ReadOptions{
			"all":       {},
			"no drafts": {NoDrafts: map[*schema.ContentType]bool{bp: true}},
			"scoped": {Scopes: map[*schema.ContentType]*query.Filter{
				pr: cond(pr, "status", query.OpEq, "published"),
				bp: cond(bp, "level", query.OpNe, "advanced"),
			}},
		}
		refs := func(ct *schema.ContentType, rows int) []string {
			out := []string{"0", "-1", "999", "nosuchdocument", "", "x" + strconv.Itoa(1<<20) + fmt.Sprintf("%070d", 0)}
			for id := 1; id <= rows; id++ {
				out = append(out, strconv.Itoa(id))
			}
			return append(out, f.docs[ct.Name]...)
		}
		old := func(q *query.Query, ref string, ro entry.ReadOptions) (*entry.Entry, error) {
			doc, err := f.st.FindDocument(ctx, db, q.Type, ref, "")
			if err != nil {
				return nil, err
			}
			st := q.Status
			if ro.NoDrafts[q.Type] {
				st = query.Published
			}
			id := doc.Version(st)
			if id == 0 {
				return nil, errs.NotFound()
			}
			return f.st.FindOne(ctx, db, q, id, ro)
		}
		found := 0
		for _, c := range []struct {
			ct   *schema.ContentType
			rows int
			q    query.Query
		}{
			{pr, 6, query.Query{Type: pr, Populate: []*query.Populate{pop(pr, "customer", nil), pop(pr, "coaches", nil)}}},
			{pr, 6, query.Query{Type: pr, Filters: cond(pr, "capacity", query.OpGte, int64(10))}},
			{bp, 6, query.Query{Type: bp, Status: query.Published, Populate: []*query.Populate{pop(bp, "category", nil)}}},
			{bp, 6, query.Query{Type: bp, Status: query.Draft, Populate: []*query.Populate{pop(bp, "programs", nil)}}},
			{bp, 6, query.Query{Type: bp, Status: query.Draft, Filters: cond(bp, "durationWeeks", query.OpGt, int64(4))}},
		} {
			for roName, ro := range ros {
				for _, ref := range refs(c.ct, c.rows) {
					name := fmt.Sprintf("%s %s %v, %s, ref %q", c.ct.Name, c.q.Status, c.q.Filters, roName, ref)
					f.counter.start()
					want, wantErr := old(&c.q, ref, ro)
					before := f.counter.n()
					f.counter.start()
					got, err := f.st.FindRef(ctx, db, &c.q, ref, ro)
					if (err == nil) != (wantErr == nil) || (err != nil && errs.KindOf(err) != errs.KindNotFound) {
						t.Errorf("%s: error %v, want %v", name, err, wantErr)
						continue
					}
					if err != nil {
						if n := f.counter.n(); n > 1 || n > before {
							t.Errorf("%s: %d statements for a 404, %d before", name, n, before)
						}
						continue
					}
					found++
					// One fewer: the row is read by document and version.
					// (Populate's statements are the same: one per relation,
					// and one mapping a draft to its links, see draftLinks.)
					if n := f.counter.n(); n != before-1 {
						t.Errorf("%s: %d statements, %d before:\n%v", name, n, before, f.counter.sql)
					}
					if !reflect.DeepEqual(got, want) {
						t.Errorf("%s: entry %d, want %d", name, got.ID, want.ID)
					}
				}
			}
		}
		if found < 40 {
			t.Errorf("only %d references found anything: weak cases", found)
		}
	})
}
