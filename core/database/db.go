// Package database holds Kiln's connections to SQLite or PostgreSQL: it
// opens the pool (through bun, which no other package's code imports and
// no exported name of this one shows), runs transactions and runs them
// again when PostgreSQL aborts them for other writes (RunInTx), turns
// driver errors into error kinds (outages, conflicts, broken constraints),
// says whether the database is ready, quotes identifiers, and carries the
// identity channel's notifications. What runs on a connection — entries'
// SQL (core/store), migrations (core/migrate), a core table's service — is
// written against its Conn.
package database

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"strings"
	"sync/atomic"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/dialect/sqlitedialect"
	"github.com/uptrace/bun/driver/pgdriver"
	_ "modernc.org/sqlite" // the pure-Go SQLite driver, registered as "sqlite"

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

// Close closes the connection pool.
func (db *DB) Close() error { return db.bun.Close() }

// Ping checks that the database answers.
func (db *DB) Ping(ctx context.Context) error { return db.bun.PingContext(ctx) }
