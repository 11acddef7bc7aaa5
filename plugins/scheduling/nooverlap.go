package scheduling

import (
	"context"

	"github.com/kiln-cms/kiln/core/store"
)

// noOverlap names the PostgreSQL constraint that makes the database itself
// keep a coach's scheduled events apart: an exclusion constraint over the
// coach and the half-open time range, for scheduled events only (btree_gist
// gives the = on the coach its GiST operator class). The hooks' locks keep
// the rule and give the refusal its clashes; the constraint is the last
// word should any path ever write past them. It is checked at commit, not
// per statement: one write may hand a coach an event and take another away
// in two statements (a swap), and only the outcome must hold.
const noOverlap = "events_coach_no_overlap"

// ensureNoOverlap adds the constraint on PostgreSQL when it is missing.
// It is no error when it cannot be added — the extension needs a privilege
// the database user lacks, or the events already hold an overlap from an
// older version — the reason is logged, and the locks alone keep the rule.
func (s *sched) ensureNoOverlap(ctx context.Context, tx store.Conn) error {
	if s.api.Content.DB.Dialect != store.Postgres {
		return nil
	}
	m := s.m
	n, err := s.stmt().w("SELECT COUNT(*) FROM pg_constraint WHERE conname = ").str(noOverlap).
		w(" AND conrelid = to_regclass(").str(m.event.Table).w(")").int64s(ctx, tx)
	if err != nil || (len(n) == 1 && n[0] > 0) {
		return err
	}
	if _, err := tx.ExecContext(ctx, "SAVEPOINT no_overlap"); err != nil {
		return err
	}
	ddl := "ALTER TABLE " + tbl(m.event) + " ADD CONSTRAINT " + store.Ident(noOverlap) + " EXCLUDE USING gist (" +
		col(m.evCoach) + " WITH =, tstzrange(" + col(m.evStart) + ", " + col(m.evEnd) + ", '[)') WITH &&) WHERE (" +
		col(m.evStatus) + " = '" + statusScheduled + "') DEFERRABLE INITIALLY DEFERRED"
	// The extension goes to public, not to the first schema of the search
	// path: it is one per database, and a constraint depends on it, so it
	// must not live (and be dropped) with one schema's tables.
	for _, stmt := range []string{"CREATE EXTENSION IF NOT EXISTS btree_gist SCHEMA public", ddl} {
		if _, err := tx.ExecContext(ctx, stmt); err != nil {
			s.api.Log.Warn("scheduling: the database cannot keep coaches' events apart by itself; the plugin's locks keep the rule",
				"constraint", noOverlap, "err", err)
			_, err = tx.ExecContext(ctx, "ROLLBACK TO SAVEPOINT no_overlap")
			return err
		}
	}
	_, err = tx.ExecContext(ctx, "RELEASE SAVEPOINT no_overlap")
	return err
}
