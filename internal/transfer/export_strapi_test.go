package transfer

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/transfer/archive"
)

// archiveFiles is every file of an archive, by name.
func archiveFiles(t *testing.T, file string) map[string][]byte {
	t.Helper()
	a, err := archive.Open(file, "", archive.DefaultLimits())
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	err = a.Walk("", func(name string, _ int64, r io.Reader) error {
		b, err := io.ReadAll(r)
		out[name] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// jsonValue is b decoded, numbers as json.Number.
func jsonValue(t *testing.T, what string, b []byte) any {
	t.Helper()
	var v any
	if err := decode(b, &v); err != nil {
		t.Fatalf("%s: %v: %s", what, err, b)
	}
	return v
}

// strapiAcceptsSidecar is Strapi 5.54's validateAssetMetadata
// (@strapi/data-transfer, file/providers/source/utils.ts), which strapi
// import runs on every assets/metadata file before it writes anything:
// "" when it accepts the sidecar of the upload name.
func strapiAcceptsSidecar(name string, v any) string {
	m, ok := v.(map[string]any)
	if !ok {
		return "Asset sidecar metadata must be a JSON object"
	}
	var bad []string
	if n, ok := m["id"].(json.Number); !ok {
		bad = append(bad, "id")
	} else if id, err := n.Int64(); err != nil || id <= 0 {
		bad = append(bad, "id")
	}
	if n, ok := m["size"].(json.Number); !ok {
		bad = append(bad, "size")
	} else if f, err := n.Float64(); err != nil || f < 0 {
		bad = append(bad, "size")
	}
	for _, f := range []string{"name", "hash", "mime", "url"} {
		if s, ok := m[f].(string); !ok || s == "" {
			bad = append(bad, f)
		}
	}
	for _, f := range []string{"ext", "type", "mainHash"} {
		if _, ok := m[f].(string); m[f] != nil && !ok {
			bad = append(bad, f)
		}
	}
	if len(bad) > 0 {
		return "Asset sidecar metadata has invalid required fields: " + strings.Join(bad, ", ")
	}
	hash, _ := m["hash"].(string)
	ext, _ := m["ext"].(string)
	if name != hash+ext {
		return fmt.Sprintf("Asset sidecar metadata does not match upload filename %q", name)
	}
	return ""
}

// TestExportAsStrapiImportsIt: what kiln export writes of a project
// imported from Strapi's archive is what strapi import needs to answer
// as Kiln did (testdata/transfer/strapi5/kiln-export-into-strapi.txt):
// each file's sidecar is the one Strapi wrote of it (the file's row with
// its id, or the format with its type, the file's id and hash), which
// strapi import checks before it writes anything and reads the file's id
// from; the locales are Kiln's, with the documentIds and dates
// GET /api/i18n/locales answers; and configuration/ holds the default
// locale as Strapi's i18n keeps it, without which a Strapi that imports
// the archive has no default locale (every isDefault false).
func TestExportAsStrapiImportsIt(t *testing.T) {
	strapi := archiveFiles(t, filepath.Join(strapi5, "export.tar.gz"))
	dialects(t, func(t *testing.T, d database.Dialect) {
		h, _ := importedApp(t, d, filepath.Join(strapi5, "export.tar.gz"), ImportOptions{})
		var answered []map[string]any
		if err := json.Unmarshal(h.Do("GET", "/api/i18n/locales", nil).Body, &answered); err != nil || len(answered) != 3 {
			t.Fatalf("the locales: %v %v", answered, err)
		}
		var locs []Locale
		for _, l := range answered {
			locs = append(locs, Locale{Code: l["code"].(string), Name: l["name"].(string), DocumentID: l["documentId"].(string),
				CreatedAt: parseTime(t, l["createdAt"]), UpdatedAt: parseTime(t, l["updatedAt"])})
		}
		rep, err := Export(context.Background(), h.App.Content, filepath.Join(t.TempDir(), "export"), ExportOptions{
			WriteOptions: archive.WriteOptions{Compress: true}, Files: true, Storage: h.App.Upload.Storage(),
			Locales: locs, Configuration: true})
		if err != nil {
			t.Fatal(err)
		}
		kiln := archiveFiles(t, rep.File)

		sidecars := 0
		for name, b := range kiln {
			upload, ok := strings.CutPrefix(name, "assets/metadata/")
			if !ok {
				continue
			}
			upload = strings.TrimSuffix(upload, ".json")
			sidecars++
			got := jsonValue(t, name, b)
			if why := strapiAcceptsSidecar(upload, got); why != "" {
				t.Errorf("strapi import refuses %s: %s: %s", name, why, b)
			}
			if want, ok := strapi[name]; !ok {
				t.Errorf("%s: Strapi's archive has no such file", name)
			} else if w := jsonValue(t, name, want); !reflect.DeepEqual(got, inKilnsRoot(w)) {
				t.Errorf("%s:\n%s\nwant Strapi's\n%s", name, b, want)
			}
		}
		if sidecars != 7 {
			t.Errorf("%d sidecars, want the archive's 7", sidecars)
		}

		var lines []map[string]any
		for _, l := range bytes.Split(bytes.TrimSpace(kiln["entities/entities_00001.jsonl"]), []byte("\n")) {
			var e map[string]any
			if err := json.Unmarshal(l, &e); err != nil {
				t.Fatal(err)
			}
			if e["type"] == "plugin::i18n.locale" {
				lines = append(lines, e["data"].(map[string]any))
			}
		}
		if len(lines) != len(answered) {
			t.Fatalf("%d locale rows, Kiln answers %d locales", len(lines), len(answered))
		}
		for i, l := range answered {
			for _, k := range []string{"documentId", "name", "code", "createdAt", "updatedAt", "publishedAt"} {
				if lines[i][k] != l[k] {
					t.Errorf("locale %v: %s %v in the archive, Kiln answers %v", l["code"], k, lines[i][k], l[k])
				}
			}
		}

		want := `{"type":"core-store","value":{"id":1,"key":"plugin_i18n_default_locale","value":"en","type":"string","environment":null,"tag":null}}`
		if got := strings.TrimSpace(string(kiln["configuration/configuration_00001.jsonl"])); got != want {
			t.Errorf("configuration/: %s\nwant %s", got, want)
		}
		if !bytes.Contains(strapi["configuration/configuration_00001.jsonl"], []byte(`"key":"plugin_i18n_default_locale","value":"en","type":"string","environment":null,"tag":null}`)) {
			t.Error("Strapi's own archive keeps the default locale otherwise")
		}
	})
}

// TestExportedUploadsAsStrapiImportsThem: the sidecars of files uploaded
// to Kiln (not imported: Kiln's own rows and formats) pass strapi
// import's checks too, and no configuration/ is written unless asked.
func TestExportedUploadsAsStrapiImportsThem(t *testing.T) {
	photo, err := os.ReadFile(filepath.Join("..", "..", "testdata", "graphql", "files", "photo.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		if r := h.Upload("/api/upload", []apptest.File{{Name: "photo.jpg", Data: photo}, {Name: "notes.txt", Data: []byte("notes\n")}}, nil); r.Status != 201 {
			t.Fatalf("upload: %d %s", r.Status, r.Body)
		}
		rep, err := Export(context.Background(), h.App.Content, filepath.Join(t.TempDir(), "export"), ExportOptions{
			WriteOptions: archive.WriteOptions{Compress: true}, Files: true, Storage: h.App.Upload.Storage()})
		if err != nil {
			t.Fatal(err)
		}
		files := archiveFiles(t, rep.File)
		sidecars := 0
		for name, b := range files {
			if upload, ok := strings.CutPrefix(name, "assets/metadata/"); ok {
				sidecars++
				if why := strapiAcceptsSidecar(strings.TrimSuffix(upload, ".json"), jsonValue(t, name, b)); why != "" {
					t.Errorf("strapi import refuses %s: %s: %s", name, why, b)
				}
				if _, ok := files["assets/uploads/"+strings.TrimSuffix(upload, ".json")]; !ok {
					t.Errorf("%s: no upload of that name", name)
				}
			}
		}
		if sidecars != 6 { // the photo, its four formats, the notes
			t.Errorf("%d sidecars, want 6: %v", sidecars, rep)
		}
		if _, ok := files["configuration/configuration_00001.jsonl"]; ok {
			t.Error("configuration/ written unasked")
		}
	})
}

func parseTime(t *testing.T, v any) time.Time {
	t.Helper()
	s, _ := v.(string)
	tm, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		t.Fatalf("a date: %v", err)
	}
	return tm
}

// inKilnsRoot is a file row's sidecar with the file at the media
// library's root, where kiln import puts every file (Kiln has no
// folders; the archive's "API Uploads" folder /1 is left out).
func inKilnsRoot(v any) any {
	if m, ok := v.(map[string]any); ok {
		if _, ok := m["folderPath"]; ok {
			m["folderPath"] = "/"
		}
	}
	return v
}
