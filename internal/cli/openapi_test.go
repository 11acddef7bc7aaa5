package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/openapi"
	"github.com/kiln-cms/kiln/internal/openapi/openapitest"
	"github.com/kiln-cms/kiln/internal/store/storetest"
	"github.com/kiln-cms/kiln/plugins/all"
)

// servedProject is a project whose OpenAPI documents are checked: its
// folders and the plugins it runs, by their names in config/plugins.yaml.
type servedProject struct {
	name, contentTypes, config string
	plugins                    []string
}

// servedProjects are the projects in the repository and the one kiln
// init writes: the platform with the plugins its config/plugins.yaml
// enables, the platform with each of them switched off in turn, every
// project of testdata/, and the kiln init project with what its own
// config/plugins.yaml enables (none today).
func servedProjects(t *testing.T) []servedProject {
	t.Helper()
	root := apptest.Root(t)
	platform := servedProject{name: "platform", contentTypes: filepath.Join(root, "content-types"), config: filepath.Join(root, "config")}
	platform.plugins = platform.enabled(t)
	out := []servedProject{platform}
	for _, off := range platform.plugins {
		p := platform
		p.name = "platform-without-" + off
		p.plugins = slices.DeleteFunc(slices.Clone(platform.plugins), func(n string) bool { return n == off })
		out = append(out, p)
	}
	projects, err := filepath.Glob(filepath.Join(root, "testdata", "*", "content-types"))
	if err != nil || len(projects) == 0 {
		t.Fatalf("no project in testdata/ (%v)", err)
	}
	for _, ct := range projects {
		dir := filepath.Dir(ct)
		out = append(out, servedProject{name: filepath.Base(dir), contentTypes: ct, config: filepath.Join(dir, "config")})
	}
	dir := t.TempDir()
	if _, err := initProject(dir); err != nil {
		t.Fatal(err)
	}
	initP := servedProject{name: "kiln-init", contentTypes: filepath.Join(dir, "content-types"), config: filepath.Join(dir, "config")}
	initP.plugins = initP.enabled(t)
	return append(out, initP)
}

// enabled names the plugins the project's config/plugins.yaml enables,
// after the check kiln serve makes of the file.
func (p servedProject) enabled(t *testing.T) []string {
	t.Helper()
	cfg := p.configFor(t, database.SQLite)
	if _, err := plugins(cfg); err != nil {
		t.Fatalf("%s: %v", p.name, err)
	}
	return cfg.Plugins.Enabled()
}

// harness builds the project's app on a fresh database of the dialect,
// with fresh instances of its plugins.
func (p servedProject) harness(t *testing.T, d database.Dialect) *apptest.Harness {
	t.Helper()
	ps, err := all.Enabled(p.plugins, nil)
	if err != nil {
		t.Fatal(err)
	}
	return apptest.NewWith(t, p.configFor(t, d), ps...)
}

// configFor is the project's configuration as kiln loads it from the
// environment, with its data in the test's temp folder.
func (p servedProject) configFor(t *testing.T, d database.Dialect) config.Config {
	t.Helper()
	env := map[string]string{
		"KILN_CONTENT_TYPES_DIR": p.contentTypes, "KILN_CONFIG_DIR": p.config, "KILN_DATA_DIR": t.TempDir(),
		"KILN_DATABASE_URL": storetest.URL(t, d), "KILN_JWT_SECRET": "test-secret-test-secret-test-secret!", "KILN_DEMO": "false",
	}
	cfg, err := config.Load(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// TestServedDocumentsAreValid: every OpenAPI document each project
// serves (/api/openapi.json, /api/v1/openapi.json, /api/v2/openapi.json)
// passes kin-openapi's strict validation, which checks what the
// specification says in words and its JSON Schema cannot: each operation
// declares every parameter of its path, once, and no other; operationIds
// are unique. The documents are the same bytes for every caller
// (anonymous, and a user of each role of the project's policy) and on
// both databases.
//
// With KILN_OPENAPI_DIR set, each document is also written there as
// <project>.<name>.json, for the second validator
// (clients/openapi-check/run.sh).
func TestServedDocumentsAreValid(t *testing.T) {
	out := os.Getenv("KILN_OPENAPI_DIR")
	for _, p := range servedProjects(t) {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			var first map[string][]byte
			for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
				if d == database.Postgres && storetest.PostgresURL() == "" {
					continue
				}
				docs := servedDocuments(t, p.harness(t, d))
				if first == nil {
					first = docs
					continue
				}
				for name, raw := range docs {
					if !bytes.Equal(raw, first[name]) {
						t.Errorf("%s: the %s document differs between SQLite and %s", p.name, name, d)
					}
				}
			}
			names := make([]string, 0, len(first))
			for name := range first {
				names = append(names, name)
			}
			sort.Strings(names)
			for _, name := range names {
				if out != "" {
					if err := os.WriteFile(filepath.Join(out, p.name+"."+name+".json"), first[name], 0o644); err != nil {
						t.Fatal(err)
					}
				}
				if err := openapitest.Strict(first[name]); err != nil {
					t.Errorf("%s %s: %v", p.name, openapi.URL(name), err)
				}
			}
		})
	}
}

// servedDocuments fetches each document anonymously and as a user of
// each role of the app's policy, and checks that every caller gets the
// same bytes.
func servedDocuments(t *testing.T, h *apptest.Harness) map[string][]byte {
	t.Helper()
	callers := map[string][]string{"anonymous": {"Authorization", apptest.Anonymous}}
	for role := range h.App.Accounts.RoleIDs {
		name := strings.ToLower(role) + "-caller"
		callers[role] = apptest.As(h.CreateUser(name, name+"@kiln.test", role))
	}
	docs := map[string][]byte{}
	for _, name := range openapi.Names() {
		for who, headers := range callers {
			r := h.Do("GET", openapi.URL(name), nil, headers...)
			if r.Status != 200 {
				t.Fatalf("GET %s as %s: %d %s", openapi.URL(name), who, r.Status, r.Body)
			}
			if prev, ok := docs[name]; ok && !bytes.Equal(prev, r.Body) {
				t.Errorf("GET %s as %s differs from another caller's", openapi.URL(name), who)
			}
			docs[name] = r.Body
		}
	}
	return docs
}
