package scheduling_test

import (
	"fmt"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// TestWriteStatements pins the statements of the event writes, on both
// databases, counted from the request's first (the token's user) to its
// COMMIT: references by id that a foreign key checks taken on its word
// (the admin sees every target; a missing one fails the write, which then
// runs again with the lookup), the others resolved in one statement, the
// answer and the after hooks from the row INSERT/UPDATE ... RETURNING gave
// back, a connect's places read inside its INSERT, and on PostgreSQL the
// coach's lock. With the no-overlap constraint a booking that gets the
// lock at once does not search (the constraint decides) and a move locks
// its row but does not read it again. The PostgreSQL numbers without the
// constraint are given too.
func TestWriteStatements(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, h *apptest.Harness, p people) {
		c := h.CountQueries()
		mod := h.Create("/api/modules", map[string]any{"title": "M", "program": 1})
		sess := h.Create("/api/sessions", map[string]any{"title": "S", "module": mod, "program": 1})
		// A first booking: the plugin reads once whether the constraint is there.
		event(t, h, map[string]any{"title": "Warm", "startAt": at("07:00"), "endAt": at("08:00"), "coach": 1})
		pg := h.App.DB.Dialect == database.Postgres
		guarded := pg && count(t, h, "SELECT COUNT(*) FROM pg_constraint WHERE conname = 'events_coach_no_overlap'") > 0
		// The coach's advisory lock, and an updated event's row lock;
		// without the constraint also the event's re-read and then its
		// coach.
		lock, reread := 0, 0
		if pg {
			lock = 1
		}
		if pg && !guarded {
			reread = 1
		}
		// The caller's user row: read per request on SQLite, kept in the
		// identity cache on PostgreSQL (docs/identity-cache.md).
		user := 1
		if pg {
			user = 0
		}
		// The clash search: where the constraint holds, a first run leaves
		// the decision to it (a clash is searched on the run again).
		search := 1
		if guarded {
			search = 0
		}
		check := func(name string, want int, fn func() *apptest.Response, status int) {
			t.Helper()
			before := c.N()
			r := fn()
			if r.Status != status {
				t.Fatalf("%s: %d %s", name, r.Status, r.Body)
			}
			if n := c.N() - before; n != int64(want) {
				t.Errorf("%s: %d statements, want %d", name, n, want)
			}
		}
		var id int64
		// user, BEGIN, (lock), clashes, INSERT ... RETURNING, links, COMMIT
		check("create with relations", 4+user+lock+search, func() *apptest.Response {
			r := h.Do("POST", "/api/events", map[string]any{"data": map[string]any{"title": "Bench", "startAt": at("10:00"),
				"endAt": at("11:00"), "coach": 1, "program": 1, "session": sess, "learners": []any{1}}})
			if r.Status == 201 {
				id = idOf(t, r.JSON(t)["data"])
			}
			return r
		}, 201)
		path := fmt.Sprint("/api/events/", id)
		// user, BEGIN, the entry (found by its reference, with every field
		// for the hooks: one statement), UPDATE ... RETURNING, revision, COMMIT
		check("update a title", 5+user, func() *apptest.Response {
			return h.Do("PUT", path, map[string]any{"data": map[string]any{"title": "B2"}})
		}, 200)
		// + the clashes (the coach came with the entry), the row lock and
		// the coach's lock (+ the re-read, and then the coach)
		check("update the times", 5+user+2*lock+2*reread+search, func() *apptest.Response {
			return h.Do("PUT", path, map[string]any{"data": map[string]any{"startAt": at("12:00"), "endAt": at("13:00")}})
		}, 200)
		// user, BEGIN, entry, UPDATE, links, revision, COMMIT
		check("connect", 6+user, func() *apptest.Response {
			return h.Do("PUT", path, map[string]any{"data": map[string]any{"learners": map[string]any{"connect": []any{2}}}})
		}, 200)
		// + the links a set drops
		check("set", 7+user, func() *apptest.Response {
			return h.Do("PUT", path, map[string]any{"data": map[string]any{"learners": []any{2, 3}}})
		}, 200)
		// The sync of an event of program 1 (two active learners, two new
		// attendances): on PostgreSQL + the event's sync lock.
		syncLock := 0
		if pg {
			syncLock = 1
		}
		check("sync", 14+user+syncLock, func() *apptest.Response {
			return h.Do("POST", path+"/sync", nil)
		}, 200)
		// An unknown target is still the 400 that names it: the write fails on
		// the foreign key, the references are looked up (one statement), the
		// transaction runs again with them looked up and answers the 400.
		r := h.Do("POST", "/api/events", map[string]any{"data": map[string]any{"title": "X", "startAt": at("14:00"),
			"endAt": at("15:00"), "coach": 1, "learners": []any{1, 99}}})
		if st, name, msg, _ := h.ErrorOf(r); st != 400 || name != "ValidationError" || msg != `learners: no learner with id or documentId "99"` {
			t.Errorf("a missing learner: %d %s %s", st, name, msg)
		}
	})
}
