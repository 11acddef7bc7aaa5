package rest

import (
	"strconv"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// The handlers of the five generated actions. Each checks the guard,
// parses the query, calls the content service and writes the envelope.

func (a *API) find(ct *schema.ContentType) fiber.Handler {
	return func(c *fiber.Ctx) error {
		q, ro, err := a.begin(c, ct, "find")
		if err != nil {
			return err
		}
		page, err := a.Content.FindChunks(c.UserContext(), q, ro)
		if err != nil {
			return err
		}
		return writeChunks(c, page, q.Pagination)
	}
}

func (a *API) findOne(ct *schema.ContentType) fiber.Handler {
	return func(c *fiber.Ctx) error {
		q, ro, err := a.begin(c, ct, "findOne")
		if err != nil {
			return err
		}
		e, err := a.Content.FindOne(c.UserContext(), q, content.ParseRef(c.Params("id")), ro)
		if err != nil {
			return err
		}
		return WriteEntry(c, fiber.StatusOK, e)
	}
}

func (a *API) create(ct *schema.ContentType) fiber.Handler {
	return func(c *fiber.Ctx) error {
		q, ro, err := a.begin(c, ct, "create")
		if err != nil {
			return err
		}
		data, err := dataBody(c)
		if err != nil {
			return err
		}
		e, err := a.Content.Create(c.UserContext(), q, content.WriteFromBody(ct, data), ro)
		if err != nil {
			return err
		}
		return WriteEntry(c, fiber.StatusCreated, e)
	}
}

func (a *API) update(ct *schema.ContentType) fiber.Handler {
	return func(c *fiber.Ctx) error {
		q, ro, err := a.begin(c, ct, "update")
		if err != nil {
			return err
		}
		data, err := dataBody(c)
		if err != nil {
			return err
		}
		e, err := a.Content.Update(c.UserContext(), q, content.ParseRef(c.Params("id")), content.WriteFromBody(ct, data), ro)
		if err != nil {
			return err
		}
		return WriteEntry(c, fiber.StatusOK, e)
	}
}

// delete answers 204 with no body, as Strapi 5 does in both its formats,
// and 200 with the deleted entry below /api/v1 (Strapi 4,
// DeleteAnswersEntry); a missing entry is 404 in all.
func (a *API) delete(ct *schema.ContentType) fiber.Handler {
	return func(c *fiber.Ctx) error {
		q, ro, err := a.begin(c, ct, "delete")
		if err != nil {
			return err
		}
		e, err := a.Content.Delete(c.UserContext(), q, content.ParseRef(c.Params("id")), ro)
		if err != nil {
			return err
		}
		if !DeleteAnswersEntry(c) {
			return c.SendStatus(fiber.StatusNoContent)
		}
		return WriteEntry(c, fiber.StatusOK, e)
	}
}

// begin is every generated handler's first step: the permission check
// and ownership scopes, then the query string, then the answer's
// estimate against the caller's row budget, so that a request whose
// populate alone passes it is refused before any statement.
func (a *API) begin(c *fiber.Ctx, ct *schema.ContentType, action string) (*query.Query, entry.ReadOptions, error) {
	ro, err := a.guard(c, ct, action)
	if err != nil {
		return nil, ro, err
	}
	q, err := a.parse(c, ct)
	if err == nil && a.AllowStatus != nil {
		err = a.AllowStatus(c, ct, q.Status)
	}
	if err == nil {
		err = a.Content.CheckEstimate(q, rootsOf(ct, action, q), ro)
	}
	return q, ro, err
}

// rootsOf is how many entries the answer of action holds at its root, at
// most: a collection's list holds a page, every other answer one entry
// (a single type's "find" included).
func rootsOf(ct *schema.ContentType, action string, q *query.Query) int {
	if action == "find" && ct.Kind == schema.CollectionType {
		return q.Pagination.Size()
	}
	return 1
}

// WriteEntry writes {"data": entry, "meta": {}} in the request's version.
// Both stream through an answer (answer.go).
func WriteEntry(c *fiber.Ctx, status int, e *entry.Entry) error {
	signFiles(c, e)
	a, b := newAnswer(c)
	b = append(b, `{"data":`...)
	b = encEntry(b, e, VersionOf(c), a)
	b = append(b, `,"meta":{}}`...)
	return a.send(c, status, b)
}

// WriteList writes a page of entries with its pagination meta.
func WriteList(c *fiber.Ctx, page *content.Page, p query.Pagination) error {
	signFiles(c, page.Entries...)
	a, b := newAnswer(c)
	b = append(b, `{"data":`...)
	b = encEntries(b, page.Entries, VersionOf(c), a)
	b = append(b, `,"meta":{"pagination":`...)
	b = appendPagination(b, p, page.Total)
	b = append(b, "}}"...)
	return a.send(c, fiber.StatusOK, b)
}

// listChunk is how many top-level entries of a list's page are populated
// and encoded at a time. A populated page holds far more entries than its
// own (25 programs with their modules and sessions are ~1,000), all live
// until encoded: in chunks a request holds one chunk's, so memory stays
// flat as pageSize grows, while the populate statements, once per chunk,
// stay few — and a page of the default size (25) runs exactly the
// statements it would whole. Tests set it (export_test.go).
var listChunk = 25

// writeChunks is WriteList for a page populated chunk by chunk: each
// chunk is encoded into the answer and dropped before the next is read.
// The answer is the same bytes as the whole page's, hashed and counted
// (maxAnswerBytes) as one; the row budget counts across chunks too. Once
// the answer is too large, the chunks left are still read, not encoded,
// so that a page past both limits is refused for its rows, as whole.
func writeChunks(c *fiber.Ctx, page *content.Chunks, p query.Pagination) error {
	ctx, v := c.UserContext(), VersionOf(c)
	a, b := newAnswer(c)
	b = append(b, `{"data":[`...)
	for first := true; ; first = false {
		list, err := page.Next(ctx, listChunk)
		if err != nil {
			a.abort(b)
			return err
		}
		if len(list) == 0 {
			break
		}
		signFiles(c, list...)
		b = encItems(b, list, v, a, first)
	}
	b = append(b, `],"meta":{"pagination":`...)
	b = appendPagination(b, p, page.Total)
	b = append(b, "}}"...)
	return a.send(c, fiber.StatusOK, b)
}

// appendPagination writes Strapi's meta for the style the request used;
// total and pageCount only when counted.
func appendPagination(b []byte, p query.Pagination, total int64) []byte {
	if p.Mode == query.OffsetStyle {
		b = append(b, `{"start":`...)
		b = strconv.AppendInt(b, int64(p.Start), 10)
		b = append(b, `,"limit":`...)
		b = strconv.AppendInt(b, int64(p.Limit), 10)
	} else {
		b = append(b, `{"page":`...)
		b = strconv.AppendInt(b, int64(p.Page), 10)
		b = append(b, `,"pageSize":`...)
		b = strconv.AppendInt(b, int64(p.PageSize), 10)
		if total >= 0 {
			size := int64(p.PageSize)
			b = append(b, `,"pageCount":`...)
			b = strconv.AppendInt(b, (total+size-1)/size, 10)
		}
	}
	if total >= 0 {
		b = append(b, `,"total":`...)
		b = strconv.AppendInt(b, total, 10)
	}
	return append(b, '}')
}

func send(c *fiber.Ctx, status int, body []byte) error {
	c.Status(status)
	c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSONCharsetUTF8)
	return c.Send(body)
}

// WriteData writes {"data": v, "meta": {}} with encoding/json, for plugin
// answers whose shape is their own.
func WriteData(c *fiber.Ctx, status int, v any) error {
	c.Status(status)
	return c.JSON(fiber.Map{"data": v, "meta": fiber.Map{}})
}
