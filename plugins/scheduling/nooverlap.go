package scheduling

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/plugin"
)

// Tables declares the plugin's own tables — feed tokens (token.go) and
// event revisions (revision.go) — and the no-overlap constraint on the
// events table: the migrations make them (`kiln migrate --dry-run` lists
// them), not Register.
func (*Plugin) Tables() []plugin.Table {
	tokens, revisions := tokenTableDef(), revisionTableDef()
	revisions.Constraints = []plugin.Constraint{noOverlapConstraint()}
	return []plugin.Table{tokens, revisions}
}

// noOverlap names the PostgreSQL constraint that makes the database itself
// keep a coach's scheduled events apart: an exclusion constraint over the
// coach and the half-open time range, for scheduled events only (btree_gist
// gives the = on the coach its GiST operator class). The hooks' locks keep
// the rule and give the refusal its clashes; the constraint is the last
// word should any path ever write past them. It is checked at commit, not
// per statement: one write may hand a coach an event and take another away
// in two statements (a swap), and only the outcome must hold.
//
// When it cannot be added — the extension needs a privilege the database
// user lacks, or the events already hold an overlap from an older version —
// the migrations log why and go on, and the locks alone keep the rule.
const noOverlap = "events_coach_no_overlap"

// The events table and the columns the constraint names. Tables runs
// before the model is bound (the migrations come first), so they are
// spelt here; Register checks them against the bound model
// (checkConstraint), so a renamed field stops start-up rather than leave
// the constraint on columns that no longer mean what it says.
const (
	eventsTable  = "events"
	coachColumn  = "coach_id"
	startColumn  = "start_at"
	endColumn    = "end_at"
	statusColumn = "status"
)

// noOverlapConstraint declares the constraint. The extension goes to
// public, not to the first schema of the search path: it is one per
// database, and a constraint depends on it, so it must not live (and be
// dropped) with one schema's tables.
func noOverlapConstraint() plugin.Constraint {
	return plugin.Constraint{
		Table:  eventsTable,
		Name:   noOverlap,
		Before: []string{"CREATE EXTENSION IF NOT EXISTS btree_gist SCHEMA public"},
		SQL: `EXCLUDE USING gist ("` + coachColumn + `" WITH =, tstzrange("` + startColumn + `", "` + endColumn +
			`", '[)') WITH &&) WHERE ("` + statusColumn + `" = '` + statusScheduled + `') DEFERRABLE INITIALLY DEFERRED`,
	}
}

// checkConstraint reports a model whose table or columns are not those the
// constraint names.
func (m *model) checkConstraint() error {
	var wrong []string
	if m.Event.Table != eventsTable {
		wrong = append(wrong, fmt.Sprintf("type event has table %q, not %q", m.Event.Table, eventsTable))
	}
	for _, c := range [][2]string{{m.EvCoach.Column, coachColumn}, {m.EvStart.Column, startColumn},
		{m.EvEnd.Column, endColumn}, {m.EvStatus.Column, statusColumn}} {
		if c[0] != c[1] {
			wrong = append(wrong, fmt.Sprintf("column %q where the constraint names %q", c[0], c[1]))
		}
	}
	if len(wrong) > 0 {
		return fmt.Errorf("scheduling: the %s constraint no longer matches the events table: %s", noOverlap, strings.Join(wrong, "; "))
	}
	return nil
}

// underCoachLock runs check — the search that refuses a booking of the
// coach that clashes — so that no other booking of the coach comes between
// it and the write that follows.
//
// On PostgreSQL that takes the coach's booking lock (an advisory lock,
// released at commit) and searches under it. A booking that finds the
// lock taken does not queue behind it: it searches at once, and a clash
// committed meanwhile is its 400 now; else it waits for the lock a little
// (lockWaitFirst, then twice as long each time) and searches again. So
// when many bookings race for one hour, the losers learn of the winner
// soon after it commits, each on its own, instead of one after another in
// the lock's queue (with the cores busy, 64 such bookings queued for
// seconds, and some hit the request's deadline). Each wait is about as
// long as all the earlier ones together: a loser learns of the winner
// within about as long again as it had waited when the winner committed,
// and a booking that does not clash, which leaves the lock's queue at each
// search, soon waits longer than the queue ahead of it is, and is not
// starved by the others. It waits as long as the request may.
//
// The lock is taken with the no-overlap constraint too. The constraint is
// checked at commit, where a booking waits for every uncommitted booking
// its row clashes with; two such bookings committing together wait for
// each other, a deadlock PostgreSQL only breaks after deadlock_timeout
// (1 s), and ten bookings raced into one hour then met again on every run
// and answered 409s and 503s after 25 s. Under the lock no two of Kiln's
// bookings of a coach hold uncommitted rows at once, so none waits at its
// commit; the constraint still keeps the rule against any other writer.
// Where it holds, a booking that gets the lock at once and may leave the
// rule to it (decides) does not search: should its row clash with one
// committed before the lock, its commit fails, the transaction runs again
// (database.DB.RunInTx), and that run searches and answers with the
// clash. On SQLite, where one write runs at a time anyway, check runs as
// it is.
func (s *sched) underCoachLock(ctx context.Context, tx content.TxDoor, coach int64, decides bool, check func() error) error {
	if !s.locksWait() {
		return check()
	}
	guarded, err := s.dbGuards(ctx, tx)
	if err != nil {
		return err
	}
	var wait time.Duration // the first try only takes a free lock
	for {
		got, err := tx.LockKeyWithin(ctx, lockCoach, coach, wait)
		if err != nil {
			return err
		}
		if got && wait == 0 && guarded && decides && !content.Retried(ctx) {
			return nil
		}
		if err := check(); err != nil || got {
			return err
		}
		wait = max(2*wait, lockWaitFirst)
	}
}

// lockWaitFirst is how long a booking first waits for its coach's lock
// before it searches again for a clash the lock's holder may have
// committed. A booking's transaction takes milliseconds, some tens on a
// busy machine.
const lockWaitFirst = 25 * time.Millisecond

// dbGuards reports whether the database keeps coaches' events apart
// itself: PostgreSQL with the no-overlap constraint (SQLite has neither
// ranges nor the constraint).
func (s *sched) dbGuards(ctx context.Context, tx content.TxDoor) (bool, error) {
	if !s.locksWait() {
		return false, nil
	}
	return s.constraintHeld(ctx, tx)
}

// constraintHeld reports whether the events table carries the no-overlap
// constraint (PostgreSQL only). It is read once per process, in the first
// booking's transaction: the migrations add it before start-up, and only
// a hand drops it (restart after that).
func (s *sched) constraintHeld(ctx context.Context, tx content.TxDoor) (bool, error) {
	if s.guarded.Load() == 0 {
		var n int64
		err := tx.Statement(content.ReadOptions{}).W("SELECT COUNT(*) FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid "+
			"WHERE c.contype = 'x' AND c.conname = ").Str(noOverlap).W(" AND t.relname = ").Str(eventsTable).
			W(" AND t.relnamespace = current_schema()::regnamespace").QueryRow(ctx, &n)
		if err != nil {
			return false, err
		}
		state := int32(2)
		if n > 0 {
			state = 1
		}
		s.guarded.Store(state)
	}
	return s.guarded.Load() == 1, nil
}
