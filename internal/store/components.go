package store

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/sqlgen"
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
		q[i] = sqlgen.Ident(n)
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

// MissingRequired is the required fields of ct that its row id lacks: a
// scalar that is NULL, a required component or zone that holds nothing.
// One statement, none when ct has no required field. Publishing a draft,
// which may be incomplete, checks it.
func (s *Store) MissingRequired(ctx context.Context, db database.Conn, ct *schema.ContentType, id int64) ([]*schema.Attribute, error) {
	var attrs []*schema.Attribute
	b := sqlgen.New(s.DB.Dialect)
	b.W("SELECT ")
	for _, a := range ct.Attributes {
		switch {
		case !a.Required || a.Unavailable():
			continue
		case a.IsScalar():
			if len(attrs) > 0 {
				b.W(", ")
			}
			b.W("CASE WHEN t.", sqlgen.Ident(a.Column), " IS NULL THEN 1 ELSE 0 END")
		case a.IsComponent():
			if len(attrs) > 0 {
				b.W(", ")
			}
			b.W("CASE WHEN EXISTS (SELECT 1 FROM ", sqlgen.Ident(schema.ComponentJoin(ct)), " j WHERE j.", sqlgen.Ident(schema.CmpEntity),
				" = t.", sqlgen.Ident(schema.ColID), " AND j.", sqlgen.Ident(schema.CmpField), " = ")
			b.Arg(strKind, a.Name)
			b.W(") THEN 0 ELSE 1 END")
		default:
			continue
		}
		attrs = append(attrs, a)
	}
	if len(attrs) == 0 {
		return nil, nil
	}
	b.W(" FROM ", sqlgen.Ident(ct.Table), " t WHERE t.", sqlgen.Ident(schema.ColID), " = ")
	b.Arg(idKind, id)
	flags := make([]int64, len(attrs))
	dest := make([]any, len(attrs))
	for i := range flags {
		dest[i] = &flags[i]
	}
	if err := db.QueryRowContext(ctx, b.SQL(), b.Args()...).Scan(dest...); err != nil {
		return nil, fmt.Errorf("checking %s's required fields: %w", ct.Name, err)
	}
	var out []*schema.Attribute
	for i, a := range attrs {
		if flags[i] == 1 {
			out = append(out, a)
		}
	}
	return out, nil
}
