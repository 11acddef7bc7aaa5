package rest_test

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// Localized types beyond what the Strapi scenario shows (locales_strapi_test.go):
// scopes per locale, Kiln's fallbackLocale, and localizations in every
// place of a query.

// TestLocaleScope: a role's scope can keep it to one locale, as to any
// field: a French editor reads French stories only, whatever locale the
// request asks for, and cannot write another locale's.
func TestLocaleScope(t *testing.T) {
	t.Parallel()
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			t.Parallel()
			cfg := apptest.ProjectConfigWithLocales(t, d, "locales", "content-types")
			shipped, err := os.ReadFile(filepath.Join(cfg.Paths.Config, "permissions.yaml"))
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			roles := string(shipped) + `  editor_fr:
    name: French editor
    description: French stories only.
    actions: [story.find, story.findOne, story.update]
    scopes:
      story: {locale: {$eq: fr}}
`
			if err := os.WriteFile(filepath.Join(dir, "permissions.yaml"), []byte(roles), 0o600); err != nil {
				t.Fatal(err)
			}
			cfg.Paths.Config = dir
			h := apptest.NewWith(t, cfg)
			r := h.Do("POST", "/api/stories", map[string]any{"data": map[string]any{"title": "Hello"}})
			var made struct{ Data struct{ DocumentID string } }
			if err := json.Unmarshal(r.Body, &made); err != nil || r.Status != 201 {
				t.Fatalf("create: %d %s", r.Status, r.Body)
			}
			doc := made.Data.DocumentID
			if r := h.Do("PUT", "/api/stories/"+doc+"?locale=fr", map[string]any{"data": map[string]any{"title": "Bonjour"}}); r.Status != 200 {
				t.Fatalf("fr: %d %s", r.Status, r.Body)
			}
			editor := apptest.As(h.CreateUser("editor", "editor@kiln.test", "editor_fr"))
			for _, c := range []struct {
				method, path string
				body         any
				status       int
				titles       string
			}{
				{"GET", "/api/stories?locale=*&fields[0]=title", nil, 200, "[Bonjour]"},
				{"GET", "/api/stories?fields[0]=title", nil, 200, "[]"},
				{"GET", "/api/stories/" + doc + "?fields[0]=title", nil, 404, ""},
				{"GET", "/api/stories/" + doc + "?locale=fr&fields[0]=title", nil, 200, "Bonjour"},
				{"PUT", "/api/stories/" + doc + "?fields[0]=title", map[string]any{"data": map[string]any{"title": "Hi"}}, 404, ""},
				{"PUT", "/api/stories/" + doc + "?locale=fr&fields[0]=title", map[string]any{"data": map[string]any{"title": "Salut"}}, 200, "Salut"},
			} {
				r := h.Do(c.method, c.path, c.body, editor...)
				var got struct{ Data any }
				_ = json.Unmarshal(r.Body, &got)
				titles := ""
				switch x := got.Data.(type) {
				case []any:
					var list []string
					for _, e := range x {
						list = append(list, fmt.Sprint(e.(map[string]any)["title"]))
					}
					titles = fmt.Sprint(list)
					if list == nil {
						titles = "[]"
					}
				case map[string]any:
					titles = fmt.Sprint(x["title"])
				}
				if r.Status != c.status || titles != c.titles {
					t.Errorf("%s %s: %d %q, want %d %q (%s)", c.method, c.path, r.Status, titles, c.status, c.titles, r.Body)
				}
			}
			if r := h.Do("GET", "/api/stories/"+doc+"?fields[0]=title", nil); !strings.Contains(string(r.Body), `"Hello"`) {
				t.Errorf("the English story changed: %s", r.Body)
			}
		})
	}
}

// TestFallbackLocale: fallbackLocale shows a document missing in the
// locale asked for in the fallback locale instead, in a list (in the
// version the read shows) and on one entry; a document the locale has
// keeps its own; an unknown fallback is a 400.
func TestFallbackLocale(t *testing.T) {
	t.Parallel()
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			t.Parallel()
			h := apptest.NewWith(t, apptest.ProjectConfigWithLocales(t, d, "locales", "content-types"))
			docs := map[string]string{}
			for _, title := range []string{"One", "Two", "Three"} {
				r := h.Do("POST", "/api/stories", map[string]any{"data": map[string]any{"title": title}})
				var made struct{ Data struct{ DocumentID string } }
				if err := json.Unmarshal(r.Body, &made); err != nil || r.Status != 201 {
					t.Fatalf("create: %d %s", r.Status, r.Body)
				}
				docs[title] = made.Data.DocumentID
			}
			// One is in French, published; Two has a French draft only.
			h.Do("PUT", "/api/stories/"+docs["One"]+"?locale=fr", map[string]any{"data": map[string]any{"title": "Un"}})
			h.Do("PUT", "/api/stories/"+docs["Two"]+"?locale=fr&status=draft", map[string]any{"data": map[string]any{"title": "Deux"}})
			for _, c := range []struct {
				path, want string
				status     int
			}{
				{"/api/stories?locale=fr&fallbackLocale=en&sort=title:asc&fields[0]=title&fields[1]=locale", "[Three/en Two/en Un/fr]", 200}, // Two has a French draft only
				{"/api/stories?locale=fr&fallbackLocale=en&status=draft&sort=title:asc&fields[0]=title&fields[1]=locale", "[Deux/fr Three/en Un/fr]", 200},
				{"/api/stories?locale=fr&sort=title:asc&fields[0]=title&fields[1]=locale", "[Un/fr]", 200},
				{"/api/stories/" + docs["Three"] + "?locale=fr&fallbackLocale=en&fields[0]=title&fields[1]=locale", "Three/en", 200},
				{"/api/stories/" + docs["One"] + "?locale=fr&fallbackLocale=en&fields[0]=title&fields[1]=locale", "Un/fr", 200},
				{"/api/stories/" + docs["Three"] + "?locale=fr&fields[0]=title", "", 404},
				{"/api/stories?locale=fr&fallbackLocale=xx", "", 400},
			} {
				r := h.Do("GET", c.path, nil)
				var got struct{ Data any }
				_ = json.Unmarshal(r.Body, &got)
				s := ""
				one := func(e any) string {
					m := e.(map[string]any)
					return fmt.Sprint(m["title"], "/", m["locale"])
				}
				switch x := got.Data.(type) {
				case []any:
					var list []string
					for _, e := range x {
						list = append(list, one(e))
					}
					s = fmt.Sprint(list)
				case map[string]any:
					s = one(x)
				}
				if r.Status != c.status || s != c.want {
					t.Errorf("GET %s: %d %s, want %d %s (%s)", c.path, r.Status, s, c.status, c.want, r.Body)
				}
			}
		})
	}
}

// TestSingleTypeInEveryLocale: a localized single type read with
// locale=* is a 404 NotFoundError, as Strapi 5.54 answered it (recorded
// while writing testdata/writes), while each locale's read finds its
// localization.
func TestSingleTypeInEveryLocale(t *testing.T) {
	t.Parallel()
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			t.Parallel()
			h := apptest.NewWith(t, apptest.ProjectConfigWithLocales(t, d, "locales", "content-types"))
			for _, loc := range []string{"en", "fr"} {
				if r := h.Do("PUT", "/api/frontpage?locale="+loc, map[string]any{"data": map[string]any{"headline": "H " + loc}}); r.Status != 200 {
					t.Fatalf("PUT %s: %d %s", loc, r.Status, r.Body)
				}
			}
			for path, want := range map[string]int{"/api/frontpage?locale=*": 404, "/api/frontpage?locale=all": 404,
				"/api/frontpage?locale=fr": 200, "/api/frontpage": 200} {
				r := h.Do("GET", path, nil)
				if r.Status != want || (want == 404 && !strings.Contains(string(r.Body), `"name":"NotFoundError"`)) {
					t.Errorf("GET %s: %d %s, want %d", path, r.Status, r.Body, want)
				}
			}
		})
	}
}

// TestLocalizationsInEveryPlace: localizations and locale in every place
// a query can name a relation or a field — filters (also through
// another relation and $null), populate with its own filters, sort,
// fields, count and nesting, sort and fields on them — answer what they
// mean, and what cannot be asked is a 400, never a 5xx.
func TestLocalizationsInEveryPlace(t *testing.T) {
	t.Parallel()
	h := apptest.NewWith(t, apptest.ProjectConfigWithLocales(t, database.SQLite, "locales", "content-types"))
	topic := h.Do("POST", "/api/topics", map[string]any{"data": map[string]any{"name": "Topic"}})
	var made struct{ Data struct{ DocumentID string } }
	_ = json.Unmarshal(topic.Body, &made)
	tdoc := made.Data.DocumentID
	h.Do("PUT", "/api/topics/"+tdoc+"?locale=fr", map[string]any{"data": map[string]any{"name": "Sujet"}})
	r := h.Do("POST", "/api/stories", map[string]any{"data": map[string]any{"title": "Hello", "topic": tdoc}})
	_ = json.Unmarshal(r.Body, &made)
	doc := made.Data.DocumentID
	h.Do("PUT", "/api/stories/"+doc+"?locale=fr", map[string]any{"data": map[string]any{"title": "Bonjour", "topic": tdoc}})
	h.Do("PUT", "/api/stories/"+doc+"?locale=de&status=draft", map[string]any{"data": map[string]any{"title": "Hallo"}})
	for _, c := range []struct {
		query  string
		status int
		want   string // a part of the answer
	}{
		{"filters[localizations][title][$eq]=Bonjour&fields[0]=title", 200, `"title":"Hello"`},
		{"filters[localizations][title][$eq]=Hallo&fields[0]=title", 200, `"data":[]`}, // de is a draft: not in a published read
		{"status=draft&filters[localizations][title][$eq]=Hallo&fields[0]=title", 200, `"title":"Hello"`},
		{"filters[localizations][locale][$eq]=fr&fields[0]=title", 200, `"title":"Hello"`},
		{"filters[localizations][$null]=true&fields[0]=title", 200, `"data":[]`},
		{"filters[topic][localizations][name][$eq]=Sujet&fields[0]=title", 200, `"title":"Hello"`},
		{"populate[localizations][count]=true&fields[0]=title", 200, `"localizations":{"count":1}`},
		{"status=draft&populate[localizations][count]=true&fields[0]=title", 200, `"localizations":{"count":2}`},
		{"populate[localizations][filters][locale][$eq]=de&fields[0]=title", 200, `"localizations":[]`},
		{"populate[localizations][sort]=title:desc&populate[localizations][fields][0]=title&locale=*&status=draft&filters[locale][$eq]=en", 200, `"localizations":[{"id":5,"documentId":"` + doc + `","title":"Hallo"},{"id":3,"documentId":"` + doc + `","title":"Bonjour"}]`},
		{"populate[localizations][populate][localizations][fields][0]=locale&populate[localizations][fields][0]=locale&fields[0]=title", 200, `"localizations":[{"id":4,"documentId":"` + doc + `","locale":"fr","localizations":[{"id":2,"documentId":"` + doc + `","locale":"en"}]}]`},
		{"populate[topic][populate][localizations][fields][0]=name&fields[0]=title", 200, `"localizations":[{"id":2,"documentId":"` + tdoc + `","name":"Sujet"}]`},
		{"sort=localizations.title:asc", 400, `ValidationError`},
		{"fields[0]=localizations", 400, `ValidationError`},
		{"populate[localizations][fields][0]=topic", 400, `ValidationError`},
		{"locale=*&fallbackLocale=en&fields[0]=locale", 200, `"total":2`}, // de is a draft only
		{"fallbackLocale=fr&fields[0]=title", 200, `"title":"Hello"`},
		{"locale=%00", 400, `ValidationError`},
		{"locale=", 200, `"title":"Hello"`},
		{"locale=e%20n", 400, `ValidationError`},
		{"fallbackLocale[$eq]=en", 400, `ValidationError`},
	} {
		r := h.Do("GET", "/api/stories?"+c.query, nil)
		if r.Status != c.status || !strings.Contains(string(r.Body), c.want) {
			t.Errorf("GET /api/stories?%s: %d %s, want %d and %s", c.query, r.Status, r.Body, c.status, c.want)
		}
	}
}

// BenchmarkLocalizedList: a page of 25 localized entries in one locale
// of three, read through fiber, in id and in title order, with their
// localizations, and one entry by documentId: what a localized front-end
// asks most. 2,000 documents in en and fr, half of them in de too, each
// in two versions (10,000 rows).
func BenchmarkLocalizedList(b *testing.B) {
	h := apptest.NewWith(b, apptest.ProjectConfigWithLocales(b, database.SQLite, "locales", "content-types"))
	svc := h.App.Content
	ctx := b.Context()
	ct := svc.Schema.Type("story")
	var first string
	for i := 0; i < 2000; i++ {
		e, err := svc.Create(ctx, &query.Query{Type: ct, Locale: "en"}, content.NewWrite(ct).Set("title", fmt.Sprintf("Story %d", i)).Set("rating", i), entry.ReadOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if first == "" {
			first = e.DocumentID
		}
		for _, l := range []string{"fr", "de"} {
			if l == "de" && i%2 == 1 {
				continue
			}
			if _, err := svc.Update(ctx, &query.Query{Type: ct, Locale: l}, content.DocumentID(e.DocumentID),
				content.NewWrite(ct).Set("title", fmt.Sprintf("%s %d", l, i)), entry.ReadOptions{}); err != nil {
				b.Fatal(err)
			}
		}
	}
	for _, c := range []struct{ name, path string }{
		{"list", "/api/stories?locale=fr&pagination[pageSize]=25"},
		{"list-by-title", "/api/stories?locale=fr&pagination[pageSize]=25&sort=title:asc"},
		{"list+localizations", "/api/stories?locale=fr&pagination[pageSize]=25&sort=title:asc&populate=localizations"},
		{"findOne", "/api/stories/" + first + "?locale=fr"},
	} {
		b.Run(c.name, func(b *testing.B) {
			if r := h.Do("GET", c.path, nil); r.Status != 200 {
				b.Fatalf("%d %s", r.Status, r.Body)
			}
			b.ReportAllocs()
			for b.Loop() {
				req := httptest.NewRequest("GET", c.path, nil)
				req.Header.Set("Authorization", "Bearer "+h.AdminToken)
				resp, err := h.App.Fiber.Test(req, -1)
				if err != nil || resp.StatusCode != 200 {
					b.Fatal(err, resp.StatusCode)
				}
				resp.Body.Close()
			}
		})
	}
}

// TestLocaleReferenceForms: a localized target is named by documentId or
// by {documentId, locale}; a string that looks like the latter's inner
// form is no reference (400 naming the field), and a localization the
// target lacks is one too.
func TestLocaleReferenceForms(t *testing.T) {
	t.Parallel()
	h := apptest.NewWith(t, apptest.ProjectConfigWithLocales(t, database.SQLite, "locales", "content-types"))
	r := h.Do("POST", "/api/stories", map[string]any{"data": map[string]any{"title": "Hello"}})
	var made struct{ Data struct{ DocumentID string } }
	_ = json.Unmarshal(r.Body, &made)
	doc := made.Data.DocumentID
	for _, c := range []struct {
		stories any
		status  int
		want    string
	}{
		{[]any{doc + "@fr"}, 400, `stories: no story with id or documentId \"` + doc + `@fr\"`},
		{map[string]any{"connect": []any{map[string]any{"documentId": doc, "locale": "fr"}}}, 400, `stories: no story with documentId \"` + doc + `\" in locale fr`},
		{map[string]any{"connect": []any{map[string]any{"documentId": doc, "locale": "en"}}}, 201, `"title":"Hello"`},
	} {
		r := h.Do("POST", "/api/writers?populate[stories][fields][0]=title", map[string]any{"data": map[string]any{"name": "W", "stories": c.stories}})
		if r.Status != c.status || !strings.Contains(string(r.Body), c.want) {
			t.Errorf("stories %v: %d %s, want %d and %s", c.stories, r.Status, r.Body, c.status, c.want)
		}
	}
}
