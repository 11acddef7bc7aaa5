package content

import (
	"context"
	"time"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// Door is the content service as a plugin is handed it (plugin.API's
// Content): the reads and writes under a caller's ReadOptions, the
// transactions, the statements — and nothing of how the app wires the
// service (its fields: the outbox, the password hasher, the hooks'
// registry) or of the calls only the core makes (internal/contentwire's:
// the database, a write's transaction, the roles). Its value is no *Service, so that a plugin cannot
// assert its way to them; its transactions are TxDoors, no *Tx.
type Door interface {
	Find(ctx context.Context, q *query.Query, ro entry.ReadOptions) (*Page, error)
	FindOne(ctx context.Context, q *query.Query, ref Ref, ro entry.ReadOptions) (*entry.Entry, error)
	Get(ctx context.Context, q *query.Query, id int64, ro entry.ReadOptions) (*entry.Entry, error)
	Create(ctx context.Context, q *query.Query, w *Write, ro entry.ReadOptions) (*entry.Entry, error)
	Update(ctx context.Context, q *query.Query, ref Ref, w *Write, ro entry.ReadOptions) (*entry.Entry, error)
	Delete(ctx context.Context, q *query.Query, ref Ref, ro entry.ReadOptions) (*entry.Entry, error)
	Resolve(ctx context.Context, ct *schema.ContentType, refs []string, ro entry.ReadOptions) (map[string]int64, error)
	Visible(ctx context.Context, ct *schema.ContentType, ids []int64, ro entry.ReadOptions) ([]int64, error)
	InTx(ctx context.Context, fn func(ctx context.Context, tx TxDoor) error) error
	TxOf(ev *hook.Event) TxDoor
	ToOne(ctx context.Context, ev *hook.Event, a *schema.Attribute) (current, after int64, err error)
	Statement(ro entry.ReadOptions) *Statement
	Dialect() schema.Dialect
}

// Door returns the service as a plugin is handed it.
func (s *Service) Door() Door { return door{s} }

// door passes each call on; it embeds nothing, so that no other method of
// the service is promoted onto it.
type door struct{ s *Service }

func (d door) Find(ctx context.Context, q *query.Query, ro entry.ReadOptions) (*Page, error) {
	return d.s.Find(ctx, q, ro)
}

func (d door) FindOne(ctx context.Context, q *query.Query, ref Ref, ro entry.ReadOptions) (*entry.Entry, error) {
	return d.s.FindOne(ctx, q, ref, ro)
}

func (d door) Get(ctx context.Context, q *query.Query, id int64, ro entry.ReadOptions) (*entry.Entry, error) {
	return d.s.Get(ctx, q, id, ro)
}

func (d door) Create(ctx context.Context, q *query.Query, w *Write, ro entry.ReadOptions) (*entry.Entry, error) {
	return d.s.Create(ctx, q, w, ro)
}

func (d door) Update(ctx context.Context, q *query.Query, ref Ref, w *Write, ro entry.ReadOptions) (*entry.Entry, error) {
	return d.s.Update(ctx, q, ref, w, ro)
}

func (d door) Delete(ctx context.Context, q *query.Query, ref Ref, ro entry.ReadOptions) (*entry.Entry, error) {
	return d.s.Delete(ctx, q, ref, ro)
}

func (d door) Resolve(ctx context.Context, ct *schema.ContentType, refs []string, ro entry.ReadOptions) (map[string]int64, error) {
	return d.s.Resolve(ctx, ct, refs, ro)
}

func (d door) Visible(ctx context.Context, ct *schema.ContentType, ids []int64, ro entry.ReadOptions) ([]int64, error) {
	return d.s.Visible(ctx, ct, ids, ro)
}

func (d door) InTx(ctx context.Context, fn func(ctx context.Context, tx TxDoor) error) error {
	return d.s.InTx(ctx, func(ctx context.Context, tx *Tx) error { return fn(ctx, txDoor{tx}) })
}

func (d door) TxOf(ev *hook.Event) TxDoor { return txDoor{d.s.TxOf(ev)} }

func (d door) ToOne(ctx context.Context, ev *hook.Event, a *schema.Attribute) (int64, int64, error) {
	return d.s.ToOne(ctx, ev, a)
}

func (d door) Statement(ro entry.ReadOptions) *Statement { return d.s.Statement(ro) }

func (d door) Dialect() schema.Dialect { return d.s.Dialect() }

// TxDoor is a transaction as a plugin is handed it (Door.InTx, Door.TxOf):
// the reads and writes of entries under a caller's ReadOptions, locks,
// references resolved, statements, and the hook's entry reloaded, which
// commit or roll back together — and nothing of the core's own
// maintenance on a *Tx (bulk loads, versions completed, the outbox's
// events, users' tokens). A plugin's event goes through plugin.API.Emit.
// Its value is no *Tx, so that a plugin cannot assert its way to them.
type TxDoor interface {
	Find(ctx context.Context, q *query.Query, ro entry.ReadOptions) (*Page, error)
	FindOne(ctx context.Context, q *query.Query, ref Ref, ro entry.ReadOptions) (*entry.Entry, error)
	Get(ctx context.Context, q *query.Query, id int64, ro entry.ReadOptions) (*entry.Entry, error)
	Create(ctx context.Context, q *query.Query, w *Write, ro entry.ReadOptions) (*entry.Entry, error)
	Update(ctx context.Context, q *query.Query, ref Ref, w *Write, ro entry.ReadOptions) (*entry.Entry, error)
	Delete(ctx context.Context, q *query.Query, ref Ref, ro entry.ReadOptions) (*entry.Entry, error)
	Lock(ctx context.Context, ct *schema.ContentType, ids ...int64) error
	LockKey(ctx context.Context, namespace int32, key int64) error
	LockKeyWithin(ctx context.Context, namespace int32, key int64, wait time.Duration) (bool, error)
	Reload(ctx context.Context, ev *hook.Event) error
	Resolve(ctx context.Context, ct *schema.ContentType, refs []string, ro entry.ReadOptions) (map[string]int64, error)
	ResolveMany(ctx context.Context, lists []Refs, ro entry.ReadOptions) ([]map[string]int64, error)
	Targets(ctx context.Context, a *schema.Attribute, ids ...int64) (map[int64]int64, error)
	Visible(ctx context.Context, ct *schema.ContentType, ids []int64, ro entry.ReadOptions) ([]int64, error)
	Statement(ro entry.ReadOptions) *Statement
}

// txDoor passes each call on to its *Tx, embedding nothing (see door).
type txDoor struct{ t *Tx }

func (d txDoor) Find(ctx context.Context, q *query.Query, ro entry.ReadOptions) (*Page, error) {
	return d.t.Find(ctx, q, ro)
}

func (d txDoor) FindOne(ctx context.Context, q *query.Query, ref Ref, ro entry.ReadOptions) (*entry.Entry, error) {
	return d.t.FindOne(ctx, q, ref, ro)
}

func (d txDoor) Get(ctx context.Context, q *query.Query, id int64, ro entry.ReadOptions) (*entry.Entry, error) {
	return d.t.Get(ctx, q, id, ro)
}

func (d txDoor) Create(ctx context.Context, q *query.Query, w *Write, ro entry.ReadOptions) (*entry.Entry, error) {
	return d.t.Create(ctx, q, w, ro)
}

func (d txDoor) Update(ctx context.Context, q *query.Query, ref Ref, w *Write, ro entry.ReadOptions) (*entry.Entry, error) {
	return d.t.Update(ctx, q, ref, w, ro)
}

func (d txDoor) Delete(ctx context.Context, q *query.Query, ref Ref, ro entry.ReadOptions) (*entry.Entry, error) {
	return d.t.Delete(ctx, q, ref, ro)
}

func (d txDoor) Lock(ctx context.Context, ct *schema.ContentType, ids ...int64) error {
	return d.t.Lock(ctx, ct, ids...)
}

func (d txDoor) LockKey(ctx context.Context, namespace int32, key int64) error {
	return d.t.LockKey(ctx, namespace, key)
}

func (d txDoor) LockKeyWithin(ctx context.Context, namespace int32, key int64, wait time.Duration) (bool, error) {
	return d.t.LockKeyWithin(ctx, namespace, key, wait)
}

func (d txDoor) Reload(ctx context.Context, ev *hook.Event) error { return d.t.Reload(ctx, ev) }

func (d txDoor) Resolve(ctx context.Context, ct *schema.ContentType, refs []string, ro entry.ReadOptions) (map[string]int64, error) {
	return d.t.Resolve(ctx, ct, refs, ro)
}

func (d txDoor) ResolveMany(ctx context.Context, lists []Refs, ro entry.ReadOptions) ([]map[string]int64, error) {
	return d.t.ResolveMany(ctx, lists, ro)
}

func (d txDoor) Targets(ctx context.Context, a *schema.Attribute, ids ...int64) (map[int64]int64, error) {
	return d.t.Targets(ctx, a, ids...)
}

func (d txDoor) Visible(ctx context.Context, ct *schema.ContentType, ids []int64, ro entry.ReadOptions) ([]int64, error) {
	return d.t.Visible(ctx, ct, ids, ro)
}

func (d txDoor) Statement(ro entry.ReadOptions) *Statement { return d.t.Statement(ro) }
