package openapi

import "github.com/kiln-cms/kiln/internal/rest"

// GET /api/content-type-builder/content-types and /components (internal/rest
// ctb.go) answer as Strapi's content-type-builder plugin does on the
// content API: the schema, each type and component with its fields as
// its file writes them.

const tagSchema = "Schema"

func init() {
	item := func(name, desc string, required ...string) func(b *builder) obj {
		return func(b *builder) obj {
			if _, done := b.schemas[name]; !done {
				s := object(obj{"uid": obj{"type": "string"}, "schema": obj{"type": "object",
					"description": "displayName, pluralName, kind, collectionName, attributes (each field as the schema file writes it), ..."}},
					required...)
				b.schemas[name] = withDesc(s, desc)
			}
			return ref(name)
		}
	}
	ctype := item("ContentTypeSchema", "A content type as Strapi's content-type builder describes it", "uid", "schema")
	comp := item("ComponentSchema", "A component as Strapi's content-type builder describes it", "uid", "schema")
	data := func(of func(b *builder) obj, list bool) func(b *builder) obj {
		return func(b *builder) obj {
			v := of(b)
			if list {
				v = arrayOf(v)
			}
			return object(obj{"data": v}, "data")
		}
	}
	for action, op := range map[string]coreOp{
		rest.ActionContentTypes: {summary: "List the content types with their fields",
			desc: "The project's types and the built-in user, role and file, as Strapi's content-type builder lists them. " +
				"kind narrows the list to collectionType or singleType; another value is a 400.",
			response: data(ctype, true),
			params: func(*builder) []any {
				return []any{obj{"name": "kind", "in": "query", "schema": obj{"type": "string", "enum": []any{"collectionType", "singleType"}}}}
			}},
		rest.ActionContentType: {summary: "Get a content type by uid (api::program.program)",
			desc:     "A type kept out of the builder (the role, the file) is a 404, as an unknown uid: {\"error\":\"contentType.notFound\"}.",
			response: data(ctype, false)},
		rest.ActionComponents: {summary: "List the components with their fields", response: data(comp, true)},
		rest.ActionComponentOfUID: {summary: "Get a component by uid (shared.seo)",
			desc: "An unknown uid is a 404: {\"error\":\"component.notFound\"}.", response: data(comp, false)},
	} {
		op.tag = tagSchema
		coreOps[action] = op
	}
}
