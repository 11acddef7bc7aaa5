package content

import (
	"context"
	"strconv"
	"time"

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

// Lock takes the write locks of entries of ct until the transaction ends,
// in id order, so that transactions that check something of them and
// then write (a coach's capacity, an event's slot) go one at a time. On
// PostgreSQL they are row locks; SQLite runs one write transaction at a
// time anyway.
//
// A row the transaction already locked is not locked again (the plugin
// that locks a coach, then the coach's write whose hook locks it too).
func (t *Tx) Lock(ctx context.Context, ct *schema.ContentType, ids ...int64) error {
	if st, ok := ctx.Value(writesKey{}).(*txState); ok {
		fresh := make([]int64, 0, len(ids))
		for _, id := range ids {
			if !st.locked[rowKey{ct, id}] {
				fresh = append(fresh, id)
			}
		}
		if len(fresh) == 0 {
			return nil
		}
		if err := t.s.store.LockRows(ctx, t.conn, ct, fresh); err != nil {
			return err
		}
		for _, id := range fresh {
			st.locked[rowKey{ct, id}] = true
		}
		return nil
	}
	return t.s.store.LockRows(ctx, t.conn, ct, ids)
}

// Retried reports whether ctx belongs to a run of its transaction again,
// after the database refused to commit an earlier run (a deadlock, a
// serialization failure, a lock timeout, or an exclusion constraint broken
// at commit; see docs/plugins.md). A hook that leaves a rule to a database
// constraint can skip its own search on the first run, and search on a
// retried one to name what the constraint refused.
func Retried(ctx context.Context) bool { return database.TxAttempt(ctx) > 1 }

// LockKey takes a lock on (namespace, key) until the transaction ends, for
// a rule over something that is not one row (every booking of one coach).
// PostgreSQL's advisory locks; nothing is needed on SQLite.
func (t *Tx) LockKey(ctx context.Context, namespace int32, key int64) error {
	return t.s.store.LockKey(ctx, t.conn, namespace, key)
}

// LockKeyWithin is LockKey waiting at most wait (none: only a free lock is
// taken), and says whether it took the lock. When it did not, the
// transaction goes on as it was, without it: the caller can look again at
// what the holder may have committed meanwhile — and refuse at once what
// no longer fits — rather than queue behind it, then wait again.
func (t *Tx) LockKeyWithin(ctx context.Context, namespace int32, key int64, wait time.Duration) (bool, error) {
	return t.s.store.LockKeyWithin(ctx, t.conn, namespace, key, wait)
}

// Targets returns, for each of the entries ids, the id its owning to-one
// relation a points at (absent when none), in one statement.
func (t *Tx) Targets(ctx context.Context, a *schema.Attribute, ids ...int64) (map[int64]int64, error) {
	list := make([]*entry.Entry, len(ids))
	for i, id := range ids {
		list[i] = &entry.Entry{ID: id}
	}
	return t.s.store.ForeignKeys(ctx, t.conn, a, list)
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

// checkOwned refuses a write whose result the caller's scope would not
// show them — a coach creating an event for another coach, or moving their
// own event to someone else. The transaction rolls back.
func (t *Tx) checkOwned(ctx context.Context, ct *schema.ContentType, id int64, ro entry.ReadOptions) error {
	if ro.Scope(ct) == nil {
		return nil
	}
	// The scope alone: saving a draft one may not read is no escape from
	// one's scope, and no reason to refuse the write either.
	probe := &query.Query{Type: ct, Fields: []*schema.Attribute{schema.SysID}, Status: query.Draft}
	_, err := t.Get(ctx, probe, id, entry.ReadOptions{Scopes: ro.Scopes, User: ro.User})
	if errs.KindOf(err) == errs.KindNotFound {
		return errs.New(errs.KindForbidden, "Forbidden")
	}
	return err
}

// withStatus is q reading st.
func withStatus(q *query.Query, st query.Status) *query.Query {
	c := *q
	c.Status = st
	return &c
}

// visibleDoc resolves ref to its document and checks that the read options
// let the caller see it (in their scope; the published version when they
// may not read drafts), so nobody can change what they cannot read.
func (t *Tx) visibleDoc(ctx context.Context, ct *schema.ContentType, ref, locale string, ro entry.ReadOptions) (entry.Document, error) {
	doc, err := t.s.store.FindDocument(ctx, t.conn, ct, ref, locale)
	if err != nil {
		return doc, err
	}
	return doc, t.checkVisible(ctx, ct, doc, ro)
}

// checkVisible is visibleDoc's check of a document found.
func (t *Tx) checkVisible(ctx context.Context, ct *schema.ContentType, doc entry.Document, ro entry.ReadOptions) error {
	if ro.Limited(ct) {
		probe := &query.Query{Type: ct, Fields: []*schema.Attribute{schema.SysID}, Status: query.Draft}
		id := doc.Draft
		if ro.NoDrafts[ct] {
			id = doc.Published
		}
		if id == 0 {
			return errs.NotFound()
		}
		if _, err := t.Get(ctx, probe, id, ro); err != nil {
			return err
		}
	}
	return nil
}

// visibleChunk bounds the references one visibility query lists.
const visibleChunk = 500

// Visible returns, in their order, the ids among ids of entries of ct that
// ro lets the reader see (their scope on ct, drafts only if they may read
// them): how a rule that read every row (a clash, a capacity) tells the
// writer only about what they may see. No statement when ro does not
// limit ct; otherwise one per 500 ids.
func (t *Tx) Visible(ctx context.Context, ct *schema.ContentType, ids []int64, ro entry.ReadOptions) ([]int64, error) {
	if !ro.Limited(ct) || len(ids) == 0 {
		return ids, nil
	}
	out := make([]int64, 0, len(ids))
	for start := 0; start < len(ids); start += visibleChunk {
		chunk := ids[start:min(start+visibleChunk, len(ids))]
		refs := make([]string, len(chunk))
		for i, id := range chunk {
			refs[i] = strconv.FormatInt(id, 10)
		}
		seen, err := t.s.store.ResolveVisible(ctx, t.conn, ct, refs, ro)
		if err != nil {
			return nil, err
		}
		for i, r := range refs {
			if _, ok := seen[r]; ok {
				out = append(out, chunk[i])
			}
		}
	}
	return out, nil
}

// Resolve turns references — documentIds, or ids in decimal — to the row
// ids of the entries of ct that ro lets the reader see; a reference to
// one they may not see is absent, exactly as one to nothing. One
// statement.
func (t *Tx) Resolve(ctx context.Context, ct *schema.ContentType, refs []string, ro entry.ReadOptions) (map[string]int64, error) {
	return t.s.store.ResolveVisible(ctx, t.conn, ct, refs, ro)
}

// Refs are references to entries of one type (entry.Refs).
type Refs = entry.Refs

// ResolveMany is Resolve for several lists, of one type or many, in one
// statement; a map per list, in order.
func (t *Tx) ResolveMany(ctx context.Context, lists []Refs, ro entry.ReadOptions) ([]map[string]int64, error) {
	return t.s.store.ResolveMany(ctx, t.conn, lists, ro)
}
