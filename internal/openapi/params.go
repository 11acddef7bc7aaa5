package openapi

import (
	"strings"

	"github.com/kiln-cms/kiln/core/schema"
)

// The query parameters (docs/api.md). filters and pagination are objects in
// qs's bracket notation, which is OpenAPI's deepObject style; fields, sort
// and populate are comma lists in their simple form (form style, not
// exploded), and their bracket forms are described in words, since a
// parameter has one style.

// sharedParameters are components.parameters: the ones no type changes.
func sharedParameters() obj {
	return obj{
		"filters": obj{"name": "filters", "in": "query", "style": "deepObject", "explode": true,
			"description": "Strapi filters, as qs writes them: `filters[title][$containsi]=intro`, `filters[program][customer][name][$eq]=Acme` " +
				"(relations to any depth), `filters[$or][0][status][$eq]=draft`. `filters[field]=value` means `$eq`. Operators: " +
				"$eq $eqi $ne $nei $lt $lte $gt $gte $in $notIn $contains $notContains $containsi $notContainsi $null $notNull " +
				"$between $startsWith $startsWithi $endsWith $endsWithi, and $and $or $not. A value that cannot be coerced to the field's " +
				"type, an unknown field or operator, or a private field is a 400.",
			"schema": obj{"type": "object", "additionalProperties": true}},
		"pagination": obj{"name": "pagination", "in": "query", "style": "deepObject", "explode": true,
			"description": "`pagination[page]` and `pagination[pageSize]` (default 25; a larger size than the configured maximum is lowered to it), " +
				"or `pagination[start]` and `pagination[limit]`; `pagination[withCount]=false` skips the count. Both styles at once, or a non-positive page or size, is a 400.",
			"schema": object(obj{
				"page": obj{"type": "integer", "minimum": 1}, "pageSize": obj{"type": "integer", "minimum": 1},
				"start": obj{"type": "integer", "minimum": 0}, "limit": obj{"type": "integer"},
				"withCount": obj{"type": "boolean", "default": true},
			})},
		"status": obj{"name": "status", "in": "query",
			"description": "published (the default) or draft, for types with draft & publish: the version a read shows, and populated relations follow it; on a create or update, draft writes the draft only, published writes it and publishes it. Drafts need the role's `<type>.readDrafts` action (401 or 403 without it); on v1, `publicationState=live|preview` says the same on reads.",
			"schema":      obj{"type": "string", "enum": []any{"published", "draft"}, "default": "published"}},
		"locale": obj{"name": "locale", "in": "query",
			"description": "On a localized type, the locale read or written: one of the configured locales (GET /api/i18n/locales), the default when absent; `*` or `all` reads every locale. Another code is a 400 naming the locales. On other types taken and ignored, as Strapi 5 does: a locale code, `all` or `*`; anything that is not a locale code is a 400.",
			"schema":      obj{"type": "string", "maxLength": 35}},
		"fallbackLocale": obj{"name": "fallbackLocale", "in": "query",
			"description": "Kiln's extension, on a localized type: a document missing in `locale` is shown in this locale instead, in the same request. One of the configured locales; ignored on other types.",
			"schema":      obj{"type": "string", "maxLength": 35}},
		"pLevel": obj{"name": "pLevel", "in": "query",
			"description": "Kiln's extension, the spelling of strapi-v5-plugin-populate-deep: populate every relation, media field, component and zone member to this depth " +
				"(the entry is level 1, so 2 is one level; 5 without a number; a larger depth than the server's maximum is lowered to it). " +
				"`populate=deep` or `populate=deep,4` says the same. Relations the caller may not read, and those back to a type already on the path, are left out. Beside populate it is a 400.",
			"schema": obj{"type": "integer", "minimum": 0}},
		"id": obj{"name": "id", "in": "path", "required": true,
			"description": "the entry's documentId, or its numeric id",
			"schema":      obj{"type": "string"}},
	}
}

// fieldsParam lists the fields a type's entries may be cut down to.
func fieldsParam(ct *schema.ContentType) obj {
	names := []string{"*", "id", "documentId"}
	for _, a := range visible(ct) {
		if a.IsScalar() {
			names = append(names, a.Name)
		}
	}
	names = append(names, "createdAt", "updatedAt", "publishedAt")
	return obj{"name": "fields", "in": "query", "style": "form", "explode": false,
		"description": "The fields to return (`fields=title,status`, or `fields[0]=title&fields[1]=status`); id and documentId always come back.",
		"schema":      arrayOf(obj{"type": "string", "enum": strs(names)})}
}

// populateParam names the relations a type's entries may carry.
func populateParam(ct *schema.ContentType) obj {
	var rels, comps []string
	for _, a := range visible(ct) {
		switch {
		case a.IsRelation():
			rels = append(rels, "`"+a.Name+"`")
		case a.IsComponent():
			comps = append(comps, "`"+a.Name+"`")
		}
	}
	desc := "The relations to include; others are not returned. `*` for all, a name or a comma list, dot paths " +
		"(`populate=modules.sessions`), an array (`populate[0]=modules`), or the object form with nested populate, fields, filters and sort " +
		"(`populate[modules][populate][sessions][fields][0]=title`); `deep` or `deep,N` populates every level (see pLevel)."
	if len(rels) > 0 {
		desc += " Relations: " + strings.Join(rels, ", ") + "."
	} else {
		desc += " This type has no relations."
	}
	if len(comps) > 0 {
		desc += " Components and dynamic zones: " + strings.Join(comps, ", ") + " (a zone's components are detailed with `on`: " +
			"`populate[zone][on][category.name][populate]=...`)."
	}
	return obj{"name": "populate", "in": "query", "style": "form", "explode": false, "description": desc,
		"schema": arrayOf(obj{"type": "string"})}
}

// sortParam names the fields a type's lists may be ordered by.
func sortParam(ct *schema.ContentType) obj {
	names := []string{"`id`", "`documentId`"}
	for _, a := range visible(ct) {
		if a.IsScalar() {
			names = append(names, "`"+a.Name+"`")
		}
	}
	names = append(names, "`createdAt`", "`updatedAt`", "`publishedAt`")
	return obj{"name": "sort", "in": "query", "style": "form", "explode": false,
		"description": "The order: `sort=title`, `sort=title:desc,createdAt:asc`, `sort[0]=title:asc`, or a to-one relation's field " +
			"(`sort=customer.name`). Fields: " + strings.Join(names, ", ") + ".",
		"schema": arrayOf(obj{"type": "string", "pattern": `^[A-Za-z0-9_.]+(:([Aa][Ss][Cc]|[Dd][Ee][Ss][Cc]))?$`})}
}

// listParams are a list endpoint's parameters on ct.
func listParams(ct *schema.ContentType) []any {
	p := []any{refTo("parameters", "filters"), populateParam(ct), refTo("parameters", "pLevel"), fieldsParam(ct), sortParam(ct),
		refTo("parameters", "pagination"), refTo("parameters", "locale")}
	if ct.Localized {
		p = append(p, refTo("parameters", "fallbackLocale"))
	}
	if ct.DraftAndPublish {
		p = append(p, refTo("parameters", "status"))
	}
	return p
}

// entryParams are a single-entry endpoint's parameters on ct.
func entryParams(ct *schema.ContentType, withStatus bool) []any {
	p := []any{populateParam(ct), refTo("parameters", "pLevel"), fieldsParam(ct), refTo("parameters", "locale")}
	if ct.Localized {
		p = append(p, refTo("parameters", "fallbackLocale"))
	}
	if withStatus && ct.DraftAndPublish {
		p = append(p, refTo("parameters", "status"))
	}
	return p
}
