// Package plugin is the contract between Kiln's core and its plugins. A
// plugin is a value implementing Plugin, and any of the optional
// interfaces below; cmd/kiln hands the plugins it wants to the app, which
// binds each plugin's model to the schema, declares its tables to the
// migrations, and calls Register with an *API through which it adds
// routes, lifecycle hooks, policies and services. Plugins never import
// each other, and the core never imports a plugin.
package plugin

import (
	"context"

	"github.com/kiln-cms/kiln/core/schema"
)

// Plugin is what every plugin implements.
type Plugin interface {
	// Name is the plugin's identity and the prefix of its permission
	// actions ("coaching" -> "coaching.match").
	Name() string
	// Register adds the plugin's routes, hooks, policies and services. It
	// runs once at start-up, after the model is bound.
	Register(api *API) error
}

// Modeler is a plugin that reads or writes content types. Model returns a
// pointer to a struct whose fields are the types and fields the plugin
// uses, each named once in its tag:
//
//	type model struct {
//		Event *schema.ContentType `kiln:"event"`
//		Start *schema.Attribute   `kiln:"event.startAt"`
//	}
//
// That one declaration is both the plugin's requirements — start-up stops,
// naming the plugin, the type and the field, when one is missing from
// content-types/ — and the typed handles its code uses: the core fills
// every field before Register runs.
type Modeler interface {
	Model() any
}

// Tabler is a plugin that keeps data of its own outside the content types
// (a feed token, a revision counter). Its tables go through the same
// migrations as the content types' — created at start-up, listed by `kiln
// migrate --dry-run`, never dropped without --allow-destructive — and
// content.Statement may write them (Own).
type Tabler interface {
	Tables() []Table
}

// Starter is a plugin with work to start once the app is built and its
// database migrated, before the server accepts requests (a background
// worker). The context ends when the app closes.
type Starter interface {
	Start(ctx context.Context) error
}

// Closer is a plugin with something to release when the app closes, after
// the last request has been answered and before the database closes.
type Closer interface {
	Close(ctx context.Context) error
}

// Table is a table of a plugin's own.
type Table struct {
	// Name is the table's name; prefix it with the plugin's name.
	Name    string
	Columns []Column
	// Key are the primary key's columns (at least one).
	Key []string
	// Constraints are statements the database keeps the plugin's rules
	// with, added once (on PostgreSQL only; SQLite serialises writes).
	Constraints []Constraint
}

// Column is one column of a Table, typed as a content type's field is.
type Column struct {
	Name     string
	Type     schema.FieldType
	Required bool
	Unique   bool
}

// Constraint is a PostgreSQL constraint a plugin adds to a table (its own
// or a content type's), with what it needs first (an extension). When it
// cannot be added — the user lacks a privilege, old rows already break it
// — migrations log why and go on: the plugin's own checks keep the rule.
type Constraint struct {
	// Table is the table it goes on.
	Table string
	// Name identifies it; the migration adds it when no constraint of
	// that name is on the table.
	Name string
	// Before are statements run first (CREATE EXTENSION ...).
	Before []string
	// SQL is the definition after "ALTER TABLE <table> ADD CONSTRAINT
	// <name> ".
	SQL string
}

// ConfigNamer is a plugin that config/plugins.yaml knows by another name
// than its Name: the platform's catalog, whose actions are "content.*",
// is switched on as "catalog". A plugin of one's own needs none.
type ConfigNamer interface {
	ConfigName() string
}

// ConfigName is the name config/plugins.yaml switches p on and off by:
// its ConfigName when it has one, else its Name.
func ConfigName(p Plugin) string {
	if c, ok := p.(ConfigNamer); ok {
		return c.ConfigName()
	}
	return p.Name()
}
