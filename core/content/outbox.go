package content

import (
	"context"
	"database/sql"
	"strconv"
	"time"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// The events the service emits for every write of entries (a plugin emits
// its own through Tx.Emit).
const (
	EventCreate    = "entry.create"
	EventUpdate    = "entry.update"
	EventDelete    = "entry.delete"
	EventPublish   = "entry.publish"
	EventUnpublish = "entry.unpublish"
)

// The media library's events: a write of the built-in file type emits
// these instead of entry.*, as Strapi's upload plugin does.
const (
	EventMediaCreate = "media.create"
	EventMediaUpdate = "media.update"
	EventMediaDelete = "media.delete"
)

// eventOf is the event a write of ct emits: media.* for files.
func eventOf(event string, ct *schema.ContentType) string {
	if ct.Builtin && ct.Name == schema.FileType {
		switch event {
		case EventCreate:
			return EventMediaCreate
		case EventUpdate:
			return EventMediaUpdate
		case EventDelete:
			return EventMediaDelete
		}
	}
	return event
}

// Outbox is where committed writes leave word for other systems (internal/webhook
// is one). The service asks Wants, which must be cheap and read nothing,
// before it does any work for an event; the events a transaction emitted are
// handed to Write inside that transaction, just before it commits, so that
// they commit or roll back with the write, on conn, the transaction's
// connection, for the Outbox's own rows (core tables beside the content
// types); Committed runs once the transaction that Write wrote in has
// committed.
type Outbox interface {
	Wants(event string, ct *schema.ContentType) bool
	Write(ctx context.Context, conn Conn, events []Emitted) error
	Committed()
}

// Conn is a connection or transaction to run statements on, as
// database/sql's runs them: what an Outbox writes its rows with. The
// engine's own connections (internal/database's Conn) are one.
type Conn interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// Emitted is one event of a transaction, with the entry it is about as an
// admin reads it (private fields aside), read inside the transaction.
type Emitted struct {
	Event string
	Type  *schema.ContentType
	Entry *entry.Entry
	At    time.Time
}

// pending is one emitted event whose entry is read at the end of the
// transaction, as it is then.
type pending struct {
	Emitted
	id     int64
	status query.Status
}

// batch collects a transaction's events; InTx puts it in the context.
type batch struct{ list []pending }

type batchKey struct{}

// Emit records that event happened to the entry id of ct (a row id; on a
// draft & publish type, the version the event is about), for the outbox to
// write when the transaction commits. Nothing is read or written when no
// outbox wants the event. Outside Service.InTx (a bare pool Tx) the event is
// written at once.
func (t *Tx) Emit(ctx context.Context, event string, ct *schema.ContentType, id int64) error {
	event = eventOf(event, ct)
	o := t.s.Outbox
	if o == nil || !o.Wants(event, ct) {
		return nil
	}
	st := query.Published
	if ct.DraftAndPublish {
		doc, err := t.s.store.FindDocument(ctx, t.conn, ct, strconv.FormatInt(id, 10), "")
		if err != nil {
			return err
		}
		if doc.Published != id {
			st = query.Draft
		}
	}
	return t.emit(ctx, event, ct, id, st)
}

// emit is Emit with the version known.
func (t *Tx) emit(ctx context.Context, event string, ct *schema.ContentType, id int64, st query.Status) error {
	event = eventOf(event, ct)
	o := t.s.Outbox
	if o == nil || !o.Wants(event, ct) {
		return nil
	}
	p := pending{Emitted: Emitted{Event: event, Type: ct, At: time.Now().UTC()}, id: id, status: st}
	if b, ok := ctx.Value(batchKey{}).(*batch); ok {
		b.list = append(b.list, p)
		return nil
	}
	return t.flush(ctx, []pending{p})
}

// emitGone emits entry.delete for each version of a document about to be
// deleted — the published one, then the draft, as Strapi 5 does — each
// read now, while it still exists.
func (t *Tx) emitGone(ctx context.Context, ct *schema.ContentType, doc entry.Document) error {
	o := t.s.Outbox
	event := eventOf(EventDelete, ct)
	if o == nil || !o.Wants(event, ct) {
		return nil
	}
	versions := []struct {
		id int64
		st query.Status
	}{{doc.Published, query.Published}, {doc.Draft, query.Draft}}
	if !ct.DraftAndPublish {
		versions = versions[:1]
		versions[0].id = doc.Link()
	}
	for _, v := range versions {
		if v.id == 0 {
			continue
		}
		e, err := t.Get(ctx, &query.Query{Type: ct, Status: v.st}, v.id, entry.ReadOptions{})
		if err != nil {
			return err
		}
		p := pending{Emitted: Emitted{Event: event, Type: ct, Entry: e, At: time.Now().UTC()}}
		if b, ok := ctx.Value(batchKey{}).(*batch); ok {
			b.list = append(b.list, p)
		} else if err := t.flush(ctx, []pending{p}); err != nil {
			return err
		}
	}
	return nil
}

// flush reads the entries of the events that have none yet — one statement
// per type and version, whatever the number of events — and hands them to
// the outbox. An entry gone by the end of the transaction (created, then
// deleted) drops its event.
func (t *Tx) flush(ctx context.Context, list []pending) error {
	type group struct {
		ct *schema.ContentType
		st query.Status
	}
	ids := map[group][]any{}
	for _, p := range list {
		if p.Entry == nil {
			g := group{p.Type, p.status}
			ids[g] = append(ids[g], p.id)
		}
	}
	read := map[group]map[int64]*entry.Entry{}
	for g, list := range ids {
		got := map[int64]*entry.Entry{}
		for start := 0; start < len(list); start += flushChunk {
			chunk := list[start:min(start+flushChunk, len(list))]
			// Its components, every level, as Strapi 5's entry carries them.
			q := &query.Query{Type: g.ct, Status: g.st, Populate: query.AllComponents(g.ct),
				Filters:    query.In(schema.SysID, chunk...),
				Pagination: query.Pagination{Mode: query.PageStyle, Page: 1, PageSize: len(chunk)}}
			entries, err := t.s.store.Find(ctx, t.conn, q, entry.ReadOptions{})
			if err != nil {
				return err
			}
			for _, e := range entries {
				got[e.ID] = e
			}
		}
		read[g] = got
	}
	out := make([]Emitted, 0, len(list))
	for _, p := range list {
		if p.Entry == nil {
			if p.Entry = read[group{p.Type, p.status}][p.id]; p.Entry == nil {
				continue
			}
		}
		out = append(out, p.Emitted)
	}
	if len(out) == 0 {
		return nil
	}
	return t.s.Outbox.Write(ctx, t.conn, out)
}

// flushChunk bounds the ids one read of flush lists.
const flushChunk = 200

// emitWrite emits the event of a create or update as Strapi 5 does: about
// the draft on a draft & publish type (the row written, draft), and when
// the write publishes, entry.publish about the published version
// (published).
func (t *Tx) emitWrite(ctx context.Context, event string, q *query.Query, draft, published int64) error {
	if !q.Type.DraftAndPublish {
		return t.emit(ctx, event, q.Type, draft, query.Published)
	}
	if err := t.emit(ctx, event, q.Type, draft, query.Draft); err != nil {
		return err
	}
	if q.Status == query.Published {
		return t.emit(ctx, EventPublish, q.Type, published, query.Published)
	}
	return nil
}

// emitCreate is emitWrite for the entry e a create answers: on a draft &
// publish type created published, e is the published version, and the
// draft's id is looked up (only when an outbox wants the events).
func (t *Tx) emitCreate(ctx context.Context, q *query.Query, e *entry.Entry) error {
	ct := q.Type
	if !ct.DraftAndPublish || q.Status != query.Published {
		return t.emitWrite(ctx, EventCreate, q, e.ID, e.ID)
	}
	if o := t.s.Outbox; o == nil || (!o.Wants(EventCreate, ct) && !o.Wants(EventPublish, ct)) {
		return nil
	}
	doc, err := t.s.store.FindDocument(ctx, t.conn, ct, e.DocumentID, q.Locale)
	if err != nil {
		return err
	}
	return t.emitWrite(ctx, EventCreate, q, doc.Draft, doc.Published)
}
