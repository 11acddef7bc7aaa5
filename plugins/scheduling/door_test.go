package scheduling_test

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/migrate"
	"github.com/kiln-cms/kiln/internal/plugintables"
)

// TestTablesAndConstraintAreMigrated: the plugin's two tables and, on
// PostgreSQL, the no-overlap constraint with the extension it needs are in
// the migration plan — what `kiln migrate --dry-run` prints — and once
// migrated a plan finds nothing left to do.
func TestTablesAndConstraintAreMigrated(t *testing.T) {
	t.Parallel()
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			ctx := context.Background()
			cfg := apptest.FreshConfig(t, d)
			db, err := database.Open(ctx, cfg.DatabaseURL())
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			s, err := schema.LoadDir(cfg.Paths.ContentTypes)
			if err != nil {
				t.Fatal(err)
			}
			extra, err := plugintables.Extra([]plugin.Plugin{newPlugin()}, db.Dialect)
			if err != nil {
				t.Fatal(err)
			}
			plan, err := migrate.Run(ctx, db, s, migrate.Options{DryRun: true, Extra: extra})
			if err != nil {
				t.Fatal(err)
			}
			want := map[string]bool{
				"-- create table scheduling_calendar_tokens\n":             true,
				"-- create table scheduling_event_revisions\n":             true,
				"-- add constraint events_coach_no_overlap on events":      d == database.Postgres,
				"CREATE EXTENSION IF NOT EXISTS btree_gist SCHEMA public;": d == database.Postgres,
			}
			for line, in := range want {
				if strings.Contains(plan.String(), line) != in {
					t.Errorf("dry run holds %q: %v, want %v\n%s", line, !in, in, plan)
				}
			}
			if _, err := migrate.Run(ctx, db, s, migrate.Options{Extra: extra}); err != nil {
				t.Fatal(err)
			}
			if again, err := migrate.Preview(ctx, db, s, extra); err != nil || !again.Empty() {
				t.Errorf("after migrating: %v\n%s", err, again)
			}
		})
	}
}

// watcher is a test plugin that records the entry writes other plugins'
// hooks see: the sync's writes go through the content service, so every
// hook runs for them as for a client's.
type watcher struct {
	m struct {
		Event      *schema.ContentType `kiln:"event"`
		Attendance *schema.ContentType `kiln:"attendance"`
	}
	mu   sync.Mutex
	seen []string
}

func (*watcher) Name() string { return "watcher" }
func (w *watcher) Model() any { return &w.m }
func (w *watcher) Register(api *plugin.API) error {
	record := func(what string) hook.Func {
		return func(_ context.Context, ev *hook.Event) error {
			w.mu.Lock()
			defer w.mu.Unlock()
			w.seen = append(w.seen, fmt.Sprintf("%s %d", what, ev.ID))
			return nil
		}
	}
	api.After(hook.Update, w.m.Event, record("update event"))
	api.After(hook.Create, w.m.Attendance, record("create attendance"))
	api.Before(hook.Delete, w.m.Attendance, record("delete attendance"))
	return nil
}

// take returns what was recorded since the last call.
func (w *watcher) take() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	out := w.seen
	w.seen = nil
	return out
}

// TestSyncWritesRunEveryHook: a sync's removals, creations and its update
// of the event are writes like any other — another plugin's hooks see
// each one — and a sync with nothing to do writes nothing, so no hook runs.
func TestSyncWritesRunEveryHook(t *testing.T) {
	t.Parallel()
	w := &watcher{}
	each(t, func(t *testing.T, h *apptest.Harness, p people) {
		e := event(t, h, map[string]any{"title": "One", "startAt": at("09:00"), "endAt": at("10:00"), "coach": 1, "program": 1, "learners": []int{3}})
		post(t, h, "/api/attendances", map[string]any{"event": e, "learner": 3, "status": "accepted"})
		w.take()
		if got := syncCounts(t, h, fmt.Sprintf("/api/events/%d/sync", e), nil); got != [4]int{2, 1, 0, -1} {
			t.Fatalf("sync: %v", got)
		}
		want := []string{"delete attendance 1", "create attendance 2", "create attendance 3", fmt.Sprint("update event ", e)}
		if got := w.take(); !reflect.DeepEqual(got, want) {
			t.Errorf("hooks saw %v, want %v", got, want)
		}
		if got := syncCounts(t, h, fmt.Sprintf("/api/events/%d/sync", e), nil); got != [4]int{0, 0, 2, -1} {
			t.Fatalf("idle sync: %v", got)
		}
		if got := w.take(); len(got) != 0 {
			t.Errorf("an idle sync ran hooks: %v", got)
		}
	}, w)
}

// TestAnUpdateThatMovesNothingIsNotChecked: the double-booking rule reads
// an event's times, status and coach; an update naming none of them (a
// title, the learners, a sync) leaves its slot as it was and is not
// refused for a clash it did not make — here one written past the rule,
// which only SQLite lets in (PostgreSQL's constraint refuses it). Moving
// the event is checked as ever.
func TestAnUpdateThatMovesNothingIsNotChecked(t *testing.T) {
	t.Parallel()
	h := apptest.New(t, database.SQLite, newPlugin())
	fixture(t, h)
	a := event(t, h, map[string]any{"title": "A", "startAt": at("10:00"), "endAt": at("11:00"), "coach": 1, "program": 1})
	b := event(t, h, map[string]any{"title": "B", "startAt": at("11:00"), "endAt": at("12:00"), "coach": 1, "program": 1})
	sql(t, h, "UPDATE events SET start_at = ? WHERE id = ?", at("10:30"), b)
	if r := h.Do("PUT", fmt.Sprint("/api/events/", b), map[string]any{"data": map[string]any{"title": "B2"}}); r.Status != 200 {
		t.Errorf("renaming B: %d %s", r.Status, r.Body)
	}
	if got := syncCounts(t, h, fmt.Sprintf("/api/events/%d/sync", b), nil); got != [4]int{2, 0, 0, -1} {
		t.Errorf("syncing B: %v", got)
	}
	r := h.Do("PUT", fmt.Sprint("/api/events/", b), map[string]any{"data": map[string]any{"endAt": at("12:30")}})
	if got := clashIDs(t, r); !reflect.DeepEqual(got, []int64{a}) {
		t.Errorf("moving B: clashes %v", got)
	}
}
