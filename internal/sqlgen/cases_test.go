package sqlgen_test

import (
	"testing"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/sqlgen"
)

// A clause case is a request compiled as the store compiles it: a list
// (its page and total when paginated with a count, else the page alone),
// then each populate level as for the owners 1 and 2; a count; or one
// entry by a reference.
type clauseCase struct {
	name          string
	project, typ  string
	qs            string
	ro            func(*testing.T, *project) entry.ReadOptions // nil: none
	count, oneRef string                                       // count: "yes"; oneRef: the reference of a findOne
}

// clauseCases are grouped by the clause they are about; each group is a
// golden file per dialect.
var clauseCases = map[string][]clauseCase{
	"where": {
		{name: "$and of two fields", project: "kiln", typ: "program", qs: "filters[$and][0][status][$eq]=published&filters[$and][1][capacity][$gte]=10"},
		{name: "$or of a field and a relation $null", project: "kiln", typ: "session", qs: "filters[$or][0][program][customer][name][$contains]=acme&filters[$or][1][events][$null]=true"},
		{name: "$not over $or (pushed down, De Morgan)", project: "kiln", typ: "program", qs: "filters[$not][$or][0][capacity][$gt]=15&filters[$not][$or][1][customer][name][$eq]=Acme"},
		{name: "$not of a field's operators", project: "kiln", typ: "program", qs: "filters[title][$not][$startsWith]=Intro"},
		{name: "empty $and and $or", project: "kiln", typ: "program", qs: "filters[$and][0][$or][0][title][$null]=true"},
		{name: "relation path, three hops, to-many", project: "kiln", typ: "customer", qs: "filters[programs][sessions][title][$containsi]=yoga"},
		{name: "manyToMany relation filter", project: "kiln", typ: "event", qs: "filters[learners][name][$startsWithi]=LE"},
		{name: "relation $notNull (owning to-one)", project: "kiln", typ: "program", qs: "filters[customer][$notNull]=true"},
		{name: "relation $null (to-many)", project: "kiln", typ: "program", qs: "filters[coaches][$null]=true"},
		{name: "relation into a draft & publish type", project: "kiln", typ: "program", qs: "filters[blueprint][title][$eq]=Core"},
		{name: "relation filter, the target scoped", project: "kiln", typ: "program", qs: "filters[customer][name][$eq]=Acme", ro: scopeOn("customer", map[string]any{"active": map[string]any{"$eq": true}})},
		{name: "scope with the caller's id", project: "kiln", typ: "learner", qs: "filters[name][$ne]=Lena", ro: scopeOn("learner", map[string]any{"user": map[string]any{"id": map[string]any{"$eq": query.UserParam}}})},
		{name: "component path", project: "components", typ: "page", qs: "filters[seo][metaTitle][$eq]=Home"},
		{name: "component nested two deep", project: "components", typ: "page", qs: "filters[seo][social][network][$eq]=x"},
		{name: "component $null", project: "components", typ: "page", qs: "filters[seo][$null]=true"},
		{name: "$not through a component (no item matches)", project: "components", typ: "page", qs: "filters[$not][seo][metaTitle][$eq]=Home"},
		{name: "json $eq and $containsi", project: "kiln", typ: "learner", qs: "filters[goals][$eq]=%7B%22a%22%3A1%7D&filters[languages][$containsi]=EN"},
		{name: "documentId $in", project: "kiln", typ: "customer", qs: "filters[documentId][$in][0]=abc&filters[documentId][$in][1]=def"},
	},
	"order": {
		{name: "several keys, both directions", project: "kiln", typ: "program", qs: "sort[0]=status:asc&sort[1]=capacity:desc&sort[2]=title"},
		{name: "through a to-one relation", project: "kiln", typ: "program", qs: "sort[0]=customer.name:desc&sort[1]=title:asc"},
		{name: "through a to-many relation, both ways", project: "kiln", typ: "customer", qs: "sort[0]=programs.title:asc&sort[1]=programs.capacity:desc"},
		{name: "through a scoped relation", project: "kiln", typ: "program", qs: "sort=customer.name", ro: scopeOn("customer", map[string]any{"active": map[string]any{"$eq": true}})},
		{name: "through a draft & publish relation", project: "kiln", typ: "program", qs: "sort=blueprint.title&status=draft"},
		{name: "through a component", project: "components", typ: "page", qs: "sort=seo.metaTitle:desc"},
		{name: "datetime and json-free keys", project: "kiln", typ: "event", qs: "sort[0]=startAt:desc&sort[1]=location"},
	},
	"page": {
		{name: "page and total", project: "kiln", typ: "program", qs: "pagination[page]=3&pagination[pageSize]=10"},
		{name: "start and limit", project: "kiln", typ: "program", qs: "pagination[start]=5&pagination[limit]=7"},
		{name: "page without a total", project: "kiln", typ: "program", qs: "pagination[page]=2&pagination[pageSize]=5&pagination[withCount]=false"},
		{name: "page and total, sorted through a relation, filtered", project: "kiln", typ: "program", qs: "filters[capacity][$gte]=10&sort=customer.name:desc&pagination[pageSize]=10&pagination[page]=2"},
		{name: "count", project: "kiln", typ: "program", qs: "filters[status][$eq]=published", count: "yes"},
	},
	"columns": {
		{name: "fields", project: "kiln", typ: "program", qs: "fields[0]=title&fields[1]=capacity&pagination[withCount]=false"},
		{name: "fields with timestamps (datetime as text on PostgreSQL)", project: "kiln", typ: "event", qs: "fields[0]=title&fields[1]=startAt&fields[2]=createdAt&pagination[withCount]=false"},
		{name: "every field, and the to-one keys populate needs", project: "kiln", typ: "learner", qs: "populate[0]=coach&pagination[withCount]=false"},
	},
	"populate": {
		{name: "to-one, to-many, manyToMany", project: "kiln", typ: "program", qs: "populate[0]=customer&populate[1]=sessions&populate[2]=coaches&pagination[withCount]=false"},
		{name: "nested levels with fields, filters, sort", project: "kiln", typ: "customer", qs: "populate[programs][fields][0]=title&populate[programs][filters][status][$eq]=published&populate[programs][sort]=title:desc&populate[programs][populate][sessions][sort]=title&populate[programs][populate][sessions][populate][module][fields][0]=title&pagination[withCount]=false"},
		{name: "count", project: "kiln", typ: "customer", qs: "fields[0]=name&populate[programs][count]=true&populate[learners][count]=true&pagination[withCount]=false"},
		{name: "a scoped target", project: "kiln", typ: "program", qs: "populate=coaches&pagination[withCount]=false", ro: scopeOn("coach", map[string]any{"active": map[string]any{"$eq": true}})},
		{name: "a draft & publish target, published read", project: "kiln", typ: "program", qs: "populate=blueprint&pagination[withCount]=false"},
		{name: "a draft & publish target, draft read", project: "kiln", typ: "program", qs: "populate=blueprint&status=draft&pagination[withCount]=false"},
		{name: "components and a dynamic zone", project: "components", typ: "page", qs: "populate[seo][populate]=social&populate[body]=*&populate[opening_hours][sort]=day&pagination[withCount]=false"},
		{name: "zone with on", project: "components", typ: "page", qs: "populate[body][on][blocks.quote][populate]=sources&pagination[withCount]=false"},
		{name: "component count", project: "components", typ: "page", qs: "populate[opening_hours][count]=true&pagination[withCount]=false"},
		{name: "component filter in populate", project: "components", typ: "page", qs: "populate[opening_hours][filters][day][$eq]=mon&pagination[withCount]=false"},
	},
	"locale": {
		{name: "one locale", project: "locales", typ: "story", qs: "locale=fr&pagination[withCount]=false"},
		{name: "every locale", project: "locales", typ: "story", qs: "locale=*&pagination[withCount]=false"},
		{name: "with a fallback, published", project: "locales", typ: "story", qs: "locale=de&fallbackLocale=en&pagination[withCount]=false"},
		{name: "with a fallback, draft", project: "locales", typ: "story", qs: "locale=de&fallbackLocale=en&status=draft&pagination[withCount]=false"},
		{name: "localizations populated", project: "locales", typ: "story", qs: "locale=fr&populate=localizations&pagination[withCount]=false"},
		{name: "findOne by documentId in a locale, draft", project: "locales", typ: "story", qs: "locale=fr&status=draft", oneRef: "abc"},
	},
	"status": {
		{name: "published (the default)", project: "kiln", typ: "blueprint", qs: "pagination[withCount]=false"},
		{name: "draft", project: "kiln", typ: "blueprint", qs: "status=draft&pagination[withCount]=false"},
		{name: "draft, the caller may not read drafts", project: "kiln", typ: "blueprint", qs: "status=draft&pagination[withCount]=false", ro: noDrafts("blueprint")},
		{name: "draft read of a plain type through a draft & publish relation (mismatched hop)", project: "kiln", typ: "program", qs: "status=draft&filters[blueprint][level][$eq]=advanced&pagination[withCount]=false", ro: noDrafts("blueprint")},
		{name: "findOne by documentId, published", project: "kiln", typ: "blueprint", qs: "", oneRef: "abc"},
		{name: "findOne by a row id, draft, scoped", project: "kiln", typ: "blueprint", qs: "status=draft&fields[0]=title", oneRef: "2", ro: scopeOn("blueprint", map[string]any{"level": map[string]any{"$ne": "advanced"}})},
		{name: "findOne by id on a plain type", project: "kiln", typ: "program", qs: "", oneRef: "7"},
	},
}

// scopeOn is read options whose scope on typ is tree (a scope as
// config/permissions.yaml writes it).
func scopeOn(typ string, tree map[string]any) func(*testing.T, *project) entry.ReadOptions {
	return func(t *testing.T, p *project) entry.ReadOptions {
		ct := p.s.Type(typ)
		f, err := query.ParseScope(ct, tree, p.opts)
		if err != nil {
			t.Fatalf("scope on %s: %v", typ, err)
		}
		return entry.ReadOptions{User: int64(42), Scopes: map[*schema.ContentType]*query.Filter{ct: f}}
	}
}

// noDrafts is read options of a caller who may not read typ's drafts.
func noDrafts(typ string) func(*testing.T, *project) entry.ReadOptions {
	return func(t *testing.T, p *project) entry.ReadOptions {
		return entry.ReadOptions{NoDrafts: map[*schema.ContentType]bool{p.s.Type(typ): true}}
	}
}

// TestClauseGoldens compiles every clause case for both dialects.
func TestClauseGoldens(t *testing.T) {
	ps := projects(t)
	for group, cases := range clauseCases {
		for _, d := range dialects {
			var s script
			for _, c := range cases {
				p := ps[c.project]
				q := p.parse(t, c.typ, c.qs)
				var ro entry.ReadOptions
				if c.ro != nil {
					ro = c.ro(t, p)
				}
				s.head(c.name, c.typ+"?"+c.qs)
				switch {
				case c.count != "":
					s.stmt("count", sqlgen.Count(d, q, ro))
				case c.oneRef != "":
					where, ok := sqlgen.ByRef(q, c.oneRef)
					if !ok {
						t.Fatalf("%s: %q names no row", c.name, c.oneRef)
					}
					b, _ := sqlgen.One(d, q, ro, where)
					s.stmt("findOne "+c.oneRef, b)
					s.populate(d, q, ro, "")
				default:
					if q.Pagination.WithCount {
						b, _ := sqlgen.Page(d, q, ro)
						s.stmt("page and total", b)
					} else {
						b, _ := sqlgen.Find(d, q, ro)
						s.stmt("page", b)
					}
					s.populate(d, q, ro, "")
				}
				s.WriteString("\n")
			}
			golden(t, group, d, s.String())
		}
	}
}
