package dataset_test

import (
	"context"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/dataset"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/store/storetest"
	"github.com/kiln-cms/kiln/internal/testmain"
)

// TestSameSeedSameDataOnBothDatabases loads the small set and reads it back
// through the API: the same seed gives byte-identical answers on a second
// load and on the other database.
func TestSameSeedSameDataOnBothDatabases(t *testing.T) {
	t.Parallel()
	paths := []string{
		"/api/events?populate=*&pagination[pageSize]=100",
		"/api/programs?populate[modules][populate][sessions]=*&populate=customer&pagination[pageSize]=100",
		"/api/learners?populate=enrollments&sort=email&pagination[pageSize]=100",
		"/api/blueprints?status=draft&populate=category",
	}
	load := func(d database.Dialect) []string {
		h := apptest.New(t, d)
		accounts, err := dataset.Seed(context.Background(), h.App.Content, dataset.Generate(dataset.Small, 1), h.App.Accounts.RoleIDs, dataset.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, p := range paths {
			r := h.Do("GET", p, nil)
			if r.Status != 200 {
				t.Fatalf("%s: %d %s", p, r.Status, r.Body)
			}
			out = append(out, string(r.Body))
		}
		// The demo users sign in with the passwords Seed made and returned.
		for _, u := range accounts {
			r := h.Do("POST", "/api/auth/local", map[string]any{"identifier": u.Email, "password": u.Password}, "Authorization", apptest.Anonymous)
			if r.Status != 200 {
				t.Errorf("demo user %s cannot sign in: %d %s", u.Email, r.Status, r.Body)
			}
		}
		return out
	}
	first, again := load(database.SQLite), load(database.SQLite)
	for i := range first {
		if first[i] != again[i] {
			t.Errorf("%s differs between two loads of the same seed", paths[i])
		}
	}
	if !strings.Contains(first[0], `"learners":[`) {
		t.Error("events came back without their learners")
	}
	if storetest.PostgresURL() == "" {
		testmain.Skip(t, testmain.Postgres, "the PostgreSQL comparison needs KILN_TEST_POSTGRES_URL; the SQLite checks above ran")
	}
	pg := load(database.Postgres)
	for i := range first {
		if first[i] != pg[i] {
			n := 0
			for n < len(first[i]) && n < len(pg[i]) && first[i][n] == pg[i][n] {
				n++
			}
			t.Errorf("%s differs between SQLite and PostgreSQL at byte %d:\n%s\n%s", paths[i], n,
				first[i][max(0, n-80):min(len(first[i]), n+80)], pg[i][max(0, n-80):min(len(pg[i]), n+80)])
		}
	}
}

// TestLoadRefusesAFilledDatabase: seeding twice into one database is an
// error that writes nothing.
func TestLoadRefusesAFilledDatabase(t *testing.T) {
	t.Parallel()
	h := apptest.New(t, database.SQLite)
	set := dataset.Generate(dataset.Small, 1)
	if err := dataset.Load(context.Background(), h.App.Content, set, h.App.Accounts.RoleIDs, nil); err != nil {
		t.Fatal(err)
	}
	err := dataset.Load(context.Background(), h.App.Content, set, h.App.Accounts.RoleIDs, nil)
	if err == nil || err.Error() != "the database already has customers: seed an empty database" {
		t.Fatalf("second load: %v", err)
	}
}

// TestDemoPasswordsAreRandomUnlessChosen: every seed gives each demo user
// a fresh random password (none is written in the repository), long enough
// to guess by no one; Options.Password chooses one for all, and signs in.
func TestDemoPasswordsAreRandomUnlessChosen(t *testing.T) {
	t.Parallel()
	seed := func(o dataset.Options) (*apptest.Harness, []dataset.Account) {
		h := apptest.New(t, database.SQLite)
		accounts, err := dataset.Seed(context.Background(), h.App.Content, dataset.Generate(dataset.Small, 1), h.App.Accounts.RoleIDs, o)
		if err != nil {
			t.Fatal(err)
		}
		return h, accounts
	}
	_, first := seed(dataset.Options{})
	_, second := seed(dataset.Options{})
	seen := map[string]bool{}
	for i, a := range append(first, second...) {
		if len(a.Password) < 20 || seen[a.Password] {
			t.Errorf("account %d (%s): password %q is short or repeated", i, a.Email, a.Password)
		}
		seen[a.Password] = true
	}
	if len(first) != len(dataset.DemoUsers) || first[0].Email != "admin@kiln.local" || first[0].Role != "admin" {
		t.Fatalf("accounts %+v", first)
	}
	h, chosen := seed(dataset.Options{Password: "bench-pass-1"})
	for _, a := range chosen {
		r := h.Do("POST", "/api/auth/local", map[string]any{"identifier": a.Email, "password": "bench-pass-1"}, "Authorization", apptest.Anonymous)
		if a.Password != "bench-pass-1" || r.Status != 200 {
			t.Errorf("%s with the chosen password: %q, sign-in %d %s", a.Email, a.Password, r.Status, r.Body)
		}
	}
}

// TestMissingNamesWhatTheDataNeeds: the set fits the shipped types and
// roles; on a project of its own types it names every type it lacks, and
// Seed refuses before writing anything.
func TestMissingNamesWhatTheDataNeeds(t *testing.T) {
	t.Parallel()
	set := dataset.Generate(dataset.Small, 1)
	h := apptest.New(t, database.SQLite)
	if m := set.Missing(h.App.Schema, h.App.Accounts.RoleIDs); len(m) != 0 {
		t.Fatalf("the shipped project lacks %v", m)
	}
	s, err := schema.Load(map[string][]byte{"note.yaml": []byte("kind: collectionType\ninfo: {singularName: note, pluralName: notes}\nattributes:\n  title: {type: string}\n")})
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(set.Missing(s, map[string]int64{"public": 1, "authenticated": 2}), ", ")
	want := `role "admin", role "coach", role "learner", content type "customer", content type "category", content type "blueprint", ` +
		`content type "program", content type "module", content type "session", content type "coach", content type "availability", ` +
		`content type "learner", content type "enrollment", content type "event", content type "attendance"`
	if got != want {
		t.Errorf("missing:\n%s\nwant\n%s", got, want)
	}
}
