package openapi

// document assembles the OpenAPI object.
func (b *builder) document() obj {
	tags, groups := b.tagList()
	paths := obj{}
	for p, item := range b.paths {
		paths[p] = item
	}
	return obj{
		"openapi": "3.1.0",
		"info": obj{
			"title":       "Kiln REST API, " + b.title(),
			"version":     b.versionNumber(),
			"description": b.description(),
		},
		"servers":     []any{obj{"url": "/", "description": "this server"}},
		"security":    bearer,
		"tags":        tags,
		"x-tagGroups": groups,
		"paths":       paths,
		"components": obj{
			"schemas":         b.schemas,
			"responses":       errorResponses(),
			"parameters":      b.parameters,
			"headers":         headers(),
			"securitySchemes": securitySchemes(),
		},
	}
}

func (b *builder) title() string {
	switch b.v.Name {
	case "v1":
		return "v1 (deprecated, Strapi 4 shape)"
	case "v2":
		return "v2 (stable, Strapi 5 shape)"
	}
	return "latest (v2 at plain /api)"
}

func (b *builder) versionNumber() string {
	if b.v.Name == "v1" {
		return "1"
	}
	return "2"
}

// description is the document's introduction: what every operation has
// in common, said once.
func (b *builder) description() string {
	where := "Generated and plugin routes are served under `" + b.v.Prefix + "`"
	switch b.v.Name {
	case "v1":
		where += "; entries have the Strapi 4 shape `{id, documentId, attributes: {...}}`, relations `{data: ...}`. " +
			"v1 is deprecated, kept for older clients: use v2 (`/api/v2/openapi.json`)."
	case "v2":
		where += "; entries are flat (Strapi 5) with relations inline."
	default:
		where += " (the latest version, v2: flat entries, relations inline). Send `Strapi-Response-Format: v4` to get v1's shapes there."
	}
	return where + `

The users-and-auth routes are served at /api only, in every version, and answer bare user objects.

**Envelopes.** Success: ` + "`{\"data\": ..., \"meta\": {...}}`" + `; lists carry ` + "`meta.pagination`" + `. Failure: ` +
		"`{\"data\": null, \"error\": {status, name, message, details}}`" + `. Create answers 201. Every answer carries API-Version.

**Authentication.** ` + "`Authorization: Bearer <jwt>`" + ` from POST /api/auth/local. No or an invalid token on a protected route: 401;
a role without the action: 403; a record outside the role's scope: 404. Each operation lists the roles that may call it (x-kiln-roles,
from config/permissions.yaml at start-up).

**Rate limits.** Per user when signed in, per address otherwise; X-RateLimit-* headers on every limited answer, 429 with Retry-After past it.

**Query parameters.** filters, populate, fields, sort, pagination and status, as Strapi's qs writes them; unknown top-level keys are a 400.
Private fields can never be read, filtered, sorted or selected, and do not appear in this document.`
}
