package scheduling

import (
	"context"
	"math"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/core/schema"
)

// An event's iCalendar SEQUENCE is its revision: 0 when created, one more
// on every update, counted in a table of the plugin's own (one row per
// event that was ever updated; no row is revision 0). A counter, not a
// clock: two changes within the same second are two revisions, and RFC
// 5545 has a client that sees an unchanged SEQUENCE keep its copy.
//
// A table of the plugin's own (declared in Tables, made by the
// migrations), not a column of events: the content type is the core's (its
// migrations own the events table, and a column it does not know is
// neither read by the store nor safe from a table rebuild). No foreign
// key either, for the same reason (a constraint on a table the core
// rebuilds or drops): the row goes with the event through the
// before-delete hook, in the delete's transaction. Ids are never reused
// (AUTOINCREMENT, IDENTITY), so a row could at worst outlive its event,
// never name another.
const revisionTable = "scheduling_event_revisions"

// revisionTableDef declares the revision table: one row per event that
// was ever updated.
func revisionTableDef() plugin.Table {
	return plugin.Table{Name: revisionTable, Key: []string{"event_id"}, Columns: []plugin.Column{
		{Name: "event_id", Type: schema.BigInteger},
		{Name: "revision", Type: schema.BigInteger, Required: true},
	}}
}

// revised is the event's AfterUpdate hook: the update is a revision. It
// adds one to the event's revision inside the update's transaction: one
// upsert on both databases, the first making the row with 1. Concurrent
// updates of one event serialise on the row.
func (s *sched) revised(ctx context.Context, ev *hook.Event) error {
	_, err := s.api.Content.TxOf(ev).Statement(content.ReadOptions{}).
		W("INSERT INTO ").Own(revisionTable).W(" (event_id, revision) VALUES (").Int(ev.ID).
		W(", 1) ON CONFLICT (event_id) DO UPDATE SET revision = ").Own(revisionTable).W(".revision + 1").Exec(ctx)
	return err
}

// forgetRevision is the event's BeforeDelete hook: the revision goes with
// the event, in the same transaction.
func (s *sched) forgetRevision(ctx context.Context, ev *hook.Event) error {
	_, err := s.api.Content.TxOf(ev).Statement(content.ReadOptions{}).
		W("DELETE FROM ").Own(revisionTable).W(" WHERE event_id = ").Int(ev.ID).Exec(ctx)
	return err
}

// revisions reads the revisions of the events, in one statement however
// many there are; an event without a row is at 0 (absent from the map).
func (s *sched) revisions(ctx context.Context, events []*content.Entry) (map[int64]int64, error) {
	out := make(map[int64]int64, len(events))
	if len(events) == 0 {
		return out, nil
	}
	ids := make([]int64, len(events))
	for i, e := range events {
		ids[i] = e.ID
	}
	rows, err := s.api.Content.Statement(content.ReadOptions{}).W("SELECT event_id, revision FROM ").Own(revisionTable).
		W(" WHERE event_id IN ").Ints(ids).Query(ctx)
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
