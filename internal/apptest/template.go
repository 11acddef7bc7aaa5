package apptest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/internal/app"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/migrate"
	"github.com/kiln-cms/kiln/internal/plugintables"
	"github.com/kiln-cms/kiln/internal/store/storetest"
)

// sentinelPrefix marks Config's database address: "a migrated copy of
// the template for this configuration", resolved when the app is built,
// so that tests which change the configuration after Config still get a
// template made from what they changed.
const sentinelPrefix = "kiln-test:"

func sentinel(d database.Dialect) string { return sentinelPrefix + d.String() }

// DatabaseURL resolves cfg's database address when it is still Config's
// placeholder: a copy of a database migrated once per process for the
// same content types and plugin tables. Only the migration is done once:
// the app seeds what the configuration says (roles, permissions) over
// the copy as over any database it starts on. Tests that start two
// apps on one database (a cluster) resolve it first and pass the result
// to both.
func DatabaseURL(t testing.TB, cfg config.Config, plugins ...plugin.Plugin) string {
	t.Helper()
	dialect, ok := strings.CutPrefix(cfg.Database.URL, sentinelPrefix)
	if !ok {
		return cfg.Database.URL
	}
	d := database.SQLite
	if dialect == database.Postgres.String() {
		d = database.Postgres
	}
	extra, err := plugintables.Extra(plugins, d)
	if err != nil {
		t.Fatalf("the plugins' tables: %v", err)
	}
	// The key is what the migration reads: the content types' files, the
	// plugins' tables...
	h := sha256.New()
	if err := hashFolder(h, cfg.Paths.ContentTypes); err != nil {
		t.Fatalf("fingerprinting the content types: %v", err)
	}
	fmt.Fprintf(h, "%#v", extra)
	// and the custom fields' base types, which change columns.
	custom, err := cfg.ReadCustomFields()
	if err != nil {
		t.Fatalf("the custom fields: %v", err)
	}
	fmt.Fprintf(h, "%v", custom) // a map's keys sorted
	key := hex.EncodeToString(h.Sum(nil))
	// The content types are loaded only to build the template: every
	// harness comes here, and loading them was a tenth of an app's start.
	return storetest.Migrated(t, d, key, func(url string) error {
		s, err := app.LoadSchema(cfg)
		if err != nil {
			return fmt.Errorf("loading the content types: %w", err)
		}
		db, err := database.Open(context.Background(), url)
		if err != nil {
			return err
		}
		defer db.Close()
		_, err = migrate.Run(context.Background(), db, s, migrate.Options{Extra: extra})
		return err
	})
}

// hashFolder writes the names and contents of the files under dir into w.
func hashFolder(w io.Writer, dir string) error {
	if dir == "" {
		return nil
	}
	fmt.Fprintf(w, "folder\n")
	return filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
		if os.IsNotExist(err) {
			return nil
		}
		if err != nil || e.IsDir() {
			return err
		}
		raw, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		fmt.Fprintf(w, "%s %d\n", rel, len(raw))
		w.Write(raw)
		return nil
	})
}
