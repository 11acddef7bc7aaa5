package sqlgen

import (
	"strconv"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// A file's related is read back from the media fields that hold it
// (internal/store's related.go says how): one statement per content type
// with media fields, its rows joined to the UNION ALL of its fields'
// links to the files asked for.

// MediaFields are ct's own media fields (not its components'), in schema
// order.
func MediaFields(ct *schema.ContentType) []*schema.Attribute {
	var out []*schema.Attribute
	for _, a := range ct.Attributes {
		if a.IsMedia() && !a.Unavailable() && a.TargetType != nil {
			out = append(out, a)
		}
	}
	return out
}

// relatedLinks writes the subquery of the links from ct's media fields to
// the files ids: e (the holder's row), f (the file), o (its place) and k
// (the field's index in ct).
func (b *Builder) relatedLinks(ct *schema.ContentType, fields []*schema.Attribute, ids []any) {
	b.W("(")
	for i, a := range fields {
		if i > 0 {
			b.W(" UNION ALL ")
		}
		k := strconv.Itoa(ct.Index(a))
		if a.JoinTable != "" {
			b.W("SELECT m.", Ident(a.JoinSelf), " AS e, m.", Ident(a.JoinTarget), " AS f, m.",
				Ident(schema.JoinOrder(a.JoinTarget)), " AS o, ", k, " AS k FROM ", Ident(a.JoinTable), " m WHERE ")
			b.In("m."+Ident(a.JoinTarget), idKind, ids, false)
			continue
		}
		b.W("SELECT m.", Ident(schema.ColID), " AS e, m.", Ident(a.Column), " AS f, 1 AS o, ", k,
			" AS k FROM ", Ident(ct.Table), " m WHERE ")
		b.In("m."+Ident(a.Column), idKind, ids, false)
	}
	b.W(") l")
}

// RelatedCount is the statement of how many links of tq's type's media
// fields lead to each of the files ids, among the rows ro may see (every
// version they may read): rows of (file, count).
func RelatedCount(d schema.Dialect, ct *schema.ContentType, fields []*schema.Attribute, ids []any, ro entry.ReadOptions) *Builder {
	b := NewRead(d, ro, query.Draft)
	b.W("SELECT l.f, COUNT(*) FROM ", Ident(ct.Table), " ", Root, " JOIN ")
	b.relatedLinks(ct, fields, ids)
	b.W(" ON l.e = ", Col(Root, schema.ColID))
	b.WhereClause(&query.Query{Type: ct}, Root, nil)
	b.W(" GROUP BY l.f")
	return b
}

// Related is the statement of the rows of tq's type holding the files ids
// in its media fields, one row per link, with tq's fields: every version
// the caller may read, each a row of its own. Its rows hold cols, then
// the file, the link's place and the field's index in the type.
func Related(d schema.Dialect, tq *query.Query, fields []*schema.Attribute, ids []any, ro entry.ReadOptions) (b *Builder, cols []Column) {
	cols = Selection(tq)
	b = NewRead(d, ro, query.Draft)
	b.W("SELECT ")
	b.SelectList(cols)
	b.W(", l.f, l.o, l.k FROM ", Ident(tq.Type.Table), " ", Root, " JOIN ")
	b.relatedLinks(tq.Type, fields, ids)
	b.W(" ON l.e = ", Col(Root, schema.ColID))
	b.WhereClause(tq, Root, nil)
	return b, cols
}
