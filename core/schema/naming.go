package schema

import (
	"strings"
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

// tableName is the table of a type: its plural in snake_case.
func tableName(plural string) string { return Snake(plural) }

// fkColumn is the foreign-key column of an owning to-one relation.
func fkColumn(attr string) string { return Snake(attr) + "_id" }

// draftColumn is the second foreign-key column of an owning to-one
// relation from a type without draft & publish to one with it: the link
// to the target's draft, beside fkColumn's to its published version.
func draftColumn(attr string) string { return Snake(attr) + "_draft_id" }

// joinTableName is the join table of a manyToMany relation, named after the
// owning side so that two relations between the same types never share one.
func joinTableName(owner *ContentType, attr string) string {
	return owner.Table + "_" + Snake(attr) + "_lnk"
}

// joinColumns names the two columns of a join table: the owning side's id and
// the target's. A self-relation prefixes the target's with "inv_".
func joinColumns(owner, target *ContentType) (self, other string) {
	name := owner.Name
	if owner.Kind == ComponentKind { // a component's uid is category.name
		_, name, _ = strings.Cut(name, ".")
	}
	self = Snake(name) + "_id"
	other = Snake(target.Name) + "_id"
	if self == other {
		other = "inv_" + other
	}
	return self, other
}

// JoinOrder is the join-table column that orders the entries its link
// column c points at, within the list of the other column's entry:
// coach_id's order is coach_ord, as Strapi names it.
func JoinOrder(c string) string { return strings.TrimSuffix(c, "_id") + "_ord" }

// ComponentJoin is the table that links a holder's rows (an entry's, or a
// component's for nested ones) to the component rows its component and
// dynamic-zone fields hold, as Strapi 5 names it: "<holder table>_cmps",
// with the columns below. Each link names the field, the component's uid
// (a zone holds several kinds) and the item's place in the field's list.
func ComponentJoin(holder *ContentType) string { return holder.Table + "_cmps" }

// The columns of a ComponentJoin table, as Strapi 5 names them.
const (
	CmpEntity = "entity_id"
	CmpID     = "cmp_id"
	CmpType   = "component_type"
	CmpField  = "field"
	CmpOrder  = "order"
)
