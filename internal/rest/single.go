package rest

import (
	"context"
	"hash/fnv"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// The handlers of a single type (kind: singleType): one entry at
// /<singularName>, read with GET, created or changed with PUT, removed
// with DELETE. They go through the same content service calls as the
// collection handlers (Find, Create, Update, Delete), with the request's
// query — fields, populate, status — and the caller's read options.

// singleOps are the routes of a single type, below /<singularName>.
var singleOps = []generatedOp{
	{fiber.MethodGet, "", "find", (*API).findSingle},
	{fiber.MethodPut, "", "update", (*API).putSingle},
	{fiber.MethodDelete, "", "delete", (*API).deleteSingle},
}

// lockSingle is the advisory-lock namespace of single-type writes ("Kiln"
// + 's'), distinct from the plugins' namespaces.
const lockSingle int32 = 0x4b696c73

// findSingle answers the entry, or 404 when there is none the caller may
// see in the status asked for (as Strapi: NotFoundError, never data:null).
// Filters, when given, narrow it as Strapi's findFirst does. A localized
// single type's entry is one localization: locale=* names none, and
// Strapi 5.54 answers it 404.
func (a *API) findSingle(ct *schema.ContentType) fiber.Handler {
	return func(c *fiber.Ctx) error {
		q, ro, err := a.begin(c, ct, "find")
		if err != nil {
			return err
		}
		if ct.Localized && q.Locale == query.AllLocales {
			return errs.NotFound()
		}
		q.Pagination = firstOnly
		page, err := a.Content.Find(c.UserContext(), q, ro)
		if err != nil {
			return err
		}
		if len(page.Entries) == 0 {
			return errs.NotFound()
		}
		return WriteEntry(c, fiber.StatusOK, page.Entries[0])
	}
}

// putSingle creates the entry when there is none and otherwise changes the
// fields sent (Strapi's createOrUpdate); both answer 200. The lookup and
// the write run in one transaction under a lock on the type, so two first
// PUTs at once make one entry: the second waits and then updates it.
func (a *API) putSingle(ct *schema.ContentType) fiber.Handler {
	return func(c *fiber.Ctx) error {
		q, ro, err := a.begin(c, ct, "update")
		if err != nil {
			return err
		}
		data, err := dataBody(c)
		if err != nil {
			return err
		}
		out, err := UpsertSingle(c.UserContext(), a.Content, q, content.WriteFromBody(ct, data), ro)
		if err != nil {
			return err
		}
		return WriteEntry(c, fiber.StatusOK, out)
	}
}

// deleteSingle removes the entry, whatever its status (Strapi deletes the
// document: draft and published), and answers 204 as Strapi 5 does in
// both its formats; below /api/v1 it answers the deleted entry, as Strapi
// 4 did (DeleteAnswersEntry), and 204 there too when there was none. An
// entry outside the caller's scope is 404, and so is a draft for a caller
// who may not read drafts.
func (a *API) deleteSingle(ct *schema.ContentType) fiber.Handler {
	return func(c *fiber.Ctx) error {
		q, ro, err := a.begin(c, ct, "delete")
		if err != nil {
			return err
		}
		gone, err := DeleteSingle(c.UserContext(), a.Content, q, ro)
		if err != nil {
			return err
		}
		if !DeleteAnswersEntry(c) || gone == nil {
			return c.SendStatus(fiber.StatusNoContent)
		}
		return WriteEntry(c, fiber.StatusOK, gone)
	}
}

// UpsertSingle creates a single type's entry when there is none and
// otherwise changes it (Strapi's createOrUpdate). The lookup and the write
// run in one transaction under a lock on the type, so two first writes at
// once make one entry: the second waits and then updates it.
func UpsertSingle(ctx context.Context, svc *content.Service, q *query.Query, w *content.Write, ro entry.ReadOptions) (*entry.Entry, error) {
	var out *entry.Entry
	err := svc.InTx(ctx, func(ctx context.Context, tx *content.Tx) error {
		doc, err := lockAndLookup(ctx, tx, q.Type)
		if err != nil {
			return err
		}
		if doc == "" {
			out, err = tx.Create(ctx, q, w, ro)
		} else {
			out, err = tx.Update(ctx, q, content.DocumentID(doc), w, ro)
		}
		return err
	})
	return out, err
}

// DeleteSingle removes a single type's entry, whatever its status (Strapi
// deletes the document: draft and published); nil when there was none.
func DeleteSingle(ctx context.Context, svc *content.Service, q *query.Query, ro entry.ReadOptions) (*entry.Entry, error) {
	var gone *entry.Entry
	err := svc.InTx(ctx, func(ctx context.Context, tx *content.Tx) error {
		doc, err := lockAndLookup(ctx, tx, q.Type)
		if err != nil || doc == "" {
			return err
		}
		all := *q
		all.Status = query.Draft
		gone, err = tx.Delete(ctx, &all, content.DocumentID(doc), ro)
		return err
	})
	return gone, err
}

// firstOnly is the pagination of a single type's read: one row, no count.
var firstOnly = query.Pagination{Mode: query.PageStyle, Page: 1, PageSize: 1}

// lockAndLookup takes the type's write lock for the rest of the
// transaction, then returns the documentId of its entry in any status,
// whoever may see it, or "" when there is none. The lock is what keeps a
// single type to one entry: a PUT that finds none creates one before the
// lock is released, and the next one to take it sees that entry (each
// statement of a READ COMMITTED transaction reads what was committed
// before it). SQLite serialises write transactions anyway.
func lockAndLookup(ctx context.Context, tx *content.Tx, ct *schema.ContentType) (string, error) {
	if err := tx.LockKey(ctx, lockSingle, typeKey(ct)); err != nil {
		return "", err
	}
	// In any locale: a localized single type's one document has a row
	// per locale, and a PUT in a new locale adds its localization.
	probe := &query.Query{Type: ct, Fields: query.IDsOnly(), Status: query.Draft, Pagination: firstOnly, Locale: query.AllLocales}
	page, err := tx.Find(ctx, probe, entry.ReadOptions{})
	if err != nil || len(page.Entries) == 0 {
		return "", err
	}
	return page.Entries[0].DocumentID, nil
}

// typeKey is the lock key of a type: a hash of its name, stable across
// restarts and processes.
func typeKey(ct *schema.ContentType) int64 {
	h := fnv.New32a()
	h.Write([]byte(ct.Name))
	return int64(h.Sum32())
}
