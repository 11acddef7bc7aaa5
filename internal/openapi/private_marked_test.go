package openapi_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// TestAFieldMarkedPrivateIsNowhere: a field an admin marks private (on a
// content type of theirs, and on the user through content-types/user.yaml)
// is treated as the password is: absent from the documents, from entries
// in both versions, directly or populated, and any query naming it is a
// 400. On both databases: the filters and populates become SQL.
func TestAFieldMarkedPrivateIsNowhere(t *testing.T) {
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) { privateMarked(t, d) })
	}
}

func privateMarked(t *testing.T, d database.Dialect) {
	dir := t.TempDir()
	src := filepath.Join(apptest.Root(t), "content-types")
	files, err := filepath.Glob(filepath.Join(src, "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("the shipped content types: %v", err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if filepath.Base(f) == "coach.yaml" {
			b = []byte(strings.Replace(string(b), "attributes:\n", "attributes:\n  vettingNotes:\n    type: text\n    private: true\n", 1))
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	user := "info:\n  singularName: user\nattributes:\n  payrollRef:\n    type: string\n    private: true\n"
	if err := os.WriteFile(filepath.Join(dir, "user.yaml"), []byte(user), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := apptest.Config(t, d)
	cfg.Paths.ContentTypes = dir
	h := apptest.NewWith(t, cfg, shipped()...)
	secrets := []string{"vettingNotes", "payrollRef", "MARKED-SECRET"}

	for name, raw := range served(t, h) {
		for _, s := range secrets[:2] {
			if strings.Contains(string(raw), s) {
				t.Errorf("the %s document names the private field %s", name, s)
			}
		}
	}
	// Writes may set them (they are the admin's data); reads never show them.
	r := h.Do("POST", "/api/coaches", map[string]any{"data": map[string]any{"name": "Cora", "email": "cora@kiln.test",
		"vettingNotes": "MARKED-SECRET", "user": 1}})
	if r.Status != 201 {
		t.Fatalf("creating the coach: %d %s", r.Status, r.Body)
	}
	if r := h.Do("PUT", "/api/users/1", map[string]any{"payrollRef": "MARKED-SECRET"}); r.Status != 200 {
		t.Fatalf("setting the user's private field: %d %s", r.Status, r.Body)
	}
	r = h.Do("POST", "/api/learners", map[string]any{"data": map[string]any{"name": "Lee", "email": "lee@kiln.test", "coach": 1}})
	if r.Status != 201 {
		t.Fatalf("creating the learner: %d %s", r.Status, r.Body)
	}
	for _, path := range []string{
		"/api/coaches", "/api/coaches/1", "/api/v1/coaches", "/api/v1/coaches/1",
		"/api/coaches?populate=*", "/api/coaches?populate[user][populate]=*",
		"/api/learners?populate=coach", "/api/v1/learners?populate[coach][populate]=user",
		"/api/users", "/api/users/1", "/api/users/me", "/api/users/me?populate=*",
	} {
		r := h.Do("GET", path, nil)
		if r.Status != 200 {
			t.Errorf("%s: %d %s", path, r.Status, r.Body)
			continue
		}
		for _, s := range secrets {
			if strings.Contains(string(r.Body), s) {
				t.Errorf("%s leaks %s: %s", path, s, r.Body)
			}
		}
	}
	for _, path := range []string{
		"/api/coaches?filters[vettingNotes][$contains]=SECRET",
		"/api/coaches?sort=vettingNotes",
		"/api/coaches?fields=vettingNotes",
		"/api/v1/coaches?fields[0]=vettingNotes",
		"/api/learners?filters[coach][vettingNotes][$startsWith]=M",
		"/api/learners?populate[coach][fields][0]=vettingNotes",
		"/api/users?filters[payrollRef][$eq]=MARKED-SECRET",
		"/api/coaches?filters[user][payrollRef][$startsWith]=M",
		"/api/coaches?sort=user.payrollRef",
	} {
		if r := h.Do("GET", path, nil); r.Status != 400 || !strings.Contains(string(r.Body), "ValidationError") {
			t.Errorf("%s: %d %s, want a 400 ValidationError", path, r.Status, r.Body)
		}
	}
}
