package content

import (
	"context"
	"sync"

	"github.com/kiln-cms/kiln/core/schema"
)

// Principals is what keeps users in memory for authentication
// (internal/principal's Cache): the service tells it, right after a commit,
// which users a write changed, so that this node's next request sees the
// change without waiting for the database's notification.
type Principals interface {
	Invalidate(ids ...int64)
	InvalidateAll()
}

// touched records the users (or, for a role, everyone) a transaction
// wrote, to be forgotten once it ends.
type touched struct {
	mu  sync.Mutex
	ids []int64
	all bool
}

type touchedKey struct{}

// touch records that the transaction wrote entry id of ct, when ct is the
// built-in user or role type. The record rides in ctx, so a hook's writes
// (TxOf) count too.
func (t *Tx) touch(ctx context.Context, ct *schema.ContentType, id int64) {
	switch ct.Name {
	case "user":
		t.touchUser(ctx, id, false)
	case "role":
		t.touchUser(ctx, 0, true)
	}
}

func (t *Tx) touchUser(ctx context.Context, id int64, all bool) {
	tc, _ := ctx.Value(touchedKey{}).(*touched)
	if tc == nil {
		tc = t.touched
	}
	if tc == nil {
		// Outside Service.InTx (a caller's own transaction handle): forget
		// now, and the write's commit is notified by the database.
		t.s.forget(&touched{ids: []int64{id}, all: all})
		return
	}
	tc.mu.Lock()
	tc.ids, tc.all = append(tc.ids, id), tc.all || all
	tc.mu.Unlock()
}

// forget tells the principals what a transaction wrote.
func (s *Service) forget(tc *touched) {
	if s.Principals == nil || tc == nil {
		return
	}
	tc.mu.Lock()
	defer tc.mu.Unlock()
	switch {
	case tc.all:
		s.Principals.InvalidateAll()
	case len(tc.ids) > 0:
		s.Principals.Invalidate(tc.ids...)
	}
}
