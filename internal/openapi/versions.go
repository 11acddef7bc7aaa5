package openapi

import "github.com/kiln-cms/kiln/internal/rest"

// variant is one served document: a version's, or the latest's, which
// describes the plain /api routes.
type variant struct {
	Name   string       // "v1", "v2", "latest"
	Prefix string       // where its generated and plugin routes are served
	Shape  rest.Version // the entry shape its routes answer in
	URL    string       // where the document is served
}

// variants are the documents, in the order of route.Versioned (which
// rest.Prefixes is).
var variants = []variant{
	{Name: "v1", Prefix: "/api/v1", Shape: rest.V1, URL: "/api/v1/openapi.json"},
	{Name: "v2", Prefix: "/api/v2", Shape: rest.V2, URL: "/api/v2/openapi.json"},
	{Name: "latest", Prefix: "/api", Shape: rest.V2, URL: "/api/openapi.json"},
}

// VersionInfo is one entry of GET /api/versions.
type VersionInfo struct {
	Version string `json:"version"`
	// Status is "stable" or "deprecated" (kept for older clients).
	Status string `json:"status"`
	Latest bool   `json:"latest"`
	// Prefix selects the version; plain /api is the latest.
	Prefix string `json:"prefix"`
	// Header is the API-Version every answer of the version carries.
	Header string `json:"apiVersion"`
	// Format is the response shape, as Strapi names it.
	Format string `json:"responseFormat"`
	// Select says how else a client may ask for the version.
	Select  string `json:"select,omitempty"`
	OpenAPI string `json:"openapi"`
}

// Versions are the API versions, oldest first: docs/api.md's table.
var Versions = []VersionInfo{
	{Version: "v1", Status: "deprecated", Prefix: "/api/v1", Header: "1",
		Format:  "Strapi 4: {id, documentId, attributes: {...}}, relations as {data: ...}",
		Select:  "or the header Strapi-Response-Format: v4 on plain /api",
		OpenAPI: "/api/v1/openapi.json"},
	{Version: "v2", Status: "stable", Latest: true, Prefix: "/api/v2", Header: "2",
		Format:  "Strapi 5: flat entries {id, documentId, ...}, relations inline",
		Select:  "or plain /api",
		OpenAPI: "/api/v2/openapi.json"},
}

// versionsBody is GET /api/versions' answer.
func versionsBody() obj {
	return obj{"data": Versions, "meta": obj{"latest": "v2", "openapi": "/api/openapi.json", "docs": "/api/docs"}}
}

// versionsSchema describes it.
func versionsSchema() obj {
	s := func(desc string) obj { return obj{"type": "string", "description": desc} }
	v := object(obj{
		"version":        s("v1, v2"),
		"status":         obj{"type": "string", "enum": []any{"stable", "deprecated"}},
		"latest":         obj{"type": "boolean"},
		"prefix":         s("the path prefix that selects the version"),
		"apiVersion":     s("the API-Version header its answers carry"),
		"responseFormat": s("the entry shape"),
		"select":         s("other ways to select it"),
		"openapi":        s("its OpenAPI document"),
	}, "version", "status", "latest", "prefix", "apiVersion", "responseFormat", "openapi")
	return object(obj{"data": arrayOf(v), "meta": object(obj{
		"latest": obj{"type": "string"}, "openapi": obj{"type": "string"}, "docs": obj{"type": "string"},
	})}, "data", "meta")
}
