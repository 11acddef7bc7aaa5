package auth

import (
	"fmt"

	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// DraftsAction is the action, on a type with draft & publish, that lets a
// role read its drafts ("blueprint.readDrafts"): status=draft on the
// generated routes, and the draft side of everything such a read
// populates. Without it a role reads only what is published, whatever
// else it may do with the type.
const DraftsAction = "readDrafts"

// Access is what one role may read, compiled against the schema once at
// start-up and shared by every request of the role. It is plain data: the
// store applies it at every hop a query makes, and a request adds only the
// caller's id (the value of every query.CallerID in Scopes).
type Access struct {
	// Scopes holds, for each type the role is limited on, the filter of
	// the entries it may see; a type absent from it is seen whole.
	Scopes map[*schema.ContentType]*query.Filter
	// NoDrafts are the draft & publish types whose drafts the role may
	// not read: for them only published entries exist.
	NoDrafts map[*schema.ContentType]bool
}

// Compile checks every scope of the policy against the schema and keeps
// each role's compiled Access. A scope that names a missing field or
// relation, or compares the caller's id with something that is not an id,
// is an error naming the role and the type, so that start-up stops.
func (p *Policy) Compile(s *schema.Schema, opts query.Options) error {
	for _, r := range p.roles {
		acc := Access{Scopes: map[*schema.ContentType]*query.Filter{}, NoDrafts: map[*schema.ContentType]bool{}}
		for name, tree := range r.scopes {
			ct := s.Type(name)
			if ct == nil {
				return fmt.Errorf("permissions: role %q: scope on %q: no such content type", r.Type, name)
			}
			f, err := query.ParseScope(ct, tree, opts)
			if err != nil {
				return fmt.Errorf("permissions: role %q: scope on %q: %v", r.Type, name, err)
			}
			acc.Scopes[ct] = f
		}
		for _, ct := range s.Types {
			if ct.DraftAndPublish && !p.Allowed(r.Type, ct.Name+"."+DraftsAction) {
				acc.NoDrafts[ct] = true
			}
		}
		r.access = acc
	}
	// A user whose role the file does not define may do nothing (Allowed
	// says no to every action); should a read still be made for them, it
	// sees no entry of any type.
	p.nobody = Access{Scopes: map[*schema.ContentType]*query.Filter{}, NoDrafts: map[*schema.ContentType]bool{}}
	for _, ct := range s.Types {
		p.nobody.Scopes[ct] = query.Or() // any of nothing: false
		p.nobody.NoDrafts[ct] = ct.DraftAndPublish
	}
	return nil
}

// Access returns the role's compiled access (see Compile); an unknown role
// sees no entry of any type.
func (p *Policy) Access(roleType string) Access {
	if r := p.by[roleType]; r != nil {
		return r.access
	}
	return p.nobody
}
