package everyroute_test

import (
	"context"
	"slices"
	"testing"

	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/store"
)

// TestHiddenRowsChangeNoAnswer takes the rule at its word: a row the
// caller may not see does not exist for them, so deleting every such row
// must change none of their answers. For each role, on a fresh copy of
// the data, every plugin request that reads (the visible requests of
// TestEveryPluginRouteAsEveryRole that write nothing; for the calendar
// feed, the role's own feed) is answered, then every row the role may not
// see is deleted — the database unlinks what pointed at it, as a delete
// does — and each request must get the same status and the same bytes.
// This is what catches a figure, a count, a free slot or an attendee
// computed over rows the caller may not see.
func TestHiddenRowsChangeNoAnswer(t *testing.T) {
	t.Parallel()
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			for _, name := range []string{"public", "authenticated", "learner", "coach", "desk", "admin"} {
				t.Run(name, func(t *testing.T) { oracle(t, build(t, d), name) })
			}
		})
	}
}

func oracle(t *testing.T, w *world, name string) {
	r := w.role(name)
	type answer struct {
		status int
		body   string
	}
	type read struct {
		method string
		request
		caller *role
	}
	var reads []read
	// Pass 1: send every visible request once, keeping those that wrote
	// nothing; writes (a sync, an assignment) happen here, before the
	// answers are recorded.
	for _, rt := range w.h.App.Plugins.Routes() {
		params := paramsOf(t, w.h.App.Schema, rt.Path)
		caller := r
		if rt.Path == "/calendar/:file" {
			caller = w.role("public") // the feed is the public's route
		}
		if !w.h.App.Security.Policy.Allowed(caller.name, rt.Action) {
			continue
		}
		slots := w.slots(caller, params)
		for _, body := range w.samplesOf(t, caller, rt, params) {
			for _, q := range w.bases(rt, params, slots, body.with("", "")) {
				if q.viewer != nil && q.viewer != r {
					continue // another user's feed
				}
				if rt.Path == "/calendar/:file" && q.viewer == nil {
					continue
				}
				c := w.do(t, caller, q.viewer, rt.Method, q.path, q.body)
				if c.wrote {
					w.see()
					continue
				}
				if c.status < 300 {
					reads = append(reads, read{rt.Method, q, caller})
				}
			}
		}
	}
	// Pass 2, until it holds: keep only the requests that write nothing
	// now (an assignment that found nothing to do in pass 1 may find
	// something after a later unassignment).
	for changed := true; changed; {
		changed = false
		kept := reads[:0]
		for _, q := range reads {
			if c := w.do(t, q.caller, q.viewer, q.method, q.path, q.body); c.wrote {
				changed = true
				w.see()
				continue
			}
			kept = append(kept, q)
		}
		reads = kept
	}
	record := func() []answer {
		out := make([]answer, len(reads))
		w.last = ""
		for i, q := range reads {
			resp := w.h.Do(q.method, q.path, q.body, apptest.As(q.caller.token)...)
			out[i] = answer{resp.Status, string(resp.Body)}
		}
		return out
	}
	if len(reads) == 0 && name != "authenticated" {
		t.Fatalf("%s reads nothing through the plugins", name)
	}
	before := record()
	w.see()
	seen := map[*schema.ContentType][]int64{}
	hidden := 0
	for ct, ids := range r.visible {
		seen[ct] = slices.Clone(ids)
	}
	for _, ct := range w.h.App.Schema.Types {
		hidden += len(r.hidden[ct])
		w.remove(ct, r.hidden[ct])
	}
	w.see()
	for _, ct := range w.h.App.Schema.Types {
		if !slices.Equal(seen[ct], r.visible[ct]) || len(r.hidden[ct]) != 0 {
			t.Fatalf("deleting what %s may not see changed what they see of %s: %v, then %v (%d hidden)",
				name, ct.Name, seen[ct], r.visible[ct], len(r.hidden[ct]))
		}
	}
	after := record()
	for i, q := range reads {
		if before[i] != after[i] {
			t.Errorf("%s %s %v as %s: the answer depends on the %d rows %s may not see:\n  before: %d %.600s\n  after:  %d %.600s",
				q.method, q.path, q.body, q.caller.name, hidden, name, before[i].status, before[i].body, after[i].status, after[i].body)
		}
	}
	t.Logf("%s: %d reads compared, %d hidden rows deleted", name, len(before), hidden)
}

// remove deletes rows of ct by id; the database sets the foreign keys
// naming them to NULL and drops their join rows, as any delete does.
func (w *world) remove(ct *schema.ContentType, ids []int64) {
	w.t.Helper()
	w.last = ""
	for start := 0; start < len(ids); start += 500 {
		b := store.NewStmt(w.h.App.DB.Dialect).W("DELETE FROM ", store.Table(ct), " WHERE ", database.Ident(schema.ColID), " IN ").
			IDs(ids[start:min(start+500, len(ids))])
		if _, err := b.Exec(context.Background(), w.h.App.DB); err != nil {
			w.t.Fatalf("deleting hidden %s: %v", ct.Plural, err)
		}
	}
}
