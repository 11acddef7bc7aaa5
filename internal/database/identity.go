package database

import (
	"context"
	"database/sql"
	"errors"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/driver/pgdriver"
)

// IdentityChannel is the PostgreSQL notification channel the user and
// role tables' triggers speak on: every node LISTENs to it to forget what
// it keeps of the users (internal/principal). A payload is
// "<schema>:u:<id>" (that user changed or is gone), "<schema>:all" (a
// role changed: forget every user) or "<schema>:tokens" (an API token was
// revoked: forget every token). Other payloads are the nodes' own probes
// of the connection.
const IdentityChannel = "kiln_identity"

// IdentityListener is one connection LISTENing on IdentityChannel, of
// its own (not the pool's), named appName in pg_stat_activity.
type IdentityListener struct {
	db *bun.DB
	ln *pgdriver.Listener
}

// ListenIdentity opens a listening connection; PostgreSQL only.
func (db *DB) ListenIdentity(ctx context.Context, appName string) (*IdentityListener, error) {
	if db.Dialect != Postgres {
		return nil, errors.New("store: notifications need PostgreSQL")
	}
	ldb := bun.NewDB(sql.OpenDB(pgdriver.NewConnector(pgdriver.WithDSN(db.URL), pgdriver.WithApplicationName(appName))), pgdialect.New())
	l := &IdentityListener{db: ldb, ln: pgdriver.NewListener(ldb)}
	if err := l.ln.Listen(ctx, IdentityChannel); err != nil {
		l.Close()
		return nil, err
	}
	return l, nil
}

// Receive waits for the next payload; an error means the connection is
// no longer to be relied on (Close it and open another).
func (l *IdentityListener) Receive(ctx context.Context) (string, error) {
	_, payload, err := l.ln.Receive(ctx)
	return payload, err
}

// Close ends the connection; a Receive waiting returns an error.
func (l *IdentityListener) Close() error {
	err := l.ln.Close()
	l.db.Close()
	return err
}

// NotifyIdentity sends payload on IdentityChannel through the pool. It
// is the listener's own traffic, not a request's: it goes around the
// query hooks, so it is not counted in Queries.
func (db *DB) NotifyIdentity(ctx context.Context, payload string) error {
	_, err := db.sql.ExecContext(ctx, "SELECT pg_notify($1, $2)", IdentityChannel, payload)
	return err
}

// CurrentSchema is the schema the pool's tables are made in (PostgreSQL),
// read around the query hooks as NotifyIdentity is.
func (db *DB) CurrentSchema(ctx context.Context) (s string, err error) {
	err = db.sql.QueryRowContext(ctx, "SELECT current_schema()").Scan(&s)
	return s, err
}
