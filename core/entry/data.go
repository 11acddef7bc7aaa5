package entry

import (
	"fmt"

	"github.com/kiln-cms/kiln/core/schema"
)

// Data is the checked input of a write: scalar fields as canonical values,
// and relation changes by id.
type Data struct {
	Values    map[*schema.Attribute]any
	Relations map[*schema.Attribute]RelationChange
	// Components are the component and dynamic-zone fields the write
	// gives: each field's items in order, which replace what it held (an
	// empty list, or none for a single component given null, clears it).
	Components map[*schema.Attribute][]Component
	// Locale is the locale a new entry of a localized type is written in,
	// and DocumentID, when set, the document it is a new localization of
	// (a new document when empty). Inserts only.
	Locale     string
	DocumentID string
}

// Component is one item of a component or dynamic-zone field in a write:
// which component it is, and its checked fields (nested components in
// its own Data.Components).
type Component struct {
	Type *schema.ContentType
	Data Data
	// ID, when set, is the row of the field's the item updates in place:
	// what Data gives replaces what the row holds, the rest stays (a
	// nested component field Data does not name, too). Zero: a new row.
	ID int64
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
	// to-one whose current target is hidden is refused (the store's
	// guardToOne).
	Writer ReadOptions
}

// Position is where connect puts an entry in a manyToMany's list, as
// Strapi's connect position: just Before or After an entry already in the
// list (by id), at the Start, or, the zero Position, at the end.
type Position struct {
	Before, After int64
	Start         bool
}

// String is the position as Strapi writes it in its error.
func (p Position) String() string {
	switch {
	case p.Before != 0:
		return fmt.Sprintf(`{"before":%d}`, p.Before)
	case p.After != 0:
		return fmt.Sprintf(`{"after":%d}`, p.After)
	case p.Start:
		return `{"start":true}`
	}
	return `{"end":true}`
}
