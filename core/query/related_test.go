package query_test

import (
	"testing"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// TestRelatedSpellings parses every spelling of a file's related, on the
// file and through media fields, components and zones, and checks where
// it lands: on the file's query as Related (never left in a populate
// list, where the store would take it for a relation), or dropped, or a
// 400 for bad input.
func TestRelatedSpellings(t *testing.T) {
	s, err := schema.LoadDir("../../testdata/media/content-types")
	if err != nil {
		t.Fatal(err)
	}
	file, album := s.Type(schema.FileType), s.Type("album")
	opts := query.DefaultOptions()
	opts.Types = s.Types
	noAlbums := opts
	noAlbums.CanRead = func(ct *schema.ContentType) bool { return ct != album }
	none := opts
	none.CanRead = func(ct *schema.ContentType) bool { return ct == file }

	// related finds the Related of the file reached by path (media
	// fields, components, zone members by uid) and checks that no
	// populate list holds a relation without a target.
	var walk func(q *query.Query, path []string) *query.Related
	walk = func(q *query.Query, path []string) *query.Related {
		for _, p := range q.Populate {
			if !p.Relation.IsComponent() && p.Relation.TargetType == nil {
				t.Fatalf("a populate of %q without a target", p.Relation.Name)
			}
		}
		if len(path) == 0 {
			return q.Related
		}
		for _, p := range q.Populate {
			if p.Relation.Name != path[0] {
				continue
			}
			if p.On != nil {
				return walk(p.On[path[1]], path[2:])
			}
			return walk(p.Query, path[1:])
		}
		return nil
	}
	// Every type the caller may find: album, post and the built-in user
	// and role (a file's related lists all, as Strapi's content types).
	cases := []struct {
		on    *schema.ContentType
		raw   string
		opts  query.Options
		path  []string
		types int // -1: related dropped
		count bool
	}{
		{file, "populate=related", opts, nil, 4, false},
		{file, "populate=*", opts, nil, 4, false},
		{file, "populate[0]=related", opts, nil, 4, false},
		{file, "populate[related]=true", opts, nil, 4, false},
		{file, "populate[related]=false", opts, nil, -1, false},
		{file, "populate[related]=*", opts, nil, -1, false},
		{file, "populate[related][fields][0]=title", opts, nil, -1, false},
		{file, "populate[related][populate]=*", opts, nil, -1, false},
		{file, "populate[related][count]=true", opts, nil, 4, true},
		{file, "populate[related][on][api::album.album][fields][0]=title", opts, nil, 1, false},
		{file, "populate[related][on][api::album.album][populate][cover][populate]=related", opts, nil, 1, false},
		{file, "populate=related", noAlbums, nil, 3, false},
		{file, "populate[related][on][api::album.album]=true", noAlbums, nil, -1, false},
		{file, "populate=related", none, nil, -1, false},
		{album, "populate=cover.related", opts, []string{"cover"}, 4, false},
		{album, "populate=cover.*", opts, []string{"cover"}, 4, false},
		{album, "populate[cover][populate]=*", opts, []string{"cover"}, 4, false},
		{album, "populate[cover][populate][related]=*", opts, []string{"cover"}, -1, false},
		{album, "populate[gallery][populate]=related", opts, []string{"gallery"}, 4, false},
		{album, "populate[seo][populate]=image.related", opts, []string{"seo", "image"}, 4, false},
		{album, "populate[seo][populate][image][populate]=*", opts, []string{"seo", "image"}, 4, false},
		{album, "populate[body][on][blocks.picture][populate]=photo.related", opts, []string{"body", "blocks.picture", "photo"}, 4, false},
		{album, "populate[body][on][blocks.picture][populate][photo][populate]=*", opts, []string{"body", "blocks.picture", "photo"}, 4, false},
	}
	for _, c := range cases {
		q, err := query.Parse(c.on, c.raw, c.opts)
		if err != nil {
			t.Errorf("%s: %v", c.raw, err)
			continue
		}
		r := walk(q, c.path)
		switch {
		case c.types < 0 && r != nil:
			t.Errorf("%s: related kept (%d types), want it dropped", c.raw, len(r.Types))
		case c.types >= 0 && r == nil:
			t.Errorf("%s: no related", c.raw)
		case c.types >= 0 && (len(r.Types) != c.types || r.Count != c.count):
			t.Errorf("%s: %d types, count %v; want %d, %v", c.raw, len(r.Types), r.Count, c.types, c.count)
		}
	}
	// related is a file's alone; bad values are 400s.
	for _, raw := range []string{
		"populate[related][on][api::nope.nope]=true",
		"populate[related][on]=x",
		"populate[related][on][api::album.album]=maybe",
		"populate[related][on][api::album.album][fields][0]=nope",
		"populate[related][on][api::album.album][limit]=1",
		"populate[related][count]=maybe",
	} {
		if _, err := query.Parse(file, raw, opts); errs.KindOf(err) != errs.KindValidation {
			t.Errorf("%s: %v, want a 400", raw, err)
		}
	}
	if _, err := query.Parse(album, "populate=related", opts); err == nil {
		t.Error("populate=related on an album: no error, want Invalid key related")
	}
}
