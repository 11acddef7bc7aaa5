// Package plugin is the contract between Kiln's core and its plugins. A
// plugin is a value implementing Plugin; cmd/kiln hands the plugins it
// wants to the app, which checks their requirements and calls Register with
// an *API through which they add routes, lifecycle hooks, policies and
// services. Plugins never import each other, and the core never imports a
// plugin.
package plugin

import (
	"fmt"
	"strings"

	"github.com/kiln-cms/kiln/core/schema"
)

// Plugin is what a plugin implements.
type Plugin interface {
	// Name is the plugin's identity and the prefix of its permission
	// actions ("coaching" -> "coaching.match").
	Name() string
	// Requires lists the content types and fields the plugin reads or
	// writes; start-up fails, naming the plugin, type and field, when one is
	// missing from content-types/.
	Requires() []Requirement
	// Register adds the plugin's routes, hooks, policies and services. It
	// runs once at start-up, after the schema is loaded and checked.
	Register(api *API) error
}

// Requirement is one content type a plugin needs, with the fields it uses.
type Requirement struct {
	Type   string
	Fields []string
}

// Need builds a Requirement: Need("event", "startAt", "endAt", "coach").
func Need(typ string, fields ...string) Requirement { return Requirement{Type: typ, Fields: fields} }

// CheckRequirements reports every requirement of p that s does not meet,
// as one error naming the plugin, the type and the field.
func CheckRequirements(p Plugin, s *schema.Schema) error {
	var missing []string
	for _, r := range p.Requires() {
		ct := s.Type(r.Type)
		if ct == nil {
			missing = append(missing, fmt.Sprintf("plugin %q needs content type %q, which content-types/ does not define", p.Name(), r.Type))
			continue
		}
		for _, f := range r.Fields {
			if ct.Field(f) == nil {
				missing = append(missing, fmt.Sprintf("plugin %q needs field %q on content type %q, which content-types/ does not define", p.Name(), f, r.Type))
			}
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("%s", strings.Join(missing, "\n"))
	}
	return nil
}
