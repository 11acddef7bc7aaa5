package plugin

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// GraphQLField is a field a plugin adds to the GraphQL schema's Query or
// Mutation (docs/graphql.md, "Plugins"): what one of its REST routes
// answers, for GraphQL clients, under the same permission action.
type GraphQLField struct {
	// Mutation puts the field on Mutation; otherwise it is on Query.
	Mutation bool
	// Field is the field's definition in SDL, its name first:
	// `programFigures(documentId: ID!, from: Date, to: Date): ProgramFigures`.
	Field string
	// Types are the SDL definitions of the types the field names that
	// the schema does not have (objects, inputs, enums); "" for none.
	// Their names should start with the plugin's (AnalyticsDashboard) so
	// that two plugins' never meet.
	Types string
	// Description documents the field for introspection.
	Description string
	// Action is the permission the field needs, "<plugin>.<action>", as a
	// Route's: config/permissions.yaml grants it to roles.
	Action string
	// Resolve answers the field for the request c (the caller, their read
	// options: API.Caller, API.ReadOptions) with the field's arguments,
	// variables applied. The value is written following the query's
	// selection set: a struct (by its JSON names), a map, a slice, a
	// string, a number, a boolean, a time or nil. An error is answered as
	// a REST route's is, at the field's path.
	Resolve func(c *fiber.Ctx, args map[string]any) (any, error)

	// Entries, with ResolveEntries instead of Resolve, makes the field
	// answer entries of this content type: its Field's type is the type's
	// (Event) or a list of them ([Event]!). Kiln compiles the client's
	// selection — fields, relations, components, to any depth — and the
	// field's filters, sort, pagination, status and locale arguments,
	// where it declares them as the type's list does, into q; the plugin
	// adds its own conditions and reads with it (API.Content.Find), so
	// the entries come populated as the client asked, in the same few
	// statements as a list of the type.
	Entries        *schema.ContentType
	ResolveEntries func(c *fiber.Ctx, args map[string]any, q *query.Query) ([]*entry.Entry, error)

	// EntriesAt, with Entries and ResolveRows instead of Resolve, makes
	// the field answer rows that each pair an entry of Entries with the
	// plugin's own figures about it (a ranking's score, a coach's free
	// slots): the field's type is an object type of the plugin's Types,
	// or a list of them, and EntriesAt names that type's field holding
	// the entry, of the content type's object type (`coach: Coach`;
	// nullable, as an entry a failed non-null field empties is null).
	// Kiln compiles the selection under that field and the field's
	// filters, sort, pagination, status and locale arguments into q, as
	// for ResolveEntries; the plugin reads the entries with q, once for
	// all the rows, and each row's Entry is written at EntriesAt, its
	// Values at the type's other fields.
	EntriesAt   string
	ResolveRows func(c *fiber.Ctx, args map[string]any, q *query.Query) ([]GraphQLRow, error)
}

// GraphQLRow is one row of a ResolveRows field: an entry, written at the
// field's EntriesAt following the client's selection (nil is null), and
// the values of the row's other fields, written as Resolve's value is: a
// struct by its JSON names, or a map.
type GraphQLRow struct {
	Entry  *entry.Entry
	Values any
}

// RegisteredField is a GraphQL field with the plugin that added it.
type RegisteredField struct {
	GraphQLField
	Plugin string
}

// fieldName reads a field definition's name.
var fieldName = regexp.MustCompile(`^\s*([_A-Za-z][_0-9A-Za-z]*)`)

// GraphQL adds a field to the GraphQL schema. Its name must be new to
// Query or Mutation; the schema is checked as a whole when the endpoint is
// built (an error there stops start-up, naming the plugin).
func (a *API) GraphQL(f GraphQLField) error {
	m := fieldName.FindStringSubmatch(f.Field)
	switch {
	case m == nil:
		return fmt.Errorf("plugin %q: GraphQL field %q has no name", a.plugin, f.Field)
	case resolvers(f) != 1:
		return fmt.Errorf("plugin %q: GraphQL field %s needs one resolver: Resolve, ResolveEntries with Entries, or ResolveRows with Entries and EntriesAt", a.plugin, m[1])
	case f.ResolveRows != nil && (f.Entries == nil || f.EntriesAt == ""):
		return fmt.Errorf("plugin %q: GraphQL field %s: ResolveRows goes with Entries, the type of its rows' entries, and EntriesAt, the field of its rows that holds them", a.plugin, m[1])
	case f.ResolveRows == nil && f.EntriesAt != "":
		return fmt.Errorf("plugin %q: GraphQL field %s: EntriesAt goes with ResolveRows", a.plugin, m[1])
	case f.ResolveRows == nil && (f.ResolveEntries != nil) != (f.Entries != nil):
		return fmt.Errorf("plugin %q: GraphQL field %s: ResolveEntries goes with Entries, the type it answers", a.plugin, m[1])
	case !strings.HasPrefix(f.Action, a.plugin+"."):
		return fmt.Errorf("plugin %q: GraphQL field %s: action %q must start with %q", a.plugin, m[1], f.Action, a.plugin+".")
	}
	for _, old := range a.registry.fields {
		if old.Mutation == f.Mutation && fieldName.FindStringSubmatch(old.Field)[1] == m[1] {
			return fmt.Errorf("plugin %q: GraphQL field %s is already added by plugin %q", a.plugin, m[1], old.Plugin)
		}
	}
	a.registry.fields = append(a.registry.fields, RegisteredField{GraphQLField: f, Plugin: a.plugin})
	return nil
}

// resolvers counts the resolvers f sets.
func resolvers(f GraphQLField) int {
	n := 0
	for _, set := range []bool{f.Resolve != nil, f.ResolveEntries != nil, f.ResolveRows != nil} {
		if set {
			n++
		}
	}
	return n
}

// GraphQLFields are the GraphQL fields the plugins added, in order.
func (r *Registry) GraphQLFields() []RegisteredField { return r.fields }
