package cli

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// TestInitWritesAProjectThatRuns: kiln init writes the minimal project;
// validate accepts it; the app built from it (no plugin) lets a signed-in
// user create an article that the public then reads, on both databases.
func TestInitWritesAProjectThatRuns(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "site")
	var out, errb bytes.Buffer
	if code := run([]string{"init", dir}, &out, &errb); code != 0 {
		t.Fatalf("init: %d %s", code, errb.String())
	}
	var files []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			files = append(files, rel)
		}
		return nil
	})
	slices.Sort(files)
	want := []string{".gitignore", "README.md", "config/permissions.yaml", "config/plugins.yaml", "content-types/article.yaml"}
	if !slices.Equal(files, want) || !strings.Contains(out.String(), "created "+filepath.Join(dir, "content-types/article.yaml")) {
		t.Fatalf("files %v, stdout %q", files, out.String())
	}
	if code, out, errs := runKiln(t, dir, "validate"); code != 0 || !strings.HasPrefix(out, "1 content types") {
		t.Fatalf("validate: %d %q %q", code, out, errs)
	}
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			cfg := projectConfig(t, dir, d)
			enabled, err := plugins(cfg)
			if err != nil || len(enabled) != 0 {
				t.Fatalf("plugins: %v %v", enabled, err)
			}
			h := apptest.NewWith(t, cfg, enabled...)
			writer := h.CreateUser("writer", "writer@example.test", "authenticated")
			article := map[string]any{"data": map[string]any{"title": "Hello, Kiln"}}
			if r := h.Do("POST", "/api/articles", article, "Authorization", apptest.Anonymous); r.Status != 401 {
				t.Errorf("an anonymous write: %d %s", r.Status, r.Body)
			}
			r := h.Do("POST", "/api/articles", article, apptest.As(writer)...)
			if r.Status != 201 {
				t.Fatalf("create: %d %s", r.Status, r.Body)
			}
			r = h.Do("GET", "/api/articles?fields[0]=title&fields[1]=slug", nil, "Authorization", apptest.Anonymous)
			got := r.JSON(t)["data"].([]any)
			if r.Status != 200 || len(got) != 1 {
				t.Fatalf("public read: %d %s", r.Status, r.Body)
			}
			if e := got[0].(map[string]any); e["title"] != "Hello, Kiln" || e["slug"] != "hello-kiln" {
				t.Errorf("the article read back: %v", e)
			}
		})
	}
}

// TestInitProjectServesFromItsFolder: `kiln serve` run in the folder
// kiln init wrote, with no setting at all, starts (no demo data: the
// platform's types are not there) and serves the article list.
func TestInitProjectServesFromItsFolder(t *testing.T) {
	dir := t.TempDir()
	if _, err := initProject(dir); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	for _, k := range []string{"KILN_CONTENT_TYPES_DIR", "KILN_CONFIG_DIR", "KILN_DATA_DIR", "KILN_DATABASE_URL", "DATABASE_URL", "KILN_DEMO"} {
		t.Setenv(k, "")
	}
	t.Setenv("KILN_HOST", "127.0.0.1")
	t.Setenv("KILN_PORT", "0")
	var pf projectFlags
	cfg, err := pf.load()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	addr, done := make(chan net.Addr, 1), make(chan int, 1)
	go func() {
		done <- serve(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), func(a net.Addr) { addr <- a })
	}()
	select {
	case a := <-addr:
		r, err := http.Get("http://" + a.String() + "/api/articles")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(r.Body)
		r.Body.Close()
		if r.StatusCode != 200 || string(b) != `{"data":[],"meta":{"pagination":{"page":1,"pageSize":25,"pageCount":0,"total":0}}}` {
			t.Errorf("GET /api/articles: %d %s", r.StatusCode, b)
		}
	case code := <-done:
		t.Fatalf("serve stopped with %d", code)
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not listen within 30s")
	}
	cancel()
	if code := <-done; code != 0 {
		t.Errorf("exit %d", code)
	}
	if _, err := os.Stat(filepath.Join(dir, "data", "kiln.db")); err != nil {
		t.Errorf("the database is not in the project's data folder: %v", err)
	}
}

// TestInitRefusesANonEmptyFolder: kiln init writes nothing into a folder
// that holds anything, and says why.
func TestInitRefusesANonEmptyFolder(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644)
	var out, errb bytes.Buffer
	code := run([]string{"init", dir}, &out, &errb)
	if code != 1 || errb.String() != "kiln init: "+dir+" is not empty: kiln init writes only into a new or empty folder\n" {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("init wrote into the folder: %v", entries)
	}
	if code := run([]string{"init", dir, "other"}, &out, &errb); code != 2 {
		t.Errorf("two folders: exit %d", code)
	}
}
