package scheduling_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/kiln-cms/kiln/core/app/apptest"
	"github.com/uptrace/bun"
)

// statementLog records the SQL the app sends while on.
type statementLog struct {
	mu   sync.Mutex
	on   bool
	list []string
}

func (l *statementLog) BeforeQuery(ctx context.Context, _ *bun.QueryEvent) context.Context { return ctx }
func (l *statementLog) AfterQuery(_ context.Context, e *bun.QueryEvent) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.on {
		l.list = append(l.list, e.Query)
	}
}

// cost runs fn and returns the statements it sent.
func (l *statementLog) cost(fn func()) []string {
	l.mu.Lock()
	l.on, l.list = true, nil
	l.mu.Unlock()
	fn()
	l.mu.Lock()
	defer l.mu.Unlock()
	l.on = false
	return l.list
}

func TestProbeWriteStatements(t *testing.T) {
	each(t, func(t *testing.T, h *apptest.Harness, p people) {
		log := &statementLog{}
		h.App.DB.Bun.AddQueryHook(log)
		mod := h.Create("/api/modules", map[string]any{"title": "M", "program": 1})
		sess := h.Create("/api/sessions", map[string]any{"title": "S", "module": mod, "program": 1})
		show := func(name string, list []string) {
			fmt.Fprintf(os.Stderr, "== %s %s: %d\n", h.App.DB.Dialect, name, len(list))
			for _, q := range list {
				fmt.Fprintln(os.Stderr, "   ", strings.ReplaceAll(q[:min(len(q), 300)], "\n", " "))
			}
		}
		var id int64
		show("create", log.cost(func() {
			id = h.Create("/api/events", map[string]any{"title": "Bench", "startAt": at("10:00"), "endAt": at("11:00"),
				"coach": 1, "program": 1, "session": sess, "learners": []any{1}})
		}))
		show("update title", log.cost(func() { h.Do("PUT", fmt.Sprint("/api/events/", id), map[string]any{"data": map[string]any{"title": "B2"}}) }))
		show("update times", log.cost(func() {
			h.Do("PUT", fmt.Sprint("/api/events/", id), map[string]any{"data": map[string]any{"startAt": at("12:00"), "endAt": at("13:00")}})
		}))
		show("connect", log.cost(func() {
			h.Do("PUT", fmt.Sprint("/api/events/", id), map[string]any{"data": map[string]any{"learners": map[string]any{"connect": []any{2}}}})
		}))
		show("set", log.cost(func() {
			h.Do("PUT", fmt.Sprint("/api/events/", id), map[string]any{"data": map[string]any{"learners": []any{2, 3}}})
		}))
		show("sync", log.cost(func() { h.Do("POST", fmt.Sprintf("/api/events/%d/sync", id), nil) }))
	})
}
