package migrate_test

import (
	"testing"

	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/migrate"
	"github.com/kiln-cms/kiln/internal/store/storetest"
)

// TestComponentTables: a type holding components gets a table per
// component and a link table per holder (the type's and a component's
// that nests another); a field added to a component is a column added; a
// component field dropped from its type drops nothing — its rows and
// links stay until a destructive migration drops a table.
func TestComponentTables(t *testing.T) {
	t.Parallel()
	seo := "attributes:\n  metaTitle: {type: string}\n  link: {type: component, component: shared.link}\n"
	link := "attributes:\n  url: {type: string}\n"
	page := `kind: collectionType
info: {singularName: page, pluralName: pages}
attributes:
  title: {type: string}
  seo: {type: component, component: shared.seo}
  blocks: {type: dynamiczone, components: [shared.link]}
`
	v1 := map[string]string{"page.yaml": page, "components/shared/seo.yaml": seo, "components/shared/link.yaml": link}
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		migrateTo(t, db, v1, migrate.Options{})
		sameList(t, "tables", tablesOf(t, db), []string{"components_shared_link", "components_shared_seo", "components_shared_seo_cmps", "files",
			"kiln_api_tokens", "kiln_locales", "kiln_schema_state", "kiln_webhook_deliveries", "kiln_webhooks", "pages", "pages_cmps", "roles", "users"})
		sameList(t, "pages_cmps", columnsOf(t, db, "pages_cmps"), []string{"id", "entity_id", "cmp_id", "component_type", "field", "order"})
		sameList(t, "components_shared_seo", columnsOf(t, db, "components_shared_seo"), []string{"id", "meta_title"})
		mustBeEmpty(t, db, v1)

		exec(t, db, `INSERT INTO components_shared_seo (meta_title) VALUES ('kept')`)
		v2 := map[string]string{"page.yaml": `kind: collectionType
info: {singularName: page, pluralName: pages}
attributes:
  title: {type: string}
  blocks: {type: dynamiczone, components: [shared.link]}
`, "components/shared/seo.yaml": seo + "  canonical: {type: string}\n", "components/shared/link.yaml": link}
		plan := migrateTo(t, db, v2, migrate.Options{})
		sameList(t, "steps", descriptions(plan.Steps), []string{"add column components_shared_seo.canonical"})
		if n := count(t, db, `SELECT COUNT(*) FROM components_shared_seo WHERE meta_title = 'kept'`); n != 1 {
			t.Errorf("the component's rows: %d, want 1", n)
		}
	})
}
