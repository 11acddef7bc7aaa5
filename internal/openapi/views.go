package openapi

import "github.com/kiln-cms/kiln/internal/rest"

// GET and PUT /api/content-manager/views (internal/rest views.go): how
// the admin panel shows each type, kept in config/views.yaml.

func init() {
	view := func(b *builder) obj {
		if _, done := b.schemas["View"]; !done {
			b.schemas["View"] = withDesc(object(obj{
				"mainField": obj{"type": "string", "description": "The field that names an entry: a text, number, date or enumeration field, id or documentId"},
				"columns":   arrayOf(obj{"type": "string"}),
				"pageSize":  obj{"type": "integer", "minimum": 1, "maximum": 100},
				"sort":      obj{"type": "string", "description": "<field>:asc or <field>:desc; empty for the server's order"},
			}, "mainField", "columns", "pageSize", "sort"), "How the admin panel shows a type (config/views.yaml)")
		}
		return ref("View")
	}
	coreOps[rest.ActionViews] = coreOp{tag: tagSchema, summary: "Every content type's view in the admin panel, by uid",
		desc: "The main field, list columns, page size and sort of each type, as config/views.yaml sets them or by default; " +
			"meta.editable says whether this server writes the file (config/admin.yaml development: true).",
		response: func(b *builder) obj {
			return object(obj{"data": obj{"type": "object", "additionalProperties": view(b)},
				"meta": object(obj{"editable": obj{"type": "boolean"}, "file": obj{"type": "string"}}, "editable", "file")}, "data", "meta")
		}}
	coreOps[rest.ActionConfigureView] = coreOp{tag: tagSchema, summary: "Change a content type's view (uid: api::program.program)",
		desc: "Written to config/views.yaml where config/admin.yaml sets development: true; a 403 elsewhere. " +
			"A field that is not the type's, or cannot be what it is set as, is a 400 naming it.",
		request: func(b *builder) obj { return object(obj{"data": view(b)}, "data") },
		response: func(b *builder) obj {
			return object(obj{"data": view(b), "meta": obj{"type": "object"}}, "data", "meta")
		}}
}
