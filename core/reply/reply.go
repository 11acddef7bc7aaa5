// Package reply writes a plugin route's answers in Kiln's envelopes: the
// same {"data": ..., "meta": ...} shapes, entry encoding, pagination meta
// and response version (v4 or v5 attributes) as the generated routes, and
// the one way to read a JSON request body. The HTTP handlers themselves
// are the engine's (internal/rest); this package is the part of them a
// plugin author builds on, so that it can promise them.
package reply

import (
	"encoding/json"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/internal/rest"
)

// DecodeBody reads a JSON request body into v (numbers as json.Number),
// refusing a wrong content type, malformed JSON and trailing data with a
// 400 ValidationError that says which.
func DecodeBody(c *fiber.Ctx, v any) error { return rest.DecodeBody(c, v) }

// Entry writes {"data": entry, "meta": {}} in the request's version, as a
// generated findOne answers.
func Entry(c *fiber.Ctx, status int, e *entry.Entry) error { return rest.WriteEntry(c, status, e) }

// List writes a page of entries with its pagination meta, as a generated
// find answers.
func List(c *fiber.Ctx, page *content.Page, p query.Pagination) error {
	return rest.WriteList(c, page, p)
}

// Data writes {"data": v, "meta": {}} with encoding/json, for answers
// whose shape is the plugin's own.
func Data(c *fiber.Ctx, status int, v any) error { return rest.WriteData(c, status, v) }

// DataMeta is Data with a meta object of the plugin's own.
func DataMeta(c *fiber.Ctx, status int, data, meta any) error {
	return rest.WriteDataMeta(c, status, data, meta)
}

// EntryJSON renders an entry in the request's response version, for
// answers that carry entries inside a shape of their own ({"coach": ...,
// "score": ...}).
func EntryJSON(c *fiber.Ctx, e *entry.Entry) json.RawMessage { return rest.EntryJSON(c, e) }

// Items writes a page of a plugin's own list, items already rendered as
// JSON, with the same pagination meta as a generated list.
func Items(c *fiber.Ctx, items []json.RawMessage, p query.Pagination, total int64) error {
	return rest.WriteItems(c, items, p, total)
}
