package app_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/schema"
)

// describeMedia writes every media field of a schema: where it is, its
// options, and where its links are kept.
func describeMedia(s *schema.Schema) string {
	var b strings.Builder
	for _, ct := range append(append([]*schema.ContentType(nil), s.Types...), s.Components...) {
		for _, a := range ct.Attributes {
			if !a.IsMedia() {
				continue
			}
			fmt.Fprintf(&b, "%s.%s multiple=%v allowed=%v required=%v %s→%s column=%q join=%q(%s,%s)\n", ct.Name, a.Name, a.Multiple,
				a.AllowedTypes, a.Required, a.RelationKind, a.Target, a.Column, a.JoinTable, a.JoinSelf, a.JoinTarget)
		}
	}
	return b.String()
}

// TestMediaLayoutMatchesYAML: testdata/media in Strapi's layout and in
// Kiln's YAML load to the same model, media fields included, each a
// one-way relation to the built-in file type kept where the layout says
// (a single one in a foreign key, a multiple one in a join table).
func TestMediaLayoutMatchesYAML(t *testing.T) {
	t.Parallel()
	strapi, yaml := loadProject(t, "media", "src"), loadProject(t, "media", "content-types")
	if got, want := describeModel(strapi), describeModel(yaml); got != want {
		t.Fatalf("the layouts differ\nStrapi's:\n%s\nKiln's YAML:\n%s", got, want)
	}
	got, want := describeMedia(strapi), describeMedia(yaml)
	if got != want {
		t.Fatalf("the layouts' media fields differ\nStrapi's:\n%s\nKiln's YAML:\n%s", got, want)
	}
	for _, line := range []string{
		`album.cover multiple=false allowed=[images] required=false manyToOne→file column="cover_id" join=""(,)`,
		`album.gallery multiple=true allowed=[images videos] required=false manyToMany→file column="" join="albums_gallery_lnk"(album_id,file_id)`,
		`album.anything multiple=false allowed=[] required=false manyToOne→file column="anything_id" join=""(,)`,
		`blocks.picture.photo multiple=false allowed=[images] required=true manyToOne→file column="photo_id" join=""(,)`,
		`shared.meta.image multiple=false allowed=[images] required=false manyToOne→file column="image_id" join=""(,)`,
		`post.hero multiple=false allowed=[images] required=false manyToOne→file column="hero_id" join=""(,)`,
	} {
		if !strings.Contains(got, line+"\n") {
			t.Errorf("no media field %s in\n%s", line, got)
		}
	}
}
