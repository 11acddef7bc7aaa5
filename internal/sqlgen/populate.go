package sqlgen

import (
	"strings"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// hop is how a batched read reaches the targets of relation a from its
// owners' rows: the owner key it selects, its FROM clause (the target's
// table aliased Root, with the join table or the linked rows it goes
// through) and the column the owner keys are matched on. For an owning
// to-one the owner key is the linked row itself (the foreign key's
// value), which populate maps back to its entries.
func (b *Builder) hop(a *schema.Attribute) (owner, from, link string) {
	t := Ident(a.TargetType.Table)
	mis := b.mismatched(a)
	switch {
	case a.Localizations:
		owner = "l." + Ident(schema.ColID)
		return owner, " FROM " + t + " l JOIN " + t + " " + Root + " ON " + otherLocale(a.Owner, Root, "l"), owner
	case a.Column != "":
		if !mis {
			owner = Col(Root, schema.ColID)
			return owner, " FROM " + t + " " + Root, owner
		}
		owner = "l." + Ident(schema.ColID)
		return owner, " FROM " + t + " l" + b.Capture(func() { b.versionJoin(a.TargetType, "l", Root) }), owner
	case a.JoinTable != "":
		owner = "j." + Ident(a.JoinSelf)
		if !mis {
			return owner, " FROM " + Ident(a.JoinTable) + " j JOIN " + t + " " + Root + " ON " + Col(Root, schema.ColID) +
				" = j." + Ident(a.JoinTarget), owner
		}
		return owner, " FROM " + Ident(a.JoinTable) + " j JOIN " + t + " l ON l." + Ident(schema.ColID) + " = j." +
			Ident(a.JoinTarget) + b.Capture(func() { b.versionJoin(a.TargetType, "l", Root) }), owner
	default:
		c := b.inverseColumn(a)
		if !mis {
			owner = Col(Root, c)
			return owner, " FROM " + t + " " + Root, owner
		}
		owner = "l." + Ident(c)
		return owner, " FROM " + t + " l" + b.Capture(func() { b.versionJoin(a.TargetType, "l", Root) }), owner
	}
}

// joinOrdered puts a manyToMany's own order (internal/store's writeJoin) before the
// last key of b's ORDER BY, the target's id: after the populate's sort
// keys, if any, the list comes in the order it was connected or placed;
// rows from before the order columns (NULL) first, by id, as they came
// until then.
func joinOrdered(b *Builder, a *schema.Attribute) {
	sql, last := b.SQL(), Col(Root, schema.ColID)
	if !strings.HasSuffix(sql, last) { // selectInto always ends with it
		return
	}
	b.sb.Reset()
	b.W(sql[:len(sql)-len(last)], "j.", Ident(schema.JoinOrder(a.JoinTarget)), " ", NullsFirst, ", ", last)
}

// Hop is the statement of one populate level through relation a: the
// targets of the owners whose keys are ids (see hop), each with its owner
// key, under nq's filters, the scope and the status, in nq's sort, a join
// table's order last. Its rows hold cols, then the owner key when owner
// is set; otherwise a row's own id is its owner key (an owning to-one).
func Hop(d schema.Dialect, a *schema.Attribute, nq *query.Query, ro entry.ReadOptions, ids []any) (b *Builder, cols []Column, owner bool) {
	b = NewRead(d, ro, nq.Status)
	cols = Selection(nq)
	extra, from, link := b.hop(a)
	// A row's own id is its owner key: not selected twice.
	owner = extra != Col(Root, schema.ColID)
	if !owner {
		extra = ""
	}
	// A draft & publish target's rows reached through both versions'
	// links (a plain owner's) are narrowed to the version shown.
	b.versioned = true
	b.selectInto(nq, cols, extra, from, func(b *Builder) { b.In(link, idKind, ids, false) })
	if a.JoinTable != "" {
		joinOrdered(b, a)
	}
	return b, cols, owner
}

// HopCount is the statement of populate[x][count]=true through relation
// a: one GROUP BY, how many targets pass nq's filters, the scope and the
// status, per owner key among ids; rows of (owner key, count).
func HopCount(d schema.Dialect, a *schema.Attribute, nq *query.Query, ro entry.ReadOptions, ids []any) *Builder {
	b := NewRead(d, ro, nq.Status)
	owner, from, link := b.hop(a)
	b.versioned = true // as in Hop
	b.W("SELECT ", owner, ", COUNT(*)", from)
	b.WhereClause(nq, Root, func(b *Builder) { b.In(link, idKind, ids, false) })
	b.W(" GROUP BY ", owner)
	return b
}

// NullsFirst sorts a join row from before the order columns (NULL) first
// ascending on both databases; ties go by id, their order until then.
const NullsFirst = "NULLS FIRST"

// Nested is the query a populate of a relation runs on its target type:
// its own fields, filters, sort and populate, no pagination, and the
// parent's status — a draft read shows the drafts it links to, a
// published read only published targets. Localizations come by locale
// code unless sorted otherwise, as Strapi 5 answers them (its index's
// order).
func Nested(p *query.Populate, status query.Status) *query.Query {
	n := query.Query{}
	if p.Query != nil {
		n = *p.Query
	}
	n.Type = p.Relation.TargetType
	n.Pagination = query.Pagination{}
	n.Status = status
	if p.Relation.Localizations && len(n.Sort) == 0 {
		n.Sort = []query.SortKey{{Path: []*schema.Attribute{schema.SysLocale}}}
	}
	return &n
}
