package database

import (
	"context"
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"strings"
	"syscall"

	"github.com/uptrace/bun/driver/pgdriver"
	"modernc.org/sqlite"

	"github.com/kiln-cms/kiln/core/errs"
)

// Unavailable reports whether err says the database cannot serve the
// request right now — the connection is gone or refused, the server is
// shutting down or starting, out of connections, disk or memory, read
// only, or too busy to answer in time — as opposed to a request the
// database refused. Such a request may succeed when retried, and the
// answer is a 503, not a 500.
func Unavailable(err error) bool {
	if err == nil {
		return false
	}
	if e, ok := errs.As(err); ok {
		return e.Kind == errs.KindUnavailable
	}
	var pe pgdriver.Error
	if errors.As(err, &pe) {
		code := pe.Field('C')
		switch {
		case strings.HasPrefix(code, "08"), // connection exception
			strings.HasPrefix(code, "53"),                     // insufficient resources: too many connections, disk full, out of memory
			code == "57P01", code == "57P02", code == "57P03", // admin shutdown, crash shutdown, cannot connect now
			code == "57014", // statement timeout or cancel: the request's deadline passed
			code == "25006": // read-only transaction: a standby
			return true
		}
		return false
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff { // the primary result code
		case 5, 6, 8, 9, 10, 13, 14: // BUSY, LOCKED, READONLY, INTERRUPT, IOERR, FULL, CANTOPEN
			return true
		}
		return false
	}
	var ne net.Error
	return errors.Is(err, driver.ErrBadConn) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE) ||
		errors.Is(err, context.DeadlineExceeded) || errors.As(err, &ne)
}

// RetryRead runs an idempotent read, once more when it failed because the
// database was unavailable and the request is still wanted: a connection
// that died under it (the server restarted since it was checked) is
// dropped by the pool, and the second try gets a fresh one.
func RetryRead(ctx context.Context, read func() error) error {
	err := read()
	if err != nil && ctx.Err() == nil && Unavailable(err) && !errors.Is(err, context.DeadlineExceeded) {
		err = read()
	}
	return err
}
