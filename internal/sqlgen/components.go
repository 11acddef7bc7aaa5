package sqlgen

import (
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// cmpAlias is the alias of a component's table in the statements that
// read its rows (j is the holder's links).
const cmpAlias = "c"

// componentLinks writes " FROM <holder's links> j JOIN <c's table> c
// <joins> WHERE" the links of c's rows in the fields names of the
// holder's rows ids.
func (b *Builder) componentLinks(holder, c *schema.ContentType, names []any, ids []int64, joins string) {
	b.W(" FROM ", Ident(schema.ComponentJoin(holder)), " j JOIN ", Ident(c.Table), " c ON c.", Ident(schema.ColID),
		" = j.", Ident(schema.CmpID), joins, " WHERE j.", Ident(schema.CmpType), " = ")
	b.Arg(strKind, c.Name)
	b.W(" AND ")
	b.In("j."+Ident(schema.CmpField), strKind, names, false)
	b.W(" AND ")
	b.In("j."+Ident(schema.CmpEntity), idKind, anys(ids), false)
}

// ComponentSelection is the scalar fields a read of component rows
// returns: q's fields and the fields its sort names (Strapi 5.54 answers
// those too), else every one that is not private.
func ComponentSelection(q *query.Query) []*schema.Attribute {
	var out []*schema.Attribute
	for _, a := range q.Type.Attributes {
		if a.IsScalar() && !a.IsPrivate() && !a.Unavailable() && (wanted(q, a) || sortsBy(q, a)) {
			out = append(out, a)
		}
	}
	return out
}

// sortsBy reports whether one of q's sort keys is q's own field a.
func sortsBy(q *query.Query, a *schema.Attribute) bool {
	for _, k := range q.Sort {
		if len(k.Path) == 1 && k.Path[0] == a {
			return true
		}
	}
	return false
}

// ComponentSelect is what a read of one component type's rows takes: its
// scalar columns, the owning to-one relations whose keys come with the
// rows, and the populate's filters and sort (Query, nil for none).
type ComponentSelect struct {
	Scalars, Refs []*schema.Attribute
	Query         *query.Query
}

// ComponentRows writes the statement of the rows of component c that
// holder's rows ids hold in the fields names, with what sel asks: rows of
// (entity, field, place, id, the scalars, each ref's two keys), in the
// sort's order within each entity and field when sorted reports one (the
// caller orders the rest by place).
func (b *Builder) ComponentRows(holder, c *schema.ContentType, names []any, ids []int64, sel ComponentSelect) (sorted bool) {
	// The sort's joins first: their arguments come before the WHERE
	// clause's (the select list has none).
	var joins string
	var keys []sortKey
	if sel.Query != nil {
		joins, keys = b.SortKeys(sel.Query, cmpAlias)
	}
	b.W("SELECT j.", Ident(schema.CmpEntity), ", j.", Ident(schema.CmpField), ", j.", Ident(schema.CmpOrder), ", c.", Ident(schema.ColID))
	for _, a := range sel.Scalars {
		b.W(", c.", Ident(a.Column))
	}
	for _, a := range sel.Refs {
		draft := a.DraftColumn
		if draft == "" {
			draft = a.Column
		}
		b.W(", c.", Ident(a.Column), ", c.", Ident(draft))
	}
	b.componentLinks(holder, c, names, ids, joins)
	if sel.Query != nil && sel.Query.Filters != nil {
		b.W(" AND ")
		b.Filter(sel.Query.Filters, cmpAlias)
	}
	if len(keys) > 0 {
		b.W(" ORDER BY ")
		for _, k := range keys {
			b.W(b.SortExpr(k.expr, k.text, k.desc), ", ")
		}
		b.W("j.", Ident(schema.CmpOrder), ", c.", Ident(schema.ColID))
	}
	return len(keys) > 0
}

// ComponentCount writes populate[component][count]=true's statement for
// holder's rows ids: one GROUP BY, how many items of the field pass its
// filters, per entity (0 or 1 for a single component).
func (b *Builder) ComponentCount(holder *schema.ContentType, p *query.Populate, ids []int64) {
	a := p.Relation
	b.W("SELECT j.", Ident(schema.CmpEntity), ", COUNT(*)")
	b.componentLinks(holder, a.ComponentTypes[0], []any{a.Name}, ids, "")
	if p.Query.Filters != nil {
		b.W(" AND ")
		b.Filter(p.Query.Filters, cmpAlias)
	}
	b.W(" GROUP BY j.", Ident(schema.CmpEntity))
}

// PopulatedToOne is the owning to-one relations q populates: their
// foreign keys are read with the rows.
func PopulatedToOne(q *query.Query) []*schema.Attribute {
	var out []*schema.Attribute
	for _, p := range q.Populate {
		if p.Relation.IsRelation() && p.Relation.Column != "" {
			out = append(out, p.Relation)
		}
	}
	return out
}

// ComponentQuery is what a populate asks of component c: a component
// field's own query, a zone's on[c] (c's fields alone when the zone is
// populated without on).
func ComponentQuery(p *query.Populate, c *schema.ContentType) *query.Query {
	if p.Relation.Type == schema.Component {
		return p.Query
	}
	if q := p.On[c.Name]; q != nil {
		return q
	}
	return &query.Query{Type: c}
}
