package openapi

import "github.com/kiln-cms/kiln/internal/rest"

// GET /api/i18n/locales (internal/rest locales.go) answers as Strapi's i18n
// plugin: a bare array of the configured locales.

const tagI18n = "Internationalization"

func init() {
	coreOps[rest.ActionLocales] = coreOp{tag: tagI18n, summary: "List the locales content can be written in",
		desc: "The locales of config/i18n.yaml (or KILN_LOCALES), in the order they were added, the default one marked. A bare array, as Strapi's i18n plugin answers.",
		response: func(b *builder) obj {
			const name = "Locale"
			if _, done := b.schemas[name]; !done {
				date := obj{"type": "string", "format": "date-time"}
				s := object(obj{"id": obj{"type": "integer"}, "documentId": obj{"type": "string"},
					"name": obj{"type": "string"}, "code": obj{"type": "string"},
					"createdAt": date, "updatedAt": date, "publishedAt": date, "isDefault": obj{"type": "boolean"}},
					"id", "documentId", "name", "code", "createdAt", "updatedAt", "publishedAt", "isDefault")
				s["additionalProperties"] = false
				b.schemas[name] = withDesc(s, "A configured locale")
			}
			return arrayOf(ref(name))
		}}
}
