package rest

import (
	"slices"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/caller"
	"github.com/kiln-cms/kiln/internal/route"
)

// MyPermissionsRoute is GET /api/users/me/permissions, Kiln's own: the
// actions the caller may take — of every action the route table holds,
// those its role (or its API token) is granted, sorted — so that a client
// such as an admin panel shows only what the caller may do. The caller
// needs users.me, as for /api/users/me. actions lists the table's actions
// when asked (the table is complete only once every route is in it).
func MyPermissionsRoute(sec *Security, actions func() []string) route.Route {
	h := func(c *fiber.Ctx) error {
		if err := sec.Allow(c, "users.me"); err != nil {
			return err
		}
		cl := caller.Of(c)
		mine := []string{}
		for _, a := range actions() {
			if sec.allowed(cl, a) {
				mine = append(mine, a)
			}
		}
		var role any
		if cl.Token == nil {
			role = cl.Role
		}
		return WriteData(c, fiber.StatusOK, fiber.Map{"role": role, "actions": mine})
	}
	return route.Route{Method: fiber.MethodGet, Path: "/users/me/permissions", Prefixes: route.API, Action: "users.me",
		Source: route.SourceCore, Handlers: []fiber.Handler{h}, Docs: route.Docs{
			Summary: "The actions the caller may take", Tag: "Users & auth",
			Response: map[string]any{"type": "object", "required": []any{"role", "actions"}, "properties": map[string]any{
				"role":    map[string]any{"type": []any{"string", "null"}, "description": "The caller's role; null for an API token"},
				"actions": map[string]any{"type": "array", "items": map[string]any{"type": "string"}, "description": "Every action of the route table the caller is granted, sorted"},
			}},
		}}
}

// ActionsOf are the distinct actions of t's rows, sorted.
func ActionsOf(t route.Table) []string {
	var out []string
	for _, r := range t {
		if r.Action != "" && !slices.Contains(out, r.Action) {
			out = append(out, r.Action)
		}
	}
	slices.Sort(out)
	return out
}
