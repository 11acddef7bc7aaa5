package entry

import (
	"time"

	"github.com/kiln-cms/kiln/core/schema"
)

// Refs are references to entries of Type: documentIds, or ids in decimal.
type Refs struct {
	Type *schema.ContentType
	Refs []string
	// Locale is the locale a documentId names on a localized Type: the
	// writer's, or the default (docs/i18n.md).
	Locale string
}

// BulkRows is a batch of new entries with their ids already chosen: what a
// seed or an import loads. Values[i][j] is the canonical value of Fields[j]
// (a scalar, or an owning to-one relation's target id) for row i.
type BulkRows struct {
	Type        *schema.ContentType
	Fields      []*schema.Attribute
	IDs         []int64
	DocumentIDs []string
	CreatedAt   []time.Time
	// Published[i] false leaves publishedAt empty (a draft); nil means all
	// published. On a draft & publish type a published row is written
	// alone: reads take it for the draft as well, its first write adds
	// the draft row (the store's AddDraft), and so does the next
	// migration.
	Published []bool
	Values    [][]any

	// What an import keeps of each row besides (nil: as above):
	// UpdatedAt[i] (CreatedAt[i] when nil), PublishedAt[i] (the zero time
	// is a draft; it overrides Published), Locales[i] on a localized type,
	// and Components[i], the row's component and zone fields, whose items
	// keep the ids they are given (entry.Component.ID) all the way down.
	UpdatedAt   []time.Time
	PublishedAt []time.Time
	Locales     []string
	Components  []map[*schema.Attribute][]Component
}

// BulkLinks are links of one relation by row id, as an import's links
// stage names them: Attr is the relation on Owner's side (the side that
// declares it in the archive; the store writes it wherever Kiln keeps
// it), Targets[i] is linked from Owners[i], OwnerPos[i] is the target's
// place in the owner's list and TargetPos[i] the owner's in the
// target's (0: none).
type BulkLinks struct {
	Attr      *schema.Attribute
	Owners    []int64
	Targets   []int64
	OwnerPos  []float64
	TargetPos []float64
}
