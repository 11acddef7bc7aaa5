package query

import (
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/errs"
)

// TestComponentPopulateOptions: a component's populate takes filters,
// sort, fields, populate and count, as a relation's does and as Strapi
// 5.54 takes them (testdata/components C9); a zone's on takes filters,
// fields and populate, and checks then drops a sort and a count (a zone
// keeps its order and answers its items); the zone itself takes a count
// it ignores.
func TestComponentPopulateOptions(t *testing.T) {
	s, err := componentsSchema()
	if err != nil {
		t.Fatal(err)
	}
	page := s.Type("page")
	for _, c := range []struct{ raw, want string }{
		{"populate[seo][filters][metaTitle][$eq]=x&populate[seo][fields][0]=meta_description", `
  seo -> shared.seo
    fields: meta_description
    filters:
      metaTitle $eq "x"
`},
		{"populate[seo][filters][metaTitle]=x", `
  seo -> shared.seo
    filters:
      metaTitle $eq "x"
`},
		{"populate[seo][populate][social][sort]=handle:desc&populate[seo][populate][social][filters][link][url][$null]=true", `
  seo -> shared.seo
    populate:
      social -> shared.social
        sort: handle desc
        filters:
          link ~> shared.link
            url $null true
`},
		{"populate[seo][sort]=social.link.url:desc", `
  seo -> shared.seo
    sort: social.link.url desc
`},
		{"populate[seo][filters][$not][social][network][$eq]=x", `
  seo -> shared.seo
    filters:
      NOT
        social ~> shared.social
          network $eq "x"
`},
		{"populate[opening_hours][count]=true&populate[opening_hours][filters][$or][0][day]=monday&populate[opening_hours][filters][$or][1][opens][$notNull]=true", `
  opening_hours -> blocks.hours (count)
    filters:
      OR
        day $eq "monday"
        opens $notNull true
`},
		{"populate[opening_hours][count]=false&populate[opening_hours][filters]=", `
  opening_hours -> blocks.hours
`},
		{"populate[body][on][blocks.hero][filters][article][title][$eq]=A&populate[body][on][blocks.hero][sort]=title:desc" +
			"&populate[body][on][blocks.hero][count]=true&populate[body][count]=true&populate[body][on][blocks.quote][fields][0]=author", `
  body -> <nil>
    on blocks.hero
      filters:
        article -> article
          title $eq "A"
    on blocks.quote
      fields: author
`},
		{"populate[body][on][blocks.faq][populate][items][filters][question][$containsi]=why&populate[body][on][blocks.faq][populate][items][sort]=question", `
  body -> <nil>
    on blocks.faq
      populate:
        items -> blocks.qa
          sort: question asc
          filters:
            question $containsi "why"
`},
	} {
		q, err := Parse(page, c.raw, testOptions())
		if err != nil {
			t.Errorf("%s: %v", c.raw, err)
			continue
		}
		_, got, _ := strings.Cut(q.String(), "populate:")
		if got != c.want {
			t.Errorf("%s:\n%s\nwant\n%s", c.raw, got, c.want)
		}
	}
	for _, c := range []struct{ raw, msg, path string }{
		{"populate[seo][filters][nope][$eq]=x", "Invalid key nope at seo", "seo.nope"},
		{"populate[seo][filters][internal_note][$eq]=x", "Invalid key internal_note at seo", "seo.internal_note"},
		{"populate[seo][filters][documentId][$eq]=x", "Invalid key documentId at seo", "seo.documentId"},
		{"populate[seo][filters][createdAt][$null]=true", "Invalid key createdAt at seo", "seo.createdAt"},
		{"populate[seo][filters][metaTitle][$foo]=x", "Invalid key $foo at seo.metaTitle", "seo.metaTitle.$foo"},
		{"populate[seo][sort]=internal_note", "Invalid key internal_note at seo", "seo.internal_note"},
		{"populate[seo][sort]=social", "Invalid key social at seo", "seo.social"},
		{"populate[opening_hours][sort]=day:sideways", "Invalid order. order can only be one of asc|desc|ASC|DESC", "opening_hours"},
		{"populate[opening_hours][filters][opens][$eq]=nottime", `Invalid value "nottime" for opening_hours.opens`, "opening_hours.opens"},
		{"populate[opening_hours][filters]=abc", "Invalid filters at opening_hours", "opening_hours"},
		{"populate[opening_hours][count]=maybe", "Invalid count at opening_hours", "opening_hours"},
		{"populate[opening_hours][limit]=1", "Invalid key limit at opening_hours", "opening_hours.limit"},
		{"populate[opening_hours][start]=1", "Invalid key start at opening_hours", "opening_hours.start"},
		{"populate[opening_hours][page]=1", "Invalid key page at opening_hours", "opening_hours.page"},
		{"populate[opening_hours][pageSize]=1", "Invalid key pageSize at opening_hours", "opening_hours.pageSize"},
		{"populate[opening_hours][pagination][limit]=1", "Invalid key pagination at opening_hours", "opening_hours.pagination"},
		{"populate[opening_hours][status]=draft", "Invalid key status at opening_hours", "opening_hours.status"},
		{"populate[opening_hours][on][blocks.hours]=true", "Invalid key on at opening_hours", "opening_hours.on"},
		{"populate[body][filters][title][$eq]=x", "Invalid key filters at body", "body.filters"},
		{"populate[body][sort]=title", "Invalid key sort at body", "body.sort"},
		{"populate[body][count]=maybe", "Invalid count at body", "body"},
		{"populate[body][on][blocks.hero][filters][nope]=x", "Invalid key nope at body.on.blocks.hero", "body.on.blocks.hero.nope"},
		{"populate[body][on][blocks.hero][sort]=nope", "Invalid key nope at body.on.blocks.hero", "body.on.blocks.hero.nope"},
		{"populate[body][on][blocks.hero][count]=maybe", "Invalid count at body.on.blocks.hero", "body.on.blocks.hero"},
		{"populate[body][on][blocks.hero][limit]=1", "Invalid key limit at body.on.blocks.hero", "body.on.blocks.hero.limit"},
	} {
		q, err := Parse(page, c.raw, testOptions())
		e, ok := errs.As(err)
		if q != nil || !ok || e.Kind != errs.KindValidation || !strings.HasPrefix(e.Message, c.msg) {
			t.Errorf("%s: %v, want a validation error %q", c.raw, err, c.msg)
			continue
		}
		if p, _ := e.Details["path"].(string); p != c.path || e.Details["param"] != "populate" {
			t.Errorf("%s: details %v, want path %q and param populate", c.raw, e.Details, c.path)
		}
	}
}
