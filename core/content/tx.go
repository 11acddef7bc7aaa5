package content

import (
	"context"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/hookconn"
)

// Tx is the content service inside one transaction: the same reads and
// writes as Service, with the same checks, hooks and read options, that
// commit or roll back together. Service.InTx hands one out; a hook gets the
// transaction of the write it runs in with TxOf.
type Tx struct {
	s    *Service
	conn database.Conn
	// touched records the users written, for Service.InTx to forget.
	touched *touched
}

// TxOf is the transaction a hook runs in, for the reads and writes the
// hook makes: they commit or roll back with the write.
func (s *Service) TxOf(ev *hook.Event) *Tx { return &Tx{s: s, conn: hookconn.Of(ev)} }

// Find lists the entries q selects: the page, and its total unless q asks
// for none.
func (t *Tx) Find(ctx context.Context, q *query.Query, ro entry.ReadOptions) (*Page, error) {
	q = t.s.readLocale(q)
	entries, total, err := t.s.store.FindPage(ctx, t.conn, q, ro, q.Pagination.WithCount)
	if err != nil {
		return nil, err
	}
	return &Page{Entries: entries, Total: total}, nil
}

// FindOne returns the entry ref names, with q's fields and populate;
// errs.NotFound when it is missing or hidden. On a draft & publish type
// ref names the document (by its documentId or the id of either row) and
// the status picks the version: a document without that version is
// errs.NotFound.
func (t *Tx) FindOne(ctx context.Context, q *query.Query, ref Ref, ro entry.ReadOptions) (*entry.Entry, error) {
	text, ok := ref.text()
	if !ok {
		return nil, errs.NotFound()
	}
	q = t.s.readLocale(q)
	return findFallback(q, func(q *query.Query) (*entry.Entry, error) { return t.s.store.FindRef(ctx, t.conn, q, text, ro) })
}

// readStatus is the version a read of q's type gets: published for a
// caller who may not read its drafts, whatever q asks.
func readStatus(q *query.Query, ro entry.ReadOptions) query.Status {
	if ro.NoDrafts[q.Type] {
		return query.Published
	}
	return q.Status
}

// Get is FindOne by row id.
func (t *Tx) Get(ctx context.Context, q *query.Query, id int64, ro entry.ReadOptions) (*entry.Entry, error) {
	return t.s.store.FindOne(ctx, t.conn, q, id, ro)
}

// Create checks w (a write of q.Type) and inserts the entry with its relations —
// published unless q asks for a draft — running the hooks, and reads it
// back through q.
func (t *Tx) Create(ctx context.Context, q *query.Query, w *Write, ro entry.ReadOptions) (*entry.Entry, error) {
	ct := q.Type
	q, locale, err := t.s.writeLocale(q)
	if err != nil {
		return nil, err
	}
	data, err := t.s.prepare(ctx, t.conn, ct, w, 0, writeRequired(ct, q, false), locale, ro)
	if err != nil {
		return nil, err
	}
	data.Locale = locale
	ev := &hook.Event{Type: ct, Action: hook.Create, Data: &data, Writer: ro}
	hookconn.Attach(ev, t.conn)
	if err := t.runHook(ctx, ev, hook.Before, false); err != nil {
		return nil, err
	}
	// On a draft & publish type: the draft, and its published copy
	// unless q asks for a draft only. e is the version q asks for.
	e, err := t.s.store.Insert(ctx, t.conn, ct, data, q.Status == query.Published)
	if err != nil {
		return nil, err
	}
	wrote(ctx)
	mark := writes(ctx)
	ev.ID = e.ID
	t.touch(ctx, ct, e.ID)
	if e.Written() {
		ev.Entry = e
	}
	if err := t.checkOwned(ctx, ct, e.ID, ro); err != nil {
		return nil, err
	}
	if err := t.runHook(ctx, ev, hook.After, e.Written()); err != nil {
		return nil, err
	}
	if err := t.emitCreate(ctx, q, e); err != nil {
		return nil, err
	}
	if idOnly(q) && e.Written() {
		return stamped(e), nil
	}
	if idOnly(q) {
		return e, nil
	}
	if a := answerOf(ctx, q, e, mark); a != nil {
		return a, nil
	}
	return t.Get(ctx, q, e.ID, ro)
}

// writeRequired is how a write of ct through q checks required fields
// (update: a partial update of an existing entry, not a new
// localization): on a draft & publish type, as Strapi checks its draft's
// write, or its publication, which it checks as a create.
func writeRequired(ct *schema.ContentType, q *query.Query, update bool) required {
	if !ct.DraftAndPublish {
		return required{update: update}
	}
	if q.Status == query.Draft {
		return required{draft: true, update: update}
	}
	return required{publish: true}
}

// idOnly reports whether q asks for nothing but id and documentId
// (query.IDsOnly, no populate): a write answers that without reading back.
func idOnly(q *query.Query) bool {
	return q.Fields != nil && len(q.Fields) == 0 && len(q.Populate) == 0
}

// Update changes the fields w names (a partial update) of the entry
// ref names, running the hooks, and reads it back through q. Relations
// change as w says (Write.Connect...), as a client's body would say it.
//
// On a draft & publish type the write goes to the document's draft, and
// unless q asks for the draft only, the draft is then published: the
// published version becomes a copy of it (created if the document had
// none). The answer is the version q's status names.
func (t *Tx) Update(ctx context.Context, q *query.Query, ref Ref, w *Write, ro entry.ReadOptions) (*entry.Entry, error) {
	text, ok := ref.text()
	if !ok {
		return nil, errs.NotFound()
	}
	q, locale, err := t.s.writeLocale(q)
	if err != nil {
		return nil, err
	}
	// Without draft & publish, when before hooks will want the entry, the
	// lookup reads it too: one statement, not two.
	var doc entry.Document
	var stored *entry.Entry
	made := false // a new localization, which Strapi validates as a create
	if !q.Type.DraftAndPublish && !q.Type.Localized && t.s.Hooks.Has(q.Type.Name, hook.Update, hook.Before) {
		if doc, stored, err = t.s.store.FindEntry(ctx, t.conn, q.Type, text); err == nil {
			err = t.checkVisible(ctx, q.Type, doc, ro)
		}
	} else {
		doc, made, err = t.updatedDoc(ctx, q, text, locale, ro)
	}
	if err != nil {
		return nil, err
	}
	id := doc.Draft
	if id == 0 && q.Type.DraftAndPublish { // one published row, as a bulk load writes it
		if id, err = t.s.store.AddDraft(ctx, t.conn, q.Type, doc.Published); err != nil {
			return nil, err
		}
	}
	data, err := t.s.prepare(ctx, t.conn, q.Type, w, id, writeRequired(q.Type, q, !made), locale, ro)
	if err != nil {
		return nil, err
	}
	ev := &hook.Event{Type: q.Type, Action: hook.Update, ID: id, Data: &data, Writer: ro, Entry: stored}
	hookconn.Attach(ev, t.conn)
	if err := t.runHook(ctx, ev, hook.Before, false); err != nil {
		return nil, err
	}
	t.touch(ctx, q.Type, id)
	e, err := t.s.store.Update(ctx, t.conn, q.Type, id, data)
	if err != nil {
		return nil, err
	}

	wrote(ctx)
	mark := writes(ctx)
	if e != nil {
		ev.Entry = e
	}
	if err := t.checkOwned(ctx, q.Type, id, ro); err != nil {
		return nil, err
	}
	answer := id
	if made && !q.Type.DraftAndPublish {
		// What the new localization holds (the body, the shared fields,
		// defaults) must be complete, as an entry created is.
		if err := t.checkComplete(ctx, q.Type, id, &data, false); err != nil {
			return nil, err
		}
	}
	if q.Type.DraftAndPublish && q.Status == query.Published {
		// A draft may lack required fields (prepare); what is published
		// may not.
		if err := t.checkComplete(ctx, q.Type, id, &data, true); err != nil {
			return nil, err
		}
		if answer, err = t.s.store.Publish(ctx, t.conn, t.s.Schema, q.Type, id); err != nil {
			return nil, err
		}
	}
	if err := t.syncShared(ctx, q.Type, answer, answer == id && q.Type.DraftAndPublish); err != nil {
		return nil, err
	}
	if err := t.runHook(ctx, ev, hook.After, e != nil); err != nil {
		return nil, err
	}
	if err := t.emitWrite(ctx, EventUpdate, q, id, answer); err != nil {
		return nil, err
	}
	if e != nil && idOnly(q) {
		return idOnlyEntry(e), nil
	}
	if idOnly(q) {
		return t.idEntry(ctx, q.Type, answer)
	}
	if a := answerOf(ctx, q, e, mark); a != nil {
		return a, nil
	}
	return t.Get(ctx, q, answer, ro)
}

// checkComplete refuses row id of ct when it lacks a required field or
// component: a 400 naming each, as Strapi's validator names them. data
// is the write's. A new localization's fields are as a create's (what it
// lacks, its body left out: "must be defined."); a publication's are the
// draft's as stored, which Strapi checks as a create of them: a field it
// lacks, its component items' included, is a null, and a list without
// items is an empty one, which passes.
func (t *Tx) checkComplete(ctx context.Context, ct *schema.ContentType, id int64, data *entry.Data, publish bool) error {
	missing, err := t.s.store.MissingRequired(ctx, t.conn, ct, id)
	if err != nil {
		return err
	}
	req := required{publish: publish}
	var list []errs.FieldError
	if publish {
		if list, err = t.incompleteItems(ctx, ct, id); err != nil {
			return err
		}
	}
	for _, a := range missing {
		if _, given := data.Components[a]; given && !publish {
			continue // an empty list, which a create takes
		}
		if isList := a.Repeatable || a.Type == schema.DynamicZone; isList && publish {
			continue
		}
		if msg, echo, ok := req.problem(a, a.Name, false); ok {
			list = append(list, errs.Field(a.Name, msg).WithValue(echo))
		}
	}
	if len(list) == 0 {
		return nil
	}
	return errs.Fields(inYupOrder(ct.Attributes, 0, list))
}

// Delete removes the entry ref names, running the hooks, and returns it as
// it was, read through q.
// On a draft & publish type both versions go; the answer is the version
// q's status names, or the other when the document lacks it.
func (t *Tx) Delete(ctx context.Context, q *query.Query, ref Ref, ro entry.ReadOptions) (*entry.Entry, error) {
	text, ok := ref.text()
	if !ok {
		return nil, errs.NotFound()
	}
	q = query.WithLocale(q, t.s.Schema.DefaultLocale())
	doc, err := t.deletedDoc(ctx, q, text, ro)
	if err != nil {
		return nil, err
	}
	deleteLocale := q.Locale // every locale's rows go on locale=*
	if q.Locale == query.AllLocales {
		q = query.WithLocale(&query.Query{Type: q.Type, Fields: q.Fields, Populate: q.Populate, Status: q.Status}, doc.Locale)
	}
	st := readStatus(q, ro)
	id := doc.Version(st)
	if id == 0 { // a draft only, deleted by a published request
		id, st = doc.Draft, query.Draft
	}
	gone, err := t.Get(ctx, withStatus(q, st), id, ro)
	if err != nil {
		return nil, err
	}
	ev := &hook.Event{Type: q.Type, Action: hook.Delete, ID: id, Writer: ro}
	hookconn.Attach(ev, t.conn)
	if err := t.runHook(ctx, ev, hook.Before, false); err != nil {
		return nil, err
	}
	if err := t.emitGone(ctx, q.Type, doc); err != nil {
		return nil, err
	}
	t.touch(ctx, q.Type, id)
	if ev.Entry == nil && t.s.Hooks.Has(q.Type.Name, hook.Delete, hook.After) {
		// An after-delete hook with no before-delete one to load it: the
		// entry is read now, while its row still exists.
		if err := t.Reload(ctx, ev); err != nil {
			return nil, err
		}
	}
	if err := t.s.store.DeleteDocument(ctx, t.conn, q.Type, doc.ID, deleteLocale); err != nil {
		return nil, err
	}
	wrote(ctx)
	return gone, t.runHook(ctx, ev, hook.After, false)
}

// idEntry is the entry with only its id and documentId, as a write that
// asks for nothing else answers it.
func (t *Tx) idEntry(ctx context.Context, ct *schema.ContentType, id int64) (*entry.Entry, error) {
	return t.Get(ctx, &query.Query{Type: ct, Fields: query.IDsOnly(), Status: query.Draft}, id, entry.ReadOptions{})
}

// runHook runs the hooks of ev's action in phase, loading the entry's
// scalar fields first (once: after a create or update it is re-read, since
// the write changed it, unless fresh: ev.Entry is the row the write
// returned). Nothing is loaded when no hook would run.
func (t *Tx) runHook(ctx context.Context, ev *hook.Event, phase hook.Phase, fresh bool) error {
	if !t.s.Hooks.Has(ev.Type.Name, ev.Action, phase) {
		return nil
	}
	ev.Phase = phase
	if ev.ID != 0 && (ev.Entry == nil || (phase == hook.After && ev.Action != hook.Delete && !fresh)) {
		if err := t.Reload(ctx, ev); err != nil {
			return err
		}
	}
	return t.s.Hooks.Run(ctx, ev)
}

// Reload reads the event's entry again, every scalar field, drafts
// included: a hook that took a lock reloads to decide on what is stored
// now rather than on what was read before the lock.
func (t *Tx) Reload(ctx context.Context, ev *hook.Event) error {
	e, err := t.Get(ctx, &query.Query{Type: ev.Type, Status: query.Draft}, ev.ID, entry.ReadOptions{})
	if err == nil {
		ev.Entry = e
	}
	return err
}
