package app_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/app"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/migrate"
)

// The schema a database is made with (pendingBefore), and the one the
// server then starts with (pendingAfter): every kind of change a
// migration holds back (a changed type, a removed field, a removed type, a
// to-one and a many relation to another type) and the two it applies that
// existing rows may not meet (a field made unique, one made required).
var pendingBefore = map[string]string{
	"note.yaml": `kind: collectionType
info: {singularName: note, pluralName: notes, displayName: Note}
options: {draftAndPublish: false}
attributes:
  title: {type: string}
  pages: {type: string}
  old: {type: string}
  code: {type: string}
  summary: {type: text}
  owner: {type: relation, relation: manyToOne, target: person}
  tags: {type: relation, relation: manyToMany, target: person}
`,
	"person.yaml": `kind: collectionType
info: {singularName: person, pluralName: people, displayName: Person}
options: {draftAndPublish: false}
attributes:
  name: {type: string}
`,
	"shelf.yaml": `kind: collectionType
info: {singularName: shelf, pluralName: shelves, displayName: Shelf}
options: {draftAndPublish: false}
attributes:
  name: {type: string}
`,
}

var pendingAfter = map[string]string{
	"note.yaml": `kind: collectionType
info: {singularName: note, pluralName: notes, displayName: Note}
options: {draftAndPublish: false}
attributes:
  title: {type: string}
  pages: {type: integer}
  code: {type: string, unique: true}
  summary: {type: text, required: true}
  owner: {type: relation, relation: manyToOne, target: shelf, inversedBy: notes}
  tags: {type: relation, relation: manyToMany, target: shelf}
`,
	"shelf.yaml": `kind: collectionType
info: {singularName: shelf, pluralName: shelves, displayName: Shelf}
options: {draftAndPublish: false}
attributes:
  name: {type: string}
  notes: {type: relation, relation: oneToMany, target: note, mappedBy: owner}
`,
}

// typesDir writes the shipped content types and types into a new folder.
func typesDir(t *testing.T, types map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	shipped, err := filepath.Glob(filepath.Join(apptest.Root(t), "content-types", "*.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range shipped {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, src := range types {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// pendingWorld makes a database with pendingBefore and two notes in it,
// closes that server and starts one with pendingAfter on the same
// database, logging to logs.
func pendingWorld(t *testing.T, d database.Dialect, logs io.Writer) (*apptest.Harness, config.Config) {
	cfg := apptest.Config(t, d)
	cfg.Paths.ContentTypes = typesDir(t, pendingBefore)
	cfg.Database.URL = apptest.DatabaseURL(t, cfg) // the app is started again on it
	before := apptest.NewWith(t, cfg)
	person := before.Create("/api/people", map[string]any{"name": "Ann"})
	for _, n := range []map[string]any{
		{"title": "first", "pages": "12", "old": "kept", "code": "a", "owner": person, "tags": []int64{person}},
		{"title": "second", "pages": "7", "code": "a"},
	} {
		before.Create("/api/notes", n)
	}
	admin := before.App.Schema.Type("user")
	var adminID int64
	if err := before.App.DB.QueryRowContext(context.Background(),
		"SELECT id FROM "+database.Ident(admin.Table)+" WHERE username = 'admin'").Scan(&adminID); err != nil {
		t.Fatal(err)
	}
	before.App.Close()

	cfg.Paths.ContentTypes = typesDir(t, pendingAfter)
	a, err := app.New(context.Background(), cfg, slog.New(slog.NewTextHandler(logs, nil)))
	if err != nil {
		t.Fatalf("a pending change must not stop start-up: %v", err)
	}
	t.Cleanup(func() { a.Close() })
	token, err := a.Security.Tokens.Issue(adminID, 0)
	if err != nil {
		t.Fatal(err)
	}
	return &apptest.Harness{T: t, App: a, AdminToken: token}, cfg
}

// TestPendingSchemaChanges: a server started on a schema the database does
// not match yet serves, says at start-up what waits and how to apply it,
// and answers every request that names an affected field with a 400 in
// the error envelope — never a 500, never a value stored into a column of
// the old type. Requests that do not name those fields work as usual.
// Then `kiln migrate --allow-destructive`'s migration converts the values
// that waited, intact.
func TestPendingSchemaChanges(t *testing.T) {
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			var logs lockedBuffer
			h, cfg := pendingWorld(t, d, &logs)

			// Start-up names each change and the command.
			log := logs.String()
			for _, want := range []string{
				"change=\"change type of notes.pages from string to integer (values converted)\"",
				"unavailable_fields=note.pages",
				"drop column notes.old (data loss)",
				"drop table people (data loss)",
				"unavailable_fields=note.owner,shelf.notes",
				"unavailable_fields=note.tags",
				"apply_with=\"kiln migrate --allow-destructive\"",
				"create index", // the unique index rows break
			} {
				if !strings.Contains(log, want) {
					t.Errorf("start-up log lacks %q:\n%s", want, log)
				}
			}
			unavailable := func(field string) string {
				return "400 ValidationError Field " + field + " is unavailable until a pending schema change is applied"
			}
			for _, tc := range []struct{ method, path, body, want string }{
				// Reads that do not name them leave the fields out.
				{"GET", "/api/notes?sort=id&fields[0]=title&fields[1]=code", "", `200 [{"title":"first","code":"a"},{"title":"second","code":"a"}]`},
				{"GET", "/api/notes?sort=title:desc&filters[code][$eq]=a&populate=*", "", `200 [{"title":"second","code":"a","summary":null},{"title":"first","code":"a","summary":null}]`},
				{"GET", "/api/notes?fields[0]=pages", "", unavailable("pages")},
				{"GET", "/api/notes?filters[pages][$eq]=12", "", unavailable("pages")},
				{"GET", "/api/notes?filters[$or][0][title][$eq]=x&filters[$or][1][pages][$null]=true", "", unavailable("pages")},
				{"GET", "/api/notes?sort=pages", "", unavailable("pages")},
				{"GET", "/api/notes?populate=owner", "", unavailable("owner")},
				{"GET", "/api/notes?populate[tags][fields][0]=name", "", unavailable("tags")},
				{"GET", "/api/notes?filters[owner][name][$eq]=Ann", "", unavailable("owner")},
				{"GET", "/api/shelves?populate=notes", "", unavailable("notes")},
				{"GET", "/api/notes?fields[0]=old", "", "400 ValidationError Invalid key old"},
				{"GET", "/api/people", "", "404 NotFoundError Not Found"},
				// Writes that name them are refused; the others pass.
				{"POST", "/api/notes", `{"title":"third","pages":5,"summary":"s"}`, unavailable("pages")},
				{"POST", "/api/notes", `{"title":"third","owner":null,"summary":"s"}`, unavailable("owner")},
				{"POST", "/api/notes", `{"title":"third","tags":[],"summary":"s"}`, unavailable("tags")},
				{"POST", "/api/notes", `{"title":"third","code":"b","summary":"s"}`, `201 {"title":"third","code":"b","summary":"s"}`},
				// Unique and required hold for what is written now.
				{"POST", "/api/notes", `{"title":"fourth","code":"a","summary":"s"}`, "400 ValidationError This attribute must be unique"},
				{"POST", "/api/notes", `{"title":"fourth"}`, "400 ValidationError summary must be defined."},
				{"PUT", "/api/notes/DOC1", `{"title":"first!"}`, `200 {"title":"first!","code":"a","summary":null}`},
				{"PUT", "/api/notes/DOC1", `{"pages":3}`, unavailable("pages")},
				{"PUT", "/api/notes/DOC1", `{"summary":null}`, "400 ValidationError summary must be a `string` type, but the final value was: `null`."},
				{"DELETE", "/api/notes/DOC2", "", `204 ""`},
			} {
				path := strings.NewReplacer("DOC1", docOf(t, h, "first"), "DOC2", docOf(t, h, "second")).Replace(tc.path)
				var body any
				if tc.body != "" {
					body = map[string]any{"data": json.RawMessage(tc.body)}
				}
				if got := pendingAnswer(t, h, h.Do(tc.method, path, body)); got != tc.want {
					t.Errorf("%s %s %s\n got %s\nwant %s", tc.method, tc.path, tc.body, got, tc.want)
				}
			}

			// The values that waited are still there, in the old type,
			// and convert once the change is applied.
			h.App.Close()
			s, err := schema.LoadDir(cfg.Paths.ContentTypes)
			if err != nil {
				t.Fatal(err)
			}
			db, err := database.Open(context.Background(), cfg.DatabaseURL())
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			plan, err := migrate.Run(context.Background(), db, s, migrate.Options{DryRun: true})
			if err != nil {
				t.Fatal(err)
			}
			var kinds []string
			for _, p := range plan.Pending() {
				kinds = append(kinds, string(p.Kind))
			}
			slices.Sort(kinds)
			if got := strings.Join(slices.Compact(kinds), ", "); got != "change relation, change type, drop column, drop table, recreate join table" {
				t.Errorf("pending kinds: %s", got)
			}
			if _, err := migrate.Run(context.Background(), db, s, migrate.Options{AllowDestructive: true}); err != nil {
				t.Fatal(err)
			}
			var pages []int64
			rows, err := db.QueryContext(context.Background(), "SELECT pages FROM notes ORDER BY id")
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			for rows.Next() {
				var p *int64
				if err := rows.Scan(&p); err != nil {
					t.Fatal(err)
				}
				if p != nil {
					pages = append(pages, *p)
				}
			}
			if fmt.Sprint(pages) != "[12]" {
				t.Errorf("pages after the migration: %v, want [12]", pages)
			}
		})
	}
}

// docOf is the documentId of the note titled title, or "-".
func docOf(t *testing.T, h *apptest.Harness, title string) string {
	var doc string
	h.App.DB.QueryRowContext(context.Background(), "SELECT document_id FROM notes WHERE title = ? OR title = ?", title, title+"!").Scan(&doc)
	if doc == "" {
		return "-"
	}
	return doc
}

// pendingAnswer sums an answer up: the status and, for an entry or a
// list, its fields but id and documentId and the timestamps; for an
// error, its name and message (the first field error's, for a list).
func pendingAnswer(t *testing.T, h *apptest.Harness, r *apptest.Response) string {
	t.Helper()
	if r.Status >= 400 {
		_, name, msg, details := h.ErrorOf(r)
		if list, ok := details["errors"].([]any); ok && len(list) > 0 {
			msg = fmt.Sprint(list[0].(map[string]any)["message"])
		}
		return fmt.Sprintf("%d %s %s", r.Status, name, msg)
	}
	var m struct{ Data json.RawMessage }
	if err := json.Unmarshal(r.Body, &m); err != nil {
		return fmt.Sprintf("%d %q", r.Status, r.Body)
	}
	return fmt.Sprintf("%d %s", r.Status, strip(m.Data))
}

// strip drops the fields every entry has from an answer's data, keeping
// the order of the rest.
func strip(data json.RawMessage) string {
	var out strings.Builder
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.UseNumber()
	var walk func()
	walk = func() {
		tok, _ := dec.Token()
		switch tok {
		case json.Delim('['):
			out.WriteString("[")
			for i := 0; dec.More(); i++ {
				if i > 0 {
					out.WriteString(",")
				}
				walk()
			}
			dec.Token()
			out.WriteString("]")
		case json.Delim('{'):
			out.WriteString("{")
			n := 0
			for dec.More() {
				k, _ := dec.Token()
				key := k.(string)
				if slices.Contains([]string{"id", "documentId", "createdAt", "updatedAt", "publishedAt"}, key) {
					var skip json.RawMessage
					dec.Decode(&skip)
					continue
				}
				if n > 0 {
					out.WriteString(",")
				}
				n++
				b, _ := json.Marshal(key)
				out.Write(b)
				out.WriteString(":")
				walk()
			}
			dec.Token()
			out.WriteString("}")
		default:
			b, _ := json.Marshal(tok)
			out.Write(b)
		}
	}
	walk()
	return out.String()
}
