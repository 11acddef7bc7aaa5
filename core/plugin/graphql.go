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
	case (f.Resolve == nil) == (f.ResolveEntries == nil):
		return fmt.Errorf("plugin %q: GraphQL field %s needs one resolver: Resolve, or ResolveEntries with Entries", a.plugin, m[1])
	case (f.ResolveEntries != nil) != (f.Entries != nil):
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

// GraphQLFields are the GraphQL fields the plugins added, in order.
func (r *Registry) GraphQLFields() []RegisteredField { return r.fields }
