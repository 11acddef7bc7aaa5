// Package store is Kiln's only door to the database: it opens SQLite or
// PostgreSQL through bun, creates and migrates the tables the schema
// describes, reads and writes entries as typed values, and compiles the
// checked query tree to SQL. No other package imports bun, and no
// exported name of it has a bun type: callers hold a *DB and the Conn of
// a transaction.
package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/dialect/sqlitedialect"
	"github.com/uptrace/bun/driver/pgdriver"
	_ "modernc.org/sqlite" // the pure-Go SQLite driver, registered as "sqlite"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/schema"
)

// Dialect is the database family: core/schema's, since a field kind's
// column, binding and conversions depend on it.
type Dialect = schema.Dialect

// The supported databases.
const (
	SQLite   = schema.SQLite
	Postgres = schema.Postgres
)

// DefaultURL is the embedded default: a SQLite file in the data folder.
const DefaultURL = "sqlite:data/kiln.db"

// DB is an open database with its dialect: the pool. It is a Conn too,
// for statements outside a transaction.
type DB struct {
	bun     *bun.DB
	Dialect Dialect
	// URL is the address it was opened with, secrets included: never log it.
	URL string
	// writer serialises SQLite transactions inside the process. SQLite
	// allows one writer at a time anyway; queueing on a mutex hands the
	// lock over at once, where its busy handler would sleep and retry
	// (creates under 50 concurrent clients went from 212 to far more per
	// second on the benchmark).
	writer chan struct{}
	// file is the SQLite database file ("" in memory or on PostgreSQL),
	// whose disk Ready watches.
	file string
	// queries counts the statements sent, for tests that pin how many a
	// request makes (Queries).
	queries *queryCount
}

// queryCount is a bun query hook that counts statements.
type queryCount struct{ n atomic.Int64 }

func (q *queryCount) BeforeQuery(ctx context.Context, _ *bun.QueryEvent) context.Context { return ctx }
func (q *queryCount) AfterQuery(context.Context, *bun.QueryEvent)                        { q.n.Add(1) }

// Queries is how many statements the database was sent since it opened.
func (db *DB) Queries() int64 { return db.queries.n.Load() }

// Options tune an open database; the zero value keeps the defaults.
type Options struct {
	// MaxConns is the PostgreSQL pool's size. Default: 20.
	MaxConns int
}

// Open connects to the database a URL names with the default Options.
func Open(ctx context.Context, url string) (*DB, error) { return OpenWith(ctx, url, Options{}) }

// OpenWith connects to the database a URL names: postgres:// or
// postgresql:// for PostgreSQL; sqlite:PATH, sqlite://PATH or file:PATH
// for SQLite (a missing file and folder are created, 0600 and 0700: see
// createPrivate). It checks the connection before returning.
//
// A pooled PostgreSQL connection is checked before each reuse, without a
// round trip (see alive): after a server restart the dead ones are dropped
// instead of failing the next request each.
func OpenWith(ctx context.Context, url string, o Options) (*DB, error) {
	if url == "" {
		url = DefaultURL
	}
	if o.MaxConns <= 0 {
		o.MaxConns = 20
	}
	var db *DB
	switch {
	case strings.HasPrefix(url, "postgres://"), strings.HasPrefix(url, "postgresql://"):
		sqldb := sql.OpenDB(pgdriver.NewConnector(pgdriver.WithDSN(url), checkClient,
			pgdriver.WithResetSessionFunc(func(_ context.Context, cn *pgdriver.Conn) error {
				if !alive(cn.Conn()) {
					return driver.ErrBadConn
				}
				return nil
			})))
		sqldb.SetMaxOpenConns(o.MaxConns)
		sqldb.SetMaxIdleConns(o.MaxConns)
		db = &DB{bun: bun.NewDB(sqldb, pgdialect.New()), Dialect: Postgres, URL: url}
	case strings.HasPrefix(url, "sqlite:"), strings.HasPrefix(url, "file:"):
		sqldb, file, err := openSQLite(url)
		if err != nil {
			return nil, err
		}
		db = &DB{bun: bun.NewDB(sqldb, sqlitedialect.New()), Dialect: SQLite, URL: url, writer: make(chan struct{}, 1), file: file}
	default:
		return nil, fmt.Errorf("database URL must start with postgres://, postgresql://, sqlite: or file:")
	}
	db.queries = &queryCount{}
	db.bun = db.bun.WithQueryHook(db.queries)
	if err := db.bun.PingContext(ctx); err != nil {
		db.bun.Close()
		return nil, fmt.Errorf("connecting to the %s database: %w", db.Dialect, err)
	}
	return db, nil
}

// checkClient has PostgreSQL check every second, while a statement runs,
// that its client is still there (client_connection_check_interval, from
// PostgreSQL 14), unless the URL says otherwise. A request's deadline
// ends its statement this way: the driver gives up at the deadline and
// closes the connection, and the server stops the statement within a
// second instead of running it to its end for nobody. Migrations and
// seeds, which have no deadline, are not limited.
func checkClient(conf *pgdriver.Config) {
	if _, set := conf.ConnParams["client_connection_check_interval"]; set {
		return
	}
	params := map[string]any{"client_connection_check_interval": "1000"}
	for k, v := range conf.ConnParams {
		params[k] = v
	}
	conf.ConnParams = params
}

// openSQLite opens a SQLite file with the settings a server needs: WAL so
// readers never wait for the writer, a busy timeout instead of immediate
// "database is locked" errors, foreign keys on, and BEGIN IMMEDIATE so a
// transaction that reads then writes cannot deadlock against another.
func openSQLite(url string) (db *sql.DB, file string, err error) {
	path := strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(url, "sqlite:"), "file:"), "//")
	params := ""
	if i := strings.IndexByte(path, '?'); i >= 0 {
		path, params = path[:i], path[i+1:]
	}
	if path == "" {
		return nil, "", fmt.Errorf("sqlite URL names no file")
	}
	if !inMemory(path, params) {
		if err := createPrivate(path); err != nil {
			return nil, "", err
		}
		file = path
	}
	dsn := "file:" + path + "?_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)" +
		"&_pragma=busy_timeout(10000)&_pragma=synchronous(NORMAL)&_txlock=immediate"
	sqldb, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, "", fmt.Errorf("opening sqlite: %w", err)
	}
	// One writer at a time is SQLite's rule; a small pool keeps readers going.
	sqldb.SetMaxOpenConns(4)
	sqldb.SetMaxIdleConns(4)
	return sqldb, file, nil
}

// createPrivate makes the database's folder (0700) and file (0600) when
// they do not exist yet, so that only the account Kiln runs as can read
// the data: SQLite would create the file with the umask's mode (usually
// 0644, readable by every user of the machine), and it gives the -wal and
// -shm files the main file's mode. An existing folder or file is left as
// it is: its mode is the operator's choice (a shared volume, a backup
// agent's group), and Kiln neither changes it nor warns about it.
func createPrivate(path string) error {
	if dir := filepath.Dir(path); dir != "." {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return fmt.Errorf("creating the database folder: %w", err)
		}
	}
	f, err := os.OpenFile(path, os.O_RDONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("creating the database file: %w", err)
	}
	return f.Close()
}

// inMemory reports whether a SQLite URL names an in-memory database,
// which has no file to create.
func inMemory(path, params string) bool {
	if strings.HasPrefix(path, ":memory:") {
		return true
	}
	for p := range strings.SplitSeq(params, "&") {
		if p == "mode=memory" {
			return true
		}
	}
	return false
}

// lockWriter waits for SQLite's one writer slot, as long as SQLite's own
// busy timeout would have, and never past the request's context.
func (db *DB) lockWriter(ctx context.Context) error {
	t := time.NewTimer(10 * time.Second)
	defer t.Stop()
	select {
	case db.writer <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return errs.New(errs.KindUnavailable, "The database is busy: no write slot within 10s")
	}
}

// Close closes the connection pool.
func (db *DB) Close() error { return db.bun.Close() }

// Ping checks that the database answers.
func (db *DB) Ping(ctx context.Context) error { return db.bun.PingContext(ctx) }

// txAttempts is how often RunInTx tries a transaction that PostgreSQL
// aborted as a deadlock victim or a serialization failure, or on a lock
// not granted within lock_timeout, or that broke an exclusion constraint
// at its commit.
const txAttempts = 3

type attemptKey struct{}

// TxAttempt is the run of its transaction that ctx belongs to: 1 for the
// first, more for RunInTx's runs again; 0 outside RunInTx.
func TxAttempt(ctx context.Context) int {
	n, _ := ctx.Value(attemptKey{}).(int)
	return n
}

// RunInTx runs fn in one transaction, committed when fn returns nil and
// rolled back when it returns an error or panics. A transaction PostgreSQL
// aborts to break a deadlock, as a serialization failure or on a lock
// timeout, or that broke an exclusion constraint at its commit, is run
// again from the start (fn must not do anything outside the transaction
// that a second run would repeat), up to txAttempts times; past that it
// is a 409 ConflictError, never a 503: the database answered (see
// retryable and conflict).
func (db *DB) RunInTx(ctx context.Context, fn func(ctx context.Context, tx Conn) error) error {
	if db.Dialect == SQLite {
		if err := db.lockWriter(ctx); err != nil {
			return err
		}
		defer func() { <-db.writer }()
	}
	for attempt := 1; ; attempt++ {
		actx := context.WithValue(ctx, attemptKey{}, attempt)
		err := db.bun.RunInTx(actx, nil, func(ctx context.Context, tx bun.Tx) error { return fn(ctx, tx) })
		if attempt < txAttempts && retryable(err) && ctx.Err() == nil {
			continue
		}
		return conflict(err)
	}
}
