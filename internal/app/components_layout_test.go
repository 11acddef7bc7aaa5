package app_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/schema"
)

// describeComponents writes what describeModel leaves out of component
// and dynamic-zone fields: the components each resolves to, with their
// tables, and the holder's link table.
func describeComponents(s *schema.Schema) string {
	var b strings.Builder
	holders := append(append([]*schema.ContentType(nil), s.Types...), s.Components...)
	for _, ct := range holders {
		for _, a := range ct.Attributes {
			if !a.IsComponent() {
				continue
			}
			var cs []string
			for _, c := range a.ComponentTypes {
				cs = append(cs, c.Name+"@"+c.Table)
			}
			fmt.Fprintf(&b, "%s.%s via %s: %s\n", ct.Name, a.Name, schema.ComponentJoin(ct), strings.Join(cs, " "))
		}
	}
	return b.String()
}

// TestComponentsLayoutMatchesYAML: testdata/components in Strapi's layout
// (src/: schema.json files and components/<category>/<name>.json, with
// their tables named) and in Kiln's YAML (content-types/, tables by
// default) load to the same model — types, components, fields, rules and
// tables — and that model is the one both describe.
func TestComponentsLayoutMatchesYAML(t *testing.T) {
	t.Parallel()
	strapi, yaml := loadProject(t, "components", "src"), loadProject(t, "components", "content-types")
	if got, want := describeModel(strapi), describeModel(yaml); got != want {
		t.Fatalf("the layouts differ\nStrapi's:\n%s\nKiln's YAML:\n%s", got, want)
	}
	if got, want := describeComponents(strapi), describeComponents(yaml); got != want {
		t.Fatalf("the layouts' components differ\nStrapi's:\n%s\nKiln's YAML:\n%s", got, want)
	}
	if len(strapi.Warnings) != 0 || len(yaml.Warnings) != 0 {
		t.Errorf("warnings: %v %v", strapi.Warnings, yaml.Warnings)
	}
	if n := len(strapi.Files); n != 13 {
		t.Errorf("src: %d files read, want 13 (3 types, 10 components): %v", n, strapi.Files)
	}
	var comps []string
	for _, c := range strapi.Components {
		comps = append(comps, c.Name+"@"+c.Table+"/"+c.Category+"/"+c.DisplayName)
	}
	if got := strings.Join(comps, " "); got != "blocks.faq@components_blocks_faq/blocks/FAQ blocks.hero@components_blocks_hero/blocks/Hero "+
		"blocks.hours@components_blocks_hours/blocks/Opening hours blocks.qa@components_blocks_qa/blocks/Question "+
		"blocks.quote@components_blocks_quote/blocks/Quote blocks.rich@components_blocks_rich/blocks/Rich text "+
		"blocks.stats@components_blocks_stats/blocks/Stats shared.link@components_shared_link/shared/Link "+
		"shared.seo@components_shared_seo/shared/Seo shared.social@components_shared_social/shared/Social" {
		t.Errorf("components: %s", got)
	}
	page, article, site := strapi.Type("page"), strapi.Type("article"), strapi.Type("site")
	if page.Table != "pages" || page.DraftAndPublish || page.Localized || article.Table != "articles" || !article.DraftAndPublish ||
		site.Kind != schema.SingleType || site.Table != "sites" {
		t.Errorf("page %+v\narticle %+v\nsite %+v", page, article, site)
	}
	want := "page.seo via pages_cmps: shared.seo@components_shared_seo\n" +
		"page.body via pages_cmps: blocks.quote@components_blocks_quote blocks.hero@components_blocks_hero blocks.rich@components_blocks_rich " +
		"blocks.stats@components_blocks_stats blocks.faq@components_blocks_faq\n" +
		"page.opening_hours via pages_cmps: blocks.hours@components_blocks_hours\n"
	if got := describeComponents(strapi); !strings.Contains(got, want) {
		t.Errorf("page's components:\n%s\nwant among them:\n%s", got, want)
	}
	seo := strapi.Component("shared.seo")
	if a := seo.Attr("social"); !a.Repeatable || a.Max == nil || *a.Max != 3 || seo.Icon != "search" {
		t.Errorf("shared.seo %+v social %+v", seo, a)
	}
	if a := strapi.Component("blocks.faq").Attr("items"); !a.Repeatable || a.Min == nil || *a.Min != 1 {
		t.Errorf("blocks.faq.items %+v", a)
	}
	if a := strapi.Component("shared.social").Attr("link"); a.Repeatable || a.ComponentOf("shared.link") == nil {
		t.Errorf("shared.social.link %+v", a)
	}
}
