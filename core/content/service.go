// Package content is the one service every read and write of entries goes
// through: it checks and coerces input against the schema, resolves
// relations, runs each write in one transaction and reads back what the
// caller may see. It knows nothing of HTTP; internal/rest calls it, and so do
// plugins.
package content

import (
	"context"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/store"
)

// Service reads and writes entries of every content type. It is the only
// way into the data for the REST handlers, the commands and the plugins:
// every read goes through the caller's ReadOptions, every write through
// the input checks, the hooks and one transaction. Its methods work on the
// connection pool and open a transaction per write; Tx has the same
// methods inside a transaction the caller holds. The wiring makes one
// over the database with internal/contentwire's New.
type Service struct {
	Schema *schema.Schema
	// Hooks run inside every write's transaction.
	Hooks *hook.Registry
	// HashPassword turns the plaintext given for a password field, on any
	// type, into what is stored. It runs while the input is prepared,
	// before any hook, so that no hook or plugin ever sees a plaintext
	// password. The app sets internal/auth's bcrypt (injected, so that this
	// package does not depend on internal/auth); an error of kind validation
	// is reported against the field. Without it a password is refused.
	HashPassword func(plain string) (string, error)
	// NormalizeEmail puts the built-in user's e-mail fields in the one
	// form sign-in looks addresses up by, on every write, before the unique
	// check. The app sets internal/auth's NormalizeEmail; nil stores them as
	// given.
	NormalizeEmail func(email string) string
	// Outbox, when set, gets the events of every write inside the write's
	// transaction (see Outbox); internal/webhook's is the app's.
	Outbox Outbox
	// Principals, when set, hears after each commit which users it wrote
	// (see Principals).
	Principals Principals
	// VerifyReferences looks every reference of a write up before the
	// write, even one a foreign key vouches for (store.ForeignKeyGuards),
	// which is otherwise left to the key: tests compare the two ways.
	VerifyReferences bool

	db    *database.DB
	store *store.Store
	// tables are the plugins' own tables, which statements may write.
	tables map[string]bool
}

// Dialect is the database family the service runs on.
func (s *Service) Dialect() schema.Dialect { return s.db.Dialect }

// Page is one page of a list, with the total when it was counted.
type Page struct {
	Entries []*entry.Entry
	// Total is the number of matching entries, or -1 when the request
	// asked for no count.
	Total int64
}

// pool is a Tx on the connection pool: every statement on its own.
func (s *Service) pool() *Tx { return &Tx{s: s, conn: s.db} }

// Find lists the entries q selects: the page, and the count unless the
// request turned it off. Reads are retried once on a fresh connection
// when the database dropped the first (database.RetryRead).
func (s *Service) Find(ctx context.Context, q *query.Query, ro entry.ReadOptions) (*Page, error) {
	var p *Page
	err := database.RetryRead(ctx, func() (err error) {
		p, err = s.pool().Find(ctx, q, ro)
		return err
	})
	return p, err
}

// Chunks is a page read whose entries come populated a chunk at a time
// (Next), for a caller that writes each chunk out and drops it before the
// next: it then holds one chunk's populated entries, not the page's.
type Chunks struct {
	// Total is the number of matching entries, or -1 when the request
	// asked for no count.
	Total int64
	c     *store.Chunks
	conn  database.Conn
}

// FindChunks is Find, reading the page (and its total) now and its
// relations chunk by chunk as Chunks.Next is called: the same statements,
// the populate ones once per chunk, restricted to its entries. The row
// budget counts the whole answer across chunks.
func (s *Service) FindChunks(ctx context.Context, q *query.Query, ro entry.ReadOptions) (*Chunks, error) {
	conn := s.pool().conn
	var c *store.Chunks
	err := database.RetryRead(ctx, func() (err error) {
		c, err = s.store.FindChunks(ctx, conn, s.readLocale(q), ro, q.Pagination.WithCount)
		return err
	})
	if err != nil {
		return nil, err
	}
	return &Chunks{Total: c.Total, c: c, conn: conn}, nil
}

// Next returns the next n entries of the page (every one left when
// n <= 0) with their relations populated; nil once the page is done.
// Each chunk's reads are retried as Find's are.
func (c *Chunks) Next(ctx context.Context, n int) ([]*entry.Entry, error) {
	var list []*entry.Entry
	err := database.RetryRead(ctx, func() (err error) {
		list, err = c.c.Next(ctx, c.conn, n)
		return err
	})
	return list, err
}

// FindOne returns the entry ref names (ID, DocumentID, or ParseRef for a
// request's), with q's fields and populate. A missing entry, or one the
// read options hide, is errs.NotFound.
func (s *Service) FindOne(ctx context.Context, q *query.Query, ref Ref, ro entry.ReadOptions) (*entry.Entry, error) {
	var e *entry.Entry
	err := database.RetryRead(ctx, func() (err error) {
		e, err = s.pool().FindOne(ctx, q, ref, ro)
		return err
	})
	return e, err
}

// CheckEstimate refuses q, before any statement, when even the fewest
// entries its shape makes an answer hold (store.Estimate, with roots
// entries at its root: a page's size, 1 for one entry) pass the caller's
// row budget (ro.MaxAnswerRows): the budget's 400, sent without reading.
func (s *Service) CheckEstimate(q *query.Query, roots int, ro entry.ReadOptions) error {
	return s.store.CheckEstimate(q, roots, ro)
}

// Get is FindOne by row id.
func (s *Service) Get(ctx context.Context, q *query.Query, id int64, ro entry.ReadOptions) (*entry.Entry, error) {
	var e *entry.Entry
	err := database.RetryRead(ctx, func() (err error) {
		e, err = s.pool().Get(ctx, q, id, ro)
		return err
	})
	return e, err
}

// Create checks w (NewWrite, or WriteFromBody for a request), inserts the entry and
// its relations and reads it back through q, all in one transaction: an
// error means nothing was written, and a written entry is always answered
// (a read-back after the commit could fail and make a client retry into a
// duplicate).
func (s *Service) Create(ctx context.Context, q *query.Query, w *Write, ro entry.ReadOptions) (out *entry.Entry, err error) {
	err = s.InTx(ctx, func(ctx context.Context, tx *Tx) (err error) {
		out, err = tx.Create(ctx, q, w, ro)
		return err
	})
	return out, err
}

// Update changes the fields w names (a partial update) of the entry ref
// names and reads it back through q, in one transaction (see Create).
func (s *Service) Update(ctx context.Context, q *query.Query, ref Ref, w *Write, ro entry.ReadOptions) (out *entry.Entry, err error) {
	err = s.InTx(ctx, func(ctx context.Context, tx *Tx) (err error) {
		out, err = tx.Update(ctx, q, ref, w, ro)
		return err
	})
	return out, err
}

// Delete removes the entry ref names and returns it as it was, read
// through q (Strapi 4 answers with the deleted entry).
func (s *Service) Delete(ctx context.Context, q *query.Query, ref Ref, ro entry.ReadOptions) (gone *entry.Entry, err error) {
	err = s.InTx(ctx, func(ctx context.Context, tx *Tx) (err error) {
		gone, err = tx.Delete(ctx, q, ref, ro)
		return err
	})
	return gone, err
}

// InTx runs fn in one transaction: every read and write fn makes through
// tx commits or rolls back together. A transaction PostgreSQL aborts to
// break a deadlock is run again (database.DB.RunInTx), so fn must not do
// anything outside tx that a second run would repeat.
//
// The events the transaction emitted (writes of entries, a plugin's
// Tx.Emit) go to the outbox inside it, just before it commits, and the
// outbox hears of the commit afterwards.
func (s *Service) InTx(ctx context.Context, fn func(ctx context.Context, tx *Tx) error) error {
	wrote := false
	tc := &touched{}
	ctx = context.WithValue(ctx, touchedKey{}, tc)
	// Whatever the outcome: a commit whose answer was lost may have
	// happened, and forgetting too much only costs a read.
	defer s.forget(tc)
	var st *txState
	run := func(ctx context.Context, conn database.Conn) error {
		wrote = false
		st = &txState{locked: map[rowKey]bool{}, verify: s.VerifyReferences || (st != nil && st.verify)}
		ctx = withWrites(ctx, st)
		tx := &Tx{s: s, conn: conn, touched: tc}
		if s.Outbox == nil {
			return fn(ctx, tx)
		}
		b := &batch{}
		if err := fn(context.WithValue(ctx, batchKey{}, b), tx); err != nil {
			return err
		}
		if len(b.list) == 0 {
			return nil
		}
		wrote = true
		return tx.flush(ctx, b.list)
	}
	err := s.db.RunInTx(ctx, run)
	// A run that took references on a foreign key's word and failed, for
	// whatever reason, with one of them missing, runs again with every
	// reference looked up: its answer is the lookup's 400 naming the
	// missing target, not what a hook or the foreign key said first. When
	// they all exist, the run was the one a lookup would have made.
	if err != nil && st != nil && len(st.trusted) > 0 && ctx.Err() == nil && s.someMissing(ctx, st.trusted) {
		st.verify = true
		err = s.db.RunInTx(ctx, run)
	}
	if err == nil && wrote {
		s.Outbox.Committed()
	}
	return err
}

// someMissing reports whether a reference of lists names no row, or
// whether that could not be read. The lists are ones no scope narrows
// (store.ForeignKeyGuards), so they are looked up as the admin's.
func (s *Service) someMissing(ctx context.Context, lists []entry.Refs) bool {
	found, err := s.store.ResolveMany(ctx, s.db, lists, entry.ReadOptions{})
	if err != nil {
		return true
	}
	for i, l := range lists {
		for _, r := range l.Refs {
			if _, ok := found[i][r]; !ok {
				return true
			}
		}
	}
	return false
}

// Visible is Tx.Visible on the pool.
func (s *Service) Visible(ctx context.Context, ct *schema.ContentType, ids []int64, ro entry.ReadOptions) ([]int64, error) {
	return s.pool().Visible(ctx, ct, ids, ro)
}

// Resolve is Tx.Resolve on the pool.
func (s *Service) Resolve(ctx context.Context, ct *schema.ContentType, refs []string, ro entry.ReadOptions) (map[string]int64, error) {
	return s.pool().Resolve(ctx, ct, refs, ro)
}

// ReadOptions are what a reader may see (entry.ReadOptions): the zero
// value sees everything, the server's own reads.
type ReadOptions = entry.ReadOptions

// Entry is one entry as typed values (entry.Entry).
type Entry = entry.Entry

// Count is a populated relation asked for with count=true (entry.Count).
type Count = entry.Count

// The database families a statement may be written for (Statement.Dialect,
// Service.Dialect), for the few expressions they spell differently.
const (
	SQLite   = database.SQLite
	Postgres = database.Postgres
)
