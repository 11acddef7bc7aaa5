package app_test

import (
	"log/slog"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// TestLocalUploadsWarnOnPostgres: on PostgreSQL, where instances may share
// the database, keeping uploads on one instance's disk is warned about at
// start-up; on SQLite (one instance) it is not.
func TestLocalUploadsWarnOnPostgres(t *testing.T) {
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			t.Parallel()
			var buf lockedBuffer
			apptest.NewLogged(t, apptest.Config(t, d), slog.New(slog.NewTextHandler(&buf, nil)))
			warned := strings.Contains(buf.String(), "uploads are kept on this instance's disk")
			if warned != (d == database.Postgres) {
				t.Errorf("%s: warned %v; the log:\n%s", d, warned, buf.String())
			}
		})
	}
}
