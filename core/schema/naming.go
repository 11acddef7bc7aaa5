package schema

import (
	"strings"
	"sync"
	"unicode"
)

// Snake turns a camelCase or kebab-case name into snake_case:
// "durationWeeks" -> "duration_weeks", "users-permissions" -> "users_permissions".
func Snake(name string) string {
	var b strings.Builder
	b.Grow(len(name) + 4)
	for i, r := range name {
		switch {
		case r == '-' || r == ' ':
			b.WriteByte('_')
		case unicode.IsUpper(r):
			if i > 0 {
				b.WriteByte('_')
			}
			b.WriteRune(unicode.ToLower(r))
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// tableName is the table of a type: its collectionName, or its plural in
// snake_case, shortened as Strapi shortens a long name.
func tableName(collection string) string { return nameOf(IdentMax, part(collection)) }

// CollectionName is the type's or component's table name as its file
// writes it (or the default), before any shortening: what Strapi's
// content-type-builder routes answer as collectionName.
func (t *ContentType) CollectionName() string {
	if t.collection == "" {
		return t.Table // a type made in code, not loaded
	}
	return t.collection
}

// LegacyTables are the names Kiln gave t's table and its ComponentJoin
// before it shortened long names as Strapi does: the collectionName whole.
func (t *ContentType) LegacyTables() (table, cmps string) {
	return t.CollectionName(), t.CollectionName() + "_cmps"
}

// LegacyJoin is the name Kiln gave a's join table and its two link
// columns before it named them as Strapi does ("<table>_<field>_lnk" with
// the field in Kiln's snake_case, "<singular>_id").
func LegacyJoin(a *Attribute) (table, self, target string) {
	name := a.Owner.Name
	if a.Owner.Kind == ComponentKind {
		_, name, _ = strings.Cut(name, ".")
	}
	self, target = Snake(name)+"_id", Snake(a.TargetType.Name)+"_id"
	if self == target {
		target = "inv_" + target
	}
	owner := a.Owner
	if a.MappedBy != "" && a.Inverse != nil {
		owner = a.Inverse.Owner
		self, target = target, self
	}
	return owner.CollectionName() + "_" + Snake(ownerField(a)) + "_lnk", self, target
}

// ownerField is the name of the field that owns a's join table.
func ownerField(a *Attribute) string {
	if a.MappedBy != "" && a.Inverse != nil {
		return a.Inverse.Name
	}
	return a.Name
}

// ColumnOf is the column of a scalar field, as Strapi 5 names it: the
// name in lodash's snake_case ("title2" is title_2), shortened when long.
func ColumnOf(attr string) string { return nameOf(IdentMax, part(StrapiSnake(attr))) }

// LegacyColumn is the column Kiln gave a field before it named columns as
// Strapi does ("title2" was title2): a migration renames it (internal/migrate).
func LegacyColumn(attr string) string { return Snake(attr) }

// fkColumn is the foreign-key column of an owning to-one relation.
func fkColumn(attr string) string { return nameOf(IdentMax, part(StrapiSnake(attr)), fixed("id", "")) }

// LegacyFKColumn is fkColumn before it followed Strapi's naming.
func LegacyFKColumn(attr string) string { return Snake(attr) + "_id" }

// draftColumn is the second foreign-key column of an owning to-one
// relation from a type without draft & publish to one with it: the link
// to the target's draft, beside fkColumn's to its published version.
func draftColumn(attr string) string {
	return nameOf(IdentMax, part(StrapiSnake(attr)), fixed("draft_id", ""))
}

// joinTableName is the join table of a manyToMany relation, named after the
// owning side so that two relations between the same types never share one,
// as Strapi 5 names it: "<table>_<field>_lnk", both in snake_case.
func joinTableName(owner *ContentType, attr string) string {
	return nameOf(IdentMax, part(StrapiSnake(owner.Table)), part(StrapiSnake(attr)), fixed("links", "lnk"))
}

// joinOrders maps a join table's link column to the column ordering the
// entries it points at (JoinOrder); a long one is hashed, so the order
// column cannot be read off the link column's name. Names are a function
// of the type names alone, so one map serves every schema.
var joinOrders sync.Map

// joinColumns names the two columns of a join table: the owning side's id and
// the target's. A self-relation prefixes the target's with "inv_".
func joinColumns(owner, target *ContentType) (self, other string) {
	name := owner.Name
	if owner.Kind == ComponentKind { // a component's uid is category.name
		_, name, _ = strings.Cut(name, ".")
	}
	own, their := StrapiSnake(name), StrapiSnake(target.Name)
	self = joinColumn(nil, own)
	other = joinColumn(nil, their)
	if self == other {
		other = joinColumn([]token{fixed("inv", "")}, their)
	}
	return self, other
}

// joinColumn is "<prefix>_<singular>_id", registering its order column
// "<prefix>_<singular>_ord" for JoinOrder.
func joinColumn(prefix []token, singular string) string {
	col := nameOf(IdentMax, append(prefix, part(singular), fixed("id", ""))...)
	ord := nameOf(IdentMax, append(prefix, part(singular), fixed("order", "ord"))...)
	joinOrders.Store(col, ord)
	return col
}

// JoinOrder is the join-table column that orders the entries its link
// column c points at, within the list of the other column's entry:
// coach_id's order is coach_ord, as Strapi names it.
func JoinOrder(c string) string {
	if ord, ok := joinOrders.Load(c); ok {
		return ord.(string)
	}
	return strings.TrimSuffix(c, "_id") + "_ord"
}

// ComponentJoin is the table that links a holder's rows (an entry's, or a
// component's for nested ones) to the component rows its component and
// dynamic-zone fields hold, as Strapi 5 names it: "<holder table>_cmps",
// with the columns below. Each link names the field, the component's uid
// (a zone holds several kinds) and the item's place in the field's list.
func ComponentJoin(holder *ContentType) string {
	return nameOf(IdentMax, part(holder.collection), fixed("components", "cmps"))
}

// The columns of a ComponentJoin table, as Strapi 5 names them.
const (
	CmpEntity = "entity_id"
	CmpID     = "cmp_id"
	CmpType   = "component_type"
	CmpField  = "field"
	CmpOrder  = "order"
)
