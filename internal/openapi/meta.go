package openapi

import (
	"fmt"

	"github.com/kiln-cms/kiln/internal/docsui"
	"github.com/kiln-cms/kiln/internal/route"
)

// The documentation's own rows of the route table (Docs.Routes) are
// documented too, so that the router and the documents match with no
// exception: this document's URL (not the other documents'), the versions
// list, the reference page and its assets. They are public, take no token
// and are not rate limited (docs/api-docs.md says why).
func (b *builder) meta(rows route.Table) {
	notModified := obj{"description": "The client's copy (If-None-Match) is current"}
	text := func(desc string, types ...string) obj {
		content := obj{}
		for _, t := range types {
			content[t] = obj{"schema": obj{"type": "string"}}
		}
		return obj{"description": desc, "content": content}
	}
	for _, row := range rows {
		b.where = row.Method + " " + row.Listed()
		var id, summary string
		var op obj
		switch row.Docs.Op {
		case "openapi":
			if row.Listed() != b.v.URL {
				continue // another version's document
			}
			id, summary, op = "docs.openapi", "This OpenAPI document", obj{"responses": obj{
				"200": obj{"description": "The OpenAPI 3.1 document of " + b.title(), "content": obj{"application/json": obj{"schema": obj{"type": "object"}}}},
				"304": notModified}}
		case "versions":
			id, summary, op = "docs.versions", "The API versions, their status and documents", obj{"responses": obj{
				"200": obj{"description": "The versions, oldest first", "content": obj{"application/json": obj{"schema": versionsSchema()}}},
				"304": notModified}}
		case "page":
			id, summary, op = "docs.page", "The API reference page", obj{"responses": obj{
				"200": text("An HTML page rendering these documents", "text/html"), "304": notModified}}
		case "asset":
			id, summary, op = "docs.asset", "An asset of the reference page", obj{
				"parameters": []any{obj{"name": "asset", "in": "path", "required": true, "schema": obj{"type": "string", "enum": strs(docsui.Names())}}},
				"responses": obj{
					"200": text("The asset", "text/javascript", "text/css", "image/png", "text/plain"), "304": notModified,
					"404": refTo("responses", "NotFound")}}
		default:
			b.problem(fmt.Errorf("%s (%s, %q): the OpenAPI generator does not describe it", b.where, row.Source, row.Docs.Op))
			continue
		}
		path, _, err := Template(row.Listed())
		if err != nil {
			b.problem(fmt.Errorf("%s: %v", b.where, err))
			continue
		}
		op["summary"] = summary
		op["description"] = "Public: no token, not counted by the rate limit. Cached by ETag."
		op["security"] = noSecurity
		b.add(row.Method, path, id, tagDocs, op)
	}
}
