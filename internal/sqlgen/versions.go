package sqlgen

import (
	"github.com/kiln-cms/kiln/core/schema"
)

// Links are kept per version, as Strapi 5 keeps them (docs/drafts.md, "How
// it is stored"). Every stored link joins two rows, and which rows depends
// on the two types:
//
//   - between two draft & publish types, a draft row links drafts and a
//     published row published rows, never across;
//   - a row of a type without draft & publish links both versions of a
//     draft & publish target (a to-one relation has a second column for
//     the draft, Attribute.DraftColumn);
//   - a draft & publish row links a row of a type without the option as it
//     is.
//
// So a write of a draft changes only what the draft links, and publishing
// copies the draft's links onto the published row (store's copyLinks). A read
// follows the links of the row it shows to the rows of the version it
// shows of the target: a plain row's links lead to both versions, of
// which the read keeps one; a draft & publish row's lead to the right
// version already, unless the read shows the two types in different
// versions (a caller who may read the drafts of one and not of the
// other), where the hop goes through the target's document (mismatched).

// draftVersion writes the condition that a row of ct, aliased alias, is
// its document's draft version: the draft row, or the published row of a
// document without one. One probe of the draft rows' unique index.
func (b *Builder) draftVersion(ct *schema.ContentType, alias string) {
	pub, doc := Ident(schema.ColPublishedAt), Ident(schema.ColDocumentID)
	t := b.NewAlias()
	if ct.Localized {
		b.W("(", alias, ".", pub, " IS NULL OR NOT EXISTS (SELECT 1 FROM ", Ident(ct.Table), " ", t, " WHERE ",
			SameDoc(ct, t, alias), " AND ", t, ".", pub, " IS NULL))")
		return
	}
	b.W("(", alias, ".", pub, " IS NULL OR NOT EXISTS (SELECT 1 FROM ", Ident(ct.Table), " ", t, " WHERE ",
		t, ".", doc, " = ", alias, ".", doc, " AND ", t, ".", pub, " IS NULL))")
}

// mismatched reports whether a hop along a reaches targets of another
// version than the links of a's owner lead to: both types have draft &
// publish and this statement shows one in its draft and the other in its
// published version. The hop then goes from the linked row to the row of
// its document in the version shown (versionJoin).
func (b *Builder) mismatched(a *schema.Attribute) bool {
	return a.Owner.DraftAndPublish && a.TargetType.DraftAndPublish && b.ReadsDrafts(a.Owner) != b.ReadsDrafts(a.TargetType)
}

// ToOneColumn is the column of a's owner that a hop along the owning
// to-one relation a follows: the link to the target's draft when a plain
// owner's read shows the target's drafts, else a.Column.
func (b *Builder) ToOneColumn(a *schema.Attribute) string {
	if a.DraftColumn != "" && b.ReadsDrafts(a.TargetType) {
		return a.DraftColumn
	}
	return a.Column
}

// inverseColumn is the column of a's target that names a's owner, for a
// relation stored on the target's side (oneToMany, mapped oneToOne): when
// that side is plain and the owner has draft & publish, its column for
// the version the read shows of the owner.
func (b *Builder) inverseColumn(a *schema.Attribute) string {
	inv := a.Inverse
	if inv.DraftColumn != "" && b.ReadsDrafts(a.Owner) {
		return inv.DraftColumn
	}
	return inv.Column
}

// versionCond writes the condition that a row of ct, aliased alias, is the
// version this statement shows of ct: its draft (draftVersion) or its
// published row. Only for draft & publish types.
func (b *Builder) versionCond(ct *schema.ContentType, alias string) {
	if b.ReadsDrafts(ct) {
		b.draftVersion(ct, alias)
		return
	}
	b.W(Col(alias, schema.ColPublishedAt), " IS NOT NULL")
}

// versionJoin writes " JOIN <ct> t ON <t is the row of l's document in the
// version shown>": the hop of a mismatched relation, from the row l a link
// names to the row the read shows.
func (b *Builder) versionJoin(ct *schema.ContentType, l, t string) {
	b.W(" JOIN ", Ident(ct.Table), " ", t, " ON ", SameDoc(ct, t, l), " AND ")
	b.versionCond(ct, t)
}
