// Package database holds Kiln's connections to SQLite or PostgreSQL: it
// opens the pool (bun's pgdriver for PostgreSQL, modernc's pure-Go SQLite;
// no other package's code imports a driver and no exported name of this
// one shows one), sends statements with their values as parameters and
// keeps them prepared per connection (statements.go), runs transactions and runs them
// again when PostgreSQL aborts them for other writes (RunInTx), turns
// driver errors into error kinds (outages, conflicts, broken constraints),
// says whether the database is ready, quotes identifiers, and carries the
// identity channel's notifications. What runs on a connection — entries'
// SQL (internal/store), migrations (internal/migrate), a core table's service — is
// written against its Conn.
package database

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	neturl "net/url"
	"strings"
	"sync/atomic"

	"github.com/uptrace/bun/driver/pgdriver"

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
	sql     *sql.DB
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
	queries atomic.Int64
	// observers are called with each statement once it ran (Observe);
	// copied on write, so that one can be added while statements run.
	observers atomic.Pointer[[]func(query string, args []any)]
	// connector prepares the statements of the pool's connections.
	connector *preparing
}

// Queries is how many statements the database was sent since it opened.
func (db *DB) Queries() int64 { return db.queries.Load() }

// Options tune an open database; the zero value keeps the defaults.
type Options struct {
	// MaxConns is the PostgreSQL pool's size. Default: 20.
	MaxConns int
	// Unprepared turns off the preparation of statements on the server
	// (database.yaml: preparedStatements: false), for a pooler in
	// transaction mode that cannot keep them. Default: prepared.
	Unprepared bool
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
		pg, err := pgConnector(url)
		if err != nil {
			return nil, err
		}
		c := &preparing{prepare: !o.Unprepared, broken: pgBroken, stale: pgStale, Connector: pg}
		sqldb := sql.OpenDB(c)
		sqldb.SetMaxOpenConns(o.MaxConns)
		sqldb.SetMaxIdleConns(o.MaxConns)
		db = &DB{sql: sqldb, connector: c, Dialect: Postgres, URL: url}
	case strings.HasPrefix(url, "sqlite:"), strings.HasPrefix(url, "file:"):
		c := &preparing{prepare: !o.Unprepared, broken: sqliteBroken, stale: sqliteStale, finalize: true}
		sqldb, file, err := openSQLite(url, c)
		if err != nil {
			return nil, err
		}
		db = &DB{sql: sqldb, connector: c, Dialect: SQLite, URL: url, writer: make(chan struct{}, 1), file: file}
	default:
		return nil, fmt.Errorf("database URL must start with postgres://, postgresql://, sqlite: or file:")
	}
	if err := db.sql.PingContext(ctx); err != nil {
		db.sql.Close()
		return nil, fmt.Errorf("connecting to the %s database: %w", db.Dialect, err)
	}
	return db, nil
}

// pgConnector is the driver's connector for url. The driver panics on a
// URL it cannot read (a bad escape, an unknown sslmode, a duration that is
// none): that is the operator's typing, so it is an error naming the
// problem, never a crash, and never the URL itself, which holds the
// password.
func pgConnector(url string) (c *pgdriver.Connector, err error) {
	if _, err := neturl.Parse(url); err != nil {
		var ue *neturl.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return nil, fmt.Errorf("the database URL cannot be read: %v", err)
	}
	defer func() {
		if r := recover(); r != nil {
			c, err = nil, fmt.Errorf("the database URL cannot be read: %v", r)
		}
	}()
	return pgdriver.NewConnector(noReadTimeout, pgdriver.WithDSN(url), checkClient,
		pgdriver.WithResetSessionFunc(func(_ context.Context, cn *pgdriver.Conn) error {
			if !alive(cn.Conn()) {
				return driver.ErrBadConn
			}
			return nil
		})), nil
}

// noReadTimeout lifts the driver's own limit on how long a statement's
// answer may take (10 s by default), which cut migrations and seeds, that
// have no deadline, and ended statements waiting on a lock before the
// request's deadline, as a 503 that named no cause. A request's context
// deadline bounds its statements, and checkClient stops them on the
// server. Set before the URL, so that a read_timeout in it still counts.
var noReadTimeout = pgdriver.WithReadTimeout(0)

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
func (db *DB) Close() error { return db.sql.Close() }

// Ping checks that the database answers.
func (db *DB) Ping(ctx context.Context) error { return db.sql.PingContext(ctx) }

// ResetStatements has every connection drop the statements it prepared,
// before its next statement: the tables changed (a migration ran).
// PostgreSQL would refuse a prepared read whose columns changed, and a
// plan made for the old tables is not worth keeping.
func (db *DB) ResetStatements() { db.connector.generation.Add(1) }

// Prepared reports whether statements are prepared on the server and
// kept per connection.
func (db *DB) Prepared() bool { return db.connector.prepare }
