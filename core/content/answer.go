package content

import (
	"context"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// A write's answer comes from the row the write returned (entry.Entry.
// Written) rather than from a read-back, when a read-back could not
// differ: no populate, no filter, and no entry written since in the same
// transaction (an after hook may write through the content service).
// InTx counts the transaction's writes for that in the context.

type writesKey struct{}

// txState is what InTx's context keeps of its transaction (one attempt of
// it): how many writes of entries it made, and the rows it locked.
type txState struct {
	writes int64
	locked map[rowKey]bool
	// trusted are the references this run took on a foreign key's word
	// (resolveRelations); verify says it may not, as the run again after a
	// failed one with a missing reference does (Service.InTx).
	trusted []entry.Refs
	verify  bool
}

// stateOf is the state of ctx's transaction run; nil outside InTx.
func stateOf(ctx context.Context) *txState {
	st, _ := ctx.Value(writesKey{}).(*txState)
	return st
}

type rowKey struct {
	ct *schema.ContentType
	id int64
}

// withWrites is ctx keeping st, its transaction run's state.
func withWrites(ctx context.Context, st *txState) context.Context {
	return context.WithValue(ctx, writesKey{}, st)
}

// wrote counts one write of entries in ctx's transaction.
func wrote(ctx context.Context) {
	if st, ok := ctx.Value(writesKey{}).(*txState); ok {
		st.writes++
	}
}

// writes is how many writes of entries ctx's transaction made; -1 when
// nobody counts (then no answer comes from a written row).
func writes(ctx context.Context) int64 {
	if st, ok := ctx.Value(writesKey{}).(*txState); ok {
		return st.writes
	}
	return -1
}

// answerOf is the answer to q from e, the row a write returned, or nil
// when it must be read: e is not such a row, q populates or filters, or
// the transaction wrote entries since mark.
func answerOf(ctx context.Context, q *query.Query, e *entry.Entry, mark int64) *entry.Entry {
	if e == nil || !e.Written() || q.Filters != nil || len(q.Populate) > 0 || mark < 0 || writes(ctx) != mark {
		return nil
	}
	out := idOnlyEntry(e)
	if q.Fields == nil {
		copy(out.Values, e.Values)
		copy(out.Has, e.Has)
		return out
	}
	for _, a := range q.Fields {
		if v, ok := e.Get(a); ok {
			out.Set(a, v)
		}
	}
	return out
}

// idOnlyEntry is e with its id and documentId only.
func idOnlyEntry(e *entry.Entry) *entry.Entry {
	out := entry.New(e.Type)
	out.ID, out.DocumentID = e.ID, e.DocumentID
	return out
}

// stamped is e with its id, documentId and timestamps: what a create
// that asks for nothing else has always answered.
func stamped(e *entry.Entry) *entry.Entry {
	out := idOnlyEntry(e)
	for _, a := range e.Type.TrailingFields() {
		if v, ok := e.Get(a); ok {
			out.Set(a, v)
		}
	}
	return out
}
