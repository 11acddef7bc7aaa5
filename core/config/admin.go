package config

import "strings"

// Admin is config/admin.yaml: the admin panel kiln serve serves at /admin
// (docs/admin.md).
//
//	enabled: true
//	roles: [admin]
//	development: false
//
// Env: KILN_ADMIN_ENABLED=false, KILN_ADMIN_ROLES=admin,editor,
// KILN_ADMIN_DEVELOPMENT=true.
type Admin struct {
	// Enabled serves the panel. Default: true.
	Enabled *bool `yaml:"enabled"`
	// Roles are the roles (by type) whose users may sign in to the panel.
	// Default: [admin]. What a user sees and does there is still what
	// their role may do through the API.
	Roles []string `yaml:"roles"`
	// Development lets the panel write the project's files where Strapi
	// writes only in development: the views of config/views.yaml
	// ("Configure the view"). Off in production, where those files come
	// from the project's repository. Default: false.
	Development bool `yaml:"development"`
}

// On reports whether the panel is served.
func (a Admin) On() bool { return a.Enabled == nil || *a.Enabled }

// SignInRoles are the roles that may sign in to the panel.
func (a Admin) SignInRoles() []string {
	if len(a.Roles) == 0 {
		return []string{"admin"}
	}
	return a.Roles
}

func (a Admin) check() []string {
	var probs []string
	for _, r := range a.Roles {
		if strings.TrimSpace(r) == "" {
			probs = append(probs, "admin.yaml: roles: an empty role name")
		}
	}
	return probs
}

func (e *envReader) admin(a *Admin) {
	if _, v := e.first("KILN_ADMIN_ENABLED"); v != "" {
		var b bool
		e.boolean(&b, "KILN_ADMIN_ENABLED")
		a.Enabled = &b
	}
	e.list(&a.Roles, "KILN_ADMIN_ROLES")
	e.boolean(&a.Development, "KILN_ADMIN_DEVELOPMENT")
}
