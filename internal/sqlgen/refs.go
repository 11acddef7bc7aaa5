package sqlgen

import (
	"strconv"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// WhereRef writes the condition on the root table (Root) that picks the
// rows ref names: a documentId, or a numeric id — on a type with draft & publish,
// every row of that row's document. It reports false, writing nothing,
// when ref can name no row. On a localized type a documentId names its
// rows in locale (every locale when "" or query.AllLocales), and a row id
// the rows of that row's localization.
func (b *Builder) WhereRef(ct *schema.ContentType, ref, locale string) bool {
	if n, err := strconv.ParseInt(ref, 10, 64); err == nil && n > 0 && len(ref) < 24 {
		if ct.DraftAndPublish {
			t := b.NewAlias()
			b.W(DocKey(ct, Root), " IN (SELECT ", DocCols(ct, t), " FROM ", Ident(ct.Table), " ", t,
				" WHERE ", Col(t, schema.ColID), " = ")
			b.Arg(idKind, n)
			b.W(")")
		} else {
			b.W(Col(Root, schema.ColID), " = ")
			b.Arg(idKind, n)
		}
		return true
	}
	if ref != "" && len(ref) <= 64 {
		b.W(Col(Root, schema.ColDocumentID), " = ")
		b.Arg(strKind, ref)
		b.InLocale(ct, Root, locale)
		return true
	}
	return false
}

// resolveBranch writes ResolveMany's SELECT of list k: k, the named row's
// id, the id of a row of its document, the documentId, and whether that
// row is a draft. Without draft & publish a document is one row, so the
// named row is its own pair and never a draft (no join). A draft is a
// valid target unless the caller may not read drafts (the scope, b.ro).
// On a localized type a documentId names the document's localization in
// locale (entry.Refs.Locale), and a row id that row's localization.
func (b *Builder) resolveBranch(k int, ct *schema.ContentType, nums, docs []any, locale string) {
	t := Ident(ct.Table)
	id, doc := Col(Root, schema.ColID), Col(Root, schema.ColDocumentID)
	named := Root
	b.W("SELECT ", strconv.Itoa(k), ", ")
	if ct.DraftAndPublish {
		named = b.NewAlias()
		b.W(Col(named, schema.ColID), ", ", id, ", ", doc, ", ", Col(Root, schema.ColPublishedAt), " IS NULL FROM ", t, " ", Root,
			" JOIN ", t, " ", named, " ON ", SameDoc(ct, named, Root))
	} else {
		b.W(id, ", ", id, ", ", doc, ", 1 = 0 FROM ", t, " ", Root)
	}
	b.W(" WHERE (")
	// Only the lists that have items: "id IN (1) OR 1=0" keeps SQLite
	// from using the primary key, and a create then scanned the table.
	byDoc := func() {
		if !ct.Localized || locale == "" {
			b.In(Col(named, schema.ColDocumentID), strKind, docs, false)
			return
		}
		b.W("(")
		b.In(Col(named, schema.ColDocumentID), strKind, docs, false)
		b.InLocale(ct, named, locale)
		b.W(")")
	}
	switch {
	case len(nums) > 0 && len(docs) > 0:
		b.In(Col(named, schema.ColID), idKind, nums, false)
		b.W(" OR ")
		byDoc()
	case len(nums) > 0:
		b.In(Col(named, schema.ColID), idKind, nums, false)
	default:
		byDoc()
	}
	b.W(")")
	if b.Narrows(ct) {
		b.W(" AND ")
		b.Visible(ct, Root)
	}
}

// ByID is One's condition for the row with the id.
func ByID(id int64) func(*Builder) {
	return func(b *Builder) {
		b.W(Col(Root, schema.ColID), " = ")
		b.Arg(idKind, id)
	}
}

// ByRef is One's condition for the row ref names — a documentId, or the
// numeric id of either row of its document — in the version q's status
// reads; false when ref can name no row.
//
// A draft read names the version by id: the draft row, else the published
// row (Document.Version), each found through its own partial unique index
// on document_id; a published read's condition (published_at IS NOT NULL,
// see Visible) selects the published one's.
func ByRef(q *query.Query, ref string) (func(*Builder), bool) {
	ct := q.Type
	t := Ident(ct.Table)
	var doc func(b *Builder) // writes the document_id ref names
	n, err := strconv.ParseInt(ref, 10, 64)
	byID := err == nil && n > 0 && len(ref) < 24
	switch {
	case byID:
		doc = func(b *Builder) {
			a := b.NewAlias()
			b.W("(SELECT ", Col(a, schema.ColDocumentID), " FROM ", t, " ", a, " WHERE ", Col(a, schema.ColID), " = ")
			b.Arg(idKind, n)
			b.W(")")
		}
	case ref != "" && len(ref) <= 64:
		doc = func(b *Builder) { b.Arg(strKind, ref) }
	default:
		return nil, false
	}
	return func(b *Builder) {
		switch {
		case byID && !ct.DraftAndPublish: // the one row of the document
			b.W(Col(Root, schema.ColID), " = ")
			b.Arg(idKind, n)
		case b.ReadsDrafts(ct):
			version := func(published string) {
				a := b.NewAlias()
				b.W("(SELECT ", Col(a, schema.ColID), " FROM ", t, " ", a, " WHERE ", Col(a, schema.ColDocumentID), " = ")
				doc(b)
				if readsLocale(q) {
					b.W(" AND ", Col(a, schema.ColLocale), " = ")
					b.Arg(strKind, q.Locale)
				}
				b.W(" AND ", Col(a, schema.ColPublishedAt), published, ")")
			}
			b.W(Col(Root, schema.ColID), " = COALESCE(")
			version(" IS NULL")
			b.W(", ")
			version(" IS NOT NULL")
			b.W(")")
		default:
			b.W(Col(Root, schema.ColDocumentID), " = ")
			doc(b)
		}
	}, true
}

// Entry is the statement of the row of ct, a type without draft & publish,
// that ref names, with every field a read of all fields selects and its
// owning to-one foreign keys: what an update hands its before hooks.
// False when ref can name no row.
func Entry(d schema.Dialect, ct *schema.ContentType, ref string) (b *Builder, cols []Column, ok bool) {
	cols = Selection(&query.Query{Type: ct, Status: query.Draft})
	for _, a := range ct.Attributes {
		if a.IsRelation() && a.Column != "" && !a.Unavailable() {
			cols = append(cols, Column{Attr: a, SQL: Col(Root, a.Column), Ref: true})
		}
	}
	b = NewRead(d, entry.ReadOptions{}, query.Draft)
	b.W("SELECT ")
	b.SelectList(cols)
	b.W(" FROM ", Ident(ct.Table), " ", Root, " WHERE ")
	return b, cols, b.WhereRef(ct, ref, "")
}

// Resolve is the statement that turns the references of lists into row
// ids under ro (see store.ResolveMany): a UNION ALL of one SELECT per list
// that names anything (resolveBranch); false when none does.
func Resolve(d schema.Dialect, lists []entry.Refs, ro entry.ReadOptions) (*Builder, bool) {
	b := NewRead(d, ro, query.Draft)
	some := false
	for i, l := range lists {
		var nums, docs []any
		for _, r := range l.Refs {
			if n, err := strconv.ParseInt(r, 10, 64); err == nil && n > 0 && len(r) < 24 {
				nums = append(nums, n)
			} else if r != "" && len(r) <= 64 {
				docs = append(docs, r)
			}
		}
		if len(nums)+len(docs) == 0 {
			continue
		}
		if some {
			b.W(" UNION ALL ")
		}
		some = true
		b.resolveBranch(i, l.Type, nums, docs, l.Locale)
	}
	return b, some
}
