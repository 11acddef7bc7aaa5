// Package hello is the smallest complete Kiln plugin: one route, one
// lifecycle hook and one policy. docs/plugins.md walks through it, and a
// test registers it in a real app.
package hello

import (
	"context"
	"fmt"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/core/rest"
)

// Plugin greets signed-in users and keeps customer names tidy.
type Plugin struct{}

// The compiler checks that Plugin implements the contract.
var _ plugin.Plugin = Plugin{}

// Name prefixes the plugin's permission actions: "hello.greet".
func (Plugin) Name() string { return "hello" }

// Requires names what the plugin reads: start-up stops, naming the plugin,
// type and field, if content-types/ lacks one.
func (Plugin) Requires() []plugin.Requirement {
	return []plugin.Requirement{plugin.Need("customer", "name")}
}

// Register adds the route, the hook and the policy.
func (Plugin) Register(api *plugin.API) error {
	// A hook runs inside the write's transaction; an error aborts the write
	// and keeps its kind, so this one is a 400 ValidationError.
	api.Hooks.BeforeCreate("customer", func(ctx context.Context, ev *hook.Event) error {
		name, _ := ev.Data.Values[ev.Type.Attr("name")].(string)
		if strings.TrimSpace(name) != name {
			return errs.New(errs.KindValidation, "a customer name cannot start or end with spaces")
		}
		return nil
	})
	// A route: the core checks the token, the "hello.greet" permission and
	// the rate limit before the policies and the handler run.
	return api.Route(plugin.Route{
		Method: "GET", Path: "/hello", Action: "hello.greet",
		Tag: "Content", Summary: "Greet the caller",
		Response: map[string]any{"type": "object", "properties": map[string]any{"greeting": map[string]any{"type": "string"}}},
		Policies: []plugin.Policy{signedIn},
		Handler: func(c *fiber.Ctx) error {
			return rest.WriteData(c, fiber.StatusOK, fiber.Map{"greeting": fmt.Sprintf("hello, user %d", api.Caller(c).UserID)})
		},
	})
}

// signedIn is a policy: it refuses callers without a user.
func signedIn(c *fiber.Ctx) error {
	if rest.CallerOf(c).UserID == 0 {
		return errs.New(errs.KindForbidden, "sign in first")
	}
	return nil
}
