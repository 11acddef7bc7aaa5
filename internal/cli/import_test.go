package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/transfer/archive"
)

// TestImportCommand: kiln import reads each form of Strapi's archive,
// reports what it did, and leaves the database as it was whenever it
// stops: a dry run, a wrong key, a locale the project lacks, schemas that
// differ.
func TestImportCommand(t *testing.T) {
	root := apptest.Root(t)
	archives := filepath.Join(root, "testdata", "transfer")
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) { // in turn: kilnOn sets the environment
			cfg := apptest.ProjectConfig(t, d, "graphql", "src")
			// The archive's project has the locales en, fr and de.
			cfg.Paths.Config = t.TempDir()
			perms, err := os.ReadFile(filepath.Join(root, "testdata", "graphql", "config", "permissions.yaml"))
			if err != nil {
				t.Fatal(err)
			}
			i18n := "defaultLocale: en\nlocales:\n  - {code: en, name: English (en)}\n  - {code: fr, name: French (fr)}\n"
			write := func(name, text string) {
				if err := os.WriteFile(filepath.Join(cfg.Paths.Config, name), []byte(text), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			write("permissions.yaml", string(perms))
			write("i18n.yaml", i18n)
			h := apptest.NewWith(t, cfg)
			kiln := kilnOn(t, h)
			h.Create("/api/writers", map[string]any{"name": "Kept until the import"})
			// The public reads them: the import replaces the harness's admin too.
			writers := func() string {
				return string(h.Do("GET", "/api/writers?fields[0]=name&sort=name", nil, "Authorization", apptest.Anonymous).Body)
			}
			before := writers()
			unchanged := func(what string) {
				t.Helper()
				if got := writers(); got != before {
					t.Errorf("%s changed the database: %s", what, got)
				}
			}

			if code, _, errOut := kiln("import"); code != 2 || !strings.Contains(errOut, "name the archive") {
				t.Errorf("no file: %d %q", code, errOut)
			}
			code, _, errOut := kiln("import", filepath.Join(archives, "strapi5", "export.tar.gz"))
			if code != 1 || !strings.Contains(errOut, `its locale "de" is not one of the project's`) || !strings.Contains(errOut, "nothing was written") {
				t.Errorf("a locale the project lacks: %d %q", code, errOut)
			}
			unchanged("a failed import")
			if left, _ := os.ReadDir(filepath.Join(cfg.Paths.Data, "uploads")); len(left) != 0 {
				t.Errorf("a failed import left %d files in the storage", len(left))
			}

			write("i18n.yaml", i18n+"  - {code: de, name: German (de)}\n")
			enc := filepath.Join(archives, "strapi5", "export.tar.gz.enc")
			if code, _, errOut := kiln("import", enc, "--key", "not-the-key"); code != 1 || !strings.Contains(errOut, "key") {
				t.Errorf("a wrong key: %d %q", code, errOut)
			}
			code, out, errOut := kiln("import", enc, "--key", "kiln-test-key", "--dry-run")
			if code != 0 || !strings.Contains(out, "would import (dry run: nothing was written) from Strapi 5.54.0") ||
				!strings.Contains(out, "api::writer.writer                                 2") {
				t.Errorf("a dry run: %d %q %q", code, out, errOut)
			}
			unchanged("a dry run")
			code, _, errOut = kiln("import", filepath.Join(archives, "strapi4", "export.tar.gz"))
			if code != 1 || !strings.Contains(errOut, "schema: api::") || !strings.Contains(errOut, "differ") {
				t.Errorf("another project's archive: %d %q", code, errOut)
			}
			unchanged("an archive of other schemas")

			code, out, errOut = kiln("import", "--file", filepath.Join(archives, "strapi5", "unpacked"))
			if code != 0 || !strings.Contains(out, "imported from Strapi 5.54.0") || !strings.Contains(out, "links ") ||
				!strings.Contains(out, "left out: 3 rows of plugin::i18n.locale") {
				t.Fatalf("the unpacked folder: %d %q %q", code, out, errOut)
			}
			if stored, _ := os.ReadDir(filepath.Join(cfg.Paths.Data, "uploads")); len(stored) != 7 {
				t.Errorf("the import stored %d files, want the archive's 7", len(stored))
			}
			if got := writers(); !strings.Contains(got, "Wanda") || strings.Contains(got, "Kept until the import") {
				t.Errorf("after the import the writers are %s", got)
			}

			// kiln export writes what kiln import (and strapi import) reads.
			dest := filepath.Join(t.TempDir(), "out")
			if code, _, errOut := kiln("export", "-f", dest); code != 2 || !strings.Contains(errOut, "give --key") {
				t.Errorf("export without --key nor --no-encrypt: %d %q", code, errOut)
			}
			if code, _, errOut := kiln("export", "-f", dest, "--no-encrypt", "--exclude", "nope"); code != 2 || !strings.Contains(errOut, `not "nope"`) {
				t.Errorf("export --exclude nope: %d %q", code, errOut)
			}
			code, out2, errOut := kiln("export", "-f", dest, "--key", "k3y", "--no-compress")
			if code != 0 || !strings.Contains(out2, "out.tar.enc") || !strings.Contains(out2, "and 7 files") {
				t.Fatalf("export: %d %q %q", code, out2, errOut)
			}
			// Its locales are the ones Kiln answers, documentIds and dates
			// included, and its configuration/ the default locale, so that a
			// Strapi importing it answers them alike.
			var bob struct{ JWT string }
			if err := json.Unmarshal(h.Do("POST", "/api/auth/local", map[string]any{"identifier": "bob", "password": "Passw0rd!"}, "Authorization", apptest.Anonymous).Body, &bob); err != nil {
				t.Fatal(err)
			}
			var locales []map[string]any
			if err := json.Unmarshal(h.Do("GET", "/api/i18n/locales", nil, "Authorization", "Bearer "+bob.JWT).Body, &locales); err != nil || len(locales) != 3 {
				t.Fatalf("the locales: %v %v", locales, err)
			}
			a, err := archive.Open(dest+".tar.enc", "k3y", archive.DefaultLimits())
			if err != nil {
				t.Fatal(err)
			}
			var rows []string
			var conf []byte
			err = a.Walk("", func(name string, _ int64, r io.Reader) error {
				switch {
				case strings.HasPrefix(name, "configuration/"):
					conf, err = io.ReadAll(r)
					return err
				case strings.HasPrefix(name, "entities/"):
					return archive.ReadLines(r, 0, func(line []byte) error {
						if strings.Contains(string(line), `"type":"plugin::i18n.locale"`) {
							rows = append(rows, string(line))
						}
						return nil
					})
				}
				return nil
			})
			if err != nil || len(rows) != len(locales) {
				t.Fatalf("%v: locale rows %v", err, rows)
			}
			for i, l := range locales {
				for _, k := range []string{"documentId", "code", "createdAt", "updatedAt"} {
					if !strings.Contains(rows[i], fmt.Sprintf("%q:%q", k, l[k])) {
						t.Errorf("the archive's locale %s: %s, Kiln answers %s %v", l["code"], rows[i], k, l[k])
					}
				}
			}
			if !strings.Contains(string(conf), `"key":"plugin_i18n_default_locale","value":"en"`) || !strings.Contains(out2, "configuration: the default locale (en)") {
				t.Errorf("the archive's configuration/: %s (%q)", conf, out2)
			}
			code, out2, errOut = kiln("import", dest+".tar.enc", "--key", "k3y")
			if code != 0 || !strings.Contains(out2, "api::writer.writer                                 2") {
				t.Fatalf("import of kiln's export: %d %q %q", code, out2, errOut)
			}
			if got := writers(); !strings.Contains(got, "Wanda") || !strings.Contains(got, "Walter") {
				t.Errorf("after importing the export the writers are %s", got)
			}
		})
	}
}
