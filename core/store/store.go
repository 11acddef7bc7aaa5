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
}

// ReadOptions are the server's own conditions on a read.
type ReadOptions struct {
	// Scope returns a filter ANDed onto every read of a type (ownership
	// rules), at the top level and in every populated relation; nil, or a
	// nil filter, means none.
	Scope func(*schema.ContentType) *query.Filter
}

func (ro ReadOptions) scope(ct *schema.ContentType) *query.Filter {
	if ro.Scope == nil {
		return nil
	}
	return ro.Scope(ct)
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
	// Scope is the writer's scope on the relation's target type (nil: the
	// writer sees every target, the admin's case). Under a scope a write
	// changes only links to targets the writer can see, as a disconnect
	// one by one would: a to-many Set replaces the visible related
	// entries and leaves the hidden ones linked, and a to-one whose
	// current target is hidden is refused (see guardToOne).
	Scope *query.Filter
}
