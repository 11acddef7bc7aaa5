package database

import (
	"container/list"
	"context"
	"database/sql/driver"
	"errors"
	"strings"
	"sync/atomic"

	"github.com/uptrace/bun/driver/pgdriver"
)

// StatementCacheSize is how many prepared statements each connection
// keeps, the least recently used closed first. A request shape is one
// statement text (its values are parameters), so a few dozen cover the
// platform; the bound keeps shapes that vary without end (an $in list of
// every length) from growing a connection's memory, or the server's.
const StatementCacheSize = 256

// preparing is a driver.Connector whose connections prepare each statement
// that carries values once and run it again by name with new values: the
// database parses and plans a request shape once per connection instead
// of once per request (PostgreSQL reuses the plan; SQLite the compiled
// program). database/sql's own prepared statements would prepare on a
// second connection of the pool while a transaction holds the first,
// which can wait forever on a full pool; a cache inside the connection
// has no such wait and needs no lock.
type preparing struct {
	driver.Connector
	// prepare is false when the operator turned server-side preparation
	// off (database.yaml: preparedStatements): statements then go to the
	// driver as they come.
	prepare bool
	// generation moves on when the tables change (ResetStatements): a
	// connection that sees a new one drops what it prepared before.
	generation atomic.Int64
	// broken says whether an error left the connection unusable, so it is
	// closed rather than pooled (the driver does this for the statements
	// it runs itself, not for prepared ones).
	broken func(error) bool
	// stale says whether an error means the prepared statement no longer
	// fits the tables (PostgreSQL's "cached plan must not change result
	// type" after another process changed them).
	stale func(error) bool
	// finalize is SQLite's: a statement must be finalized before its
	// connection closes, and each is, one by one (no round trips).
	finalize bool
}

func (p *preparing) Connect(ctx context.Context) (driver.Conn, error) {
	c, err := p.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &preparedConn{inner: c, p: p, generation: p.generation.Load(), byText: map[string]*list.Element{}}, nil
}

// preparedConn is one connection with its cache of prepared statements.
// database/sql uses a connection from one goroutine at a time, so the
// cache needs no lock.
type preparedConn struct {
	inner      driver.Conn
	p          *preparing
	generation int64
	byText     map[string]*list.Element // of *cached
	recent     list.List                // most recently used first
	inTx       bool
}

// cached is a statement prepared on its connection; busy while rows it
// returned are open, when it cannot be run again (SQLite would reset it
// under them).
type cached struct {
	text string
	stmt driver.Stmt
	busy bool
}

var (
	_ driver.ExecerContext      = (*preparedConn)(nil)
	_ driver.QueryerContext     = (*preparedConn)(nil)
	_ driver.ConnBeginTx        = (*preparedConn)(nil)
	_ driver.ConnPrepareContext = (*preparedConn)(nil)
	_ driver.SessionResetter    = (*preparedConn)(nil)
	_ driver.Validator          = (*preparedConn)(nil)
	_ driver.Pinger             = (*preparedConn)(nil)
	_ driver.NamedValueChecker  = (*preparedConn)(nil)
)

func (c *preparedConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	for attempt := 1; ; attempt++ {
		s, err := c.statement(ctx, query, len(args))
		if err != nil {
			return nil, err
		}
		if s == nil {
			return c.inner.(driver.ExecerContext).ExecContext(ctx, query, args)
		}
		res, err := s.stmt.(driver.StmtExecContext).ExecContext(ctx, args)
		if err != nil && c.failed(err, s) && attempt == 1 {
			continue
		}
		return res, err
	}
}

func (c *preparedConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	for attempt := 1; ; attempt++ {
		s, err := c.statement(ctx, query, len(args))
		if err != nil {
			return nil, err
		}
		if s == nil {
			return c.inner.(driver.QueryerContext).QueryContext(ctx, query, args)
		}
		rows, err := s.stmt.(driver.StmtQueryContext).QueryContext(ctx, args)
		if err != nil {
			if c.failed(err, s) && attempt == 1 {
				continue
			}
			return nil, err
		}
		s.busy = true
		return &cachedRows{Rows: rows, s: s}, nil
	}
}

// statement is the prepared statement for query on this connection,
// prepared now if it is not yet; nil (and no error) for a statement that
// goes to the driver as it is: preparation off, or a statement with no
// values that is not a plain read or write (a migration's DDL, BEGIN, a
// script of several), or one whose prepared copy is busy.
func (c *preparedConn) statement(ctx context.Context, query string, nargs int) (*cached, error) {
	if !c.p.prepare || nargs == 0 && !plainStatement(query) {
		return nil, nil
	}
	if g := c.p.generation.Load(); g != c.generation {
		c.dropAll()
		c.generation = g
	}
	if e, ok := c.byText[query]; ok {
		s := e.Value.(*cached)
		if s.busy {
			return nil, nil
		}
		c.recent.MoveToFront(e)
		return s, nil
	}
	stmt, err := c.inner.(driver.ConnPrepareContext).PrepareContext(ctx, query)
	if err != nil {
		if c.p.broken(err) {
			c.inner.Close() // the pool sees it invalid and drops it
		}
		return nil, err
	}
	s := &cached{text: query, stmt: stmt}
	c.byText[query] = c.recent.PushFront(s)
	if c.recent.Len() > StatementCacheSize {
		c.drop(c.recent.Back())
	}
	return s, nil
}

// failed handles an error of a prepared statement's run: a connection the
// error broke is closed, so that the pool drops it; a statement that no
// longer fits the tables is dropped and, outside a transaction (where
// the error aborted nothing else), reported to be run once more, prepared
// again. In a transaction RunInTx runs the whole of it again (retryable).
func (c *preparedConn) failed(err error, s *cached) (again bool) {
	if c.p.stale(err) {
		if e, ok := c.byText[s.text]; ok {
			c.drop(e)
		}
		return !c.inTx
	}
	if c.p.broken(err) {
		c.inner.Close()
	}
	return false
}

// drop closes one cached statement (a busy one is closed by its rows).
func (c *preparedConn) drop(e *list.Element) {
	s := c.recent.Remove(e).(*cached)
	delete(c.byText, s.text)
	if !s.busy {
		s.stmt.Close()
	} else {
		s.stmt = closeWhenDone{s.stmt}
	}
}

// dropAll forgets every cached statement: the tables changed. On
// PostgreSQL one DEALLOCATE ALL frees them on the server (no rows can be
// open on the connection between statements there); SQLite finalizes
// each.
func (c *preparedConn) dropAll() {
	if !c.p.finalize {
		if _, err := c.inner.(driver.ExecerContext).ExecContext(context.Background(), "DEALLOCATE ALL", nil); err == nil {
			c.recent.Init()
			clear(c.byText)
			return
		}
	}
	for c.recent.Len() > 0 {
		c.drop(c.recent.Front())
	}
}

// closeWhenDone marks a statement dropped while its rows were open.
type closeWhenDone struct{ driver.Stmt }

// cachedRows are a prepared statement's rows: closing them frees the
// statement for its next run.
type cachedRows struct {
	driver.Rows
	s *cached
}

func (r *cachedRows) Close() error {
	err := r.Rows.Close()
	if r.s != nil {
		r.s.busy = false
		if d, ok := r.s.stmt.(closeWhenDone); ok {
			d.Stmt.Close()
		}
		r.s = nil
	}
	return err
}

func (c *preparedConn) Prepare(query string) (driver.Stmt, error) { return c.inner.Prepare(query) }

func (c *preparedConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	return c.inner.(driver.ConnPrepareContext).PrepareContext(ctx, query)
}

// Close ends the connection. PostgreSQL frees its prepared statements
// with it; SQLite's must be finalized first.
func (c *preparedConn) Close() error {
	if c.p.finalize {
		for c.recent.Len() > 0 {
			c.recent.Remove(c.recent.Front()).(*cached).stmt.Close()
		}
	}
	return c.inner.Close()
}

func (c *preparedConn) Begin() (driver.Tx, error) {
	return c.BeginTx(context.Background(), driver.TxOptions{})
}

func (c *preparedConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	tx, err := c.inner.(driver.ConnBeginTx).BeginTx(ctx, opts)
	if err != nil {
		return nil, err
	}
	c.inTx = true
	return &trackedTx{Tx: tx, c: c}, nil
}

// trackedTx tells its connection when the transaction ends.
type trackedTx struct {
	driver.Tx
	c *preparedConn
}

func (t *trackedTx) Commit() error   { t.c.inTx = false; return t.Tx.Commit() }
func (t *trackedTx) Rollback() error { t.c.inTx = false; return t.Tx.Rollback() }

func (c *preparedConn) ResetSession(ctx context.Context) error {
	if r, ok := c.inner.(driver.SessionResetter); ok {
		return r.ResetSession(ctx)
	}
	return nil
}

func (c *preparedConn) IsValid() bool {
	if v, ok := c.inner.(driver.Validator); ok {
		return v.IsValid()
	}
	return true
}

func (c *preparedConn) Ping(ctx context.Context) error {
	if p, ok := c.inner.(driver.Pinger); ok {
		return p.Ping(ctx)
	}
	return nil
}

// CheckNamedValue lets the driver convert values as it would unwrapped.
func (c *preparedConn) CheckNamedValue(nv *driver.NamedValue) error {
	if ch, ok := c.inner.(driver.NamedValueChecker); ok {
		return ch.CheckNamedValue(nv)
	}
	return driver.ErrSkip
}

// plainStatement reports whether a statement without values is one read
// or write worth preparing: it starts with SELECT, WITH, INSERT, UPDATE or
// DELETE and is not a script of several.
func plainStatement(query string) bool {
	q := strings.TrimLeft(query, " \t\r\n(")
	if len(q) < 6 || strings.IndexByte(q, ';') >= 0 {
		return false
	}
	switch strings.ToUpper(q[:4]) {
	case "SELE", "WITH", "INSE", "UPDA", "DELE":
		return true
	}
	return false
}

// pgBroken is the driver's own rule for a connection an error leaves
// unusable (pgdriver closes it for the statements it runs itself): any
// error but one the server sent, and of those the fatal ones, an aborted
// transaction and a cancelled statement.
func pgBroken(err error) bool {
	var pe pgdriver.Error
	if !errors.As(err, &pe) {
		return true
	}
	switch pe.Field('V') {
	case "FATAL", "PANIC":
		return true
	}
	switch pe.Field('C') {
	case "25P02", "57014":
		return true
	}
	return false
}

// pgStale reports PostgreSQL's refusal to run a prepared statement whose
// result columns changed since it was prepared.
func pgStale(err error) bool {
	var pe pgdriver.Error
	return errors.As(err, &pe) && pe.Field('C') == "0A000" && strings.Contains(pe.Field('M'), "cached plan")
}

// sqliteBroken: SQLite's errors never leave its connection unusable.
func sqliteBroken(error) bool { return false }

// sqliteStale: SQLite prepares a statement again by itself when the
// schema changed.
func sqliteStale(error) bool { return false }
