package graphql

import (
	"github.com/kiln-cms/kiln/core/schema"
)

// Strapi 5's plugin has an option, v4CompatibilityMode, for clients
// written against Strapi 4's GraphQL ({ data { id attributes { ... } } },
// meta { pagination }). With it on, as Strapi 5.54 answers it
// (testdata/graphql/v4):
//
//   - the type of every content type gets `id: ID!` before documentId
//     (components have it already);
//   - the type of every content type and component gets `attributes` and
//     `data`, both the entry itself, after id and documentId; a served
//     field of the type with one of those names takes its place instead;
//   - every XEntityResponseCollection gets `data` (nodes) and `meta`
//     (ResponseCollectionMeta { pagination }, pageInfo), every
//     XRelationResponseCollection `data`.
//
// Everything it adds is deprecated, with Strapi's reasons. Nothing else
// changes: no argument, filter or input.

// Strapi 5.54's deprecation reasons.
const (
	v4IDReason   = "Use `documentId` instead"
	v4SelfReason = "Use root level fields instead"
	v4DataReason = "Use `nodes` field instead"
	v4MetaReason = "Use the `pageInfo` field instead"
)

// v4SelfNames are the fields that answer the entry itself, in Strapi's
// order.
var v4SelfNames = [...]string{"attributes", "data"}

// responseCollectionMeta is the type of a connection's meta.
const responseCollectionMeta = "ResponseCollectionMeta"

// deprecated is the @deprecated directive with reason, as SDL.
func deprecated(reason string) string {
	return ` @deprecated(reason: "` + reason + `")`
}

// outputAttr is ct's field name as its object type serves it (not
// private, not waiting for a migration), or nil.
func (m *model) outputAttr(ct *schema.ContentType, name string) *schema.Attribute {
	a := ct.Attr(name)
	if a == nil || a.IsPrivate() || a.Unavailable() || (a.IsRelation() && a.TargetType == nil) {
		return nil
	}
	return a
}

// self reports whether the field name of ct's object type is one of the
// v4 fields that answer the entry itself.
func (m *model) self(ct *schema.ContentType, name string) bool {
	if !m.v4 || (name != "attributes" && name != "data") {
		return false
	}
	return m.outputAttr(ct, name) == nil
}

// v4ConnectionFields are the fields v4 adds to a connection of type tn's
// entries: data, and meta on an XEntityResponseCollection.
func v4ConnectionFields(tn string, meta bool) string {
	out := "  data: [" + tn + "!]!" + deprecated(v4DataReason) + "\n"
	if meta {
		out += "  meta: " + responseCollectionMeta + "!" + deprecated(v4MetaReason) + "\n"
	}
	return out
}

// isListField reports whether a connection's field name holds its
// entries: nodes, or data (v4; the schema has it only then).
func isListField(name string) bool { return name == "nodes" || name == "data" }
