package scheduling

import (
	"context"
	"math"

	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/core/store"
)

// An event's iCalendar SEQUENCE is its revision: 0 when created, one more
// on every update, counted in a table of the plugin's own (one row per
// event that was ever updated; no row is revision 0). A counter, not a
// clock: two changes within the same second are two revisions, and RFC
// 5545 has a client that sees an unchanged SEQUENCE keep its copy.
//
// A table, not a column of events: the content type is the core's (its
// migrations own the events table, and a column it does not know is
// neither read by the store nor safe from a table rebuild). No foreign
// key either, for the same reason (a constraint on a table the core
// rebuilds or drops): the row goes with the event through the
// before-delete hook, in the delete's transaction. Ids are never reused
// (AUTOINCREMENT, IDENTITY), so a row could at worst outlive its event,
// never name another.
const revisionTable = "scheduling_event_revisions"

// revisionDDL creates the revision table.
func revisionDDL(d store.Dialect) string {
	return "CREATE TABLE IF NOT EXISTS " + store.Ident(revisionTable) + " (" +
		store.Ident("event_id") + " " + store.ColumnType(d, schema.BigInteger) + " NOT NULL PRIMARY KEY, " +
		store.Ident("revision") + " " + store.ColumnType(d, schema.BigInteger) + " NOT NULL)"
}

// revised is the event's AfterUpdate hook: the update is a revision.
func (s *sched) revised(ctx context.Context, ev *hook.Event) error {
	return s.bumpRevision(ctx, ev.Conn, ev.ID)
}

// bumpRevision adds one to the event's revision inside conn's
// transaction: one upsert on both databases, the first making the row
// with 1. Concurrent updates of one event serialise on the row.
func (s *sched) bumpRevision(ctx context.Context, conn store.Conn, eventID int64) error {
	t, id, rev := store.Ident(revisionTable), store.Ident("event_id"), store.Ident("revision")
	return s.stmt().w("INSERT INTO ", t, " (", id, ", ", rev, ") VALUES (").id(eventID).w(", 1) ON CONFLICT (", id,
		") DO UPDATE SET ", rev, " = ", t, ".", rev, " + 1").exec(ctx, conn)
}

// forgetRevision is the event's BeforeDelete hook: the revision goes with
// the event, in the same transaction.
func (s *sched) forgetRevision(ctx context.Context, ev *hook.Event) error {
	return s.stmt().w("DELETE FROM ", store.Ident(revisionTable), " WHERE ", store.Ident("event_id"), " = ").id(ev.ID).exec(ctx, ev.Conn)
}

// revisions reads the revisions of the events, in one statement however
// many there are; an event without a row is at 0 (absent from the map).
func (s *sched) revisions(ctx context.Context, conn store.Conn, events []*store.Entry) (map[int64]int64, error) {
	out := make(map[int64]int64, len(events))
	if len(events) == 0 {
		return out, nil
	}
	ids := make([]int64, len(events))
	for i, e := range events {
		ids[i] = e.ID
	}
	b := s.stmt().w("SELECT ", store.Ident("event_id"), ", ", store.Ident("revision"), " FROM ", store.Ident(revisionTable),
		" WHERE ", store.Ident("event_id"), " IN ").ids(ids)
	rows, err := b.Query(ctx, conn)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id, rev int64
		if err := rows.Scan(&id, &rev); err != nil {
			return nil, err
		}
		out[id] = rev
	}
	return out, rows.Err()
}

// sequence is SEQUENCE for a revision: within iCalendar's 32-bit
// integer, never negative.
func sequence(revision int64) int {
	return int(max(0, min(revision, math.MaxInt32)))
}
