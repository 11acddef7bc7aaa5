package sqlgen

import (
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// orderBy returns the LEFT JOINs the sort keys pass through and the ORDER
// BY clause: q's keys, then id, so that pages are stable. Joins are on
// to-one relations only, so they never duplicate a row, and each joins
// only a target the caller may see: through a hidden one the key is NULL,
// as if there were no relation. NULLs sort last ascending and first
// descending on both databases (PostgreSQL's rule, which Strapi 5 shows,
// written out for SQLite), and text in byte order (COLLATE "C" on
// PostgreSQL).
func (b *Builder) orderBy(q *query.Query, alias string) (joins, order string) {
	joins, keys := b.SortKeys(q, alias)
	order = " ORDER BY "
	for _, k := range keys {
		order += b.SortExpr(k.expr, k.text, k.desc) + ", "
	}
	return joins, order + Col(alias, schema.ColID)
}

// sortKey is one key of an ORDER BY: the column it reads and how it
// sorts (see sortExpr).
type sortKey struct {
	expr       string
	text, desc bool
}

// SortKeys returns the LEFT JOINs q's sort keys pass through and the keys,
// without the final id (see orderBy). A path through to-one relations and
// single components is joined directly. One through a to-many relation or
// a repeatable component is one value per entry, as Strapi 5 orders it:
// the least non-NULL value ascending, and descending the greatest, NULL
// (which PostgreSQL ranks above every value) when any row on the way
// holds none; a grouped subquery joined by the entry's id.
func (b *Builder) SortKeys(q *query.Query, alias string) (joins string, keys []sortKey) {
	for _, k := range q.Sort {
		if len(k.Path) == 0 {
			continue
		}
		last := k.Path[len(k.Path)-1]
		text := last.Kind.Caps().Text
		if !sortsMany(k.Path) {
			from := alias
			for _, hop := range k.Path[:len(k.Path)-1] {
				from = b.sortHop(hop, from, &joins)
			}
			keys = append(keys, sortKey{expr: Col(from, last.Column), text: text, desc: k.Desc})
			continue
		}
		r, g := b.NewAlias(), b.NewAlias()
		var inner string
		from := r
		for _, hop := range k.Path[:len(k.Path)-1] {
			from = b.sortHop(hop, from, &inner)
		}
		v := Col(from, last.Column)
		if text && b.d == schema.Postgres {
			v += ` COLLATE "C"`
		}
		agg := "MIN(" + v + ")"
		if k.Desc {
			agg = "CASE WHEN COUNT(*) > COUNT(" + v + ") THEN NULL ELSE MAX(" + v + ") END"
		}
		joins += " LEFT JOIN (SELECT " + Col(r, schema.ColID) + " AS k, " + agg + " AS v FROM " +
			Ident(q.Type.Table) + " " + r + inner + " GROUP BY " + Col(r, schema.ColID) + ") " + g +
			" ON " + g + ".k = " + Col(alias, schema.ColID)
		keys = append(keys, sortKey{expr: g + ".v", text: text, desc: k.Desc})
	}
	return joins, keys
}

// sortsMany reports whether a sort path goes through a to-many relation
// or a repeatable component.
func sortsMany(path []*schema.Attribute) bool {
	for _, a := range path[:len(path)-1] {
		if a.Repeatable || (a.IsRelation() && a.ToMany()) {
			return true
		}
	}
	return false
}

// sortHop appends to joins the LEFT JOINs from the row aliased from
// through the relation or component a, and returns the alias of the rows
// reached: a component's through its holder's links; a relation's target
// through its join table or key (sortJoin), only a target the caller may
// see (through a hidden one the key is NULL, as if there were none).
func (b *Builder) sortHop(a *schema.Attribute, from string, joins *string) string {
	t := b.NewAlias()
	if a.IsComponent() {
		j := b.NewAlias()
		field := b.Capture(func() { b.Arg(strKind, a.Name) })
		*joins += " LEFT JOIN " + Ident(schema.ComponentJoin(a.Owner)) + " " + j + " ON " +
			Col(j, schema.CmpEntity) + " = " + Col(from, schema.ColID) + " AND " + Col(j, schema.CmpField) + " = " + field +
			" LEFT JOIN " + Ident(a.ComponentTypes[0].Table) + " " + t + " ON " + Col(t, schema.ColID) + " = " + Col(j, schema.CmpID)
		return t
	}
	var on string
	if a.JoinTable != "" { // as sortJoin: the linked row, or its document's in the version shown
		j := b.NewAlias()
		*joins += " LEFT JOIN " + Ident(a.JoinTable) + " " + j + " ON " + Col(j, a.JoinSelf) + " = " + Col(from, schema.ColID)
		on = Col(t, schema.ColID) + " = " + Col(j, a.JoinTarget)
		if b.mismatched(a) {
			l := b.NewAlias()
			*joins += " LEFT JOIN " + Ident(a.TargetType.Table) + " " + l + " ON " + Col(l, schema.ColID) + " = " + Col(j, a.JoinTarget)
			on = SameDoc(a.TargetType, t, l)
		}
		if a.TargetType.DraftAndPublish {
			on += " AND " + b.Capture(func() { b.versionCond(a.TargetType, t) })
		}
	} else {
		on = b.sortJoin(a, from, t, joins)
	}
	if b.Narrows(a.TargetType) {
		on += " AND " + b.Capture(func() { b.Visible(a.TargetType, t) })
	}
	*joins += " LEFT JOIN " + Ident(a.TargetType.Table) + " " + t + " ON " + on
	return t
}

// SortExpr is the ORDER BY term of column c; text says it holds text,
// which PostgreSQL orders byte by byte, as SQLite does. NULLs come last
// ascending and first descending, as Strapi 5 answers on PostgreSQL (its
// default) and SQLite is told to (its default is the opposite). (A bool,
// not the kind: the interface call would keep the function from being
// inlined, and its concatenation from joining the caller's.)
func (b *Builder) SortExpr(c string, text, desc bool) string {
	if text && b.d != schema.SQLite {
		c += ` COLLATE "C"`
	}
	if desc {
		return c + " DESC NULLS FIRST"
	}
	return c + " ASC NULLS LAST"
}

// sortJoin is the ON condition of a sort key's LEFT JOIN from alias from
// through the to-one rel into t. An owned key names the target's row
// (ToOneColumn); a mapped oneToOne's key is held by the target. A plain
// owner's key on the target's side is held by both of its versions, and
// a mismatched hop joins the linked row l first (added to joins), then
// its document's row in the version shown.
func (b *Builder) sortJoin(rel *schema.Attribute, from, t string, joins *string) string {
	target := rel.TargetType
	version := ""
	if target.DraftAndPublish {
		version = " AND " + b.Capture(func() { b.versionCond(target, t) })
	}
	if b.mismatched(rel) {
		l := b.NewAlias()
		if rel.Column != "" {
			*joins += " LEFT JOIN " + Ident(target.Table) + " " + l + " ON " + Col(l, schema.ColID) + " = " + Col(from, rel.Column)
		} else {
			*joins += " LEFT JOIN " + Ident(target.Table) + " " + l + " ON " + Col(l, b.inverseColumn(rel)) + " = " + Col(from, schema.ColID)
		}
		return SameDoc(target, t, l) + version
	}
	if rel.Column != "" {
		return Col(t, schema.ColID) + " = " + Col(from, b.ToOneColumn(rel))
	}
	return Col(t, b.inverseColumn(rel)) + " = " + Col(from, schema.ColID) + version
}
