// Package content is the one service every read and write of entries goes
// through: it checks and coerces input against the schema, resolves
// relations, runs each write in one transaction and reads back what the
// caller may see. It knows nothing of HTTP; core/rest calls it, and so do
// plugins.
package content

import (
	"context"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/core/store"
)

// Service reads and writes entries of every content type.
type Service struct {
	Schema *schema.Schema
	DB     *store.DB
	Store  *store.Store
	// Hooks run inside every write's transaction.
	Hooks *hook.Registry
	// HashPassword turns the plaintext given for a password field, on any
	// type, into what is stored. It runs while the input is prepared,
	// before any hook, so that no hook or plugin ever sees a plaintext
	// password. The app sets core/auth's bcrypt (injected, so that this
	// package does not depend on core/auth); an error of kind validation
	// is reported against the field. Without it a password is refused.
	HashPassword func(plain string) (string, error)
	// NormalizeEmail puts the built-in user's e-mail fields in the one
	// form sign-in looks addresses up by, on every write, before the unique
	// check. The app sets core/auth's NormalizeEmail; nil stores them as
	// given.
	NormalizeEmail func(email string) string
}

// New returns the service over an open, migrated database.
func New(s *schema.Schema, db *store.DB) *Service {
	return &Service{Schema: s, DB: db, Store: &store.Store{DB: db}, Hooks: hook.NewRegistry()}
}

// Page is one page of a list, with the total when it was counted.
type Page struct {
	Entries []*store.Entry
	// Total is the number of matching entries, or -1 when the request
	// asked for no count.
	Total int64
}

// Find lists the entries q selects: the page, and the count unless the
// request turned it off. Reads are retried once on a fresh connection
// when the database dropped the first (store.RetryRead).
func (s *Service) Find(ctx context.Context, q *query.Query, ro store.ReadOptions) (*Page, error) {
	p := &Page{Total: -1}
	err := store.RetryRead(ctx, func() (err error) {
		if p.Entries, err = s.Store.Find(ctx, s.DB.Bun, q, ro); err != nil || !q.Pagination.WithCount {
			return err
		}
		p.Total, err = s.Store.Count(ctx, s.DB.Bun, q, ro)
		return err
	})
	if err != nil {
		return nil, err
	}
	return p, nil
}

// FindOne returns the entry ref names (a documentId or a numeric id), with
// q's fields and populate. A missing entry, or one the read options hide,
// is errs.NotFound.
func (s *Service) FindOne(ctx context.Context, q *query.Query, ref string, ro store.ReadOptions) (*store.Entry, error) {
	var e *store.Entry
	err := store.RetryRead(ctx, func() error {
		id, err := s.lookup(ctx, s.DB.Bun, q.Type, ref)
		if err != nil {
			return err
		}
		e, err = s.Store.FindOne(ctx, s.DB.Bun, q, id, ro)
		return err
	})
	return e, err
}

// lookup turns a documentId or numeric id into the row id.
func (s *Service) lookup(ctx context.Context, conn store.Conn, ct *schema.ContentType, ref string) (int64, error) {
	ids, err := s.Store.Resolve(ctx, conn, ct, []string{ref})
	if err != nil {
		return 0, err
	}
	id, ok := ids[ref]
	if !ok {
		return 0, errs.NotFound()
	}
	return id, nil
}

// Create validates body (the object under "data"), inserts the entry and
// its relations and reads it back through q, all in one transaction: an
// error means nothing was written, and a written entry is always answered
// (a read-back after the commit could fail and make a client retry into a
// duplicate).
func (s *Service) Create(ctx context.Context, q *query.Query, body map[string]any, ro store.ReadOptions) (*store.Entry, error) {
	var out *store.Entry
	err := s.DB.RunInTx(ctx, func(ctx context.Context, tx store.Conn) error {
		e, err := s.CreateTx(ctx, tx, q.Type, body, q.Status == query.Published, ro)
		if err != nil {
			return err
		}
		out, err = s.Store.FindOne(ctx, tx, q, e.ID, ro)
		return err
	})
	return out, err
}

// InTx runs fn in one transaction; plugins use it to make several writes
// (CreateTx, Store calls) that commit or roll back together.
func (s *Service) InTx(ctx context.Context, fn func(ctx context.Context, tx store.Conn) error) error {
	return s.DB.RunInTx(ctx, fn)
}

// CreateTx creates one entry inside the caller's transaction, with the same
// checks and hooks as Create, and returns its id and documentId.
func (s *Service) CreateTx(ctx context.Context, tx store.Conn, ct *schema.ContentType, body map[string]any, publish bool, ro store.ReadOptions) (*store.Entry, error) {
	data, err := s.prepare(ctx, tx, ct, body, 0, ro)
	if err != nil {
		return nil, err
	}
	ev := &hook.Event{Type: ct, Action: hook.Create, Conn: tx, Data: &data, Writer: ro}
	if err := s.runHook(ctx, ev, hook.Before); err != nil {
		return nil, err
	}
	e, err := s.Store.Insert(ctx, tx, ct, data, publish)
	if err != nil {
		return nil, err
	}
	ev.ID = e.ID
	if err := s.checkOwned(ctx, tx, ct, e.ID, ro); err != nil {
		return nil, err
	}
	return e, s.runHook(ctx, ev, hook.After)
}

// Update changes the fields body names (a partial update) of the entry ref
// names and reads it back through q, in one transaction (see Create).
func (s *Service) Update(ctx context.Context, q *query.Query, ref string, body map[string]any, ro store.ReadOptions) (*store.Entry, error) {
	var out *store.Entry
	err := s.DB.RunInTx(ctx, func(ctx context.Context, tx store.Conn) error {
		id, err := s.visibleID(ctx, tx, q.Type, ref, ro)
		if err != nil {
			return err
		}
		data, err := s.prepare(ctx, tx, q.Type, body, id, ro)
		if err != nil {
			return err
		}
		ev := &hook.Event{Type: q.Type, Action: hook.Update, Conn: tx, ID: id, Data: &data, Writer: ro}
		if err := s.runHook(ctx, ev, hook.Before); err != nil {
			return err
		}
		if err := s.Store.Update(ctx, tx, q.Type, id, data); err != nil {
			return err
		}
		if err := s.checkOwned(ctx, tx, q.Type, id, ro); err != nil {
			return err
		}
		if err := s.runHook(ctx, ev, hook.After); err != nil {
			return err
		}
		out, err = s.Store.FindOne(ctx, tx, q, id, ro)
		return err
	})
	return out, err
}

// Delete removes the entry ref names and returns it as it was, read
// through q (Strapi 4 answers with the deleted entry).
func (s *Service) Delete(ctx context.Context, q *query.Query, ref string, ro store.ReadOptions) (*store.Entry, error) {
	var gone *store.Entry
	err := s.DB.RunInTx(ctx, func(ctx context.Context, tx store.Conn) error {
		id, err := s.visibleID(ctx, tx, q.Type, ref, ro)
		if err != nil {
			return err
		}
		if gone, err = s.Store.FindOne(ctx, tx, q, id, ro); err != nil {
			return err
		}
		ev := &hook.Event{Type: q.Type, Action: hook.Delete, Conn: tx, ID: id, Writer: ro}
		if err := s.runHook(ctx, ev, hook.Before); err != nil {
			return err
		}
		if err := s.Store.Delete(ctx, tx, q.Type, id); err != nil {
			return err
		}
		return s.runHook(ctx, ev, hook.After)
	})
	return gone, err
}

// runHook runs the hooks of ev's action in phase, loading the entry's
// scalar fields first (once: after a create or update it is re-read, since
// the write changed it). Nothing is loaded when no hook would run.
func (s *Service) runHook(ctx context.Context, ev *hook.Event, phase hook.Phase) error {
	if !s.Hooks.Has(ev.Type.Name, ev.Action, phase) {
		return nil
	}
	ev.Phase = phase
	if ev.ID != 0 && (ev.Entry == nil || (phase == hook.After && ev.Action != hook.Delete)) {
		whole := &query.Query{Type: ev.Type, Status: query.Draft}
		e, err := s.Store.FindOne(ctx, ev.Conn, whole, ev.ID, store.ReadOptions{})
		if err != nil {
			return err
		}
		ev.Entry = e
	}
	return s.Hooks.Run(ctx, ev)
}

// checkOwned refuses a write whose result the caller's scope would not
// show them — a coach creating an event for another coach, or moving their
// own event to someone else. The transaction rolls back.
func (s *Service) checkOwned(ctx context.Context, conn store.Conn, ct *schema.ContentType, id int64, ro store.ReadOptions) error {
	if ro.Scope(ct) == nil {
		return nil
	}
	// The scope alone: saving a draft one may not read is no escape from
	// one's scope, and no reason to refuse the write either.
	probe := &query.Query{Type: ct, Fields: []*schema.Attribute{schema.SysID}, Status: query.Draft}
	_, err := s.Store.FindOne(ctx, conn, probe, id, store.ReadOptions{Scopes: ro.Scopes, User: ro.User})
	if errs.KindOf(err) == errs.KindNotFound {
		return errs.New(errs.KindForbidden, "Forbidden")
	}
	return err
}

// visibleID resolves ref and checks that the read options let the caller
// see the entry (in their scope; a draft only if they may read drafts), so
// nobody can change what they cannot read.
func (s *Service) visibleID(ctx context.Context, conn store.Conn, ct *schema.ContentType, ref string, ro store.ReadOptions) (int64, error) {
	id, err := s.lookup(ctx, conn, ct, ref)
	if err != nil {
		return 0, err
	}
	if ro.Limited(ct) {
		probe := &query.Query{Type: ct, Fields: []*schema.Attribute{schema.SysID}, Status: query.Draft}
		if _, err := s.Store.FindOne(ctx, conn, probe, id, ro); err != nil {
			return 0, err
		}
	}
	return id, nil
}
