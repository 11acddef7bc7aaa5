package sqlgen

import (
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// HidesDrafts reports whether only the published entries of ct exist for
// this statement: a published read, or a caller who may not read drafts.
func (b *Builder) HidesDrafts(ct *schema.ContentType) bool {
	return ct.DraftAndPublish && (b.status == query.Published || b.ro.NoDrafts[ct])
}

// Narrows reports whether a hop into ct must be limited to the entries
// the caller may see. Inside a scope nothing is narrowed.
func (b *Builder) Narrows(ct *schema.ContentType) bool {
	return b.inScope == 0 && (b.ro.Scopes[ct] != nil || b.HidesDrafts(ct))
}

// Visible writes the condition that a row of ct, aliased alias, is one
// the caller may see: the scope, and published when drafts are hidden.
// Call it only where Narrows(ct) holds.
func (b *Builder) Visible(ct *schema.ContentType, alias string) {
	and := false
	if sc := b.ro.Scopes[ct]; sc != nil {
		b.inScope++
		b.Filter(sc, alias)
		b.inScope--
		and = true
	}
	if b.HidesDrafts(ct) {
		if and {
			b.W(" AND ")
		}
		b.W(Col(alias, schema.ColPublishedAt), " IS NOT NULL")
	}
}

// ReadsDrafts reports whether this statement reads the draft versions of
// ct: a draft read, of a draft & publish type whose drafts the caller may
// read.
func (b *Builder) ReadsDrafts(ct *schema.ContentType) bool {
	return ct.DraftAndPublish && b.status == query.Draft && !b.HidesDrafts(ct)
}
