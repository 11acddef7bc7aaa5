package plugin

import (
	"fmt"
	"log/slog"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/rest"
)

// Registered is a route with the plugin that added it.
type Registered struct {
	Route
	Plugin string
}

// Registry holds what the plugins registered.
type Registry struct {
	routes   []Registered
	services map[string]any
}

// Load checks each plugin's requirements and registers it, in order. The
// first problem stops start-up with a message naming the plugin: a route
// that would shadow a generated route is one (see checkShadows).
func Load(plugins []Plugin, svc *content.Service, sec *rest.Security, log *slog.Logger) (*Registry, error) {
	r := &Registry{services: map[string]any{}}
	seen := map[string]bool{}
	for _, p := range plugins {
		if seen[p.Name()] {
			return nil, fmt.Errorf("plugin %q is registered twice", p.Name())
		}
		seen[p.Name()] = true
		if err := CheckRequirements(p, svc.Schema); err != nil {
			return nil, err
		}
		api := &API{plugin: p.Name(), Schema: svc.Schema, Content: svc, Hooks: svc.Hooks,
			Log: log.With("plugin", p.Name()), security: sec, registry: r}
		before := len(r.routes)
		if err := p.Register(api); err != nil {
			return nil, fmt.Errorf("registering plugin %q: %w", p.Name(), err)
		}
		// Checked here rather than in Route, so that a plugin that drops
		// Route's error is stopped all the same.
		if err := checkShadows(r.routes[before:], svc.Schema); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// Routes are the registered routes, in registration order.
func (r *Registry) Routes() []Registered { return r.routes }

// Service returns the service a plugin provided as "<plugin>.<name>", or
// nil: how code outside the plugins (a command, the core's wiring, a test)
// calls what a plugin exposes, through the app's registry.
func (r *Registry) Service(name string) any { return r.services[name] }

// Mount serves every plugin route under each version prefix, behind its
// permission check and policies. Call it before the generated routes, so
// that /api/categories/tree is not taken for /api/categories/:id.
func (r *Registry) Mount(f fiber.Router, sec *rest.Security) {
	for _, rt := range r.routes {
		handlers := []fiber.Handler{permission(sec, rt.Action)}
		for _, p := range rt.Policies {
			handlers = append(handlers, policy(p))
		}
		handlers = append(handlers, rt.Handler)
		for _, prefix := range rest.Prefixes {
			f.Add(rt.Method, prefix+rt.Path, handlers...)
		}
	}
}

func permission(sec *rest.Security, action string) fiber.Handler {
	return func(c *fiber.Ctx) error {
		if err := sec.Allow(c, action); err != nil {
			return err
		}
		return c.Next()
	}
}

func policy(p Policy) fiber.Handler {
	return func(c *fiber.Ctx) error {
		if err := p(c); err != nil {
			return err
		}
		return c.Next()
	}
}
