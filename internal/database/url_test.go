package database_test

import (
	"context"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/database"
)

// TestUnreadableURLIsAnError: a PostgreSQL URL the driver cannot read is an
// error that says so and what is wrong (the driver itself panics), and
// never repeats the password.
func TestUnreadableURLIsAnError(t *testing.T) {
	t.Parallel()
	for url, want := range map[string]string{
		"postgres://kiln:secret@%zz@127.0.0.1/kiln":            `invalid URL escape "%zz"`,
		"postgres://kiln:se%2@127.0.0.1/kiln":                  `invalid URL escape "%2"`,
		"postgres://kiln:secret@127.0.0.1:port/kiln":           `invalid port ":port"`,
		"postgres://kiln:secret@127.0.0.1/kiln?sslmode=bogus":  `sslmode 'bogus' is not supported`,
		"postgres://kiln:secret@127.0.0.1/kiln?read_timeout=z": `invalid read_timeout duration`,
		"postgresql://kiln:secret@127.0.0.1/kiln?timeout=-":    `invalid timeout duration`,
	} {
		db, err := database.Open(context.Background(), url)
		if err == nil {
			db.Close()
			t.Errorf("%s: opened", url)
			continue
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, "the database URL cannot be read: ") || !strings.Contains(msg, want) {
			t.Errorf("%s: %q, want the URL's problem %q", url, msg, want)
		}
		if strings.Contains(msg, "secret") {
			t.Errorf("%s: the error shows the password: %q", url, msg)
		}
	}
}
