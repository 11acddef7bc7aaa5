package store

import (
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// Store reads and writes entries. Every method takes the Conn to run on —
// the pool, or a transaction the caller opened — so that writes spanning
// several statements commit together.
type Store struct {
	DB *DB
	// Schema is every content type: publishing a draft copies the links of
	// every relation that reaches its type (copyLinks).
	Schema *schema.Schema
	// MaxAnswerRows bounds the entries one Find or FindOne may return,
	// populated ones included and counted each time they appear (see
	// budget); 0 means DefaultMaxAnswerRows.
	MaxAnswerRows int
}

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
	// limits); 0 is the store's own (Store.MaxAnswerRows).
	MaxAnswerRows int
}

// Scope is the caller's scope on ct, or nil when they see it whole.
func (ro ReadOptions) Scope(ct *schema.ContentType) *query.Filter { return ro.Scopes[ct] }

// Limited reports whether the caller sees less than every entry of ct:
// it has a scope, or drafts they may not read.
func (ro ReadOptions) Limited(ct *schema.ContentType) bool {
	return ro.Scopes[ct] != nil || (ct.DraftAndPublish && ro.NoDrafts[ct])
}

// Data is the checked input of a write: scalar fields as canonical values,
// and relation changes by id.
type Data struct {
	Values    map[*schema.Attribute]any
	Relations map[*schema.Attribute]RelationChange
}

// RelationChange is what a write does to one relation. Set replaces the
// related entries when SetGiven (an empty Set clears them); Connect adds
// and Disconnect removes, and apply after Set.
type RelationChange struct {
	Set        []int64
	SetGiven   bool
	Connect    []int64
	Disconnect []int64
	// Positions places connected entries of a manyToMany in its order, by
	// id; a connected entry without one goes to the end (see Position).
	Positions map[int64]Position
	// Writer is what the writer may see. When it limits the relation's
	// target type, a write changes only links to targets the writer can
	// see, as a disconnect one by one would: a to-many Set replaces the
	// visible related entries and leaves the hidden ones linked, and a
	// to-one whose current target is hidden is refused (see guardToOne).
	Writer ReadOptions
}
