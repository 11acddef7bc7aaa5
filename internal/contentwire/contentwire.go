// Package contentwire is what core/content hands Kiln's own packages and
// no plugin: the calls that would name an internal type in core/content's
// exported API (the constructor over the engine's pool), or that reach
// past the door a plugin is handed (the pool itself, a write's
// transaction, the outbox, the roles). core/content fills these variables
// when it loads, as core/hook fills internal/hookconn, since this package
// cannot import it: a value typed any is core/content's *Service, or a
// transaction it handed out. Nothing outside Kiln's module can import
// this package.
package contentwire

import (
	"context"

	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
)

// Options tune a content service.
type Options struct {
	// MaxAnswerRows bounds the entries one read may answer (see
	// store.Store.MaxAnswerRows); 0 keeps the store's default.
	MaxAnswerRows int
}

// Role is one role a policy names.
type Role = struct{ Type, Name, Description string }

var (
	// New returns the content service (a *content.Service) over an open,
	// migrated database: the wiring's constructor (internal/app).
	New func(s *schema.Schema, db *database.DB, o Options) any

	// DB is the database svc (a *content.Service) runs on, for the core
	// services that keep SQL of their own on the content's tables
	// (internal/account's users' private columns).
	DB func(svc any) *database.DB

	// UserWrite is the transaction of the write ev runs in (a hook's), for
	// a write of user id's private columns in it (internal/account's
	// tokens revoked with a password change): svc counts it as the
	// write's, and forgets the user's principal once the write ends.
	UserWrite func(ctx context.Context, svc any, ev *hook.Event, id int64) database.Conn

	// EnsureRoles creates the roles the table lacks, as entries of the
	// built-in role type (no hook, no event), and returns every role's id
	// by type.
	EnsureRoles func(ctx context.Context, svc any, roles []Role) (map[string]int64, error)

	// Emit records a plugin's event inside tx, a content.TxDoor the door
	// handed out (or a *content.Tx): plugin.API.Emit's way to the
	// transaction's outbox, which the TxDoor does not name.
	Emit func(ctx context.Context, tx any, event string, ct *schema.ContentType, id int64) error
)
