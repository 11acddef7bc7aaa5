package graphql

import (
	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/core/schema"
)

// model is what the GraphQL schema is built from and answered with: the
// content types and components it serves, and the way back from a
// GraphQL name to them.
type model struct {
	types      []*schema.ContentType
	components []*schema.ContentType
	localized  bool
	// objects maps an object type's name to its content type or component.
	objects map[string]*schema.ContentType
	// roots maps Query's and Mutation's fields to what they do.
	roots map[string]root
	// plugins maps the plugins' root fields ("Query.name") to them.
	plugins     map[string]plugin.RegisteredField
	pluginsList []plugin.RegisteredField
	// zoneInputs maps a zone's input scalar to its field.
	zoneInputs map[string]*schema.Attribute
	// user is users-permissions' user type, nil when the project has none;
	// file is the upload plugin's.
	user, file *schema.ContentType
	// v4 is Strapi's v4CompatibilityMode (v4.go).
	v4 bool
}

// op is what a root field does.
type op int

const (
	opFind op = iota
	opConnection
	opFindOne
	opCreate
	opUpdate
	opDelete
)

// action is the REST action whose permission a root field needs.
func (o op) action(ct *schema.ContentType) string {
	switch o {
	case opFind, opConnection:
		return "find"
	case opFindOne:
		if ct.Kind == schema.SingleType {
			return "find"
		}
		return "findOne"
	case opCreate:
		return "create"
	case opUpdate:
		return "update"
	}
	return "delete"
}

// root is one field of Query or Mutation.
type root struct {
	ct *schema.ContentType
	op op
}

// newModel collects the types Strapi's plugin serves: every content type
// and component (users-permissions' permission type has none in Kiln).
func newModel(s *schema.Schema, fields []plugin.RegisteredField) *model {
	m := &model{objects: map[string]*schema.ContentType{}, roots: map[string]root{}, zoneInputs: map[string]*schema.Attribute{},
		plugins: map[string]plugin.RegisteredField{}, pluginsList: fields}
	for _, f := range fields {
		rootName := "Query."
		if f.Mutation {
			rootName = "Mutation."
		}
		m.plugins[rootName+pluginFieldName(f)] = f
	}
	for _, ct := range servedOrder(s.Types) {
		if ct.Builtin && ct.Name == "user" {
			m.user = ct
		}
		if ct.Builtin && ct.Name == schema.FileType {
			m.file = ct
		}
		m.types = append(m.types, ct)
		m.objects[typeName(ct)] = ct
		m.localized = m.localized || ct.Localized
		if ct.Kind == schema.SingleType {
			m.roots["Query."+findOneName(ct)] = root{ct, opFindOne}
			if !m.mutable(ct) {
				continue
			}
			m.roots["Mutation."+updateName(ct)] = root{ct, opUpdate}
			m.roots["Mutation."+deleteName(ct)] = root{ct, opDelete}
			continue
		}
		m.roots["Query."+findName(ct)] = root{ct, opFind}
		m.roots["Query."+connectionName(ct)] = root{ct, opConnection}
		m.roots["Query."+findOneName(ct)] = root{ct, opFindOne}
		if !m.mutable(ct) {
			continue
		}
		m.roots["Mutation."+createName(ct)] = root{ct, opCreate}
		m.roots["Mutation."+updateName(ct)] = root{ct, opUpdate}
		m.roots["Mutation."+deleteName(ct)] = root{ct, opDelete}
	}
	for _, c := range s.Components {
		m.components = append(m.components, c)
		m.objects[componentName(c)] = c
	}
	for _, ct := range append(append([]*schema.ContentType{}, m.types...), m.components...) {
		for _, a := range ct.Attributes {
			if a.Type == schema.DynamicZone {
				m.zoneInputs[zoneName(ct, a)+"Input"] = a
			}
		}
	}
	return m
}

// mutable reports whether Mutation has the generic create, update and
// delete of ct: users-permissions' and upload's types have their own.
func (m *model) mutable(ct *schema.ContentType) bool { return !ct.Builtin }

// writable are the fields a write may set: every field, private ones
// included, but the user fields Kiln adds to Strapi's (a session's token
// version, a reset code's expiry), which no write may name.
func (m *model) writable(ct *schema.ContentType) []*schema.Attribute {
	all := m.attrs(ct)
	if ct != m.user {
		return all
	}
	out := all[:0:0]
	for _, a := range all {
		if a.Name != "tokenVersion" && a.Name != "resetPasswordExpiresAt" {
			out = append(out, a)
		}
	}
	return out
}

// attrs are the fields of ct the schema holds (output leaves the private
// ones out): those not waiting for a migration.
func (m *model) attrs(ct *schema.ContentType) []*schema.Attribute {
	out := make([]*schema.Attribute, 0, len(ct.Attributes))
	for _, a := range ct.Attributes {
		if a.Unavailable() {
			continue
		}
		if a.IsRelation() && a.TargetType == nil {
			continue
		}
		out = append(out, a)
	}
	return out
}

// servedOrder is the order Strapi registers types in: the plugins' (upload,
// users-permissions) first, then the project's, each by name.
func servedOrder(types []*schema.ContentType) []*schema.ContentType {
	out := make([]*schema.ContentType, 0, len(types))
	for _, name := range []string{schema.FileType, "role", "user"} {
		for _, ct := range types {
			if ct.Builtin && ct.Name == name {
				out = append(out, ct)
			}
		}
	}
	for _, ct := range types {
		if !ct.Builtin {
			out = append(out, ct)
		}
	}
	return out
}
