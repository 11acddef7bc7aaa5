package entry

import (
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// ReadOptions are what the caller of a read or write may see. They are
// plain data, compiled once per role at start-up (auth.Access) and given
// the caller's id per request. The zero value sees every entry, drafts
// included: the server's own reads and writes.
//
// They apply at every hop a statement makes into a type — the root, a
// relation filter at any depth and inside $and/$or/$not, a sort path,
// populate and its counts, the relation targets of a write — so a row the
// caller may not see does not exist for them: a filter through it cannot
// match, a sort cannot order by it, a count cannot count it.
type ReadOptions struct {
	// Scopes holds, per content type the caller is limited on, the filter
	// of the entries they may see. A query.CallerID in it stands for User.
	// A scope is the server's own rule: it is evaluated on every row, not
	// narrowed in turn by the scopes of the types it walks through.
	Scopes map[*schema.ContentType]*query.Filter
	// User is the caller's user id (0 for the public).
	User int64
	// NoDrafts are the draft & publish types whose drafts the caller may
	// not read: for them only published entries exist, whatever the
	// query's status.
	NoDrafts map[*schema.ContentType]bool
	// MaxAnswerRows is the caller's row budget (their role's answer
	// limits); 0 is the store's own (store.Store.MaxAnswerRows).
	MaxAnswerRows int
}

// Scope is the caller's scope on ct, or nil when they see it whole.
func (ro ReadOptions) Scope(ct *schema.ContentType) *query.Filter { return ro.Scopes[ct] }

// Limited reports whether the caller sees less than every entry of ct:
// it has a scope, or drafts they may not read.
func (ro ReadOptions) Limited(ct *schema.ContentType) bool {
	return ro.Scopes[ct] != nil || (ct.DraftAndPublish && ro.NoDrafts[ct])
}
