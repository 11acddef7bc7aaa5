// Package hello is the smallest complete Kiln plugin: a typed model of
// what it uses, a table of its own, a lifecycle hook, a policy and a route
// that reads and writes through the content service. docs/plugins.md
// walks through it, and a test runs it in a real app.
package hello

import (
	"context"
	"fmt"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/caller"
	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/core/reply"
	"github.com/kiln-cms/kiln/core/schema"
)

// Plugin greets signed-in users, counts their greetings, and keeps
// customer names tidy.
type Plugin struct{ m model }

// model is everything the plugin uses of the schema, named once: the core
// checks it at start-up (a missing type or field stops start-up, naming
// it) and fills it before Register.
type model struct {
	Customer *schema.ContentType `kiln:"customer"`
	Name     *schema.Attribute   `kiln:"customer.name"`
	Active   *schema.Attribute   `kiln:"customer.active"`
}

// The compiler checks that Plugin implements the contract and the
// optional interfaces it means to.
var (
	_ plugin.Plugin  = (*Plugin)(nil)
	_ plugin.Modeler = (*Plugin)(nil)
	_ plugin.Tabler  = (*Plugin)(nil)
)

// Name prefixes the plugin's permission actions: "hello.greet".
func (*Plugin) Name() string { return "hello" }

// Model hands the core the model to check and fill.
func (p *Plugin) Model() any { return &p.m }

// greetings is the plugin's own table: how often each user was greeted.
const greetings = "hello_greetings"

// Tables declares it: the migrations create it, `kiln migrate --dry-run`
// lists it.
func (*Plugin) Tables() []plugin.Table {
	return []plugin.Table{{Name: greetings, Key: []string{"user_id"}, Columns: []plugin.Column{
		{Name: "user_id", Type: schema.BigInteger},
		{Name: "times", Type: schema.Integer, Required: true},
	}}}
}

// Register adds the hook and the route.
func (p *Plugin) Register(api *plugin.API) error {
	// A hook runs inside the write's transaction; an error aborts the write
	// and keeps its kind, so this one is a 400 ValidationError.
	api.Before(hook.Create, p.m.Customer, func(ctx context.Context, ev *hook.Event) error {
		name, _ := ev.Data.Values[p.m.Name].(string)
		if strings.TrimSpace(name) != name {
			return errs.New(errs.KindValidation, "a customer name cannot start or end with spaces")
		}
		return nil
	})
	// A route: the core checks the token, the "hello.greet" permission and
	// the rate limit before the policies and the handler run.
	return api.Route(plugin.Route{
		Method: "GET", Path: "/hello", Action: "hello.greet",
		Tag: "Content", Summary: "Greet the caller, count their greetings and the active customers they may see",
		Response: map[string]any{"type": "object", "properties": map[string]any{
			"greeting": map[string]any{"type": "string"}, "times": map[string]any{"type": "integer"},
			"activeCustomers": map[string]any{"type": "integer"}}},
		Policies: []plugin.Policy{signedIn},
		Handler: func(c *fiber.Ctx) error {
			return p.greet(c, api)
		},
	})
}

// greet counts the greeting in the plugin's table and the active customers
// the caller may see, in one transaction.
func (p *Plugin) greet(c *fiber.Ctx, api *plugin.API) error {
	user := api.Caller(c).UserID
	var times, active int64
	err := api.Content.InTx(c.UserContext(), func(ctx context.Context, tx content.TxDoor) error {
		// Statements may write the plugin's own tables (Own)...
		_, err := tx.Statement(content.ReadOptions{}).W("INSERT INTO ").Own(greetings).W(" (user_id, times) VALUES (").Int(user).
			W(", 1) ON CONFLICT (user_id) DO UPDATE SET times = ").Own(greetings).W(".times + 1").Exec(ctx)
		if err != nil {
			return err
		}
		err = tx.Statement(content.ReadOptions{}).W("SELECT times FROM ").Own(greetings).W(" WHERE user_id = ").Int(user).
			QueryRow(ctx, &times)
		if err != nil {
			return err
		}
		// ...and read content types through From, which keeps to what the
		// caller may see: an aggregate counts no row hidden from them.
		return tx.Statement(api.ReadOptions(c)).W("SELECT COUNT(*) FROM ").From(p.m.Customer, "c").
			W(" WHERE ").Col("c", p.m.Active).W(" = ").Bool(true).QueryRow(ctx, &active)
	})
	if err != nil {
		return err
	}
	return reply.Data(c, fiber.StatusOK, fiber.Map{
		"greeting": fmt.Sprintf("hello, user %d", user), "times": times, "activeCustomers": active})
}

// signedIn is a policy: it refuses callers without a user.
func signedIn(c *fiber.Ctx) error {
	if caller.Of(c).UserID == 0 {
		return errs.New(errs.KindForbidden, "sign in first")
	}
	return nil
}
