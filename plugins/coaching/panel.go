package coaching

import (
	"embed"
	"io/fs"

	"github.com/kiln-cms/kiln/core/plugin"
)

// panelFiles are the plugin's modules of the admin panel (admin/).
//
//go:embed admin/coach-week.js
var panelFiles embed.FS

// panel is the Coach's week page, shown to the roles that may read a
// coach's free slots (coaches see their own week, admins anyone's).
func panel() plugin.AdminPanel {
	files, _ := fs.Sub(panelFiles, "admin") // the embed pattern guarantees the folder
	return plugin.AdminPanel{
		Files: files,
		Pages: []plugin.AdminPage{{Path: "coach-week", Label: "Coach's week", Action: "coaching.availability", Module: "coach-week.js"}},
	}
}
