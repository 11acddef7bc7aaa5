// Package catalog is the plugin of the platform's Content category: the
// category tree, and turning a blueprint into a program with its modules
// and sessions. Its permission actions keep the name configurations use,
// content.* (content.categoryTree, content.instantiate).
package catalog

import (
	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/core/schema"
)

// Plugin is the catalog plugin.
type Plugin struct{ m model }

// New returns the catalog plugin.
func New() *Plugin { return &Plugin{} }

var (
	_ plugin.Plugin  = (*Plugin)(nil)
	_ plugin.Modeler = (*Plugin)(nil)
)

// model is every type and field the plugin reads and writes.
type model struct {
	Category    *schema.ContentType `kiln:"category"`
	CatName     *schema.Attribute   `kiln:"category.name"`
	CatSlug     *schema.Attribute   `kiln:"category.slug"`
	CatDesc     *schema.Attribute   `kiln:"category.description"`
	CatParent   *schema.Attribute   `kiln:"category.parent"`
	Blueprint   *schema.ContentType `kiln:"blueprint"`
	BpTitle     *schema.Attribute   `kiln:"blueprint.title"`
	BpDesc      *schema.Attribute   `kiln:"blueprint.description"`
	BpWeeks     *schema.Attribute   `kiln:"blueprint.durationWeeks"`
	BpOutline   *schema.Attribute   `kiln:"blueprint.outline"`
	Program     *schema.ContentType `kiln:"program"`
	PrTitle     *schema.Attribute   `kiln:"program.title"`
	PrDesc      *schema.Attribute   `kiln:"program.description"`
	PrStatus    *schema.Attribute   `kiln:"program.status"`
	PrBlueprint *schema.Attribute   `kiln:"program.blueprint"`
	PrStart     *schema.Attribute   `kiln:"program.startDate"`
	PrEnd       *schema.Attribute   `kiln:"program.endDate"`
	PrCustomer  *schema.Attribute   `kiln:"program.customer"`
	PrModules   *schema.Attribute   `kiln:"program.modules"`
	Module      *schema.ContentType `kiln:"module"`
	ModTitle    *schema.Attribute   `kiln:"module.title"`
	ModDesc     *schema.Attribute   `kiln:"module.description"`
	ModOrder    *schema.Attribute   `kiln:"module.order"`
	ModProgram  *schema.Attribute   `kiln:"module.program"`
	ModSessions *schema.Attribute   `kiln:"module.sessions"`
	Session     *schema.ContentType `kiln:"session"`
	SesTitle    *schema.Attribute   `kiln:"session.title"`
	SesKind     *schema.Attribute   `kiln:"session.kind"`
	SesDuration *schema.Attribute   `kiln:"session.durationMinutes"`
	SesOrder    *schema.Attribute   `kiln:"session.order"`
	SesContent  *schema.Attribute   `kiln:"session.content"`
	SesModule   *schema.Attribute   `kiln:"session.module"`
	SesProgram  *schema.Attribute   `kiln:"session.program"`
	Customer    *schema.ContentType `kiln:"customer"`
}

// Name is the prefix of the plugin's permission actions.
func (*Plugin) Name() string { return "content" }

// ConfigName is the name config/plugins.yaml switches it on by: its
// package's, not its actions' prefix.
func (*Plugin) ConfigName() string { return "catalog" }

// Model is the plugin's model, filled by the core before Register.
func (p *Plugin) Model() any { return &p.m }

// Register adds the program rule and the two routes.
func (p *Plugin) Register(api *plugin.API) error {
	registerRules(api, &p.m)
	if err := api.Route(plugin.Route{
		Method: "GET", Path: "/categories/tree", Action: "content.categoryTree", Tag: "Content",
		Summary:  "The whole category tree, nested",
		Response: treeSchema,
		Handler:  (&tree{api: api, m: &p.m}).handle,
	}); err != nil {
		return err
	}
	return api.Route(plugin.Route{
		Method: "POST", Path: "/blueprints/:id/instantiate", Action: "content.instantiate", Tag: "Content",
		Summary:  "Create a program with its modules and sessions from a blueprint's outline",
		Request:  instantiateRequestSchema,
		Response: map[string]any{"$ref": "#/components/schemas/program"},
		Handler:  (&instantiate{api: api, m: &p.m}).handle,
	})
}
