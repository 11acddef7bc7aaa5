package rest_test

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/internal/rest"
)

// TestAdmitBoundsRequestsInProgress: twelve requests at once through a
// gate of three are all answered, never more than three inside at a time.
func TestAdmitBoundsRequestsInProgress(t *testing.T) {
	app := fiber.New(fiber.Config{ErrorHandler: rest.ErrorHandler(slog.New(slog.NewTextHandler(io.Discard, nil)))})
	var inside, most atomic.Int64
	app.Use(rest.Deadline(5*time.Second), rest.Admit(3))
	app.Get("/x", func(c *fiber.Ctx) error {
		n := inside.Add(1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		time.Sleep(20 * time.Millisecond)
		inside.Add(-1)
		return c.SendString("ok")
	})
	var wg sync.WaitGroup
	for range 12 {
		wg.Go(func() {
			r, err := app.Test(httptest.NewRequest("GET", "/x", nil), 5000)
			if err != nil || r.StatusCode != 200 {
				t.Errorf("status %v, err %v", r, err)
			}
		})
	}
	wg.Wait()
	if got := most.Load(); got != 3 {
		t.Fatalf("at most %d requests were inside at once, want 3", got)
	}
}

// TestAdmitWaitsUntilTheDeadline: with the one slot held, the next request
// waits its deadline out and answers the deadline's 503; once the slot is
// free, requests are admitted again.
func TestAdmitWaitsUntilTheDeadline(t *testing.T) {
	app := fiber.New(fiber.Config{ErrorHandler: rest.ErrorHandler(slog.New(slog.NewTextHandler(io.Discard, nil)))})
	release := make(chan struct{})
	app.Use(rest.Deadline(100*time.Millisecond), rest.Admit(1))
	app.Get("/hold", func(c *fiber.Ctx) error { <-release; return c.SendString("held") })
	app.Get("/x", func(c *fiber.Ctx) error { return c.SendString("ok") })

	held := make(chan int, 1)
	go func() {
		r, err := app.Test(httptest.NewRequest("GET", "/hold", nil), 5000)
		if err != nil {
			t.Error(err)
			held <- 0
			return
		}
		held <- r.StatusCode
	}()
	time.Sleep(30 * time.Millisecond) // /hold is inside
	began := time.Now()
	r, err := app.Test(httptest.NewRequest("GET", "/x", nil), 5000)
	if err != nil {
		t.Fatal(err)
	}
	waited := time.Since(began)
	var body struct {
		Error struct {
			Status int    `json:"status"`
			Name   string `json:"name"`
		} `json:"error"`
	}
	json.NewDecoder(r.Body).Decode(&body)
	if r.StatusCode != 503 || body.Error.Name != "ServiceUnavailableError" || r.Header.Get("Retry-After") == "" {
		t.Fatalf("queued past its deadline: %d %+v Retry-After %q", r.StatusCode, body.Error, r.Header.Get("Retry-After"))
	}
	if waited < 90*time.Millisecond {
		t.Fatalf("answered after %s, before its 100ms deadline", waited)
	}
	close(release)
	if st := <-held; st != 200 {
		t.Fatalf("the held request answered %d", st)
	}
	if r, err := app.Test(httptest.NewRequest("GET", "/x", nil), 5000); err != nil || r.StatusCode != 200 {
		t.Fatalf("after the slot was freed: %v %v", r, err)
	}
}
