package auth

import (
	"bytes"
	"fmt"
	"os"
	"strings"

	"gopkg.in/yaml.v3"
)

// Role is one role of the policy.
type Role struct {
	// Type is the role's key ("public", "authenticated", "learner", ...).
	Type        string
	Name        string
	Description string
	actions     map[string]bool
	list        []string
	scopes      map[string]any
}

// Policy is config/permissions.yaml: what each role may do, and on which
// entries. Everything not granted is denied.
type Policy struct {
	roles []*Role
	by    map[string]*Role
}

// The roles every policy must have: callers without a token, and signed-in
// users with no other role.
const (
	Public        = "public"
	Authenticated = "authenticated"
)

type roleYAML struct {
	Name        string         `yaml:"name"`
	Description string         `yaml:"description"`
	Actions     []string       `yaml:"actions"`
	Scopes      map[string]any `yaml:"scopes"`
}

// LoadPolicy reads the policy file.
func LoadPolicy(path string) (*Policy, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading permissions: %w", err)
	}
	p, err := ParsePolicy(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return p, nil
}

// ParsePolicy reads a policy from YAML: a top-level "roles" mapping of role
// type to {name, description, actions, scopes}. Unknown keys are errors.
func ParsePolicy(src []byte) (*Policy, error) {
	var doc struct {
		Roles yaml.Node `yaml:"roles"`
	}
	dec := yaml.NewDecoder(bytes.NewReader(src))
	dec.KnownFields(true)
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("permissions: %w", err)
	}
	if doc.Roles.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("permissions: roles must be a mapping of role type to its definition")
	}
	p := &Policy{by: map[string]*Role{}}
	for i := 0; i+1 < len(doc.Roles.Content); i += 2 {
		typ := doc.Roles.Content[i].Value
		var ry roleYAML
		if err := decodeStrict(doc.Roles.Content[i+1], &ry); err != nil {
			return nil, fmt.Errorf("permissions: role %q: %w", typ, err)
		}
		r := &Role{Type: typ, Name: ry.Name, Description: ry.Description, actions: map[string]bool{}, scopes: ry.Scopes}
		if r.Name == "" {
			r.Name = typ
		}
		for _, a := range ry.Actions {
			if err := checkAction(a); err != nil {
				return nil, fmt.Errorf("permissions: role %q: %w", typ, err)
			}
			r.actions[a] = true
			r.list = append(r.list, a)
		}
		p.roles = append(p.roles, r)
		p.by[typ] = r
	}
	for _, must := range []string{Public, Authenticated} {
		if p.by[must] == nil {
			return nil, fmt.Errorf("permissions: the %q role is required", must)
		}
	}
	return p, nil
}

// decodeStrict decodes a node refusing unknown keys (yaml.Node.Decode has
// no such option, so the node is re-encoded and decoded by a strict decoder).
func decodeStrict(n *yaml.Node, dst any) error {
	raw, err := yaml.Marshal(n)
	if err != nil {
		return err
	}
	dec := yaml.NewDecoder(bytes.NewReader(raw))
	dec.KnownFields(true)
	return dec.Decode(dst)
}

// checkAction accepts "*", "<name>.*" and "<name>.<action>".
func checkAction(a string) error {
	if a == "*" {
		return nil
	}
	name, act, ok := strings.Cut(a, ".")
	if !ok || name == "" || act == "" || strings.Contains(name, "*") || (strings.Contains(act, "*") && act != "*") {
		return fmt.Errorf("action %q must be \"*\", \"<name>.*\" or \"<name>.<action>\"", a)
	}
	return nil
}

// Allowed reports whether the role may take the action. An unknown role
// may do nothing.
func (p *Policy) Allowed(roleType, action string) bool {
	r := p.by[roleType]
	if r == nil {
		return false
	}
	if r.actions["*"] || r.actions[action] {
		return true
	}
	name, _, _ := strings.Cut(action, ".")
	return r.actions[name+".*"]
}

// Roles returns the roles in file order.
func (p *Policy) Roles() []Role {
	out := make([]Role, len(p.roles))
	for i, r := range p.roles {
		out[i] = *r
	}
	return out
}

// Role returns the role of the type, or nil.
func (p *Policy) Role(roleType string) *Role { return p.by[roleType] }

// Actions lists what the role may do, as written.
func (p *Policy) Actions(roleType string) []string {
	if r := p.by[roleType]; r != nil {
		return append([]string(nil), r.list...)
	}
	return nil
}

// Scope returns the role's ownership filter on a content type with "$user"
// replaced by the user's id, or nil when the role sees every entry. It is a
// fresh copy: the policy itself never changes.
func (p *Policy) Scope(roleType, contentType string, userID int64) map[string]any {
	r := p.by[roleType]
	if r == nil || r.scopes == nil {
		return nil
	}
	s, ok := r.scopes[contentType].(map[string]any)
	if !ok {
		return nil
	}
	return substitute(s, fmt.Sprint(userID)).(map[string]any)
}

// HasScope reports whether the role has an ownership filter on the type.
func (p *Policy) HasScope(roleType, contentType string) bool {
	r := p.by[roleType]
	if r == nil {
		return false
	}
	_, ok := r.scopes[contentType]
	return ok
}

func substitute(v any, user string) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, val := range x {
			out[k] = substitute(val, user)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, val := range x {
			out[i] = substitute(val, user)
		}
		return out
	case string:
		if x == "$user" {
			return user
		}
	}
	return v
}
