package content

import (
	"context"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// Door is the content service as a plugin is handed it (plugin.API's
// Content): the reads and writes under a caller's ReadOptions, the
// transactions, the statements — and nothing of how the app wires the
// service (its fields: the outbox, the password hasher, the hooks'
// registry) or of the calls only the core makes (users' sign-in lookups,
// reset codes, roles). Its value is no *Service, so that a plugin cannot
// assert its way to them.
type Door interface {
	Find(ctx context.Context, q *query.Query, ro entry.ReadOptions) (*Page, error)
	FindOne(ctx context.Context, q *query.Query, ref Ref, ro entry.ReadOptions) (*entry.Entry, error)
	Get(ctx context.Context, q *query.Query, id int64, ro entry.ReadOptions) (*entry.Entry, error)
	Create(ctx context.Context, q *query.Query, w *Write, ro entry.ReadOptions) (*entry.Entry, error)
	Update(ctx context.Context, q *query.Query, ref Ref, w *Write, ro entry.ReadOptions) (*entry.Entry, error)
	Delete(ctx context.Context, q *query.Query, ref Ref, ro entry.ReadOptions) (*entry.Entry, error)
	Resolve(ctx context.Context, ct *schema.ContentType, refs []string, ro entry.ReadOptions) (map[string]int64, error)
	Visible(ctx context.Context, ct *schema.ContentType, ids []int64, ro entry.ReadOptions) ([]int64, error)
	InTx(ctx context.Context, fn func(ctx context.Context, tx *Tx) error) error
	TxOf(ev *hook.Event) *Tx
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

func (d door) InTx(ctx context.Context, fn func(ctx context.Context, tx *Tx) error) error {
	return d.s.InTx(ctx, fn)
}

func (d door) TxOf(ev *hook.Event) *Tx { return d.s.TxOf(ev) }

func (d door) ToOne(ctx context.Context, ev *hook.Event, a *schema.Attribute) (int64, int64, error) {
	return d.s.ToOne(ctx, ev, a)
}

func (d door) Statement(ro entry.ReadOptions) *Statement { return d.s.Statement(ro) }

func (d door) Dialect() schema.Dialect { return d.s.Dialect() }
