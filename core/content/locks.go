package content

import (
	"context"
	"time"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
)

// Locks a transaction takes, for plugins whose check-then-write must go
// one at a time, and the to-one targets it reads under them.

// Lock takes the write locks of entries of ct until the transaction ends,
// in id order, so that transactions that check something of them and
// then write (a coach's capacity, an event's slot) go one at a time. On
// PostgreSQL they are row locks; SQLite runs one write transaction at a
// time anyway.
//
// A row the transaction already locked is not locked again (the plugin
// that locks a coach, then the coach's write whose hook locks it too).
func (t *Tx) Lock(ctx context.Context, ct *schema.ContentType, ids ...int64) error {
	if st, ok := ctx.Value(writesKey{}).(*txState); ok {
		fresh := make([]int64, 0, len(ids))
		for _, id := range ids {
			if !st.locked[rowKey{ct, id}] {
				fresh = append(fresh, id)
			}
		}
		if len(fresh) == 0 {
			return nil
		}
		if err := t.s.store.LockRows(ctx, t.conn, ct, fresh); err != nil {
			return err
		}
		for _, id := range fresh {
			st.locked[rowKey{ct, id}] = true
		}
		return nil
	}
	return t.s.store.LockRows(ctx, t.conn, ct, ids)
}

// Retried reports whether ctx belongs to a run of its transaction again,
// after the database refused to commit an earlier run (a deadlock, a
// serialization failure, a lock timeout, or an exclusion constraint broken
// at commit; see docs/plugins.md). A hook that leaves a rule to a database
// constraint can skip its own search on the first run, and search on a
// retried one to name what the constraint refused.
func Retried(ctx context.Context) bool { return database.TxAttempt(ctx) > 1 }

// LockKey takes a lock on (namespace, key) until the transaction ends, for
// a rule over something that is not one row (every booking of one coach).
// PostgreSQL's advisory locks; nothing is needed on SQLite.
func (t *Tx) LockKey(ctx context.Context, namespace int32, key int64) error {
	return t.s.store.LockKey(ctx, t.conn, namespace, key)
}

// LockKeyWithin is LockKey waiting at most wait (none: only a free lock is
// taken), and says whether it took the lock. When it did not, the
// transaction goes on as it was, without it: the caller can look again at
// what the holder may have committed meanwhile — and refuse at once what
// no longer fits — rather than queue behind it, then wait again.
func (t *Tx) LockKeyWithin(ctx context.Context, namespace int32, key int64, wait time.Duration) (bool, error) {
	return t.s.store.LockKeyWithin(ctx, t.conn, namespace, key, wait)
}

// Targets returns, for each of the entries ids, the id its owning to-one
// relation a points at (absent when none), in one statement.
func (t *Tx) Targets(ctx context.Context, a *schema.Attribute, ids ...int64) (map[int64]int64, error) {
	list := make([]*entry.Entry, len(ids))
	for i, id := range ids {
		list[i] = &entry.Entry{ID: id}
	}
	return t.s.store.ForeignKeys(ctx, t.conn, a, list)
}
