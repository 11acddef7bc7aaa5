package rest

import (
	"encoding/json"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
)

// EntryJSON renders an entry in the request's response version, for plugin
// answers that carry entries inside a shape of their own ({"coach": ...,
// "score": ...}).
func EntryJSON(c *fiber.Ctx, e *entry.Entry) json.RawMessage {
	return appendEntry(make([]byte, 0, 512), e, VersionOf(c))
}

// WriteItems writes a page of a plugin's own list — items already
// rendered as JSON — with the same pagination meta as a generated list,
// total being the number of items on every page.
func WriteItems(c *fiber.Ctx, items []json.RawMessage, p query.Pagination, total int64) error {
	b := make([]byte, 0, 128)
	b = append(b, `{"data":[`...)
	for i, it := range items {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, it...)
	}
	b = append(b, `],"meta":{"pagination":`...)
	b = appendPagination(b, p, total)
	b = append(b, "}}"...)
	return send(c, fiber.StatusOK, b)
}

// WriteDataMeta is WriteData with a meta object of the plugin's own.
func WriteDataMeta(c *fiber.Ctx, status int, data, meta any) error {
	c.Status(status)
	return c.JSON(fiber.Map{"data": data, "meta": meta})
}

// EntryJSONIn renders an entry in version v, outside any request (a
// webhook's payload).
func EntryJSONIn(e *entry.Entry, v Version) json.RawMessage {
	return appendEntry(make([]byte, 0, 512), e, v)
}
