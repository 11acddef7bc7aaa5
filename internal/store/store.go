// Package store runs the entries' SQL: it reads and writes the entries of
// the content types as typed values (core/entry). A read's statements are
// internal/sqlgen's, compiled from the checked query tree (core/query)
// with the caller's scopes at every hop; the store runs them, scans the
// rows into entries and walks populate a level at a time (read.go,
// page.go, populate.go, components_read.go, related.go), within the
// answer's budget (budget.go). It writes rows and their links per version
// (write.go, relations.go, links.go, drafts.go), resolves references
// (lookup.go), loads bulk rows (bulk.go), reads the users' principals
// (users.go) and builds a plugin's own statements (stmt.go). Every method
// is on *Store and takes the database.Conn to run on. Connections are
// internal/database's; the tables are made by internal/migrate.
package store

import (
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/sqlgen"
)

// Store reads and writes entries. Every method takes the Conn to run on —
// the pool, or a transaction the caller opened — so that writes spanning
// several statements commit together.
type Store struct {
	DB *database.DB
	// Schema is every content type: publishing a draft copies the links of
	// every relation that reaches its type (copyLinks).
	Schema *schema.Schema
	// MaxAnswerRows bounds the entries one Find or FindOne may return,
	// populated ones included and counted each time they appear (see
	// budget); 0 means DefaultMaxAnswerRows.
	MaxAnswerRows int
}

// sql starts a statement that reads under ro with the status.
func (s *Store) sql(ro entry.ReadOptions, status query.Status) *sqlgen.Builder {
	return sqlgen.NewRead(s.DB.Dialect, ro, status)
}
