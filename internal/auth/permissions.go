package auth

import (
	"strings"

	"github.com/kiln-cms/kiln/core/query"
)

// The roles every policy must have. Public is the role of callers without a
// token; Authenticated that of signed-in users with no other role (and of
// new users, as Strapi's default role).
const (
	Public        = "public"
	Authenticated = "authenticated"
)

// UserPlaceholder is the string that, anywhere in a scope, stands for the
// caller's user id.
const UserPlaceholder = query.UserParam

// Role is one role of the policy.
type Role struct {
	// Type is the role's key ("public", "learner", ...): what users.role
	// points at and what the code asks about.
	Type string
	// Name and Description are for people (the admin UI, `kiln routes`).
	Name        string
	Description string

	actions map[string]bool
	list    []string
	scopes  map[string]map[string]any
	access  Access // compiled from scopes by Policy.Compile
	limits  Limits // as written in the file; zero where it says nothing (Policy.Limits)
}

// Policy is config/permissions.yaml: what each role may do, and on which
// entries of a type. Everything not granted is denied. A Policy does not
// change once parsed, so it is safe for concurrent use.
type Policy struct {
	roles  []*Role
	by     map[string]*Role
	nobody Access // the access of a role the file does not define
}

// Allowed reports whether the role may take the action ("program.find",
// "scheduling.ics", "users.me"). The action is granted by its own name, by
// "<name>.*" or by "*"; anything else — an unknown role, an unknown action,
// a typo in the file — is denied.
func (p *Policy) Allowed(roleType, action string) bool {
	r := p.by[roleType]
	if r == nil || action == "" {
		return false
	}
	if r.actions["*"] || r.actions[action] {
		return true
	}
	name, _, ok := strings.Cut(action, ".")
	return ok && r.actions[name+".*"]
}

// Roles returns the roles in file order, so that role ids made from them at
// start-up are stable.
func (p *Policy) Roles() []Role {
	out := make([]Role, len(p.roles))
	for i, r := range p.roles {
		out[i] = *r
	}
	return out
}

// Role returns the role of the type.
func (p *Policy) Role(roleType string) (Role, bool) {
	if r := p.by[roleType]; r != nil {
		return *r, true
	}
	return Role{}, false
}

// Actions lists what the role may do, as written in the file (wildcards
// unexpanded), or nil for an unknown role.
func (p *Policy) Actions(roleType string) []string {
	if r := p.by[roleType]; r != nil {
		return append([]string(nil), r.list...)
	}
	return nil
}

// HasScope reports whether the role's access to the type is limited by an
// ownership scope, without building one.
func (p *Policy) HasScope(roleType, contentType string) bool {
	r := p.by[roleType]
	return r != nil && r.scopes[contentType] != nil
}

// Scope returns the role's ownership filter on a content type as written
// in the file ("$user" still in it), or nil when the role is not limited
// on the type. The result is a fresh deep copy, so the caller may change
// it and the policy stays as loaded.
func (p *Policy) Scope(roleType, contentType string) map[string]any {
	r := p.by[roleType]
	if r == nil || r.scopes[contentType] == nil {
		return nil
	}
	return deepCopy(r.scopes[contentType]).(map[string]any)
}

// deepCopy copies maps and slices; other values are immutable.
func deepCopy(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, val := range x {
			out[k] = deepCopy(val)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, val := range x {
			out[i] = deepCopy(val)
		}
		return out
	}
	return v
}
