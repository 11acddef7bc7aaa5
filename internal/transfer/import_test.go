package transfer

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/app"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/transfer/archive"
)

// The archive Strapi 5.54 wrote of testdata/graphql's project
// (testdata/transfer/README.md says what it holds).
var strapi5 = filepath.Join("..", "..", "testdata", "transfer", "strapi5")

// importedApp is an app of testdata/graphql's project (with the
// archive's three locales) into which file was imported, reopened as
// kiln serve would open it next: its roles and caches read afresh.
func importedApp(t *testing.T, d database.Dialect, file string, o ImportOptions) (*apptest.Harness, *Report) {
	t.Helper()
	cfg := apptest.ProjectConfigWithLocales(t, d, "graphql", "src")
	cfg.I18n.Locales = append(cfg.I18n.Locales, config.Locale{Code: "de", Name: "German (de)"})
	cfg.GraphQL.Enabled = true
	return importInto(t, cfg, file, o)
}

// importInto imports file into a new app of cfg, and reopens it.
func importInto(t *testing.T, cfg config.Config, file string, o ImportOptions) (*apptest.Harness, *Report) {
	t.Helper()
	h := apptest.NewWith(t, cfg)
	o.Files, o.Storage = true, h.App.Upload.Storage()
	rep, err := Import(context.Background(), h.App.Content, file, o)
	if err != nil {
		t.Fatalf("import: %v", err)
	}
	return reopen(t, h), rep
}

var reopened atomic.Int64

// reopen builds a second app over h's database and storage.
func reopen(t *testing.T, h *apptest.Harness) *apptest.Harness {
	t.Helper()
	a, err := app.New(context.Background(), h.App.Config, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatalf("reopening: %v", err)
	}
	t.Cleanup(func() { a.Close() })
	apptest.WaitIdentity(t, a)
	h2 := &apptest.Harness{T: t, App: a}
	n := reopened.Add(1) // an export of this app holds the ones before
	h2.AdminToken = h2.CreateUser(fmt.Sprintf("importer%d", n), fmt.Sprintf("importer%d@kiln.test", n), "admin")
	return h2
}

func dialects(t *testing.T, fn func(t *testing.T, d database.Dialect)) {
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			if d == database.Postgres && os.Getenv("KILN_TEST_POSTGRES_URL") == "" {
				t.Skip("KILN_TEST_POSTGRES_URL is not set")
			}
			t.Parallel()
			fn(t, d)
		})
	}
}

// archived is what the archive holds, read by the test on its own.
type archived struct {
	rows  map[string]map[int64]map[string]any // uid → id → data
	links []linkLine
	files map[string][]byte // assets/uploads by name
	count map[string]int    // entity lines by uid
}

func readArchive(t *testing.T, file string, key ...string) archived {
	t.Helper()
	a, err := archive.Open(file, strings.Join(key, ""), archive.DefaultLimits())
	if err != nil {
		t.Fatal(err)
	}
	out := archived{rows: map[string]map[int64]map[string]any{}, files: map[string][]byte{}, count: map[string]int{}}
	err = a.Walk("", func(name string, _ int64, r io.Reader) error {
		switch {
		case strings.HasPrefix(name, "entities/"):
			return archive.ReadLines(r, 0, func(line []byte) error {
				var l struct {
					Type string
					ID   json.Number
					Data map[string]any
				}
				if err := decode(line, &l); err != nil {
					return err
				}
				id, _ := l.ID.Int64()
				if out.rows[l.Type] == nil {
					out.rows[l.Type] = map[int64]map[string]any{}
				}
				out.rows[l.Type][id] = l.Data
				out.count[l.Type]++
				return nil
			})
		case strings.HasPrefix(name, "links/"):
			return archive.ReadLines(r, 0, func(line []byte) error {
				var l linkLine
				err := decode(line, &l)
				out.links = append(out.links, l)
				return err
			})
		case strings.HasPrefix(name, "assets/uploads/"):
			b, err := io.ReadAll(r)
			out.files[strings.TrimPrefix(name, "assets/uploads/")] = b
			return err
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestImportStrapi5Archive imports the archive Strapi wrote and reads
// every row back through the REST API: each api type's row, in its
// version and locale, answers the archive's scalars and components (ids
// included, nested as deep as they go), and every relation and media
// field, on entries and inside their components, holds the rows the
// archive links in its order; the users sign in with their Strapi
// passwords and every file is served with the archive's bytes.
func TestImportStrapi5Archive(t *testing.T) {
	file := filepath.Join(strapi5, "export.tar.gz")
	want := readArchive(t, file)
	dialects(t, func(t *testing.T, d database.Dialect) {
		h, rep := importedApp(t, d, file, ImportOptions{})
		if len(rep.Diffs) != 0 {
			t.Errorf("differences: %v", rep.Diffs)
		}
		for uid, n := range want.count {
			got := rep.Entities[uid] + rep.Skipped[uid]
			if got != n {
				t.Errorf("%s: %d imported and %d skipped of %d rows", uid, rep.Entities[uid], rep.Skipped[uid], n)
			}
		}
		if rep.Assets != len(want.files) || rep.LinksMissing != 0 {
			t.Errorf("%d assets of %d, %d links to missing rows", rep.Assets, len(want.files), rep.LinksMissing)
		}
		c := newChecker(t, h, want)
		c.allRows(50)
		// GraphQL serves what was imported as REST does: the same
		// articles, their components three deep.
		const seo = "seo { metaTitle social { network link { url } } }"
		rest := h.Do("GET", "/api/articles?sort=documentId&fields[0]=documentId&populate[seo][populate][social][populate]=link", nil).JSON(t)["data"]
		gql := h.Do("POST", "/graphql", map[string]any{"query": "{ articles(sort: \"documentId\") { documentId " + seo + " } }"}).JSON(t)
		restSeo := func(v any) string {
			var out []string
			for _, a := range v.([]any) {
				m := a.(map[string]any)
				s := m["seo"].(map[string]any)
				for _, so := range s["social"].([]any) {
					so := so.(map[string]any)
					out = append(out, fmt.Sprint(m["documentId"], s["metaTitle"], so["network"], so["link"].(map[string]any)["url"]))
				}
			}
			return strings.Join(out, "\n")
		}
		gqlData, _ := gql["data"].(map[string]any)
		if gqlData == nil || restSeo(gqlData["articles"]) != restSeo(rest) || restSeo(rest) == "" {
			t.Errorf("GraphQL answers %v, REST %v", gql, rest)
		}
		for _, name := range []string{"alice", "bob"} {
			r := h.Do("POST", "/api/auth/local", map[string]any{"identifier": name, "password": "Passw0rd!"}, "Authorization", apptest.Anonymous)
			if r.Status != 200 {
				t.Errorf("%s signs in: %d %s", name, r.Status, r.Body)
			}
		}
		for name, b := range want.files {
			r := h.Do("GET", "/uploads/"+url.PathEscape(name), nil)
			if r.Status != 200 || !bytes.Equal(r.Body, b) {
				t.Errorf("GET /uploads/%s: %d, %d bytes of %d", name, r.Status, len(r.Body), len(b))
			}
		}
	})
}

// checker compares the API's answers with the archive.
type checker struct {
	t       *testing.T
	h       *apptest.Harness
	want    archived
	s       *schema.Schema
	checked int
	// linked: "uid/ref/field" → the targets' rows in order.
	linked map[string][]linkEnd
	// docs are the documentIds a Strapi 4 archive's rows got, by
	// "uid/id" (sameDocuments checks them).
	docs map[string]any
}

// sameDocuments checks a Strapi 4 archive's rows' documentIds: rows
// that the localizations links join, directly or through others, share
// one; no two other rows do.
func (c *checker) sameDocuments() {
	group := map[string]string{} // row → the first row of its group found
	var visit func(row, first string)
	next := map[string][]string{}
	for _, l := range c.want.links {
		if l.Left.Field == "localizations" {
			a, b := fmt.Sprintf("%s/%v", l.Left.Type, l.Left.Ref), fmt.Sprintf("%s/%v", l.Right.Type, l.Right.Ref)
			next[a], next[b] = append(next[a], b), append(next[b], a)
		}
	}
	visit = func(row, first string) {
		if _, ok := group[row]; ok {
			return
		}
		group[row] = first
		for _, n := range next[row] {
			visit(n, first)
		}
	}
	rows := slices.Sorted(maps.Keys(c.docs))
	for _, r := range rows {
		visit(r, r)
	}
	for i, a := range rows {
		for _, b := range rows[i+1:] {
			if same := c.docs[a] == c.docs[b]; same != (group[a] == group[b]) {
				c.t.Errorf("%s has documentId %v and %s %v: localizations of each other: %v", a, c.docs[a], b, c.docs[b], group[a] == group[b])
			}
		}
	}
	if len(next) == 0 {
		c.t.Error("the archive holds no localizations links")
	}
}

// newChecker is a checker of h's answers against the archive want.
func newChecker(t *testing.T, h *apptest.Harness, want archived) *checker {
	c := &checker{t: t, h: h, want: want, s: h.App.Content.Schema}
	c.index()
	return c
}

// allRows checks every row of the project's own types that the archive
// holds, and that it holds at least least of them.
func (c *checker) allRows(least int) {
	rows := 0
	for _, ct := range c.s.Types {
		if ct.Plugin != "" || ct.Builtin {
			continue
		}
		for id, data := range c.want.rows[ct.UID()] {
			c.row(ct, id, data)
			rows++
		}
	}
	if rows < least || c.checked != rows {
		c.t.Errorf("%d rows of %d checked", c.checked, rows)
	}
}

func (c *checker) index() {
	c.docs = map[string]any{}
	c.linked = map[string][]linkEnd{}
	for _, l := range c.want.links {
		owner, target := l.Left, l.Right
		if l.Kind == "relation.morph" {
			owner, target = l.Right, l.Left
			target.Pos = owner.Pos
		} else {
			target.Pos = owner.Pos
		}
		k := fmt.Sprintf("%s/%v/%s", owner.Type, owner.Ref, owner.Field)
		c.linked[k] = append(c.linked[k], target)
		if l.Kind != "relation.morph" && l.Right.Field != "" {
			// The inverse side, in the owner's place in its list.
			back := l.Left
			back.Pos = l.Right.Pos
			k := fmt.Sprintf("%s/%v/%s", l.Right.Type, l.Right.Ref, l.Right.Field)
			c.linked[k] = append(c.linked[k], back)
		}
	}
	for _, list := range c.linked {
		sort.SliceStable(list, func(i, j int) bool { return posOf(list[i].Pos) < posOf(list[j].Pos) })
	}
}

// row reads one row of ct in its version and locale and compares it.
func (c *checker) row(ct *schema.ContentType, id int64, data map[string]any) {
	t := c.t
	status := "published"
	if ct.DraftAndPublish && data["publishedAt"] == nil {
		status = "draft"
	}
	q := url.Values{"status": {status}}
	if ct.Localized {
		q.Set("locale", data["locale"].(string))
	}
	populate(q, "populate", ct)
	path := "/api/" + ct.Plural
	if ct.Kind == schema.SingleType {
		path = "/api/" + ct.Name
	} else {
		q.Set("filters[id][$eq]", fmt.Sprint(id))
	}
	r := c.h.Do("GET", path+"?"+q.Encode(), nil)
	if r.Status != 200 {
		t.Errorf("%s id %d: %d %s", ct.Name, id, r.Status, r.Body)
		return
	}
	got := r.JSON(t)["data"]
	if list, ok := got.([]any); ok {
		if len(list) != 1 {
			t.Errorf("%s id %d (%s): %d entries", ct.Name, id, status, len(list))
			return
		}
		got = list[0]
	}
	entry, _ := got.(map[string]any)
	where := fmt.Sprintf("%s id %d (%s)", ct.Name, id, status)
	v4 := data["documentId"] == nil
	if v4 {
		c.docs[fmt.Sprintf("%s/%d", ct.UID(), id)] = entry["documentId"] // checked by sameDocuments
	} else if entry["documentId"] != data["documentId"] {
		t.Errorf("%s: answers documentId %v, want %v", where, entry["documentId"], data["documentId"])
	}
	if fmt.Sprint(entry["id"]) != fmt.Sprint(id) {
		t.Errorf("%s: answers id %v", where, entry["id"])
		return
	}
	for _, k := range []string{"createdAt", "updatedAt", "publishedAt"} {
		if _, ok := data[k]; !ok && v4 {
			continue // Strapi 4 wrote no publishedAt on a type without draft & publish
		}
		if fmt.Sprint(entry[k]) != fmt.Sprint(data[k]) {
			t.Errorf("%s: %s %v, want %v", where, k, entry[k], data[k])
		}
	}
	c.fields(where, ct, ct.UID(), id, status == "published", data, entry)
	c.checked++
}

// fields compares holder's fields of one row or component item: scalars
// as the kind writes them, components item by item, relations and media
// by the rows they hold.
func (c *checker) fields(where string, holder *schema.ContentType, uid string, ref int64, published bool, want, got map[string]any) {
	t := c.t
	for _, a := range holder.Attributes {
		switch {
		case a.IsPrivate():
		case a.IsScalar():
			w, g := canonical(t, a, want[a.Name]), canonical(t, a, got[a.Name])
			if w != g {
				t.Errorf("%s: %s = %s, want %s", where, a.Name, g, w)
			}
		case a.IsComponent():
			wl, gl := items(want[a.Name]), items(got[a.Name])
			if len(wl) != len(gl) {
				t.Errorf("%s: %s holds %d items, want %d", where, a.Name, len(gl), len(wl))
				continue
			}
			for i := range wl {
				ct := a.ComponentTypes[0]
				if a.Type == schema.DynamicZone {
					ct = c.s.Component(wl[i]["__component"].(string))
					if gl[i]["__component"] != wl[i]["__component"] {
						t.Errorf("%s: %s[%d] is a %v, want %s", where, a.Name, i, gl[i]["__component"], ct.Name)
						continue
					}
				}
				id, _ := wl[i]["id"].(json.Number).Int64()
				if fmt.Sprint(gl[i]["id"]) != fmt.Sprint(id) {
					t.Errorf("%s: %s[%d] has id %v, want %d", where, a.Name, i, gl[i]["id"], id)
				}
				c.fields(fmt.Sprintf("%s %s[%d]", where, a.Name, i), ct, ct.Name, id, published, wl[i], gl[i])
			}
		case a.IsRelation() && a.TargetType != nil && (a.Type == schema.Media || a.TargetType.Plugin == "" && !a.TargetType.Builtin):
			var want []string
			for _, e := range c.linked[fmt.Sprintf("%s/%d/%s", uid, ref, a.Name)] {
				n, _ := refOf(e.Ref)
				if a.TargetType.DraftAndPublish && (c.want.rows[e.Type][n]["publishedAt"] != nil) != published {
					continue // the other version's link
				}
				want = append(want, fmt.Sprint(n))
			}
			var have []string
			for _, e := range items(got[a.Name]) {
				have = append(have, fmt.Sprint(e["id"]))
			}
			if !a.ToMany() && a.Type != schema.Media || a.Type == schema.Media && !a.Multiple {
				slices.Sort(want) // one, whichever link the archive listed first
			}
			if strings.Join(have, ",") != strings.Join(want, ",") {
				t.Errorf("%s: %s holds rows [%s], want [%s]", where, a.Name, strings.Join(have, ","), strings.Join(want, ","))
			}
		}
	}
}

// populate writes the populate parameters that read every component,
// zone item, relation and media field of ct, to any depth.
func populate(q url.Values, prefix string, ct *schema.ContentType) {
	for _, a := range ct.Attributes {
		p := prefix + "[" + a.Name + "]"
		switch {
		case a.Type == schema.DynamicZone:
			for _, c := range a.ComponentTypes {
				nested(q, p+"[on]["+c.Name+"]", c)
			}
		case a.IsComponent():
			nested(q, p, a.ComponentTypes[0])
		case a.IsRelation() && a.TargetType != nil && (a.Type == schema.Media || a.TargetType.Plugin == "" && !a.TargetType.Builtin):
			q.Set(p+"[fields][0]", "documentId")
		}
	}
}

func nested(q url.Values, p string, c *schema.ContentType) {
	before := len(q)
	populate(q, p+"[populate]", c)
	if len(q) == before {
		q.Set(p+"[populate]", "*")
	}
}

// items is a component field's value (or a relation's) as a list.
func items(v any) []map[string]any {
	switch v := v.(type) {
	case map[string]any:
		return []map[string]any{v}
	case []any:
		out := make([]map[string]any, len(v))
		for i, e := range v {
			out[i], _ = e.(map[string]any)
		}
		return out
	}
	return nil
}

// canonical is v as a's kind writes it.
func canonical(t *testing.T, a *schema.Attribute, v any) string {
	if v == nil {
		return "null"
	}
	cv, err := a.Kind.FromJSON(v)
	if err != nil {
		t.Errorf("%s: %v is no %s: %v", a.Name, v, a.Type, err)
		return "?"
	}
	return string(a.Kind.AppendJSON(nil, cv))
}

// TestImportStrapi4Archive imports the archive Strapi 4.25 wrote of
// testdata/transfer/strapi4-app, and reads every row back as
// TestImportStrapi5Archive does: each row is a version of its own
// document but for the locales, whose rows share one; a published row of
// a draft & publish type gets its draft, as Strapi 5's migration from 4
// gives it.
func TestImportStrapi4Archive(t *testing.T) {
	file := filepath.Join("..", "..", "testdata", "transfer", "strapi4", "export.tar.gz")
	want := readArchive(t, file)
	dialects(t, func(t *testing.T, d database.Dialect) {
		cfg := apptest.Config(t, d)
		cfg.Paths.ContentTypes = filepath.Join(apptest.Root(t), "testdata", "transfer", "strapi4-app", "src")
		cfg.Paths.Config = t.TempDir() // no permissions file: the admin alone reads
		cfg.I18n = config.I18n{DefaultLocale: "en", Locales: []config.Locale{{Code: "en", Name: "English (en)"}, {Code: "fr", Name: "French (fr)"}}}
		h, rep := importInto(t, cfg, file, ImportOptions{})
		if len(rep.Diffs) != 0 || rep.StrapiVersion != "4.25.24" {
			t.Errorf("Strapi %s, differences: %v", rep.StrapiVersion, rep.Diffs)
		}
		c := newChecker(t, h, want)
		c.allRows(8)
		c.sameDocuments()
		// The published article got its draft, with the same fields.
		for _, status := range []string{"published", "draft"} {
			r := h.Do("GET", "/api/articles?status="+status+"&filters[title][$eq]=Published%20article&populate=seo", nil)
			if n := len(r.JSON(t)["data"].([]any)); r.Status != 200 || n != 1 {
				t.Errorf("the published article's %s: %d, %d entries", status, r.Status, n)
			}
		}
	})
}

// TestExportRoundTrip: what kiln export writes of a project imported from
// Strapi's archive imports into a new database as the same content:
// every row, component, relation, media link and file answers as
// Strapi's own archive says, in each of the container's forms.
func TestExportRoundTrip(t *testing.T) {
	file := filepath.Join(strapi5, "export.tar.gz")
	want := readArchive(t, file)
	dialects(t, func(t *testing.T, d database.Dialect) {
		h, _ := importedApp(t, d, file, ImportOptions{})
		for _, opts := range []archive.WriteOptions{{Compress: true}, {}, {Compress: true, Key: "round-trip"}} {
			base := filepath.Join(t.TempDir(), "export")
			rep, err := Export(context.Background(), h.App.Content, base, ExportOptions{WriteOptions: opts, Files: true, Storage: h.App.Upload.Storage(),
				Locales: []Locale{{Code: "en", Name: "English (en)"}, {Code: "fr", Name: "French (fr)"}, {Code: "de", Name: "German (de)"}},
				Grants:  Grants{"public": {"article.find", "article.findOne", "auth.login", "article.readDrafts"}, "editor": {"site.*"}, "nobody": {"*"}}})
			if err != nil {
				t.Fatalf("export %+v: %v", opts, err)
			}
			if rep.Assets != len(want.files) || rep.Entities["api::article.article"] != want.count["api::article.article"] {
				t.Errorf("export %+v wrote %d assets, %v", opts, rep.Assets, rep.Entities)
			}
			out := readArchive(t, rep.File, opts.Key)
			// The roles' grants, as Strapi's permission rows linked to
			// their roles: the archive's public role is row 2, its editor 3.
			granted := map[string][]string{}
			for _, l := range out.links {
				if l.Left.Type == "plugin::users-permissions.permission" {
					ref, _ := refOf(l.Left.Ref)
					role, _ := refOf(l.Right.Ref)
					granted[fmt.Sprint(role)] = append(granted[fmt.Sprint(role)], out.rows[l.Left.Type][ref]["action"].(string))
				}
			}
			wantGrants := map[string][]string{
				"2": {"api::article.article.find", "api::article.article.findOne", "plugin::users-permissions.auth.callback"},
				"3": {"api::site.site.delete", "api::site.site.find", "api::site.site.update"},
			}
			if fmt.Sprint(granted) != fmt.Sprint(wantGrants) || rep.GrantsLeft != 1 {
				t.Errorf("grants %v (%d left out), want %v (1 left out)", granted, rep.GrantsLeft, wantGrants)
			}
			for id, data := range out.rows["plugin::upload.file"] {
				if data["folderPath"] != "/" {
					t.Errorf("file %d is exported in folder %v, which the archive does not hold", id, data["folderPath"])
				}
			}
			h2, rep2 := importedApp(t, d, rep.File, ImportOptions{Key: opts.Key})
			if len(rep2.Diffs) != 0 || rep2.LinksMissing != 0 {
				t.Errorf("re-import of %s: differences %v, %d links to missing rows", rep.File, rep2.Diffs, rep2.LinksMissing)
			}
			newChecker(t, h2, want).allRows(50)
			for name, b := range want.files {
				if r := h2.Do("GET", "/uploads/"+url.PathEscape(name), nil); r.Status != 200 || !bytes.Equal(r.Body, b) {
					t.Errorf("GET /uploads/%s after the round trip: %d", name, r.Status)
				}
			}
			if r := h2.Do("POST", "/api/auth/local", map[string]any{"identifier": "alice", "password": "Passw0rd!"}, "Authorization", apptest.Anonymous); r.Status != 200 {
				t.Errorf("alice signs in after the round trip: %d %s", r.Status, r.Body)
			}
		}
	})
}
