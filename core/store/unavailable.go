package store

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
			code == "57014",                  // statement timeout or cancel: the request's deadline passed
			code == "25006",                  // read-only transaction: a standby
			code == "40P01", code == "40001": // deadlock victim, serialization failure, retried in vain
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

// conflict turns PostgreSQL's exclusion violation (a constraint a plugin
// added to keep rows apart, checked at commit) into a 409 the client can
// read, instead of an internal error; other errors pass unchanged.
func conflict(err error) error {
	var pe pgdriver.Error
	if errors.As(err, &pe) && pe.Field('C') == "23P01" {
		return errs.New(errs.KindConflict, "The change conflicts with another entry").
			WithDetails(map[string]any{"constraint": pe.Field('n')}).Wrap(err)
	}
	return err
}

// retryable reports whether PostgreSQL aborted a transaction only to break
// a deadlock or a serialization conflict: run again, it may well pass. An
// exclusion violation too: a plugin's deferred constraint (the scheduling
// plugin's no-overlap) fails the second of two writes that raced past the
// plugin's check; run again, the check sees the first write and answers
// as it would have (a 400 naming the clash), and a write past every check
// fails again and is the 409 (conflict) once the attempts are spent.
func retryable(err error) bool {
	var pe pgdriver.Error
	if !errors.As(err, &pe) {
		return false
	}
	code := pe.Field('C')
	return code == "40P01" || code == "40001" || code == "23P01"
}
