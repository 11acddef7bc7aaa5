package content

import (
	"context"
	"fmt"

	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/contentwire"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/store"
)

// The calls internal/contentwire hands Kiln's own packages.
func init() {
	contentwire.New = func(s *schema.Schema, db *database.DB, o contentwire.Options) any { return newService(s, db, o) }
	contentwire.DB = func(svc any) *database.DB { return serviceOf(svc).db }
	contentwire.UserWrite = func(ctx context.Context, svc any, ev *hook.Event, id int64) database.Conn {
		t := serviceOf(svc).TxOf(ev)
		t.touchUser(ctx, id, false)
		wrote(ctx)
		return t.conn
	}
	contentwire.EnsureRoles = func(ctx context.Context, svc any, roles []contentwire.Role) (map[string]int64, error) {
		s := serviceOf(svc)
		return s.store.EnsureRoles(ctx, s.db, s.Schema, roles)
	}
	contentwire.Emit = func(ctx context.Context, tx any, event string, ct *schema.ContentType, id int64) error {
		return txOf(tx).Emit(ctx, event, ct, id)
	}
}

// newService returns the service over an open, migrated database.
func newService(s *schema.Schema, db *database.DB, o contentwire.Options) *Service {
	return &Service{Schema: s, db: db, store: &store.Store{DB: db, Schema: s, MaxAnswerRows: o.MaxAnswerRows},
		Hooks: hook.NewRegistry(), tables: map[string]bool{}}
}

// serviceOf is the *Service a contentwire call was handed.
func serviceOf(svc any) *Service {
	if s, ok := svc.(*Service); ok {
		return s
	}
	panic(fmt.Sprintf("content: %T is no content service", svc))
}

// txOf is the *Tx behind a transaction handed out: a TxDoor or the *Tx.
func txOf(tx any) *Tx {
	switch t := tx.(type) {
	case txDoor:
		return t.t
	case *Tx:
		return t
	}
	panic(fmt.Sprintf("content: %T is no transaction of the content service", tx))
}
