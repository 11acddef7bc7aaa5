package rest

import (
	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/account"
	"github.com/kiln-cms/kiln/internal/route"
)

// This file is where the core's rows of the route table (internal/route) are
// written: the routes generated for each content type, and the
// users-and-auth routes.

// Prefixes are where every generated route is served: route.Versioned,
// where plain /api is the latest version and /api/v1 and /api/v2 pin one.
var Prefixes = route.Versioned

// generatedOp is one route generated for a content type, below the
// type's base path: its method, what follows the base, its operation
// (the permission action's verb, and what the documents describe) and
// its handler.
type generatedOp struct {
	method, suffix, op string
	handler            func(a *API, ct *schema.ContentType) fiber.Handler
}

// collectionOps are the routes of a collection type, below /<pluralName>.
var collectionOps = []generatedOp{
	{fiber.MethodGet, "", "find", (*API).find},
	{fiber.MethodPost, "", "create", (*API).create},
	{fiber.MethodGet, "/:id", "findOne", (*API).findOne},
	{fiber.MethodPut, "/:id", "update", (*API).update},
	{fiber.MethodDelete, "/:id", "delete", (*API).delete},
}

// opsOf is the one place that says which routes a kind of content type
// gets: the base path and the operations below it. Built-in types (users,
// roles) have routes of their own (AccountRoutes).
//
// A new kind is a case here and its list of operations; the table,
// fiber's routes, `kiln routes`, the permission listing and the shadowing
// check of plugin routes follow with no other change, and internal/openapi
// words the operations by the type's kind.
func opsOf(ct *schema.ContentType) (string, []generatedOp) {
	// A plugin's type has the routes its plugin declares, in Strapi: none
	// here, where the plugin's code does not run; it is read through the
	// relations to it (docs/content-types.md, "A plugin's types").
	if ct.Builtin || ct.Plugin != "" {
		return "", nil
	}
	switch ct.Kind {
	case schema.CollectionType:
		return "/" + ct.Plural, collectionOps
	case schema.SingleType:
		return "/" + ct.Name, singleOps
	}
	return "", nil
}

// GeneratedRoutes are the generated rows of the route table, type by type
// in the schema's order, served under every version prefix. a gives
// their handlers; with a nil a the rows have none, which is all the
// shadowing check of plugin routes reads (it runs before the API exists).
func GeneratedRoutes(s *schema.Schema, a *API) route.Table {
	var out route.Table
	for _, ct := range s.Types {
		base, ops := opsOf(ct)
		for _, op := range ops {
			row := route.Route{Method: op.method, Path: base + op.suffix, Prefixes: route.Versioned,
				Action: ActionOf(ct, op.op), Source: route.SourceGenerated, Docs: route.Docs{Type: ct, Op: op.op}}
			if a != nil {
				row.Handlers = []fiber.Handler{op.handler(a, ct)}
			}
			out = append(out, row)
		}
	}
	return out
}

// Routes are the generated rows of the route table, with a's handlers.
func (a *API) Routes() route.Table { return GeneratedRoutes(a.Content.Schema, a) }

// AccountRoutes are the users-and-auth rows of the route table: sign-in,
// registration and the password routes, then the user and role routes,
// with handlers over acc. They are served at /api only, whatever the
// version, and each handler checks the row's action with sec.
func AccountRoutes(sec *Security, acc *account.Service) route.Table {
	h := &accountHandlers{sec: sec, acc: acc}
	rows := []struct {
		method, path, action string
		handler              fiber.Handler
	}{
		{fiber.MethodPost, pathLogin, "auth.login", h.login},
		{fiber.MethodPost, pathRegister, "auth.register", h.register},
		{fiber.MethodPost, "/auth/change-password", "auth.changePassword", h.changePassword},
		{fiber.MethodPost, pathForgotPassword, "auth.forgotPassword", h.forgotPassword},
		{fiber.MethodPost, pathResetPassword, "auth.resetPassword", h.resetPassword},
		{fiber.MethodGet, "/users/me", "users.me", h.me},
		{fiber.MethodGet, "/users", "users.find", h.listUsers},
		{fiber.MethodPost, "/users", "users.create", h.createUser},
		{fiber.MethodGet, "/users/:id", "users.findOne", h.getUser},
		{fiber.MethodPut, "/users/:id", "users.update", h.updateUser},
		{fiber.MethodDelete, "/users/:id", "users.delete", h.deleteUser},
		{fiber.MethodGet, "/users-permissions/roles", "roles.find", h.roles},
	}
	out := make(route.Table, len(rows))
	for i, r := range rows {
		out[i] = route.Route{Method: r.method, Path: r.path, Prefixes: route.API, Action: r.action,
			Source: route.SourceCore, Handlers: []fiber.Handler{r.handler}}
	}
	return out
}
