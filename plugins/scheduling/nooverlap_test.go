package scheduling_test

import (
	"context"
	"testing"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// TestDatabaseKeepsCoachesApart: on PostgreSQL the events table carries
// the exclusion constraint, so even a write that bypasses every hook —
// plain SQL here — cannot leave a coach with two overlapping scheduled
// events: the transaction fails at commit with a 409 ConflictError.
// Overlapping cancelled events, and events that only touch, are fine.
func TestDatabaseKeepsCoachesApart(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, h *apptest.Harness, p people) {
		if h.App.DB.Dialect != database.Postgres {
			t.Skip("SQLite serialises every write: the hooks alone keep the rule")
		}
		ctx := context.Background()
		insert := func(start, end, status string) error {
			return h.App.DB.RunInTx(ctx, func(ctx context.Context, tx database.Conn) error {
				_, err := tx.ExecContext(ctx, "INSERT INTO events (document_id, title, start_at, end_at, status, coach_id, created_at, updated_at) "+
					"VALUES (substr(md5(random()::text), 1, 24), 'raw', ?, ?, ?, 1, now(), now())", start, end, status)
				return err
			})
		}
		if err := insert(at("10:00"), at("11:00"), "scheduled"); err != nil {
			t.Fatal(err)
		}
		for _, ok := range [][3]string{{at("11:00"), at("12:00"), "scheduled"}, {at("10:30"), at("11:30"), "cancelled"}} {
			if err := insert(ok[0], ok[1], ok[2]); err != nil {
				t.Errorf("%v: %v", ok, err)
			}
		}
		err := insert(at("10:30"), at("10:45"), "scheduled")
		if e, ok := errs.As(err); !ok || e.Kind != errs.KindConflict || e.Details["constraint"] != "events_coach_no_overlap" {
			t.Errorf("an overlapping scheduled event: %v", err)
		}
	})
}
