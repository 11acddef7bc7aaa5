package plugin_test

import (
	"context"
	"slices"
	"sync"
	"testing"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// worker is a plugin with a background goroutine: Start launches it on the
// app's context, Close waits for it and reads the database one last time.
type worker struct {
	mu      sync.Mutex
	events  []string
	stopped chan struct{}
	api     *plugin.API
}

var (
	_ plugin.Starter = (*worker)(nil)
	_ plugin.Closer  = (*worker)(nil)
)

func (w *worker) Name() string { return "worker" }

func (w *worker) Register(api *plugin.API) error { w.api = api; w.log("register"); return nil }

func (w *worker) Start(ctx context.Context) error {
	w.log("start")
	w.stopped = make(chan struct{})
	go func() {
		<-ctx.Done()
		w.log("context done")
		close(w.stopped)
	}()
	return nil
}

func (w *worker) Close(ctx context.Context) error {
	<-w.stopped
	// The database is still open when Close runs.
	_, err := w.api.Content.Find(ctx, &query.Query{Type: w.api.Schema.Type("customer")}, content.ReadOptions{})
	if err != nil {
		w.log("close: " + err.Error())
		return err
	}
	w.log("close")
	return nil
}

func (w *worker) log(s string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.events = append(w.events, s)
}

// TestLifecycle: Register, then Start before the app serves; closing the
// app ends Start's context, then runs Close while the database is open.
func TestLifecycle(t *testing.T) {
	w := &worker{}
	h := apptest.New(t, database.SQLite, w)
	if r := h.Do("GET", "/_ready", nil); r.Status != 200 {
		t.Fatalf("ready: %d", r.Status)
	}
	h.App.Close()
	w.mu.Lock()
	defer w.mu.Unlock()
	if want := []string{"register", "start", "context done", "close"}; !slices.Equal(w.events, want) {
		t.Errorf("lifecycle %v, want %v", w.events, want)
	}
}
