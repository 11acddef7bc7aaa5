package dataset_test

import (
	"context"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/app/apptest"
	"github.com/kiln-cms/kiln/core/store"
	"github.com/kiln-cms/kiln/core/store/storetest"
	"github.com/kiln-cms/kiln/dataset"
)

// TestSameSeedSameDataOnBothDatabases loads the small set and reads it back
// through the API: the same seed gives byte-identical answers on a second
// load and on the other database.
func TestSameSeedSameDataOnBothDatabases(t *testing.T) {
	paths := []string{
		"/api/events?populate=*&pagination[pageSize]=100",
		"/api/programs?populate[modules][populate][sessions]=*&populate=customer&pagination[pageSize]=100",
		"/api/learners?populate=enrollments&sort=email&pagination[pageSize]=100",
		"/api/blueprints?status=draft&populate=category",
	}
	load := func(d store.Dialect) []string {
		h := apptest.New(t, d)
		if err := dataset.Load(context.Background(), h.App.Content, dataset.Generate(dataset.Small, 1), h.App.Security.RoleIDs, nil); err != nil {
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
		// The demo users sign in with the printed passwords.
		for _, u := range dataset.DemoUsers {
			r := h.Do("POST", "/api/auth/local", map[string]any{"identifier": u.Email, "password": u.Password}, "Authorization", apptest.Anonymous)
			if r.Status != 200 {
				t.Errorf("demo user %s cannot sign in: %d %s", u.Email, r.Status, r.Body)
			}
		}
		return out
	}
	first, again := load(store.SQLite), load(store.SQLite)
	for i := range first {
		if first[i] != again[i] {
			t.Errorf("%s differs between two loads of the same seed", paths[i])
		}
	}
	if !strings.Contains(first[0], `"learners":[`) {
		t.Error("events came back without their learners")
	}
	if storetest.PostgresURL() == "" {
		t.Skip("the PostgreSQL comparison needs KILN_TEST_POSTGRES_URL; the SQLite checks above ran")
	}
	pg := load(store.Postgres)
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
	h := apptest.New(t, store.SQLite)
	set := dataset.Generate(dataset.Small, 1)
	if err := dataset.Load(context.Background(), h.App.Content, set, h.App.Security.RoleIDs, nil); err != nil {
		t.Fatal(err)
	}
	err := dataset.Load(context.Background(), h.App.Content, set, h.App.Security.RoleIDs, nil)
	if err == nil || err.Error() != "the database already has customers: seed an empty database" {
		t.Fatalf("second load: %v", err)
	}
}
