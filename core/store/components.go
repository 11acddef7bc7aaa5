package store

import (
	"sort"
	"strings"

	"github.com/kiln-cms/kiln/core/database"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/schema"
)

// Components and dynamic zones are stored as Strapi 5 stores them: a
// component's rows in its own table (id, its scalar fields and its to-one
// relations' foreign keys), linked to the row that holds them (an entry,
// or a component row for a nested component) through the holder's
// schema.ComponentJoin table, each link naming the field, the component's
// uid and the item's place; a relation of a component kept in a join
// table has one of its own. Every statement covers a whole level of the
// tree — one per component type, per holder table, per relation — never
// one per row: components_write.go writes and deletes them,
// components_read.go populates them, components_copy.go copies a
// version's.

// cmpItem is one component row to write: where it goes and what it holds.
type cmpItem struct {
	holder *schema.ContentType
	entity int64
	field  *schema.Attribute
	order  int
	c      entry.Component
}

// heldTypes is the component types holder's field (every component field
// when nil) can hold, each once, in uid order.
func heldTypes(holder *schema.ContentType, field *schema.Attribute) []*schema.ContentType {
	seen := map[*schema.ContentType]bool{}
	var out []*schema.ContentType
	for _, a := range holder.Attributes {
		if !a.IsComponent() || (field != nil && a != field) {
			continue
		}
		for _, c := range a.ComponentTypes {
			if !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// holdsComponents reports whether ct has a component or dynamic-zone field.
func holdsComponents(ct *schema.ContentType) bool {
	for _, a := range ct.Attributes {
		if a.IsComponent() {
			return true
		}
	}
	return false
}

func anyIDs(ids []int64) []any {
	out := make([]any, len(ids))
	for i, id := range ids {
		out[i] = id
	}
	return out
}

// componentFields is ct's component and dynamic-zone fields.
func componentFields(ct *schema.ContentType) []*schema.Attribute {
	var out []*schema.Attribute
	for _, a := range ct.Attributes {
		if a.IsComponent() {
			out = append(out, a)
		}
	}
	return out
}

// scalarsOf is every scalar field of c: what a copy reads.
func scalarsOf(c *schema.ContentType) []*schema.Attribute {
	var out []*schema.Attribute
	for _, a := range c.Attributes {
		if a.IsScalar() {
			out = append(out, a)
		}
	}
	return out
}

// idents is names quoted, comma-separated.
func idents(names ...string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = database.Ident(n)
	}
	return strings.Join(q, ", ")
}

// cmp is a when it is set, else b.
func cmp(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// hasJoinRelations reports whether c has a relation kept in a join table.
func hasJoinRelations(c *schema.ContentType) bool {
	for _, a := range c.Attributes {
		if a.IsRelation() && a.JoinTable != "" {
			return true
		}
	}
	return false
}
