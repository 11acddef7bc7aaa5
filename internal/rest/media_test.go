package rest_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// Media fields: written by file id, populated, filtered and checked
// against allowedTypes the same way wherever they are — on the type, in
// a component, in a dynamic zone — on testdata/media's YAML layout.

// eachMedia runs fn on an app of testdata/media on each database; perms,
// when given, replaces the project's permissions.yaml.
func eachMedia(t *testing.T, perms string, fn func(t *testing.T, h *apptest.Harness)) {
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			t.Parallel()
			cfg := apptest.ProjectConfig(t, d, "media", "content-types")
			if perms != "" {
				dir := t.TempDir()
				if err := os.WriteFile(filepath.Join(dir, "permissions.yaml"), []byte(perms), 0o600); err != nil {
					t.Fatal(err)
				}
				cfg.Paths.Config = dir
			}
			fn(t, apptest.NewWith(t, cfg))
		})
	}
}

// mediaSample is a file of each allowedTypes group, with the type its
// bytes are sniffed as.
type mediaSample struct {
	name, mime string
	data       []byte
}

func mediaSamples(t *testing.T) []mediaSample {
	var img bytes.Buffer
	m := image.NewRGBA(image.Rect(0, 0, 40, 30))
	m.Set(1, 1, color.RGBA{R: 255, A: 255})
	if err := png.Encode(&img, m); err != nil {
		t.Fatal(err)
	}
	// An MP4's ftyp box and an MP3's ID3 tag are what the sniffer reads.
	mp4 := append([]byte{0, 0, 0, 0x18}, []byte("ftypmp42\x00\x00\x00\x00mp42isom")...)
	mp4 = append(mp4, make([]byte, 64)...)
	mp3 := append([]byte("ID3\x03\x00\x00\x00\x00\x00\x0f"), make([]byte, 64)...)
	return []mediaSample{
		{"dot.png", "image/png", img.Bytes()},
		{"clip.mp4", "video/mp4", mp4},
		{"song.mp3", "audio/mpeg", mp3},
		{"notes.txt", "text/plain", []byte("plain words\n")},
	}
}

// uploadOne uploads one file and answers its id.
func uploadOne(t *testing.T, h *apptest.Harness, name string, data []byte) int64 {
	t.Helper()
	r := h.Upload("/api/upload", []apptest.File{{Name: name, Data: data}}, nil)
	if r.Status != 201 {
		t.Fatalf("upload %s: %d %s", name, r.Status, r.Body)
	}
	var list []map[string]any
	if err := decodeJSON(r.Body, &list); err != nil || len(list) != 1 {
		t.Fatalf("upload %s: %v %s", name, err, r.Body)
	}
	return h.IDOf(list[0])
}

// allowedByRule is the allowedTypes rule written out again, from the
// groups' names: what the write must do for a file of mime.
func allowedByRule(allowed []string, mime string) bool {
	if len(allowed) == 0 {
		return true
	}
	group := "files"
	for _, g := range []string{"image", "video", "audio"} {
		if strings.HasPrefix(mime, g+"/") {
			group = g + "s"
		}
	}
	return slices.Contains(allowed, group)
}

// TestMediaAllowedTypesEverywhere: every media field of the project, at
// every place it can be (the type, a component, a dynamic zone's item),
// takes a file of each group exactly when its allowedTypes do; a refusal
// is a 400 naming the field by its path, and writes nothing.
func TestMediaAllowedTypesEverywhere(t *testing.T) {
	eachMedia(t, "", func(t *testing.T, h *apptest.Harness) {
		samples := mediaSamples(t)
		ids := map[string]int64{}
		for _, s := range samples {
			ids[s.name] = uploadOne(t, h, s.name, s.data)
			r := h.Do("GET", fmt.Sprintf("/api/upload/files/%d?fields[0]=mime", ids[s.name]), nil)
			if got := string(r.Body); !strings.Contains(got, `"mime":"`+s.mime+`"`) {
				t.Fatalf("%s sniffed as %s, want %s", s.name, got, s.mime)
			}
		}
		album := h.App.Schema.Type("album")
		type place struct {
			a    *schema.Attribute
			body func(v any) map[string]any
			path string
		}
		var places []place
		for _, a := range album.Attributes {
			if a.IsMedia() {
				a := a
				places = append(places, place{a, func(v any) map[string]any { return map[string]any{a.Name: v} }, a.Name})
			}
		}
		seo := h.App.Schema.Component("shared.meta").Attr("image")
		places = append(places, place{seo, func(v any) map[string]any {
			return map[string]any{"seo": map[string]any{"label": "l", "image": v}}
		}, "seo.image"})
		photo := h.App.Schema.Component("blocks.picture").Attr("photo")
		places = append(places, place{photo, func(v any) map[string]any {
			return map[string]any{"body": []any{map[string]any{"__component": "blocks.picture", "photo": v}}}
		}, "body.0.photo"})
		if len(places) != 6 {
			t.Fatalf("the project has %d media places, the test expects 6", len(places))
		}
		doc := h.Create("/api/albums", map[string]any{"title": "A"})
		_ = doc
		r := h.Do("GET", "/api/albums?fields[0]=title", nil)
		docID := atPath(r.JSON(t)["data"], "0.documentId")
		for _, p := range places {
			for _, s := range samples {
				var v any = ids[s.name]
				if p.a.Multiple {
					v = []any{ids[s.name]}
				}
				body := p.body(v)
				body["title"] = "A"
				r := h.Do("PUT", fmt.Sprintf("/api/albums/%s", docID), map[string]any{"data": body})
				want := allowedByRule(p.a.AllowedTypes, s.mime)
				switch {
				case want && r.Status != 200:
					t.Errorf("%s takes %s (%v): %d %s", p.path, s.name, p.a.AllowedTypes, r.Status, r.Body)
				case !want:
					status, name, msg, details := h.ErrorOf(r)
					path := fmt.Sprint(atPath(details, "errors.0.path"))
					if status != 400 || name != "ValidationError" || !strings.Contains(msg, strings.Join(p.a.AllowedTypes, ", ")) ||
						path != "["+strings.ReplaceAll(p.path, ".", " ")+"]" {
						t.Errorf("%s given %s (%v): %d %s %q path %s, want 400 ValidationError naming %s", p.path, s.name,
							p.a.AllowedTypes, status, name, msg, path, p.path)
					}
				}
			}
		}
	})
}

// TestMediaWriteForms: a media field takes Strapi's forms — an id, a
// numeric string, a documentId, {id}, [id] for a single, one id for a
// multiple, null and [] — and populate answers the files in the order
// written; an id that is no file is a 400 naming the field.
func TestMediaWriteForms(t *testing.T) {
	eachMedia(t, "", func(t *testing.T, h *apptest.Harness) {
		s := mediaSamples(t)
		a, b := uploadOne(t, h, "a.png", s[0].data), uploadOne(t, h, "b.png", s[0].data)
		r := h.Do("GET", fmt.Sprintf("/api/upload/files/%d", b), nil)
		bDoc := r.JSON(t)["documentId"]
		doc := ""
		write := func(data map[string]any) (int, []byte) {
			data["title"] = "W"
			if doc == "" {
				r := h.Do("POST", "/api/albums", map[string]any{"data": data})
				if r.Status == 201 {
					doc = fmt.Sprint(atPath(r.JSON(t)["data"], "documentId"))
				}
				return r.Status, r.Body
			}
			r := h.Do("PUT", "/api/albums/"+doc, map[string]any{"data": data})
			return r.Status, r.Body
		}
		read := func() (cover any, gallery []int64) {
			r := h.Do("GET", "/api/albums/"+doc+"?populate[cover][fields][0]=name&populate[gallery][fields][0]=name", nil)
			d := r.JSON(t)["data"].(map[string]any)
			if c, ok := d["cover"].(map[string]any); ok {
				cover = h.IDOf(c)
			}
			for _, g := range d["gallery"].([]any) {
				gallery = append(gallery, h.IDOf(g))
			}
			return cover, gallery
		}
		cases := []struct {
			name          string
			data          map[string]any
			cover         any
			gallery       []int64
			status        int
			wantSubstring string
		}{
			{"ids", map[string]any{"cover": a, "gallery": []any{b, a}}, a, []int64{b, a}, 0, ""},
			{"numeric string and a documentId", map[string]any{"cover": fmt.Sprint(b), "gallery": []any{bDoc}}, b, []int64{b}, 0, ""},
			{"{id} and one id for a multiple", map[string]any{"cover": map[string]any{"id": a}, "gallery": a}, a, []int64{a}, 0, ""},
			{"[id] for a single", map[string]any{"cover": []any{b}}, b, []int64{a}, 0, ""},
			{"null and []", map[string]any{"cover": nil, "gallery": []any{}}, nil, nil, 0, ""},
			{"reordered", map[string]any{"gallery": []any{a, b}}, nil, []int64{a, b}, 0, ""},
			{"disconnect", map[string]any{"gallery": map[string]any{"disconnect": []any{a}}}, nil, []int64{b}, 0, ""},
			{"connect appends", map[string]any{"gallery": map[string]any{"connect": []any{a}}}, nil, []int64{b, a}, 0, ""},
			{"no such file", map[string]any{"cover": 999999}, nil, []int64{b, a}, 400, "cover"},
			{"two for a single", map[string]any{"cover": []any{a, b}}, nil, []int64{b, a}, 400, "cover takes one entry"},
		}
		for _, c := range cases {
			status, body := write(c.data)
			if c.status != 0 {
				if status != c.status || !strings.Contains(string(body), c.wantSubstring) {
					t.Errorf("%s: %d %s, want %d naming %q", c.name, status, body, c.status, c.wantSubstring)
				}
			} else if status != 200 && status != 201 {
				t.Fatalf("%s: %d %s", c.name, status, body)
			}
			cover, gallery := read()
			if fmt.Sprint(cover) != fmt.Sprint(c.cover) || !slices.Equal(gallery, c.gallery) {
				t.Errorf("%s: cover %v gallery %v, want %v %v", c.name, cover, gallery, c.cover, c.gallery)
			}
		}
	})
}

// TestMediaPopulateFiltersAndShapes: populate answers files in Strapi's
// key order (the upload routes add isUrlSigned), fields narrow them,
// filters reach into a media field's attributes at the top and inside a
// component, and the v4 shape wraps them in data.
func TestMediaPopulateFiltersAndShapes(t *testing.T) {
	eachMedia(t, "", func(t *testing.T, h *apptest.Harness) {
		s := mediaSamples(t)
		img, txt := uploadOne(t, h, "pic.png", s[0].data), uploadOne(t, h, "notes.txt", s[3].data)
		h.Create("/api/albums", map[string]any{"title": "with", "cover": img, "anything": txt, "seo": map[string]any{"label": "x", "image": img}})
		h.Create("/api/albums", map[string]any{"title": "without"})
		keys := `"id","documentId","name","alternativeText","caption","focalPoint","width","height","formats","hash","ext","mime","size","url","previewUrl","provider","provider_metadata","createdAt","updatedAt","publishedAt"`
		r := h.Do("GET", "/api/albums?filters[title]=with&populate=cover", nil)
		if got := keyOrder(t, r.Body, "data", "0", "cover"); got != keys {
			t.Errorf("populated file keys\n got %s\nwant %s", got, keys)
		}
		r = h.Do("GET", fmt.Sprintf("/api/upload/files/%d", img), nil)
		if got := keyOrder(t, r.Body); got != keys+`,"isUrlSigned"` {
			t.Errorf("upload route file keys\n got %s\nwant %s,isUrlSigned", got, keys)
		}
		titles := func(q string) []string {
			r := h.Do("GET", "/api/albums?fields[0]=title&sort=title&"+q, nil)
			if r.Status != 200 {
				t.Fatalf("%s: %d %s", q, r.Status, r.Body)
			}
			var out []string
			for _, e := range r.JSON(t)["data"].([]any) {
				out = append(out, e.(map[string]any)["title"].(string))
			}
			return out
		}
		for q, want := range map[string][]string{
			"filters[cover][mime][$startsWith]=image/":        {"with"},
			"filters[cover][$null]=true":                      {"without"},
			"filters[anything][ext][$eq]=.txt":                {"with"},
			"filters[seo][image][width][$eq]=40":              {"with"},
			"filters[seo][image][name][$eq]=nope":             nil,
			fmt.Sprintf("filters[cover][id][$in][0]=%d", img): {"with"},
		} {
			if got := titles(q); !slices.Equal(got, want) {
				t.Errorf("%s: %v, want %v", q, got, want)
			}
		}
		r = h.Do("GET", "/api/albums?filters[title]=with&populate[cover][fields][0]=url&populate[cover][fields][1]=mime", nil)
		if got := keyOrder(t, r.Body, "data", "0", "cover"); got != `"id","documentId","mime","url"` {
			t.Errorf("fields on a populated file: %s", got)
		}
		r = h.Do("GET", "/api/albums?filters[title]=with&populate[cover][fields][0]=name&populate[gallery][fields][0]=name", nil, "Strapi-Response-Format", "v4")
		attrs := atPath(r.JSON(t)["data"], "0.attributes").(map[string]any)
		if fmt.Sprint(atPath(attrs, "cover.data.attributes.name")) != "pic.png" || fmt.Sprint(atPath(attrs, "gallery.data")) != "[]" {
			t.Errorf("v4 shape: %s", r.Body)
		}
	})
}

// keyOrder is the keys of the JSON object at path in raw, quoted and
// comma-separated, in the order the answer wrote them.
func keyOrder(t *testing.T, raw []byte, path ...string) string {
	t.Helper()
	for _, k := range path {
		var next json.RawMessage
		if i, err := strconv.Atoi(k); err == nil {
			var list []json.RawMessage
			if err := json.Unmarshal(raw, &list); err != nil || i >= len(list) {
				t.Fatalf("no item %d in %s", i, raw)
			}
			next = list[i]
		} else {
			var m map[string]json.RawMessage
			if err := json.Unmarshal(raw, &m); err != nil {
				t.Fatalf("not an object at %s: %s", k, raw)
			}
			next = m[k]
		}
		raw = next
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("not an object: %s", raw)
	}
	var keys []string
	for dec.More() {
		tok, _ := dec.Token()
		keys = append(keys, strconv.Quote(tok.(string)))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return strings.Join(keys, ",")
}

// TestMediaPermissions: media is populated and filtered for whoever may
// read the entry, as in Strapi: upload.find guards only the library's
// own routes, and upload.upload and upload.destroy its writes.
func TestMediaPermissions(t *testing.T) {
	perms := `roles:
  public:
    actions: [album.find, album.findOne]
  authenticated:
    actions: [users.me]
  admin:
    actions: ["*"]
`
	eachMedia(t, perms, func(t *testing.T, h *apptest.Harness) {
		img := uploadOne(t, h, "pic.png", mediaSamples(t)[0].data)
		h.Create("/api/albums", map[string]any{"title": "A", "cover": img})
		anon := []string{"Authorization", apptest.Anonymous}
		r := h.Do("GET", "/api/albums?populate=cover&filters[cover][mime][$startsWith]=image/", nil, anon...)
		if fmt.Sprint(atPath(r.JSON(t)["data"], "0.cover.name")) != "pic.png" {
			t.Errorf("the public role reads albums with their cover: %d %s", r.Status, r.Body)
		}
		for _, req := range []struct{ method, path string }{
			{"GET", "/api/upload/files"}, {"GET", fmt.Sprintf("/api/upload/files/%d", img)},
			{"DELETE", fmt.Sprintf("/api/upload/files/%d", img)}, {"POST", "/api/upload"},
		} {
			r := h.Do(req.method, req.path, nil, anon...)
			// Kiln's rule for a caller without a token: 401 naming the
			// action the route needs (docs/strapi-differences.md).
			action := map[string]string{"GET": "upload.find", "DELETE": "upload.destroy", "POST": "upload.upload"}[req.method]
			if strings.Contains(req.path, "/files/") && req.method == "GET" {
				action = "upload.findOne"
			}
			if status, name, _, details := h.ErrorOf(r); status != 401 || name != "UnauthorizedError" || details["action"] != action {
				t.Errorf("%s %s as the public: %d %s, want 401 UnauthorizedError naming %s", req.method, req.path, r.Status, r.Body, action)
			}
		}
	})
}

// TestUploadsServedCacheable: the local provider's files are served
// with a year's Cache-Control, Last-Modified, an ETag that answers 304,
// and byte ranges; a deleted file is gone at once.
func TestUploadsServedCacheable(t *testing.T) {
	eachMedia(t, "", func(t *testing.T, h *apptest.Harness) {
		data := mediaSamples(t)[3].data
		r := h.Upload("/api/upload", []apptest.File{{Name: "notes.txt", Data: data}}, nil)
		var list []map[string]any
		if err := decodeJSON(r.Body, &list); err != nil || len(list) != 1 {
			t.Fatalf("upload: %d %s", r.Status, r.Body)
		}
		url := list[0]["url"].(string)
		anon := []string{"Authorization", apptest.Anonymous}
		r = h.Do("GET", url, nil, anon...)
		etag := r.Header.Get("ETag")
		if r.Status != 200 || !bytes.Equal(r.Body, data) || etag == "" || r.Header.Get("Last-Modified") == "" ||
			r.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" ||
			!strings.HasPrefix(r.Header.Get("Content-Type"), "text/plain") || r.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Fatalf("GET %s: %d %v %q", url, r.Status, r.Header, r.Body)
		}
		if r := h.Do("GET", url, nil, append(anon, "If-None-Match", etag)...); r.Status != 304 || len(r.Body) != 0 {
			t.Errorf("If-None-Match: %d %q", r.Status, r.Body)
		}
		if r := h.Do("GET", url, nil, append(anon, "Range", "bytes=2-6")...); r.Status != 206 || string(r.Body) != string(data[2:7]) ||
			r.Header.Get("Content-Range") != fmt.Sprintf("bytes 2-6/%d", len(data)) {
			t.Errorf("Range: %d %v %q", r.Status, r.Header, r.Body)
		}
		if r := h.Do("DELETE", fmt.Sprintf("/api/upload/files/%d", h.IDOf(list[0])), nil); r.Status != 200 {
			t.Fatalf("delete: %d %s", r.Status, r.Body)
		}
		if r := h.Do("GET", url, nil, anon...); r.Status != 404 {
			t.Errorf("a deleted file: %d %q", r.Status, r.Body)
		}
		for _, bad := range []string{"/uploads/..%2Fkiln.db", "/uploads/.hidden", "/uploads/%00"} {
			if r := h.Do("GET", bad, nil, anon...); r.Status != 404 && r.Status != 400 {
				t.Errorf("GET %s: %d %q", bad, r.Status, r.Body)
			}
		}
	})
}

// TestUploadFormNUL: a NUL byte in an upload's form fields is a 400
// naming the field, as in a JSON body; in a file's name it is dropped
// from the name stored.
func TestUploadFormNUL(t *testing.T) {
	eachMedia(t, "", func(t *testing.T, h *apptest.Harness) {
		r := h.Upload("/api/upload", []apptest.File{{Name: "a.txt", Data: []byte("a")}}, []string{"fileInfo", "{\"name\":\"x\x00y\"}"})
		status, name, msg, details := h.ErrorOf(r)
		if status != 400 || name != "ValidationError" || !strings.Contains(msg, `"fileInfo"`) || details["source"] != "body" {
			t.Errorf("a NUL in fileInfo: %d %s %q %v", status, name, msg, details)
		}
		if r := h.Do("GET", "/api/upload/files", nil); string(r.Body) != "[]" {
			t.Errorf("a refused upload stored a file: %s", r.Body)
		}
	})
}

// TestMediaStatementsPerList: a list populated with its media — a single
// field, a multiple one and one inside a component — costs the same
// statements for 3 albums as for 20: the files are read per level, never
// per entry.
func TestMediaStatementsPerList(t *testing.T) {
	eachMedia(t, "", func(t *testing.T, h *apptest.Harness) {
		s := mediaSamples(t)
		a, b := uploadOne(t, h, "a.png", s[0].data), uploadOne(t, h, "b.png", s[0].data)
		least := func() int64 {
			return h.FewestQueries(func() {
				r := h.Do("GET", "/api/albums?populate[cover]=true&populate[gallery]=true&populate[seo][populate]=image&pagination[pageSize]=100", nil)
				if r.Status != 200 {
					t.Fatalf("list: %d %s", r.Status, r.Body)
				}
			})
		}
		create := func(n int) {
			for range n {
				h.Create("/api/albums", map[string]any{"title": "A", "cover": a, "gallery": []any{a, b}, "seo": map[string]any{"label": "l", "image": b}})
			}
		}
		create(3)
		few := least()
		create(17)
		many := least()
		if few != many {
			t.Errorf("the populated list: %d statements for 3 albums, %d for 20", few, many)
		}
	})
}
