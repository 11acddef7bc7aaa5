package openapi_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// TestMediaAnswersMatchTheDocuments: the media library's routes and the
// media fields of testdata/media — populated at the top, in a component
// and in a zone, in both versions — answer as the documents describe,
// and what the documents take as input, the app takes.
func TestMediaAnswersMatchTheDocuments(t *testing.T) {
	t.Parallel()
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			t.Parallel()
			h := apptest.NewWith(t, apptest.ProjectConfig(t, d, "media", "content-types"))
			docs := served(t, h)
			for name, raw := range docs {
				if err := validateAgainstSpecSchema(raw); err != nil {
					t.Errorf("%s: the OpenAPI 3.1 schema: %v", name, err)
				}
			}
			var img bytes.Buffer
			if err := png.Encode(&img, image.NewRGBA(image.Rect(0, 0, 300, 200))); err != nil {
				t.Fatal(err)
			}
			r := h.Upload("/api/upload", []apptest.File{{Name: "a.png", Data: img.Bytes()}, {Name: "b.txt", Data: []byte("text")}},
				[]string{"fileInfo", `[{"alternativeText":"A"},{"caption":"B"}]`})
			if r.Status != 201 {
				t.Fatalf("upload: %d %s", r.Status, r.Body)
			}
			var files []struct{ ID int64 }
			if err := json.Unmarshal(r.Body, &files); err != nil || len(files) != 2 {
				t.Fatalf("upload: %v %s", err, r.Body)
			}
			a, b := files[0].ID, files[1].ID
			album := map[string]any{"data": map[string]any{"title": "A", "cover": a, "gallery": []any{a}, "attachment": b,
				"seo":  map[string]any{"label": "l", "image": a},
				"body": []any{map[string]any{"__component": "blocks.picture", "photo": a}, map[string]any{"__component": "blocks.note", "text": "n"}}}}
			deep := "populate[cover]=true&populate[gallery]=true&populate[attachment]=true&populate[seo][populate]=image" +
				"&populate[body][on][blocks.picture][populate]=photo&populate[body][on][blocks.note]=true"
			checkCalls(t, h, newCheckers(t, docs), []call{
				{"POST", "/api/v2/albums", album, false, 201},
				{"POST", "/api/v2/albums?populate=*", map[string]any{"data": map[string]any{"title": "Bare"}}, false, 201},
				{"POST", "/api/v2/albums", map[string]any{"data": map[string]any{"title": "Bad", "cover": b}}, false, 400},
				{"GET", "/api/v2/albums?populate=*", nil, true, 200},
				{"GET", "/api/v2/albums?" + deep, nil, true, 200},
				{"GET", "/api/v1/albums?" + deep, nil, true, 200},
				{"GET", "/api/v2/albums?populate[cover][fields][0]=url&filters[cover][mime][$startsWith]=image/", nil, true, 200},
				{"GET", "/api/upload/files", nil, true, 200},
				{"GET", "/api/upload/files?sort=name:desc&start=0&limit=1&fields[0]=name", nil, true, 200},
				{"GET", fmt.Sprintf("/api/upload/files/%d", a), nil, true, 200},
				{"GET", "/api/upload/files/999999", nil, true, 404},
				{"DELETE", fmt.Sprintf("/api/upload/files/%d", b), nil, false, 200},
			})
		})
	}
}
