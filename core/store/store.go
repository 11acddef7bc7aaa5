package store

import (
	"github.com/kiln-cms/kiln/core/database"
	"github.com/kiln-cms/kiln/core/schema"
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
