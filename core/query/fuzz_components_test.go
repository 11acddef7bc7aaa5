package query

import (
	"path/filepath"
	"sync"
	"testing"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/schema"
)

// componentsSchema is testdata/components' schema: types holding
// components nested three deep, a dynamic zone and repeatable ones.
var componentsSchema = sync.OnceValues(func() (*schema.Schema, error) {
	return schema.LoadDir(filepath.Join("..", "..", "testdata", "components", "content-types"))
})

// FuzzParseComponents: FuzzParse's promise on types with components and
// dynamic zones: populate, fields, filters and sort reaching into them.
func FuzzParseComponents(f *testing.F) {
	for _, s := range []string{
		"populate=*", "populate[seo][populate][social][populate]=link", "populate[body][on][blocks.hero][populate]=cta",
		"populate[body][on][blocks.faq][fields][0]=items", "populate[body][populate]=*", "populate=seo.social.link",
		"filters[seo][metaTitle][$containsi]=x", "filters[body][blocks.quote][body][$eq]=y", "filters[opening_hours][day]=monday",
		"fields[0]=seo", "sort=seo.metaTitle", "sort[body]=asc", "populate[body][on]=x", "filters[seo][social][link][url][$null]=true",
		"populate[seo][filters][metaTitle][$eq]=x&populate[seo][fields][0]=meta_description",
		"populate[seo][populate][social][filters][$not][link][url][$null]=true&populate[seo][populate][social][sort]=link.url:desc",
		"populate[opening_hours][count]=true&populate[opening_hours][filters][$or][0][day]=monday&populate[opening_hours][sort][0]=opens:desc",
		"populate[body][on][blocks.hero][filters][article][title][$eq]=A&populate[body][on][blocks.hero][sort]=title&populate[body][count]=1",
		"populate[opening_hours][pagination][limit]=1", "populate[seo][filters]=x", "populate[body][on][blocks.faq][count]=maybe",
	} {
		f.Add(uint8(0), s)
	}
	f.Fuzz(func(t *testing.T, which uint8, raw string) {
		s, err := componentsSchema()
		if err != nil {
			t.Fatal(err)
		}
		ct := s.Types[int(which)%len(s.Types)]
		q, err := Parse(ct, raw, testOptions())
		if err == nil {
			_ = q.String()
			return
		}
		if q != nil {
			t.Fatalf("Parse(%q) returned a query and an error %v", raw, err)
		}
		if e, ok := errs.As(err); !ok || (e.Kind != errs.KindValidation && e.Kind != errs.KindPagination) || e.Message == "" {
			t.Fatalf("Parse(%q) = %v, want a validation or pagination error with a message", raw, err)
		}
	})
}
