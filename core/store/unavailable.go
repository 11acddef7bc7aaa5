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

// conflict turns what RunInTx could not get past into an error kind the
// client can read, instead of an internal error or an outage; other
// errors pass unchanged. An exclusion violation (a constraint a plugin
// added to keep rows apart, checked at commit) is the change itself
// clashing with stored data. A deadlock, a serialization failure or a lock
// not granted within lock_timeout, still there after the runs again, is a
// clash with other writes in progress: the database answered, so it is
// not a 503 either, and the same write may pass once they are done.
func conflict(err error) error {
	var pe pgdriver.Error
	if !errors.As(err, &pe) {
		return err
	}
	switch pe.Field('C') {
	case "23P01":
		return errs.New(errs.KindConflict, "The change conflicts with another entry").
			WithDetails(map[string]any{"constraint": pe.Field('n')}).Wrap(err)
	case "40P01", "40001", "55P03":
		return errs.New(errs.KindConflict, "The change conflicts with changes being made at the same time: try again").Wrap(err)
	}
	return err
}

// retryable reports whether PostgreSQL aborted a transaction only because
// of other transactions running at the same time — to break a deadlock, as
// a serialization failure, or a lock another transaction held past
// lock_timeout (which an operator may set for the database or its user):
// run again, it may well pass. An exclusion violation too: a plugin's
// deferred constraint (the scheduling plugin's no-overlap) fails the
// second of two writes that raced past the plugin's check; run again, the
// check sees the first write and answers as it would have (a 400 naming
// the clash), and a write past every check fails again and is the 409
// (conflict) once the attempts are spent.
func retryable(err error) bool {
	var pe pgdriver.Error
	if !errors.As(err, &pe) {
		return false
	}
	switch pe.Field('C') {
	case "40P01", "40001", "23P01", "55P03":
		return true
	}
	return false
}

// lockNotAvailable reports PostgreSQL's lock_not_available: a lock not
// granted within lock_timeout (or at once, under NOWAIT).
func lockNotAvailable(err error) bool {
	var pe pgdriver.Error
	return errors.As(err, &pe) && pe.Field('C') == "55P03"
}
