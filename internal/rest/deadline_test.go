package rest_test

import (
	"net/http/httptest"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/internal/rest"
)

// TestDeadlineLongerForUploads: a request's context ends after the API's
// deadline, but an upload's after the upload's own, longer one.
func TestDeadlineLongerForUploads(t *testing.T) {
	t.Parallel()
	app := fiber.New()
	app.Use(rest.Deadline(30*time.Millisecond, 2*time.Second))
	left := func(c *fiber.Ctx) error {
		dl, ok := c.UserContext().Deadline()
		if !ok {
			return c.SendString("none")
		}
		return c.SendString(time.Until(dl).Round(time.Second).String())
	}
	app.Post("/api/upload", left)
	app.Post("/api/articles", left)
	app.Get("/api/upload", left)
	for _, tc := range []struct{ method, path, want string }{
		{"POST", "/api/upload", "2s"}, {"POST", "/api/articles", "0s"}, {"GET", "/api/upload", "0s"},
	} {
		resp, err := app.Test(httptest.NewRequest(tc.method, tc.path, nil), -1)
		if err != nil {
			t.Fatal(err)
		}
		var b [16]byte
		n, _ := resp.Body.Read(b[:])
		if got := string(b[:n]); got != tc.want {
			t.Errorf("%s %s: %s left, want %s", tc.method, tc.path, got, tc.want)
		}
	}
}
