package sqlgen

import (
	"github.com/kiln-cms/kiln/core/schema"
)

// What a write links, per version (versions.go): the statements of
// internal/store's writes call these for the rows a reference names.

// TargetRows writes the rows of target that a write of writer links for
// the documents ids name: the ids themselves on a plain target; on a
// draft & publish one every row of their documents, or their drafts only
// when the writer has draft & publish. A parenthesised list or subquery,
// for "c IN <targetRows>".
func (b *Builder) TargetRows(writer, target *schema.ContentType, ids []int64) {
	if !target.DraftAndPublish {
		b.List(idKind, ids)
		return
	}
	r, d := b.NewAlias(), b.NewAlias()
	t := Ident(target.Table)
	b.W("(SELECT ", Col(r, schema.ColID), " FROM ", t, " ", r, " WHERE ", DocKey(target, r), " IN (SELECT ",
		DocCols(target, d), " FROM ", t, " ", d, " WHERE ")
	b.In(Col(d, schema.ColID), idKind, anys(ids), false)
	b.W(")")
	if LinksDrafts(writer) {
		b.W(" AND ", Col(r, schema.ColPublishedAt), " IS NULL")
	}
	b.W(")")
}

// List writes "(?, ?, ...)".
func (b *Builder) List(k schema.Kind, ids []int64) {
	b.W("(")
	for i, id := range ids {
		if i > 0 {
			b.W(", ")
		}
		b.Arg(k, id)
	}
	b.W(")")
}

// VersionRow writes the id of the row, in its draft or published version,
// of the document of target's row id: NULL when the document has no such
// version. A scalar subquery on the document_id's partial unique index.
func (b *Builder) VersionRow(target *schema.ContentType, id any, draft bool) {
	r, d := b.NewAlias(), b.NewAlias()
	t := Ident(target.Table)
	b.W("(SELECT ", Col(r, schema.ColID), " FROM ", t, " ", r, " WHERE ", DocKey(target, r), " = (SELECT ",
		DocCols(target, d), " FROM ", t, " ", d, " WHERE ", Col(d, schema.ColID), " = ")
	b.Arg(idKind, id)
	b.W(") AND ", Col(r, schema.ColPublishedAt), VersionSQL(draft), ")")
}

// VersionSQL is the published_at test of a version.
func VersionSQL(draft bool) string {
	if draft {
		return " IS NULL"
	}
	return " IS NOT NULL"
}

// RelValue writes the value a write stores in column c of the owning
// to-one relation a for the target the reference v names (nil: none):
// the reference itself on a plain target; else the target's row of the
// version the column links (the draft for a draft & publish owner, the
// version of the column for a plain one).
func (b *Builder) RelValue(a *schema.Attribute, c string, v any) {
	if v == nil || !a.TargetType.DraftAndPublish {
		b.Arg(a.Kind, v)
		return
	}
	b.VersionRow(a.TargetType, v, LinksDrafts(a.Owner) || c == a.DraftColumn)
}

// ColValue writes the value a write stores in column c of a: a scalar's
// value, or a relation's link (relValue).
func (b *Builder) ColValue(a *schema.Attribute, c string, v any) {
	if a.IsRelation() {
		b.RelValue(a, c, v)
		return
	}
	b.Arg(a.Kind, v)
}

// Scoped writes " AND c [NOT] IN (SELECT tN.id FROM <target> tN WHERE
// <visible>)": c names a target the writer may see (not: may not see).
// Nothing when the writer sees every target. One subquery, however many
// rows it covers. On a draft & publish target what the writer sees is
// the document: c names a row of a document one of whose versions they
// may see (a draft links drafts, which a writer who may not read them
// still links through the document).
func (b *Builder) Scoped(c string, target *schema.ContentType, not bool) {
	if !b.Narrows(target) {
		return
	}
	t := b.NewAlias()
	b.W(" AND ", c)
	if not {
		b.W(" NOT")
	}
	if target.DraftAndPublish {
		r := b.NewAlias()
		b.W(" IN (SELECT ", Col(r, schema.ColID), " FROM ", Ident(target.Table), " ", r, " WHERE ", DocKey(target, r),
			" IN (SELECT ", DocCols(target, t), " FROM ", Ident(target.Table), " ", t, " WHERE ")
		b.Visible(target, t)
		b.W("))")
		return
	}
	b.W(" IN (SELECT ", Col(t, schema.ColID), " FROM ", Ident(target.Table), " ", t, " WHERE ")
	b.Visible(target, t)
	b.W(")")
}

// TargetsIn writes " AND <c> [NOT] IN <the rows of target the write links
// for ids>" (targetRows), where c is the target's id column.
func (b *Builder) TargetsIn(writer, target *schema.ContentType, ids []int64, not bool) {
	b.W(" AND ", Ident(schema.ColID))
	if not {
		b.W(" NOT")
	}
	b.W(" IN ")
	b.TargetRows(writer, target, ids)
}

// LinksDrafts reports whether a write of ct links only the drafts of its
// draft & publish targets: ct has draft & publish itself.
func LinksDrafts(ct *schema.ContentType) bool { return ct.DraftAndPublish }
