package plugin

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/internal/account"
)

// Registered is a route with the plugin that added it.
type Registered struct {
	Route
	Plugin string
}

// Registry holds what the plugins registered.
type Registry struct {
	routes   []Registered
	fields   []RegisteredField
	services map[string]any
	panels   []RegisteredPanel
	plugins  []Plugin
	now      func() time.Time
}

// Load binds each plugin's model to the schema and registers it, in
// order. The first problem stops start-up with a message naming the
// plugin: a missing type or field of its model, a hook on a type that
// does not exist, or what check says of the routes the plugin added (the
// wiring's check refuses a route that would shadow a generated one). The
// plugins' declared tables become writable by their statements. now is
// the clock the plugins read (API.Now); nil is the wall clock.
func Load(plugins []Plugin, svc *content.Service, sec Security, check func(added []Registered) error, log *slog.Logger, now func() time.Time) (*Registry, error) {
	if now == nil {
		now = time.Now
	}
	r := &Registry{services: map[string]any{}, plugins: plugins, now: now}
	seen := map[string]bool{}
	for _, p := range plugins {
		if seen[p.Name()] {
			return nil, fmt.Errorf("plugin %q is registered twice", p.Name())
		}
		seen[p.Name()] = true
		if m, ok := p.(Modeler); ok {
			if err := Bind(p.Name(), m.Model(), svc.Schema); err != nil {
				return nil, err
			}
		}
		api := &API{plugin: p.Name(), Schema: svc.Schema, Content: svc.Door(), users: func(ctx context.Context, id int64) (*account.Principal, error) {
			return account.PrincipalByID(ctx, svc, id)
		}, hooks: svc.Hooks,
			Log: log.With("plugin", p.Name()), security: sec, registry: r}
		before := len(r.routes)
		if err := p.Register(api); err != nil {
			return nil, fmt.Errorf("registering plugin %q: %w", p.Name(), err)
		}
		if len(api.problems) > 0 {
			return nil, fmt.Errorf("%s", strings.Join(api.problems, "\n"))
		}
		// Checked here rather than in Route, so that a plugin that drops
		// Route's error is stopped all the same.
		if err := check(r.routes[before:]); err != nil {
			return nil, err
		}
	}
	svc.Declare(TableNames(plugins)...)
	return r, nil
}

// Start runs the Start of every plugin that has one (Starter), in order;
// ctx ends when the app closes. A failure stops start-up.
func (r *Registry) Start(ctx context.Context) error {
	for _, p := range r.plugins {
		if s, ok := p.(Starter); ok {
			if err := s.Start(ctx); err != nil {
				return fmt.Errorf("starting plugin %q: %w", p.Name(), err)
			}
		}
	}
	return nil
}

// Close runs the Close of every plugin that has one (Closer), in reverse
// order, and returns the first error.
func (r *Registry) Close(ctx context.Context) error {
	var first error
	for i := len(r.plugins) - 1; i >= 0; i-- {
		if c, ok := r.plugins[i].(Closer); ok {
			if err := c.Close(ctx); err != nil && first == nil {
				first = fmt.Errorf("closing plugin %q: %w", r.plugins[i].Name(), err)
			}
		}
	}
	return first
}

// Routes are the registered routes, in registration order.
func (r *Registry) Routes() []Registered { return r.routes }

// Service returns the service a plugin provided as "<plugin>.<name>", or
// nil: how code outside the plugins (a command, the core's wiring, a test)
// calls what a plugin exposes, through the app's registry.
func (r *Registry) Service(name string) any { return r.services[name] }
