// Package content is the plugin of the platform's Content category: the
// category tree, and turning a blueprint into a program with its modules
// and sessions.
package content

import (
	"github.com/kiln-cms/kiln/core/plugin"
)

// Plugin is the content plugin.
type Plugin struct{}

// New returns the content plugin.
func New() *Plugin { return &Plugin{} }

var _ plugin.Plugin = (*Plugin)(nil)

// Name is the prefix of the plugin's permission actions.
func (*Plugin) Name() string { return "content" }

// Requires lists the types and fields the plugin reads and writes.
func (*Plugin) Requires() []plugin.Requirement {
	return []plugin.Requirement{
		plugin.Need("category", "name", "slug", "description", "parent"),
		plugin.Need("blueprint", "title", "description", "durationWeeks", "outline"),
		plugin.Need("program", "title", "description", "status", "startDate", "endDate", "customer", "blueprint"),
		plugin.Need("module", "title", "order", "program"),
		plugin.Need("session", "title", "kind", "durationMinutes", "order", "module", "program"),
		plugin.Need("customer"),
	}
}

// Register adds the program rule and the two routes.
func (p *Plugin) Register(api *plugin.API) error {
	registerRules(api)
	if err := api.Route(plugin.Route{
		Method: "GET", Path: "/categories/tree", Action: "content.categoryTree", Tag: "Content",
		Summary:  "The whole category tree, nested",
		Response: treeSchema,
		Handler:  (&tree{api: api}).handle,
	}); err != nil {
		return err
	}
	return api.Route(plugin.Route{
		Method: "POST", Path: "/blueprints/:id/instantiate", Action: "content.instantiate", Tag: "Content",
		Summary:  "Create a program with its modules and sessions from a blueprint's outline",
		Request:  instantiateRequestSchema,
		Response: map[string]any{"$ref": "#/components/schemas/program"},
		Handler:  (&instantiate{api: api}).handle,
	})
}
