package app_test

import (
	"io"
	"log/slog"
	"net/http/httptest"
	"testing"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// BenchmarkObserve is the cost the metrics and the access log add to a
// request (GET /_health through fiber's app.Test), against neither.
func BenchmarkObserve(b *testing.B) {
	for _, c := range []struct {
		name               string
		metrics, accessLog bool
	}{{"off", false, false}, {"metrics", true, false}, {"metrics+accesslog", true, true}} {
		b.Run(c.name, func(b *testing.B) {
			cfg := apptest.Config(b, database.SQLite)
			cfg.Server.Metrics = config.Metrics{Enabled: c.metrics, Open: true}
			cfg.Server.AccessLog = c.accessLog
			h := apptest.NewLogged(b, cfg, slog.New(slog.NewJSONHandler(io.Discard, nil)))
			b.ResetTimer()
			for range b.N {
				resp, err := h.App.Fiber.Test(httptest.NewRequest("GET", "/_health", nil), -1)
				if err != nil || resp.StatusCode != 200 {
					b.Fatal(err, resp.StatusCode)
				}
				resp.Body.Close()
			}
		})
	}
}
