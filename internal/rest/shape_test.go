package rest_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

var update = flag.Bool("update", false, "rewrite the golden files")

var (
	docIDs     = regexp.MustCompile(`"documentId":"[a-z0-9]{24}"`)
	timestamps = regexp.MustCompile(`"(createdAt|updatedAt|publishedAt)":"[0-9T:.Z-]+"`)
)

// normalise replaces what differs between runs (documentIds, timestamps)
// and indents the JSON so a golden file reads as a response.
func normalise(t *testing.T, body []byte) []byte {
	t.Helper()
	body = docIDs.ReplaceAll(body, []byte(`"documentId":"DOC"`))
	body = timestamps.ReplaceAll(body, []byte(`"$1":"TIME"`))
	var out bytes.Buffer
	if err := json.Indent(&out, body, "", "  "); err != nil {
		t.Fatalf("invalid JSON: %v: %s", err, body)
	}
	out.WriteByte('\n')
	return out.Bytes()
}

// golden compares got with testdata/name, or rewrites it under -update.
// The file holds the request, a separator line, then the response.
func golden(t *testing.T, name, request string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	content := append([]byte(request+"\n----------\n"), got...)
	if *update {
		if err := os.WriteFile(path, content, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("missing golden file (run with -update): %v", err)
	}
	if !bytes.Equal(want, content) {
		t.Errorf("%s differs from the golden file.\n--- got:\n%s\n--- want:\n%s", name, content, want)
	}
}

// TestResponseShapesGolden pins the v2 (Strapi 5) and v1 (Strapi 4) shape of
// a list with populate, on both databases against the same files.
func TestResponseShapesGolden(t *testing.T) {
	t.Parallel()
	const list = "/api/programs?filters[id][$in][0]=1&filters[id][$in][1]=2&populate[customer][fields][0]=name&populate[modules][sort][0]=order:desc&populate[modules][populate][sessions][fields][0]=title&populate[coaches][count]=true&fields[0]=title&fields[1]=startDate&fields[2]=capacity"
	const one = "/api/coaches/1?populate=*"
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		if h.App.DB.Dialect == database.Postgres && *update {
			t.Skip("golden files are written from SQLite and checked against both")
		}
		fixture(t, h)
		for _, tc := range []struct {
			name, path string
			headers    []string
		}{
			{"list_v2.golden", list, nil},
			{"list_v1.golden", "/api/v1" + list[len("/api"):], nil},
			{"list_v4_header.golden", list, []string{"Strapi-Response-Format", "v4"}},
			{"coach_v2.golden", one, nil},
		} {
			r := h.Do("GET", tc.path, nil, tc.headers...)
			if r.Status != 200 {
				t.Fatalf("%s: %d %s", tc.path, r.Status, r.Body)
			}
			golden(t, tc.name, "GET "+tc.path, normalise(t, r.Body))
		}
	})
}

// TestVersionHeaders: every response, errors and 404s included, says which
// version answered.
func TestVersionHeaders(t *testing.T) {
	t.Parallel()
	h := apptest.New(t, database.SQLite)
	cases := []struct {
		path    string
		headers []string
		want    string
	}{
		{"/api/programs", nil, "2"},
		{"/api/v2/programs", nil, "2"},
		{"/api/v1/programs", nil, "1"},
		{"/api/programs", []string{"Strapi-Response-Format", "v4"}, "1"},
		{"/api/programs/nope", nil, "2"},
		{"/api/v1/nothing-here", nil, "1"},
		{"/api/programs?filters[nope]=1", nil, "2"},
	}
	for _, tc := range cases {
		r := h.Do("GET", tc.path, nil, tc.headers...)
		if got := r.Header.Get("API-Version"); got != tc.want {
			t.Errorf("%s %v: API-Version %q, want %q (status %d)", tc.path, tc.headers, got, tc.want, r.Status)
		}
	}
}
