package transfer

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/storage/s3test"
	"github.com/kiln-cms/kiln/internal/transfer/archive"
)

// cutArchive is a copy of the Strapi 5 archive's unpacked folder with
// stage's file changed by edit.
func cutArchive(t *testing.T, stage string, edit func(string) string) string {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join(strapi5, "unpacked")
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dir, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if strings.HasPrefix(rel, stage+string(filepath.Separator)) {
			b = []byte(edit(string(b)))
		}
		return os.WriteFile(filepath.Join(dir, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestHostileArchivesWriteNothing: an archive that is not what strapi
// export writes — a line that is no JSON, a row twice, a zone item or a
// type the project does not have, a component without its id, a value of
// the wrong kind, a link to the wrong type or to rows the archive does
// not hold, a line past the limit — is refused with an error that names
// the line and what is wrong, and the database and the storage stay as
// they were. --force leaves out what the project does not have.
func TestHostileArchivesWriteNothing(t *testing.T) {
	first := func(s, old, new string) string {
		if !strings.Contains(s, old) {
			t.Fatalf("the archive holds no %q", old)
		}
		return strings.Replace(s, old, new, 1)
	}
	cases := []struct {
		name, stage string
		edit        func(string) string
		limits      archive.Limits
		want        string
	}{
		{"not JSON", "entities", func(s string) string { return `{"type":` + "\n" + s }, archive.Limits{}, "line 1 is not an entity"},
		{"a row twice", "entities", func(s string) string { return s + "\n" + strings.SplitN(s, "\n", 2)[0] }, archive.Limits{}, "plugin::upload.file id 1 comes twice"},
		{"an unknown type", "entities", func(s string) string {
			return first(s, `"type":"api::writer.writer"`, `"type":"api::nope.nope"`)
		}, archive.Limits{}, "api::nope.nope is no content type of the project"},
		{"an unknown zone item", "entities", func(s string) string {
			return first(s, `"__component":"blocks.quote"`, `"__component":"blocks.nope"`)
		}, archive.Limits{}, `the zone holds no component "blocks.nope"`},
		{"a component without its id", "entities", func(s string) string {
			return first(s, `"seo":{"id":7,`, `"seo":{`)
		}, archive.Limits{}, "a shared.seo without its row id"},
		{"a value of the wrong kind", "entities", func(s string) string {
			return first(s, `"rating":4.5`, `"rating":"high"`)
		}, archive.Limits{}, "rating must be"},
		{"a link to the wrong type", "links", func(s string) string {
			return first(s, `"right":{"type":"api::customer.customer","field":"learners"`, `"right":{"type":"api::writer.writer","field":"learners"`)
		}, archive.Limits{}, "api::learner.learner.customer links to api::writer.writer, not to api::customer.customer"},
		{"a link to a row the archive lacks", "links", func(s string) string {
			return first(s, `"right":{"type":"api::customer.customer","field":"learners","ref":1`, `"right":{"type":"api::customer.customer","field":"learners","ref":999`)
		}, archive.Limits{}, "1 links of api::learner.learner.customer name rows the archive does not hold"},
		{"a link by something else than ids", "links", func(s string) string {
			return first(s, `"right":{"type":"api::customer.customer","field":"learners","ref":1`, `"right":{"type":"api::customer.customer","field":"learners","ref":"1"`)
		}, archive.Limits{}, "links rows by something else than their ids"},
		{"a line past the limit", "entities", func(s string) string { return s }, archive.Limits{MaxLine: 1000}, "longer than 1000 bytes"},
	}
	dialects(t, func(t *testing.T, d database.Dialect) {
		cfg := apptest.ProjectConfigWithLocales(t, d, "graphql", "src")
		cfg.I18n.Locales = append(cfg.I18n.Locales, config.Locale{Code: "de", Name: "German (de)"})
		h := apptest.NewWith(t, cfg)
		h.Create("/api/writers", map[string]any{"name": "Still here"})
		st := h.App.Upload.Storage()
		for _, c := range cases {
			dir := cutArchive(t, c.stage, c.edit)
			_, err := Import(context.Background(), h.App.Content, dir, ImportOptions{Files: true, Storage: st, Limits: c.limits})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s: %v, want an error naming %q", c.name, err, c.want)
			}
			r := h.Do("GET", "/api/writers", nil)
			if r.Status != 200 || !strings.Contains(string(r.Body), "Still here") || strings.Contains(string(r.Body), "Wanda") {
				t.Errorf("%s changed the database: %d %s", c.name, r.Status, r.Body)
			}
			n := 0
			if err := st.Keys(context.Background(), func(string) error { n++; return nil }); err != nil || n != 0 {
				t.Errorf("%s left %d files in the storage (%v)", c.name, n, err)
			}
		}
		// What the project does not have is left out under --force.
		dir := cutArchive(t, "entities", func(s string) string {
			return first(s, `"type":"api::writer.writer","id":2`, `"type":"api::nope.nope","id":2`)
		})
		rep, err := Import(context.Background(), h.App.Content, dir, ImportOptions{Force: true})
		if err != nil || rep.Skipped["api::nope.nope"] != 1 || rep.Entities["api::writer.writer"] != 1 {
			t.Errorf("--force: %v, skipped %v, imported %v", err, rep.Skipped, rep.Entities)
		}
		if _, err := Import(context.Background(), h.App.Content, filepath.Join(strapi5, "export.tar.gz.enc"), ImportOptions{Key: "wrong"}); !errors.Is(err, archive.ErrWrongKey) {
			t.Errorf("a wrong key: %v", err)
		}
	})
}

// TestImportKeepsJSONAsWritten: a json field (here inside a zone's
// component) keeps its text as the archive writes it, keys in their
// order, as Strapi keeps it: the answer is byte for byte the archive's.
func TestImportKeepsJSONAsWritten(t *testing.T) {
	dir := cutArchive(t, "entities", func(s string) string {
		return strings.Replace(s, `"extra":{"a":[1,2],"b":null}`, `"extra":{"b":null,"a":[1,2],"z":{"y":1,"x":2}}`, 1)
	})
	dialects(t, func(t *testing.T, d database.Dialect) {
		cfg := apptest.ProjectConfigWithLocales(t, d, "graphql", "src")
		cfg.I18n.Locales = append(cfg.I18n.Locales, config.Locale{Code: "de", Name: "German (de)"})
		h, _ := importInto(t, cfg, dir, ImportOptions{})
		r := h.Do("GET", "/api/pages?populate[body][on][blocks.stats][fields][0]=extra", nil)
		if r.Status != 200 || !strings.Contains(string(r.Body), `"extra":{"b":null,"a":[1,2],"z":{"y":1,"x":2}}`) {
			t.Errorf("%d %s", r.Status, r.Body)
		}
	})
}

// TestImportIntoS3: with S3 as the upload provider, the archive's files
// and formats go into the bucket and their rows name it: each file and
// format url the API answers (signed) serves the archive's bytes.
func TestImportIntoS3(t *testing.T) {
	want := readArchive(t, filepath.Join(strapi5, "export.tar.gz"))
	dialects(t, func(t *testing.T, d database.Dialect) {
		bucket := s3test.Start(t)
		cfg := apptest.ProjectConfigWithLocales(t, d, "graphql", "src")
		cfg.I18n.Locales = append(cfg.I18n.Locales, config.Locale{Code: "de", Name: "German (de)"})
		cfg.Upload.Provider = config.ProviderS3
		cfg.Upload.S3 = config.UploadS3{Bucket: bucket.Bucket, Region: bucket.Region, Endpoint: bucket.Endpoint, AccessKeyID: bucket.AccessKeyID,
			SecretAccessKey: bucket.SecretAccessKey, ForcePathStyle: true, SignedURLs: true, SignedURLTTL: time.Minute}
		h, rep := importInto(t, cfg, filepath.Join(strapi5, "export.tar.gz"), ImportOptions{})
		if rep.Assets != len(want.files) {
			t.Fatalf("%d assets stored, want %d", rep.Assets, len(want.files))
		}
		r := h.Do("GET", "/api/upload/files", nil)
		var files []struct {
			Hash, Ext, URL, Provider string
			Formats                  map[string]struct{ Hash, Ext, URL string }
		}
		if err := json.Unmarshal(r.Body, &files); err != nil || len(files) != 3 {
			t.Fatalf("%d %s", r.Status, r.Body)
		}
		served := 0
		get := func(key, u string) {
			resp, err := http.Get(u)
			if err != nil {
				t.Fatalf("GET %s: %v", u, err)
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != 200 || !bytes.Equal(b, want.files[key]) || !strings.HasPrefix(u, bucket.Endpoint) {
				t.Errorf("%s at %s: %d, %d bytes of %d", key, u, resp.StatusCode, len(b), len(want.files[key]))
			}
			served++
		}
		for _, f := range files {
			if f.Provider != "aws-s3" {
				t.Errorf("%s is kept by %q", f.Hash, f.Provider)
			}
			get(f.Hash+f.Ext, f.URL)
			for _, ff := range f.Formats {
				get(ff.Hash+ff.Ext, ff.URL)
			}
		}
		if served != len(want.files) {
			t.Errorf("%d files and formats served, want %d", served, len(want.files))
		}
	})
}

// TestImportProgressCounts: with Count, progress says each stage's lines
// or files to come, and ends each stage at its total.
func TestImportProgressCounts(t *testing.T) {
	file := filepath.Join(strapi5, "export.tar.gz")
	want := readArchive(t, file)
	cfg := apptest.ProjectConfigWithLocales(t, database.SQLite, "graphql", "src")
	cfg.I18n.Locales = append(cfg.I18n.Locales, config.Locale{Code: "de", Name: "German (de)"})
	h := apptest.NewWith(t, cfg)
	last := map[string]Progress{}
	_, err := Import(context.Background(), h.App.Content, file, ImportOptions{Files: true, Storage: h.App.Upload.Storage(), Count: true,
		Progress: func(p Progress) { last[p.Stage] = p }})
	if err != nil {
		t.Fatal(err)
	}
	entities := 0
	for _, n := range want.count {
		entities += n
	}
	for stage, n := range map[string]int{"entities": entities, "links": len(want.links), "assets": len(want.files)} {
		if p := last[stage]; p.Total != n || p.Items != n {
			t.Errorf("%s ends at %d of %d, want %d of %d", stage, p.Items, p.Total, n, n)
		}
	}
}
