package store_test

import (
	"fmt"
	"testing"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/store"
	"github.com/kiln-cms/kiln/internal/store/storetest"
)

// TestRelatedIsBatched proves that a file's related (the entries whose
// media fields hold it) is read in one statement per content type with
// media fields, whatever the number of files: 3 files or 30 cost the
// same, their list and its count included; and that each link is one
// item, in Strapi's order (the link's place, then type, row, field).
func TestRelatedIsBatched(t *testing.T) {
	t.Parallel()
	s, err := schema.LoadDir("../../testdata/media/content-types")
	if err != nil {
		t.Fatal(err)
	}
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		createAll(t, db, s)
		st := &store.Store{DB: db, Schema: s}
		counter := &queryCounter{}
		db.Observe(counter.record)
		ft, album, post := s.Type(schema.FileType), s.Type("album"), s.Type("post")
		insert := func(ct *schema.ContentType, published bool, v vals, r rels) int64 {
			t.Helper()
			e, err := st.Insert(ctx, db, ct, data(ct, v, r), published)
			if err != nil {
				t.Fatalf("inserting %s %v: %v", ct.Name, v, err)
			}
			return e.ID
		}
		const n = 30
		files := make([]int64, n)
		for i := range files {
			name := fmt.Sprintf("f%02d", i)
			files[i] = insert(ft, true, vals{"name": name, "hash": name, "mime": "image/png", "size": 1.5,
				"url": "/uploads/" + name + ".png", "provider": "local"}, nil)
		}
		// Album i: cover file i, gallery [file i+1, file i]. Post i: hero
		// file i, a draft and a published row.
		albums := make([]int64, n)
		posts := make([]int64, n)
		for i := range files {
			next := files[(i+1)%n]
			albums[i] = insert(album, true, vals{"title": fmt.Sprintf("A%d", i)}, rels{"cover": {files[i]}, "gallery": {next, files[i]}})
			posts[i] = insert(post, true, vals{"title": fmt.Sprintf("P%d", i)}, rels{"hero": {files[i]}})
		}
		all := []*query.Query{{Type: album}, {Type: post}}
		run := func(name string, limit int, count bool, want int) []*entry.Entry {
			t.Helper()
			q := &query.Query{Type: ft, Pagination: query.Pagination{Mode: query.OffsetStyle, Limit: limit},
				Related: &query.Related{Types: all, Count: count}}
			counter.start()
			list, _, err := st.FindPage(ctx, db, q, entry.ReadOptions{}, true)
			if err != nil {
				t.Fatal(err)
			}
			if len(list) != limit {
				t.Fatalf("%s: %d files, want %d", name, len(list), limit)
			}
			if got := counter.n(); got != want {
				t.Errorf("%s: %d statements, want %d:\n%v", name, got, want, counter.sql)
			}
			return list
		}
		// the page and its count + one per type holding media
		run("3 files", 3, false, 3)
		list := run("30 files", 30, false, 3)
		run("3 files, counted", 3, true, 3)
		counted := run("30 files, counted", 30, true, 3)

		// File 1 (files[1]): album 1's cover (place 1), album 1's gallery
		// (place 2), album 0's gallery (place 1), post 1's draft and
		// published rows (place 1).
		rel, ok := list[1].Related()
		if !ok {
			t.Fatal("file 1: related not loaded")
		}
		var got []string
		for _, e := range rel.([]*entry.Entry) {
			if !e.Morph() {
				t.Errorf("%s %d is not marked as a related entry", e.Type.Name, e.ID)
			}
			pub, _ := e.Get(schema.SysPublishedAt)
			got = append(got, fmt.Sprintf("%s %d %v", e.Type.Name, e.ID, pub != nil))
		}
		want := []string{
			fmt.Sprintf("album %d true", albums[0]), fmt.Sprintf("album %d true", albums[1]),
			fmt.Sprintf("post %d false", posts[1]-1), fmt.Sprintf("post %d true", posts[1]),
			fmt.Sprintf("album %d true", albums[1]),
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("file 1's related:\n got %v\nwant %v", got, want)
		}
		if c, _ := counted[1].Related(); c != (entry.Count{N: 5}) {
			t.Errorf("file 1's related counted %v, want 5", c)
		}
	})
}
