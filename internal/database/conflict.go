package database

import (
	"errors"

	"github.com/uptrace/bun/driver/pgdriver"

	"github.com/kiln-cms/kiln/core/errs"
)

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
	if pgStale(err) {
		return true // another process changed the tables: prepared again, the run passes
	}
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

// LockNotAvailable reports PostgreSQL's lock_not_available: a lock not
// granted within lock_timeout (or at once, under NOWAIT).
func LockNotAvailable(err error) bool {
	var pe pgdriver.Error
	return errors.As(err, &pe) && pe.Field('C') == "55P03"
}
