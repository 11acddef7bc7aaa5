package cli

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/internal/app"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// runKiln runs the command in-process with the project folders of dir.
func runKiln(t *testing.T, dir string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	t.Setenv("KILN_CONTENT_TYPES_DIR", filepath.Join(dir, "content-types"))
	t.Setenv("KILN_CONFIG_DIR", filepath.Join(dir, "config"))
	t.Setenv("KILN_DATA_DIR", filepath.Join(dir, "data"))
	t.Setenv("KILN_DATABASE_URL", "")
	t.Setenv("DATABASE_URL", "")
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	return code, out.String(), errb.String()
}

// runKilnIn runs a command that reads no database in-process, with the
// project folders of dir given as flags rather than the environment, so
// that tests calling it may run in parallel.
func runKilnIn(t *testing.T, dir string, command string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	full := append([]string{command, "--content-types", filepath.Join(dir, "content-types"),
		"--config", filepath.Join(dir, "config"), "--data", filepath.Join(dir, "data")}, args...)
	var out, errb bytes.Buffer
	code = run(full, &out, &errb)
	return code, out.String(), errb.String()
}

func project(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "content-types"), 0o755)
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, "content-types", name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const noteType = `kind: collectionType
info: {singularName: note, pluralName: notes}
attributes:
  title: {type: string, required: true}
`

func TestValidatePrintsEveryProblem(t *testing.T) {
	dir := project(t, map[string]string{
		"a.yaml": "kind: collectionType\ninfo: {singularName: a, pluralName: as}\nattributes:\n  x: {type: strin}\n  y: {type: relation, relation: manyToOne, target: nope}\n",
		"b.yaml": "kind: collectionType\ninfo: {singularName: b, pluralName: bs}\ncolectionName: bs\nattributes: {}\n",
	})
	code, _, stderr := runKiln(t, dir, "validate")
	if code != 1 {
		t.Fatalf("exit code %d, want 1; stderr:\n%s", code, stderr)
	}
	for _, want := range []string{
		`a.yaml: type "a": field "x": unknown type "strin"`,
		`a.yaml: type "a": field "y": target "nope" is not a content type`,
		`b.yaml: type "b": unknown key "colectionName" (line 3): did you mean "collectionName"?`,
		"3 problem(s) found",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
}

// TestValidateChecksTheViews: config/views.yaml is checked as start-up
// checks it, every problem named.
func TestValidateChecksTheViews(t *testing.T) {
	dir := project(t, map[string]string{"note.yaml": noteType})
	os.MkdirAll(filepath.Join(dir, "config"), 0o755)
	os.WriteFile(filepath.Join(dir, "config", "views.yaml"), []byte("note:\n  mainField: nope\n  pageSize: 500\n"), 0o644)
	code, _, stderr := runKiln(t, dir, "validate")
	want := `config/views.yaml:` + "\n" + `  note: mainField "nope" is not a text, number, date or enumeration field of it, nor id or documentId`
	if code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, stderr %q, want 1 and %q", code, stderr, want)
	}
	os.WriteFile(filepath.Join(dir, "config", "views.yaml"), []byte("note:\n  mainField: title\n  pageSize: 50\n"), 0o644)
	if code, _, stderr := runKiln(t, dir, "validate"); code != 0 {
		t.Errorf("a good view: exit %d, stderr %q", code, stderr)
	}
}

// TestValidatePrintsWarnings: a key Strapi ignores leaves the types
// valid, with a warning on standard error.
func TestValidatePrintsWarnings(t *testing.T) {
	dir := project(t, map[string]string{"note.yaml": noteType + "  body: {type: text, description: notes}\n"})
	code, _, stderr := runKiln(t, dir, "validate")
	want := `/content-types/note.yaml: type "note": field "body": key "description" (line 5) is ignored, as Strapi ignores it; it is kept as written`
	if code != 0 || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, stderr %q, want 0 and %q", code, stderr, want)
	}
}

func TestValidateAcceptsTheShippedTypes(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("KILN_CONFIG_DIR", dir)
	var out, errb bytes.Buffer
	t.Setenv("KILN_CONTENT_TYPES_DIR", "../../content-types")
	if code := run([]string{"validate"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	// The count is the shipped folder's, whatever it holds today.
	shipped, err := filepath.Glob("../../content-types/*.yaml")
	if err != nil || len(shipped) == 0 {
		t.Fatalf("no shipped content types: %v", err)
	}
	want := strconv.Itoa(len(shipped)) + " content types in ../../content-types are valid"
	if got := out.String(); !strings.HasPrefix(got, want) {
		t.Fatalf("stdout %q, want it to start with %q", got, want)
	}
}

// TestDryRunListsPendingChanges: `kiln migrate --dry-run` names each
// change held back and the fields it leaves unavailable to the server.
func TestDryRunListsPendingChanges(t *testing.T) {
	dir := project(t, map[string]string{"note.yaml": noteType + "  body: {type: text}\n  pages: {type: string}\n"})
	if code, out, errs := runKiln(t, dir, "migrate"); code != 0 {
		t.Fatalf("first migrate: %d %s %s", code, out, errs)
	}
	os.WriteFile(filepath.Join(dir, "content-types", "note.yaml"), []byte(noteType+"  pages: {type: integer}\n"), 0o644)
	code, out, stderr := runKiln(t, dir, "migrate", "--dry-run")
	want := "\n-- pending until `kiln migrate --allow-destructive`; meanwhile the server serves, and the fields named are unavailable:\n" +
		"--   drop column notes.body (data loss)\n" +
		"--   change type of notes.pages from string to integer (values converted) [fields: note.pages]\n"
	if code != 0 || !strings.HasSuffix(out, want) {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, stderr)
	}
}

func TestMigrateDryRunThenApplyThenNothing(t *testing.T) {
	dir := project(t, map[string]string{"note.yaml": noteType})
	code, out, stderr := runKiln(t, dir, "migrate", "--dry-run")
	if code != 0 || !strings.Contains(out, "-- dry run: nothing was applied") || !strings.Contains(out, `CREATE TABLE "notes"`) {
		t.Fatalf("dry run: exit %d\n%s\n%s", code, out, stderr)
	}
	code, out, stderr = runKiln(t, dir, "migrate")
	if code != 0 || !strings.Contains(out, `CREATE TABLE "notes"`) {
		t.Fatalf("migrate: exit %d\n%s\n%s", code, out, stderr)
	}
	code, out, _ = runKiln(t, dir, "migrate")
	if code != 0 || strings.TrimSpace(out) != "the database is up to date" {
		t.Fatalf("second migrate: exit %d, %q", code, out)
	}
}

func TestMigrateRefusesDestructiveChangeWithoutFlag(t *testing.T) {
	dir := project(t, map[string]string{"note.yaml": noteType + "  body: {type: text}\n"})
	if code, out, errs := runKiln(t, dir, "migrate"); code != 0 {
		t.Fatalf("first migrate: %d %s %s", code, out, errs)
	}
	os.WriteFile(filepath.Join(dir, "content-types", "note.yaml"), []byte(noteType), 0o644)
	code, out, stderr := runKiln(t, dir, "migrate")
	if code != 1 || !strings.Contains(stderr, "destructive change(s) were NOT applied") || !strings.Contains(out, `DROP COLUMN "body"`) {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, stderr)
	}
	code, _, stderr = runKiln(t, dir, "migrate", "--allow-destructive")
	if code != 0 {
		t.Fatalf("--allow-destructive: exit %d: %s", code, stderr)
	}
	if code, out, _ = runKiln(t, dir, "migrate"); code != 0 || strings.TrimSpace(out) != "the database is up to date" {
		t.Fatalf("after: exit %d, %q", code, out)
	}
}

func TestHelpAndUnknownCommand(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"--help"}, &out, &errb); code != 0 || !strings.Contains(out.String(), "validate") {
		t.Fatalf("--help: %d %q", code, out.String())
	}
	out.Reset()
	if code := run([]string{"migrate", "--help"}, &out, &errb); code != 0 || !strings.Contains(errb.String(), "-dry-run") {
		t.Fatalf("migrate --help: %d %q", code, errb.String())
	}
	errb.Reset()
	if code := run([]string{"frobnicate"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), `unknown command "frobnicate"`) {
		t.Fatalf("unknown: %d %q", code, errb.String())
	}
	out.Reset()
	if code := run([]string{"version"}, &out, &errb); code != 0 || !strings.HasPrefix(out.String(), "kiln ") {
		t.Fatalf("version: %d %q", code, out.String())
	}
}

func TestAdminCreateThenReset(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("KILN_CONTENT_TYPES_DIR", "../../content-types")
	t.Setenv("KILN_CONFIG_DIR", "../../config")
	t.Setenv("KILN_DATA_DIR", dir)
	t.Setenv("KILN_DATABASE_URL", "")
	var out, errb bytes.Buffer
	if code := run([]string{"admin", "create", "--email", "Boss@Example.test", "--password", "first-pass"}, &out, &errb); code != 0 {
		t.Fatalf("create: %d %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "admin Boss@Example.test created") {
		t.Fatalf("stdout %q", out.String())
	}
	out.Reset()
	if code := run([]string{"admin", "create", "--email", "boss@example.test", "--password", "second-pass"}, &out, &errb); code != 0 || !strings.Contains(out.String(), "reset") {
		t.Fatalf("reset: %d %q %s", code, out.String(), errb.String())
	}
	errb.Reset()
	if code := run([]string{"admin", "create", "--email", "x@example.test", "--password", "123"}, &out, &errb); code != 1 ||
		!strings.Contains(errb.String(), "password must be at least 6 characters") {
		t.Fatalf("short password: %d %q", code, errb.String())
	}
}

// TestAdminCreateOnAnExistingUserEndsItsTokens: resetting an existing
// user's password from the command line (found by the normal form of the
// e-mail given) ends every token the user had, on either database; the
// new password signs in, with the admin role.
func TestAdminCreateOnAnExistingUserEndsItsTokens(t *testing.T) {
	apptest.EachInTurn(t, func(t *testing.T, h *apptest.Harness) { // it sets the environment
		old := h.CreateUser("boss", "boss@example.test", "authenticated")
		me := func(token string) int {
			return h.Do("GET", "/api/users/me", nil, "Authorization", "Bearer "+token).Status
		}
		if me(old) != 200 {
			t.Fatal("the premise: the token works before")
		}
		cfg := h.App.Config
		t.Setenv("KILN_CONTENT_TYPES_DIR", cfg.Paths.ContentTypes)
		t.Setenv("KILN_CONFIG_DIR", cfg.Paths.Config)
		t.Setenv("KILN_DATA_DIR", cfg.Paths.Data)
		t.Setenv("KILN_DATABASE_URL", cfg.DatabaseURL())
		t.Setenv("KILN_JWT_SECRET", cfg.Auth.JWTSecret)
		var out, errb bytes.Buffer
		if code := run([]string{"admin", "create", "--email", "BOSS@Example.test", "--password", "brand-new-1"}, &out, &errb); code != 0 || !strings.Contains(out.String(), "reset") {
			t.Fatalf("admin create on boss: %d %q %s", code, out.String(), errb.String())
		}
		refusedAfterCommand(t, h, "the token from before the reset", func() int { return me(old) })
		r := h.Do("POST", "/api/auth/local", map[string]any{"identifier": "boss@example.test", "password": "brand-new-1"}, "Authorization", apptest.Anonymous)
		token, _ := r.JSON(t)["jwt"].(string)
		if r.Status != 200 || me(token) != 200 {
			t.Fatalf("signing in with the new password: %d %s", r.Status, r.Body)
		}
		role := h.Do("GET", "/api/users/me?populate=role", nil, "Authorization", "Bearer "+token).JSON(t)["role"]
		if m, _ := role.(map[string]any); m["type"] != "admin" {
			t.Errorf("the reset user's role: %v", role)
		}
		// The same rules as every other password route.
		for _, bad := range []string{"12345", strings.Repeat("x", 73)} {
			errb.Reset()
			if code := run([]string{"admin", "create", "--email", "boss@example.test", "--password", bad}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "assword must be") {
				t.Errorf("a %d-character password: %d %q", len(bad), code, errb.String())
			}
		}
		if me(token) != 200 {
			t.Error("a refused reset ended the tokens")
		}
	})
}

func TestRoutesTable(t *testing.T) {
	t.Setenv("KILN_CONTENT_TYPES_DIR", "../../content-types")
	t.Setenv("KILN_CONFIG_DIR", "../../config")
	t.Setenv("KILN_DATA_DIR", t.TempDir())
	t.Setenv("KILN_DATABASE_URL", "")
	var out, errb bytes.Buffer
	if code := run([]string{"routes"}, &out, &errb); code != 0 {
		t.Fatalf("%d %s", code, errb.String())
	}
	rows := map[string]string{}
	for _, line := range strings.Split(out.String(), "\n") {
		if f := strings.Fields(line); len(f) == 5 {
			rows[f[0]+" "+f[1]] = f[2] + " " + f[3] + " " + f[4]
		}
	}
	for route, want := range map[string]string{
		"GET /api/blueprints":       "blueprint.find public,authenticated,learner,coach,admin generated",
		"GET /api/categories/tree":  "content.categoryTree public,authenticated,learner,coach,admin plugin:content",
		"POST /api/auth/local":      "auth.login public,admin core",
		"DELETE /api/customers/:id": "customer.delete admin generated",
		"GET /_ready":               "- everyone core",
		// The documentation is served too, public, before the /api checks.
		"GET /api/openapi.json":    "- everyone docs",
		"GET /api/v1/openapi.json": "- everyone docs",
		"GET /api/v2/openapi.json": "- everyone docs",
		"GET /api/versions":        "- everyone docs",
		"GET /api/docs":            "- everyone docs",
		"GET /api/docs/:asset":     "- everyone docs",
	} {
		if rows[route] != want {
			t.Errorf("%s: %q, want %q", route, rows[route], want)
		}
	}
}

// TestShortSecretStopsStartUp: a JWT secret under 32 bytes stops every
// command that starts the app, naming the variable it came from.
func TestShortSecretStopsStartUp(t *testing.T) {
	t.Setenv("KILN_CONTENT_TYPES_DIR", "../../content-types")
	t.Setenv("KILN_CONFIG_DIR", "../../config")
	t.Setenv("KILN_DATA_DIR", t.TempDir())
	t.Setenv("KILN_DATABASE_URL", "")
	t.Setenv("KILN_JWT_SECRET", "changeme")
	for _, cmd := range []string{"routes", "migrate"} {
		var out, errb bytes.Buffer
		if code := run([]string{cmd}, &out, &errb); code != 1 ||
			!strings.Contains(errb.String(), "the JWT secret (KILN_JWT_SECRET) is 8 bytes long; HS256 needs at least 32") {
			t.Errorf("%s: exit %d, stderr %q", cmd, code, errb.String())
		}
	}
}

func TestFirstRunLoadsTheDemoDataOnce(t *testing.T) {
	for _, demo := range []bool{true, false} {
		t.Setenv("KILN_CONTENT_TYPES_DIR", "../../content-types")
		t.Setenv("KILN_CONFIG_DIR", "../../config")
		t.Setenv("KILN_DATA_DIR", t.TempDir())
		t.Setenv("KILN_DATABASE_URL", "")
		t.Setenv("KILN_DEMO", strconv.FormatBool(demo))
		var pf projectFlags
		cfg, err := pf.load()
		if err != nil {
			t.Fatal(err)
		}
		cfg.EnsureSecret()
		log := slog.New(slog.NewTextHandler(io.Discard, nil))
		enabled, err := plugins(cfg)
		if err != nil {
			t.Fatal(err)
		}
		a, err := app.New(context.Background(), cfg, log, enabled...)
		if err != nil {
			t.Fatal(err)
		}
		for run := 0; run < 2; run++ {
			accounts, err := firstRun(context.Background(), a, log, run == 0)
			if err != nil {
				t.Fatalf("run %d: %v", run, err)
			}
			// The accounts come on the run that loads the data, only.
			if wantAccounts := demo && run == 0; (len(accounts) == 4) != wantAccounts {
				t.Errorf("demo=%v run %d: accounts %+v", demo, run, accounts)
			}
		}
		page, err := a.Content.Find(context.Background(), &query.Query{Type: a.Schema.Type("program"),
			Pagination: query.Pagination{WithCount: true, Page: 1, PageSize: 1}}, entry.ReadOptions{})
		want := map[bool]int64{true: 12, false: 0}[demo]
		if err != nil || page.Total != want {
			t.Errorf("demo=%v: %+v programs (%v), want %d", demo, page, err, want)
		}
		a.Close()
	}
}

// TestDryRunListsThePluginsTables: the plugins' own tables are planned
// with the content types', so `kiln migrate --dry-run` shows them.
func TestDryRunListsThePluginsTables(t *testing.T) {
	dir := t.TempDir()
	root, _ := filepath.Abs("../..")
	t.Setenv("KILN_CONTENT_TYPES_DIR", filepath.Join(root, "content-types"))
	t.Setenv("KILN_CONFIG_DIR", filepath.Join(root, "config"))
	t.Setenv("KILN_DATA_DIR", filepath.Join(dir, "data"))
	t.Setenv("KILN_DATABASE_URL", "")
	t.Setenv("DATABASE_URL", "")
	var out, errb bytes.Buffer
	if code := run([]string{"migrate", "--dry-run"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, table := range []string{"scheduling_calendar_tokens", "scheduling_event_revisions"} {
		if !strings.Contains(out.String(), "-- create table "+table) {
			t.Errorf("the dry run does not create %s:\n%s", table, out.String())
		}
	}
}

// refusedAfterCommand waits for a change a kiln command made (another
// process to the server) to end a token: on SQLite the server reads the
// caller on every request, so the very next one is refused; on
// PostgreSQL it hears of the change through its identity cache's
// notification (docs/identity-cache.md), within milliseconds, and gets a
// second.
func refusedAfterCommand(t *testing.T, h *apptest.Harness, what string, status func() int) {
	t.Helper()
	wait := time.Duration(0)
	if h.App.DB.Dialect == database.Postgres {
		wait = time.Second
	}
	deadline := time.Now().Add(wait)
	for {
		st := status()
		if st == 401 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: %d, want 401 within %s of the command", what, st, wait)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestWrongFolderWritesNothing: every command that reads the project, run
// in a folder that is none (no content-types/ there), fails naming the
// folder it looked for and how to give it, and leaves the folder as it
// was: no data/, no JWT secret, no SQLite file.
func TestWrongFolderWritesNothing(t *testing.T) {
	for _, env := range []string{"KILN_CONTENT_TYPES_DIR", "KILN_CONFIG_DIR", "KILN_DATA_DIR", "KILN_DATABASE_URL", "DATABASE_URL", "KILN_JWT_SECRET", "JWT_SECRET"} {
		t.Setenv(env, "")
	}
	commands := [][]string{
		{"serve"}, {"serve", "--no-demo"}, {"migrate"}, {"migrate", "--dry-run"}, {"seed"},
		{"admin", "create", "--email", "admin@example.com", "--password", "long-enough"},
		{"token", "create", "--name", "site", "--type", "read-only"}, {"token", "list"}, {"token", "revoke", "site"},
		{"routes"}, {"validate"},
	}
	for _, where := range []struct {
		name  string
		setup func(t *testing.T, dir string) (flags []string, shown string)
	}{
		{"an empty folder", func(t *testing.T, dir string) ([]string, string) {
			return nil, "content-types (" + filepath.Join(dir, "content-types") + ")"
		}},
		{"--content-types naming no folder", func(t *testing.T, dir string) ([]string, string) {
			return []string{"--content-types", filepath.Join(dir, "types")}, filepath.Join(dir, "types")
		}},
	} {
		for _, args := range commands {
			t.Run(where.name+"/"+strings.Join(args, " "), func(t *testing.T) {
				dir, err := filepath.EvalSymlinks(t.TempDir())
				if err != nil {
					t.Fatal(err)
				}
				t.Chdir(dir)
				flags, shown := where.setup(t, dir)
				var out, errb bytes.Buffer
				code := run(append(append([]string(nil), args...), flags...), &out, &errb)
				want := "kiln: no content-types folder: " + shown + " does not exist. Run kiln in a project's folder, " +
					"give the folder with --content-types DIR or KILN_CONTENT_TYPES_DIR, or make a project with kiln init\n"
				if code != 1 || out.Len() != 0 || errb.String() != want {
					t.Errorf("exit %d, stdout %q, stderr %q; want 1 and %q", code, out.String(), errb.String(), want)
				}
				entries, err := os.ReadDir(dir)
				if err != nil || len(entries) != 0 {
					var names []string
					for _, e := range entries {
						names = append(names, e.Name())
					}
					t.Errorf("the folder holds %v after the command (%v), want nothing", names, err)
				}
			})
		}
	}
}

// TestValidateWarns: a defect Strapi starts with (a mappedBy naming a
// field the target lacks) is a warning on standard error, and the types
// are valid.
func TestValidateWarns(t *testing.T) {
	t.Parallel()
	dir := project(t, map[string]string{"note.yaml": noteType + "  tags: {type: relation, relation: manyToMany, target: tag, mappedBy: notes}\n",
		"tag.yaml": "info: {singularName: tag, pluralName: tags}\nattributes: {}\n"})
	code, out, stderr := runKilnIn(t, dir, "validate")
	want := "warning: " + filepath.Join(dir, "content-types", "note.yaml") + `: type "note": field "tags": inverse field "notes" does not exist on "tag": the field is left out (Strapi starts with it too, and it holds nothing)` + "\n"
	if code != 0 || out != "2 content types in "+filepath.Join(dir, "content-types")+" are valid\n" || stderr != want {
		t.Fatalf("exit %d\nstdout %q\nstderr %q\nwant   %q", code, out, stderr, want)
	}
}

// TestValidateFailsOnNoContentType: a folder that holds no content type
// serves nothing, so validate fails (it said "0 content types are
// valid" and exit 0), saying what it looked for and what it found, and
// where a Strapi project's types are when given the project itself.
func TestValidateFailsOnNoContentType(t *testing.T) {
	t.Parallel()
	const reads = ": Kiln reads the *.yaml and *.yml files there, and a Strapi project's api/<api>/content-types/<name>/schema.json below it; it found "
	seo := `{"collectionName": "components_shared_seos", "info": {"displayName": "Seo"}, "options": {}, "attributes": {"title": {"type": "string"}}}`
	user := `{"info": {"singularName": "user"}, "attributes": {"phone": {"type": "string"}}}`
	tests := []struct {
		name  string
		files map[string]string // under the project folder
		ct    string            // the content-types folder, below the project
		want  string            // after "kiln validate: no content type in <folder>"
	}{
		{"an empty folder", nil, "content-types", reads + "nothing it reads (0 files and folders at its top)"},
		{"other files only", map[string]string{"content-types/notes.txt": "x", "content-types/a.json": "{}"}, "content-types",
			reads + "nothing it reads (2 files and folders at its top)"},
		{"components and the user's fields only", map[string]string{"src/components/shared/seo.json": seo,
			"src/components/shared/meta.json": strings.Replace(seo, "seos", "metas", 1), "src/extensions/users-permissions/content-types/user/schema.json": user}, "src",
			reads + "2 components and the user's extra fields (2 files and folders at its top)"},
		{"a Strapi project, not its src/", map[string]string{"app/src/api/page/content-types/page/schema.json": `{"info": {"singularName": "page", "pluralName": "pages"}, "attributes": {}}`,
			"app/package.json": "{}"}, ".",
			reads + "nothing it reads (1 file or folder at its top); {dir}/app/src holds a Strapi project's types: give --content-types {dir}/app/src"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			for name, body := range tt.files {
				p := filepath.Join(dir, name)
				os.MkdirAll(filepath.Dir(p), 0o755)
				if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			ct := filepath.Join(dir, tt.ct)
			os.MkdirAll(ct, 0o755)
			var out, errb bytes.Buffer
			code := run([]string{"validate", "--content-types", ct, "--config", filepath.Join(dir, "config")}, &out, &errb)
			want := "kiln validate: no content type in " + ct + strings.ReplaceAll(tt.want, "{dir}", dir) + "\n"
			if code != 1 || out.Len() != 0 || errb.String() != want {
				t.Errorf("exit %d\nstdout %q\nstderr %q\nwant   %q", code, out.String(), errb.String(), want)
			}
		})
	}
}

// TestValidateStrapiFiles: a Strapi project's files are read and checked;
// a file that cannot be read or parsed is a problem, exit 1, and a valid
// project counts its types.
func TestValidateStrapiFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	src := filepath.Join(dir, "content-types")
	write := func(name, body string) {
		p := filepath.Join(src, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("api/page/content-types/page/schema.json", `{"kind": "collectionType", "info": {"singularName": "page", "pluralName": "pages"},
  "pluginOptions": {}, "attributes": {"meta_title": {"type": "string"}, "body": {"type": "customField", "customField": "plugin::ckeditor5.CKEditor"}}}`)
	write("api/tag/content-types/tag/schema.json", `{"info": {"singularName": "tag", "pluralName": "tags"}, "attributes": {"name": {"type": "string"}}}`)
	if code, out, stderr := runKilnIn(t, dir, "validate"); code != 0 || out != "2 content types in "+src+" are valid\n" || stderr != "" {
		t.Fatalf("a valid project: exit %d %q %q", code, out, stderr)
	}
	write("api/note/content-types/note/schema.json", "{\n  \"info\": {\"singularName\": \"note\",}\n}\n")
	os.MkdirAll(filepath.Join(src, "api/gone/content-types/gone"), 0o755)
	if err := os.Symlink(filepath.Join(dir, "nowhere.json"), filepath.Join(src, "api/gone/content-types/gone/schema.json")); err != nil {
		t.Fatal(err)
	}
	write("api/old/content-types/old/schema.js", "module.exports = {}")
	code, out, stderr := runKilnIn(t, dir, "validate")
	gone := filepath.Join(src, "api/gone/content-types/gone/schema.json")
	want := gone + ": cannot be read: open " + gone + ": no such file or directory\n" +
		filepath.Join(src, "api/note/content-types/note/schema.json") + ": not valid JSON: invalid character '}' looking for beginning of object key string (line 2)\n" +
		filepath.Join(src, "api/old/content-types/old/schema.js") + ": a schema written in JavaScript or TypeScript cannot be read: Kiln reads schema.json\n" +
		"3 problem(s) found\n"
	if code != 1 || out != "" || stderr != want {
		t.Errorf("exit %d\nstdout %q\nstderr %q\nwant   %q", code, out, stderr, want)
	}
}

// TestValidateCountsComponents: kiln validate says how many components it
// checked beside the types, in either layout.
func TestValidateCountsComponents(t *testing.T) {
	root := filepath.Join("..", "..", "testdata", "components")
	for _, layout := range []string{"content-types", "src"} {
		var out, errb bytes.Buffer
		code := run([]string{"validate", "--content-types", filepath.Join(root, layout), "--config", filepath.Join(root, "config")}, &out, &errb)
		if want := "3 content types and 10 components in " + filepath.Join(root, layout) + " are valid\n"; code != 0 || out.String() != want {
			t.Errorf("%s: %d %q %q, want %q", layout, code, out.String(), errb.String(), want)
		}
	}
}
