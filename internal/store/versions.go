package store

import (
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
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
// copies the draft's links onto the published row (copyLinks). A read
// follows the links of the row it shows to the rows of the version it
// shows of the target: a plain row's links lead to both versions, of
// which the read keeps one; a draft & publish row's lead to the right
// version already, unless the read shows the two types in different
// versions (a caller who may read the drafts of one and not of the
// other), where the hop goes through the target's document (mismatched).

// mismatched reports whether a hop along a reaches targets of another
// version than the links of a's owner lead to: both types have draft &
// publish and this statement shows one in its draft and the other in its
// published version. The hop then goes from the linked row to the row of
// its document in the version shown (versionJoin).
func (b *sqlb) mismatched(a *schema.Attribute) bool {
	return a.Owner.DraftAndPublish && a.TargetType.DraftAndPublish && b.readsDrafts(a.Owner) != b.readsDrafts(a.TargetType)
}

// toOneColumn is the column of a's owner that a hop along the owning
// to-one relation a follows: the link to the target's draft when a plain
// owner's read shows the target's drafts, else a.Column.
func (b *sqlb) toOneColumn(a *schema.Attribute) string {
	if a.DraftColumn != "" && b.readsDrafts(a.TargetType) {
		return a.DraftColumn
	}
	return a.Column
}

// inverseColumn is the column of a's target that names a's owner, for a
// relation stored on the target's side (oneToMany, mapped oneToOne): when
// that side is plain and the owner has draft & publish, its column for
// the version the read shows of the owner.
func (b *sqlb) inverseColumn(a *schema.Attribute) string {
	inv := a.Inverse
	if inv.DraftColumn != "" && b.readsDrafts(a.Owner) {
		return inv.DraftColumn
	}
	return inv.Column
}

// versionCond writes the condition that a row of ct, aliased alias, is the
// version this statement shows of ct: its draft (draftVersion) or its
// published row. Only for draft & publish types.
func (b *sqlb) versionCond(ct *schema.ContentType, alias string) {
	if b.readsDrafts(ct) {
		b.draftVersion(ct, alias)
		return
	}
	b.w(col(alias, schema.ColPublishedAt), " IS NOT NULL")
}

// versionJoin writes " JOIN <ct> t ON <t is the row of l's document in the
// version shown>": the hop of a mismatched relation, from the row l a link
// names to the row the read shows.
func (b *sqlb) versionJoin(ct *schema.ContentType, l, t string) {
	b.w(" JOIN ", database.Ident(ct.Table), " ", t, " ON ", sameDoc(ct, t, l), " AND ")
	b.versionCond(ct, t)
}

// hop is how a batched read reaches the targets of relation a from its
// owners' rows: the owner key it selects, its FROM clause (the target's
// table aliased root, with the join table or the linked rows it goes
// through) and the column the owner keys are matched on. For an owning
// to-one the owner key is the linked row itself (the foreign key's
// value), which populate maps back to its entries.
func (b *sqlb) hop(a *schema.Attribute) (owner, from, link string) {
	t := database.Ident(a.TargetType.Table)
	mis := b.mismatched(a)
	switch {
	case a.Localizations:
		owner = "l." + database.Ident(schema.ColID)
		return owner, " FROM " + t + " l JOIN " + t + " " + root + " ON " + otherLocale(a.Owner, root, "l"), owner
	case a.Column != "":
		if !mis {
			owner = col(root, schema.ColID)
			return owner, " FROM " + t + " " + root, owner
		}
		owner = "l." + database.Ident(schema.ColID)
		return owner, " FROM " + t + " l" + b.capture(func() { b.versionJoin(a.TargetType, "l", root) }), owner
	case a.JoinTable != "":
		owner = "j." + database.Ident(a.JoinSelf)
		if !mis {
			return owner, " FROM " + database.Ident(a.JoinTable) + " j JOIN " + t + " " + root + " ON " + col(root, schema.ColID) +
				" = j." + database.Ident(a.JoinTarget), owner
		}
		return owner, " FROM " + database.Ident(a.JoinTable) + " j JOIN " + t + " l ON l." + database.Ident(schema.ColID) + " = j." +
			database.Ident(a.JoinTarget) + b.capture(func() { b.versionJoin(a.TargetType, "l", root) }), owner
	default:
		c := b.inverseColumn(a)
		if !mis {
			owner = col(root, c)
			return owner, " FROM " + t + " " + root, owner
		}
		owner = "l." + database.Ident(c)
		return owner, " FROM " + t + " l" + b.capture(func() { b.versionJoin(a.TargetType, "l", root) }), owner
	}
}

// sortJoin is the ON condition of a sort key's LEFT JOIN from alias from
// through the to-one rel into t. An owned key names the target's row
// (toOneColumn); a mapped oneToOne's key is held by the target. A plain
// owner's key on the target's side is held by both of its versions, and
// a mismatched hop joins the linked row l first (added to joins), then
// its document's row in the version shown.
func (b *sqlb) sortJoin(rel *schema.Attribute, from, t string, joins *string) string {
	target := rel.TargetType
	version := ""
	if target.DraftAndPublish {
		version = " AND " + b.capture(func() { b.versionCond(target, t) })
	}
	if b.mismatched(rel) {
		l := b.newAlias()
		if rel.Column != "" {
			*joins += " LEFT JOIN " + database.Ident(target.Table) + " " + l + " ON " + col(l, schema.ColID) + " = " + col(from, rel.Column)
		} else {
			*joins += " LEFT JOIN " + database.Ident(target.Table) + " " + l + " ON " + col(l, b.inverseColumn(rel)) + " = " + col(from, schema.ColID)
		}
		return sameDoc(target, t, l) + version
	}
	if rel.Column != "" {
		return col(t, schema.ColID) + " = " + col(from, b.toOneColumn(rel))
	}
	return col(t, b.inverseColumn(rel)) + " = " + col(from, schema.ColID) + version
}
