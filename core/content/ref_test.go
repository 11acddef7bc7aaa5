package content_test

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/store"
)

// spellings are the texts a request's path may give for the entry with
// id and documentId doc, and for none: every way the store's reading of a
// reference could go (sign, zeros, spaces, lengths around 24 and 64,
// overflow, case).
func spellings(id int64, doc string) []string {
	n := strconv.FormatInt(id, 10)
	return []string{
		n, "+" + n, "0" + n, "00" + n, " " + n, n + " ", "-" + n, n + ".0", n + "e0",
		doc, strings.ToUpper(doc), doc + "x", doc[:23], " " + doc,
		"", "0", "-0", "+0", "abc", "Ⅻ",
		strings.Repeat("0", 22) + n[len(n)-1:], strings.Repeat("0", 23) + n[len(n)-1:],
		strings.Repeat("9", 19), strings.Repeat("9", 20), strings.Repeat("1", 23), strings.Repeat("1", 24),
		strings.Repeat("a", 64), strings.Repeat("a", 65),
	}
}

// TestParseRefReadsAsTheStore: every spelling a request can give finds,
// through content.ParseRef, what the store found reading the text itself
// (how the REST handlers passed it before Ref): the same entry or the same
// error kind, with the same number of statements, on a type with draft &
// publish and one without, in both statuses.
func TestParseRefReadsAsTheStore(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		h.Create("/api/customers", map[string]any{"name": "Acme"})
		cu := h.App.Schema.Type("customer")
		bp := h.App.Schema.Type("blueprint")
		h.Create("/api/blueprints", map[string]any{"title": "Onboarding"})
		h.Create("/api/blueprints?status=draft", map[string]any{"title": "Draft only"})
		st := &store.Store{DB: h.App.DB, Schema: h.App.Schema}
		ctx := context.Background()
		compared := 0
		for _, q := range []*query.Query{
			{Type: cu}, {Type: bp}, {Type: bp, Status: query.Draft},
		} {
			page, err := h.App.Content.Find(ctx, &query.Query{Type: q.Type, Status: query.Draft,
				Pagination: query.Pagination{PageSize: 10, Page: 1}}, content.ReadOptions{})
			if err != nil || len(page.Entries) == 0 {
				t.Fatalf("%s: %v", q.Type.Name, err)
			}
			for _, e := range page.Entries {
				for _, s := range spellings(e.ID, e.DocumentID) {
					// The fewest statements of three runs each: the app's
					// background work may read the database meanwhile.
					var want, got *content.Entry
					var wantErr, err error
					wantN, gotN := int64(1<<30), int64(1<<30)
					for range 3 {
						n := h.CountQueries()
						want, wantErr = st.FindRef(ctx, h.App.DB, q, s, content.ReadOptions{})
						wantN = min(wantN, n.N())
						n = h.CountQueries()
						got, err = h.App.Content.FindOne(ctx, q, content.ParseRef(s), content.ReadOptions{})
						gotN = min(gotN, n.N())
					}
					if w, g := describe(want, wantErr), describe(got, err); w != g || gotN != wantN {
						t.Errorf("%s %q (status %v): ParseRef finds %s in %d statements, the store %s in %d",
							q.Type.Name, s, q.Status, g, gotN, w, wantN)
					}
					compared++
				}
			}
		}
		if compared < 100 {
			t.Fatalf("compared %d references", compared)
		}
	})
}

// describe is what a read found, for comparing two reads.
func describe(e *content.Entry, err error) string {
	if err != nil {
		return fmt.Sprintf("error kind %d", errs.KindOf(err))
	}
	return fmt.Sprintf("entry %d %s", e.ID, e.DocumentID)
}

// TestRefsByIDAndDocumentID: ID and DocumentID find what the equivalent
// text does; a Ref that can name no entry (an id below 1, a documentId of
// digits the text would read as an id, the zero Ref) is a 404 without a
// statement, for reads and writes alike; String gives back what ParseRef
// reads.
func TestRefsByIDAndDocumentID(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		id := h.Create("/api/customers", map[string]any{"name": "Acme"})
		h.Create("/api/customers", map[string]any{"name": "Globex"})
		cu := h.App.Schema.Type("customer")
		svc, ctx, q, ro := h.App.Content, context.Background(), &query.Query{Type: cu}, content.ReadOptions{}
		e, err := svc.FindOne(ctx, q, content.ID(id), ro)
		if err != nil || e.ID != id {
			t.Fatalf("ID(%d): %v %v", id, e, err)
		}
		byDoc, err := svc.FindOne(ctx, q, content.DocumentID(e.DocumentID), ro)
		if err != nil || byDoc.ID != id {
			t.Fatalf("DocumentID(%s): %v %v", e.DocumentID, byDoc, err)
		}
		for _, r := range []content.Ref{content.ID(id), content.DocumentID(e.DocumentID)} {
			if back := content.ParseRef(r.String()); back != r {
				t.Errorf("ParseRef(%q) = %v, want %v", r.String(), back, r)
			}
		}
		// What a write's transaction costs when nothing in it runs.
		// The app's background work (the webhook outbox, the locale sync)
		// may run statements during a count: each is the fewest of three
		// runs, as the calls measured have no effect.
		fewest := func(fn func() error) (statements int64, err error) {
			statements = -1
			for range 3 {
				n := h.CountQueries()
				err = fn()
				if c := n.N(); statements < 0 || c < statements {
					statements = c
				}
			}
			return statements, err
		}
		empty, err := fewest(func() error {
			return svc.InTx(ctx, func(context.Context, *content.Tx) error { return errs.NotFound() })
		})
		if errs.KindOf(err) != errs.KindNotFound {
			t.Fatal(err)
		}
		for _, r := range []content.Ref{content.ID(0), content.ID(-1), content.DocumentID(strconv.FormatInt(id, 10)), {}} {
			for _, call := range []struct {
				name string
				fn   func() error
				want int64
			}{
				{"FindOne", func() error { _, err := svc.FindOne(ctx, q, r, ro); return err }, 0},
				{"Update", func() error {
					_, err := svc.Update(ctx, q, r, content.NewWrite(q.Type).Set("name", "X"), ro)
					return err
				}, empty},
				{"Delete", func() error { _, err := svc.Delete(ctx, q, r, ro); return err }, empty},
			} {
				if n, err := fewest(call.fn); errs.KindOf(err) != errs.KindNotFound || n != call.want {
					t.Errorf("%s %#v: %v in %d statements, want not found in %d", call.name, r, err, n, call.want)
				}
			}
		}
		if _, err := svc.Update(ctx, q, content.ID(id), content.NewWrite(q.Type).Set("name", "Acme 2"), ro); err != nil {
			t.Fatal(err)
		}
		if gone, err := svc.Delete(ctx, q, content.DocumentID(e.DocumentID), ro); err != nil || gone.ID != id {
			t.Fatalf("delete by documentId: %v %v", gone, err)
		}
	})
}
