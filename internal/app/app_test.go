package app_test

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/app"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// TestNewRefusesAWeakSecret: app.New, whoever built its Config, does not
// start with a JWT secret under 32 bytes, nor with none.
func TestNewRefusesAWeakSecret(t *testing.T) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	for secret, want := range map[string]string{"0123456789abcdef0123456789abcde": "31 bytes long", "": "no JWT secret"} {
		cfg := apptest.FreshConfig(t, database.SQLite)
		cfg.Auth.JWTSecret = secret
		a, err := app.New(context.Background(), cfg, log)
		if err == nil {
			a.Close()
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("secret %q: app.New said %v, want %q", secret, err, want)
		}
	}
}
