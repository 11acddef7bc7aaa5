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
}
