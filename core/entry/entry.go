// Package entry holds the domain's values that travel between the layers
// of Kiln: an entry as typed values (Entry), the checked input of a write
// (Data, RelationChange, Position), what a caller may see (ReadOptions),
// the rows of a document (Document), references to resolve (Refs) and a
// bulk load's rows (BulkRows). The content service, its callers (the REST
// handlers, the plugins, the commands) and the store (internal/store, which
// reads and writes them as SQL) share them. No SQL and no database here:
// a value belongs in this package when more than one layer holds it and
// it means the same thing to each.
package entry

import (
	"github.com/kiln-cms/kiln/core/schema"
)

// Entry is one row of a content type as typed values. Values and Has are
// indexed by slot: the attribute's index in Type.Attributes, then three
// slots for createdAt, updatedAt and publishedAt (see Slot). Has says which
// slots were loaded: selected fields and populated relations.
//
// A populated to-one relation holds *Entry (or nil), a to-many one
// []*Entry, a counted one Count.
type Entry struct {
	Type       *schema.ContentType
	ID         int64
	DocumentID string
	Values     []any
	Has        []bool

	// refs are the foreign keys read to populate to-one relations, and
	// owner the entry a populated row belongs to; neither is output.
	refs map[*schema.Attribute]int64
	// drafts are the DraftColumn keys read beside refs.
	drafts map[*schema.Attribute]int64
	owner  int64
	// written marks an entry a write returned (Written); keys one read
	// with every owning to-one foreign key (ForeignKey).
	written, keys bool
	// related is a file's populated related, morph an entry of one
	// (SetRelated, SetMorph).
	related *relatedValue
	morph   bool
}

// Count is a populated relation asked for with count=true.
type Count struct{ N int64 }

// New returns an empty entry of type ct.
func New(ct *schema.ContentType) *Entry {
	n := len(ct.Attributes) + 3
	if ct.Localized { // locale and localizations
		n += 2
	}
	return &Entry{Type: ct, Values: make([]any, n), Has: make([]bool, n)}
}

// Slot is the index of a field in Entry.Values: attributes by position,
// then createdAt, updatedAt, publishedAt, locale and localizations (the
// last two on localized types only). id and documentId have no slot
// (-1): they are always present.
func Slot(ct *schema.ContentType, a *schema.Attribute) int {
	if !a.System {
		return ct.Index(a)
	}
	n := len(ct.Attributes)
	switch a {
	case schema.SysCreatedAt:
		return n
	case schema.SysUpdatedAt:
		return n + 1
	case schema.SysPublishedAt:
		return n + 2
	case schema.SysLocale:
		return n + 3
	}
	if a.Localizations {
		return n + 4
	}
	return -1
}

// Set stores a value in a's slot and marks it loaded.
func (e *Entry) Set(a *schema.Attribute, v any) {
	if i := Slot(e.Type, a); i >= 0 {
		e.Values[i], e.Has[i] = v, true
	}
}

// Get returns a's value and whether it was loaded.
func (e *Entry) Get(a *schema.Attribute) (any, bool) {
	i := Slot(e.Type, a)
	if i < 0 {
		return nil, false
	}
	return e.Values[i], e.Has[i]
}

// Timestamps returns createdAt, updatedAt and publishedAt when loaded.
func (e *Entry) Timestamps() (created, updated, published any) {
	n := len(e.Type.Attributes)
	return e.Values[n], e.Values[n+1], e.Values[n+2]
}

// ForeignKey is where the entry's owning to-one relation a points (0 for
// nowhere), when the entry was read with its foreign keys (the store's
// FindEntry).
func (e *Entry) ForeignKey(a *schema.Attribute) (int64, bool) {
	if !e.keys || a.Owner != e.Type || a.Column == "" || !a.IsRelation() || a.Unavailable() {
		return 0, false
	}
	return e.refs[a], true
}

// Written reports whether the entry is the row a write just returned, with
// every field a read of all fields selects, as stored: what a read-back in
// the same transaction would give, so none is needed.
func (e *Entry) Written() bool { return e.written }

// relatedValue is a file's populated related (the entries whose media
// fields hold it, the upload plugin's morphToMany in Strapi): []*Entry,
// or Count.
type relatedValue struct {
	v   any
	set bool
}

// SetRelated stores a file's populated related: a []*Entry in Strapi's
// order, each marked with SetMorph, or a Count.
func (e *Entry) SetRelated(v any) { e.related = &relatedValue{v: v, set: true} }

// Related returns a file's populated related and whether it was loaded.
func (e *Entry) Related() (any, bool) {
	if e.related == nil {
		return nil, false
	}
	return e.related.v, e.related.set
}

// SetMorph marks an entry of a file's related list: it answers __type.
func (e *Entry) SetMorph() { e.morph = true }

// Morph reports whether the entry is one of a file's related (SetMorph).
func (e *Entry) Morph() bool { return e.morph }
