package analytics

import (
	"embed"
	"io/fs"

	"github.com/kiln-cms/kiln/core/plugin"
)

// panelFiles are the plugin's modules of the admin panel (admin/): the
// Dashboard page, the card on the panel's home, and the figures under a
// program's, a customer's and a coach's form.
//
//go:embed admin/chart.js admin/dashboard.js admin/glance.js admin/figures.js
var panelFiles embed.FS

// panel is what the plugin adds to the admin panel, each shown to the
// roles that may call the route it reads.
func (a *analytics) panel() plugin.AdminPanel {
	files, _ := fs.Sub(panelFiles, "admin") // the embed pattern guarantees the folder
	return plugin.AdminPanel{
		Files: files,
		Pages: []plugin.AdminPage{{Path: "dashboard", Label: "Dashboard", Action: "analytics.dashboard", Module: "dashboard.js"}},
		Cards: []plugin.AdminCard{{Label: "Learning at a glance", Action: "analytics.dashboard", Module: "glance.js"}},
		Sections: []plugin.AdminSection{
			{Type: a.m.Program, Label: "Figures", Action: "analytics.program", Module: "figures.js"},
			{Type: a.m.Customer, Label: "Figures", Action: "analytics.customer", Module: "figures.js"},
			{Type: a.m.Coach, Label: "Figures", Action: "analytics.coach", Module: "figures.js"},
		},
	}
}
