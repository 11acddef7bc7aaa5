package openapi

import (
	"github.com/kiln-cms/kiln/core/docsui"
)

// The documentation's own routes are documented too, so that the router
// and the documents match with no exception: this document's URL, the
// versions list, the reference page and its assets. They are public, take
// no token and are not rate limited (docs/api-docs.md says why).
func (b *builder) meta() {
	notModified := obj{"description": "The client's copy (If-None-Match) is current"}
	text := func(desc string, types ...string) obj {
		content := obj{}
		for _, t := range types {
			content[t] = obj{"schema": obj{"type": "string"}}
		}
		return obj{"description": desc, "content": content}
	}
	ops := []struct {
		path, id, summary string
		op                obj
	}{
		{b.v.URL, "docs.openapi", "This OpenAPI document", obj{"responses": obj{
			"200": obj{"description": "The OpenAPI 3.1 document of " + b.title(), "content": obj{"application/json": obj{"schema": obj{"type": "object"}}}},
			"304": notModified}}},
		{"/api/versions", "docs.versions", "The API versions, their status and documents", obj{"responses": obj{
			"200": obj{"description": "The versions, oldest first", "content": obj{"application/json": obj{"schema": versionsSchema()}}},
			"304": notModified}}},
		{docsui.PagePath, "docs.page", "The API reference page", obj{"responses": obj{
			"200": text("An HTML page rendering these documents", "text/html"), "304": notModified}}},
		{docsui.PagePath + "/{asset}", "docs.asset", "An asset of the reference page", obj{
			"parameters": []any{obj{"name": "asset", "in": "path", "required": true, "schema": obj{"type": "string", "enum": strs(docsui.Names())}}},
			"responses": obj{
				"200": text("The asset", "text/javascript", "text/css", "image/png", "text/plain"), "304": notModified,
				"404": refTo("responses", "NotFound")}}},
	}
	for _, m := range ops {
		m.op["summary"] = m.summary
		m.op["description"] = "Public: no token, not counted by the rate limit. Cached by ETag."
		m.op["security"] = noSecurity
		b.add("GET", m.path, m.id, tagDocs, m.op)
	}
}
