package openapi

import (
	"fmt"
	"strings"
)

// foreignSchema is a schema a plugin declared, with the route it is from.
type foreignSchema struct {
	where string
	s     obj
}

// resolveForeign makes every $ref in the plugins' schemas point at a
// component of this document: a content type's entry or envelope is
// written on demand; a ref to nothing is reported and replaced by an open
// schema, so that the document stays valid while the gap is fixed.
func (b *builder) resolveForeign() {
	for _, f := range b.foreign {
		b.walkRefs(f.where, f.s)
	}
	b.entries.drain()
}

func (b *builder) walkRefs(where string, v any) {
	switch x := v.(type) {
	case obj:
		if r, ok := x["$ref"].(string); ok && !b.resolve(r) {
			b.problem(fmt.Errorf("%s: $ref %q names no component of the document", where, r))
			delete(x, "$ref")
			x["description"] = "undeclared: the plugin refers to " + r + ", which the document does not define"
		}
		for _, c := range x {
			b.walkRefs(where, c)
		}
	case []any:
		for _, c := range x {
			b.walkRefs(where, c)
		}
	}
}

// resolve reports whether a ref names a component, writing it if it is a
// content type's.
func (b *builder) resolve(r string) bool {
	name, ok := strings.CutPrefix(r, "#/components/schemas/")
	if !ok {
		return false
	}
	if _, ok := b.schemas[name]; ok {
		return true
	}
	if ct := b.schema.Type(name); ct != nil {
		b.entries.need(ct, b.v.Shape)
		return true
	}
	for _, suffix := range []string{"Create", "Update", "List", "Response"} {
		base, ok := strings.CutSuffix(name, suffix)
		if ct := b.schema.Type(base); ok && ct != nil && !ct.Builtin {
			b.typeSchemas(ct)
			_, written := b.schemas[name] // a single type has no List or Create
			return written
		}
	}
	return false
}
