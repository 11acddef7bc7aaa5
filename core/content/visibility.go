package content

import (
	"context"
	"strconv"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// What a write or a plugin may see of other entries: the caller's scope
// checked on a document, visible ids among many, references resolved.

// checkOwned refuses a write whose result the caller's scope would not
// show them — a coach creating an event for another coach, or moving their
// own event to someone else. The transaction rolls back.
func (t *Tx) checkOwned(ctx context.Context, ct *schema.ContentType, id int64, ro entry.ReadOptions) error {
	if ro.Scope(ct) == nil {
		return nil
	}
	// The scope alone: saving a draft one may not read is no escape from
	// one's scope, and no reason to refuse the write either.
	probe := &query.Query{Type: ct, Fields: []*schema.Attribute{schema.SysID}, Status: query.Draft}
	_, err := t.Get(ctx, probe, id, entry.ReadOptions{Scopes: ro.Scopes, User: ro.User})
	if errs.KindOf(err) == errs.KindNotFound {
		return errs.New(errs.KindForbidden, "Forbidden")
	}
	return err
}

// withStatus is q reading st.
func withStatus(q *query.Query, st query.Status) *query.Query {
	c := *q
	c.Status = st
	return &c
}

// visibleDoc resolves ref to its document and checks that the read options
// let the caller see it (in their scope; the published version when they
// may not read drafts), so nobody can change what they cannot read.
func (t *Tx) visibleDoc(ctx context.Context, ct *schema.ContentType, ref, locale string, ro entry.ReadOptions) (entry.Document, error) {
	doc, err := t.s.store.FindDocument(ctx, t.conn, ct, ref, locale)
	if err != nil {
		return doc, err
	}
	return doc, t.checkVisible(ctx, ct, doc, ro)
}

// checkVisible is visibleDoc's check of a document found.
func (t *Tx) checkVisible(ctx context.Context, ct *schema.ContentType, doc entry.Document, ro entry.ReadOptions) error {
	if ro.Limited(ct) {
		probe := &query.Query{Type: ct, Fields: []*schema.Attribute{schema.SysID}, Status: query.Draft}
		id := doc.Draft
		if ro.NoDrafts[ct] {
			id = doc.Published
		}
		if id == 0 {
			return errs.NotFound()
		}
		if _, err := t.Get(ctx, probe, id, ro); err != nil {
			return err
		}
	}
	return nil
}

// visibleChunk bounds the references one visibility query lists.
const visibleChunk = 500

// Visible returns, in their order, the ids among ids of entries of ct that
// ro lets the reader see (their scope on ct, drafts only if they may read
// them): how a rule that read every row (a clash, a capacity) tells the
// writer only about what they may see. No statement when ro does not
// limit ct; otherwise one per 500 ids.
func (t *Tx) Visible(ctx context.Context, ct *schema.ContentType, ids []int64, ro entry.ReadOptions) ([]int64, error) {
	if !ro.Limited(ct) || len(ids) == 0 {
		return ids, nil
	}
	out := make([]int64, 0, len(ids))
	for start := 0; start < len(ids); start += visibleChunk {
		chunk := ids[start:min(start+visibleChunk, len(ids))]
		refs := make([]string, len(chunk))
		for i, id := range chunk {
			refs[i] = strconv.FormatInt(id, 10)
		}
		seen, err := t.s.store.ResolveVisible(ctx, t.conn, ct, refs, ro)
		if err != nil {
			return nil, err
		}
		for i, r := range refs {
			if _, ok := seen[r]; ok {
				out = append(out, chunk[i])
			}
		}
	}
	return out, nil
}

// Resolve turns references — documentIds, or ids in decimal — to the row
// ids of the entries of ct that ro lets the reader see; a reference to
// one they may not see is absent, exactly as one to nothing. One
// statement.
func (t *Tx) Resolve(ctx context.Context, ct *schema.ContentType, refs []string, ro entry.ReadOptions) (map[string]int64, error) {
	return t.s.store.ResolveVisible(ctx, t.conn, ct, refs, ro)
}

// Refs are references to entries of one type (entry.Refs).
type Refs = entry.Refs

// ResolveMany is Resolve for several lists, of one type or many, in one
// statement; a map per list, in order.
func (t *Tx) ResolveMany(ctx context.Context, lists []Refs, ro entry.ReadOptions) ([]map[string]int64, error) {
	return t.s.store.ResolveMany(ctx, t.conn, lists, ro)
}
