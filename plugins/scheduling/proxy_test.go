package scheduling_test

import (
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// The feed URL's scheme and host come from X-Forwarded-Proto and -Host
// only on a connection from a trusted proxy (server.yaml trustProxy);
// from anybody else they are the request's own.
func TestFeedURLBelievesOnlyTrustedProxies(t *testing.T) {
	t.Parallel()
	cfg := apptest.Config(t, database.SQLite)
	var err error
	if cfg.Server.TrustProxy, err = config.ParseProxies([]string{"10.0.0.0/8"}); err != nil {
		t.Fatal(err)
	}
	h := apptest.NewWith(t, cfg, newPlugin())
	token := h.CreateUser("lina", "li@learner.test", "learner")
	for _, tc := range []struct{ peer, url, webcal string }{
		{"203.0.113.5", "http://example.com/api/calendar/", "webcal://example.com/api/calendar/"},
		{"10.0.0.1", "https://cal.example/api/calendar/", "webcal://cal.example/api/calendar/"},
	} {
		r := h.DoFrom(tc.peer, "POST", "/api/calendar/token", nil, "Authorization", "Bearer "+token,
			"X-Forwarded-Proto", "https", "X-Forwarded-Host", "cal.example")
		if r.Status != 200 {
			t.Fatalf("from %s: %d %s", tc.peer, r.Status, r.Body)
		}
		d := r.JSON(t)["data"].(map[string]any)
		if url, _ := d["url"].(string); !strings.HasPrefix(url, tc.url) {
			t.Errorf("from %s: url %q, want %s...", tc.peer, url, tc.url)
		}
		if webcal, _ := d["webcal"].(string); !strings.HasPrefix(webcal, tc.webcal) {
			t.Errorf("from %s: webcal %q, want %s...", tc.peer, webcal, tc.webcal)
		}
	}
}
