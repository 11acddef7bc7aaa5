package content

import (
	"context"
	"slices"
	"strings"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/store"
)

// Localized types (docs/i18n.md): every read and write of one is in a
// locale — the query's, a write body's, or the default — and a document
// is written one localization at a time. A field marked not localized is
// shared: a write of it reaches every localization of the document.

// NewDocumentID is a new document's id, as every write of a new document
// gets one: 24 lowercase alphanumerics, the shape of Strapi 5's. The rows
// of the locales' table (internal/locales) are named with it.
func NewDocumentID() string { return store.NewDocumentID() }

// readLocale is q in the locale it reads: its own, else the default.
// (A request whose top-level filters name the locale reads every locale:
// query.Parse says so.)
func (s *Service) readLocale(q *query.Query) *query.Query {
	return query.WithLocale(q, s.Schema.DefaultLocale())
}

// writeLocale is the one locale a write of q goes to: the query's, else
// the default. Strapi 5.54 ignores a body's locale key, and so does Kiln.
// "*" names no one locale; a code that is not configured is a 400 naming
// the locales, where Strapi makes rows in it (docs/strapi-differences.md).
func (s *Service) writeLocale(q *query.Query) (*query.Query, string, error) {
	if !q.Type.Localized {
		return q, "", nil
	}
	q = query.WithLocale(q, s.Schema.DefaultLocale())
	switch {
	case q.Locale == query.AllLocales:
		return nil, "", errs.New(errs.KindValidation, `Invalid locale parameter: a write goes to one locale, not "*"`).
			WithDetails(map[string]any{"key": "locale", "param": "locale", "source": "query"})
	case !s.Schema.HasLocale(q.Locale):
		return nil, "", errs.New(errs.KindValidation, `Invalid locale parameter: "`+q.Locale+`" is not one of the locales (`+
			strings.Join(s.Schema.Locales(), ", ")+`)`).WithDetails(map[string]any{"key": "locale", "param": "locale", "source": "query"})
	}
	return q, q.Locale, nil
}

// findFallback is a read of one entry that, missing in q's locale, shows
// it in q's fallback locale (Kiln's fallbackLocale).
func findFallback(q *query.Query, read func(*query.Query) (*entry.Entry, error)) (*entry.Entry, error) {
	e, err := read(q)
	if q.FallbackLocale == "" || errs.KindOf(err) != errs.KindNotFound {
		return e, err
	}
	fq := *q
	fq.Locale, fq.FallbackLocale = q.FallbackLocale, ""
	return read(&fq)
}

// updatedDoc is the document an update of q changes, which the caller
// must be able to see (visibleDoc): on a localized type, a document
// without a localization in locale gets one (PUT ?locale=fr makes it;
// made says so).
func (t *Tx) updatedDoc(ctx context.Context, q *query.Query, ref, locale string, ro entry.ReadOptions) (doc entry.Document, made bool, err error) {
	doc, err = t.s.store.FindDocument(ctx, t.conn, q.Type, ref, locale)
	if errs.KindOf(err) == errs.KindNotFound && q.Type.Localized {
		made = true
		doc.Draft, err = t.newLocalization(ctx, q, ref)
		doc.Published = doc.Draft
		if q.Type.DraftAndPublish {
			doc.Published = 0
		}
	}
	if err != nil {
		return doc, made, err
	}
	return doc, made, t.checkVisible(ctx, q.Type, doc, ro)
}

// newLocalization makes the localization in q's locale of doc, which has
// none there yet: a PUT ?locale=fr of a document written in en. As in
// Strapi 5, it starts with the shared fields (scalars, media, components)
// of the localization the document has in the default locale (else
// another), not with its relations, and its localized fields with a
// default have it, as on any create. It returns the new draft row (the
// only row, on a type without draft & publish).
func (t *Tx) newLocalization(ctx context.Context, q *query.Query, docID string) (int64, error) {
	ct := q.Type
	var from entry.Document
	var err error
	for _, l := range t.s.Schema.Locales() {
		if from, err = t.s.store.FindDocument(ctx, t.conn, ct, docID, l); err == nil {
			break
		}
		if errs.KindOf(err) != errs.KindNotFound {
			return 0, err
		}
	}
	if err != nil {
		return 0, err
	}
	src := from.Draft
	if src == 0 {
		src = from.Published
	}
	data := entry.Data{Values: map[*schema.Attribute]any{}, Locale: q.Locale, DocumentID: docID}
	applyDefaults(ct, data.Values)
	for a := range data.Values {
		if !a.IsLocalized() {
			delete(data.Values, a) // the document's own value comes next
		}
	}
	e, err := t.s.store.Insert(ctx, t.conn, ct, data, false)
	if err != nil {
		return 0, err
	}
	return e.ID, t.s.store.CopyShared(ctx, t.conn, ct, src, e.ID)
}

// syncShared gives the other localizations of the document the shared
// fields of row, the version a write of ct wrote (the published row of a
// write that publishes), as Strapi 5.54 does after every write: a draft
// write reaches their drafts, a write that publishes their published
// versions (their drafts keep what they had).
func (t *Tx) syncShared(ctx context.Context, ct *schema.ContentType, row int64, draft bool) error {
	if !ct.Localized {
		return nil
	}
	return t.s.store.SyncShared(ctx, t.conn, ct, row, draft)
}

// deletedDoc is the document a delete of q removes (visibleDoc): on
// locale=* its localization in the default locale, else in the first
// locale it has, whose version the answer shows.
func (t *Tx) deletedDoc(ctx context.Context, q *query.Query, ref string, ro entry.ReadOptions) (entry.Document, error) {
	if q.Locale != query.AllLocales {
		return t.visibleDoc(ctx, q.Type, ref, q.Locale, ro)
	}
	var doc entry.Document
	var err error
	for _, l := range t.s.Schema.Locales() {
		doc, err = t.visibleDoc(ctx, q.Type, ref, l, ro)
		if errs.KindOf(err) != errs.KindNotFound {
			return doc, err
		}
	}
	return doc, err
}

// refLocale is the locale a write of ct in locale links the
// localizations of localized targets in: its own, or the default for a
// type that is not localized.
func (s *Service) refLocale(ct *schema.ContentType, locale string) string {
	if ct.Localized && locale != "" {
		return locale
	}
	return s.Schema.DefaultLocale()
}

// localeSep joins a documentId and the locale a reference names it in
// ({"documentId": "x", "locale": "fr"} is "x@fr"): a documentId holds
// letters and digits only.
const localeSep = "@"

// localeRefs are the references of relation list that name their own
// locale: resolved as a list of their own (Refs.Locale), the answers put
// back under the reference as written.
type localeRefs struct {
	entry.Refs
	list int
}

// splitLocaleRefs keeps in the list the references without a locale and
// adds those with one to more, a list per relation and locale.
func splitLocaleRefs(list int, ct *schema.ContentType, refs []string, more []localeRefs) ([]string, []localeRefs) {
	plain := refs[:0:0]
	for _, r := range refs {
		doc, locale, ok := strings.Cut(r, localeSep)
		if !ok {
			plain = append(plain, r)
			continue
		}
		k := slices.IndexFunc(more, func(l localeRefs) bool { return l.list == list && l.Locale == locale })
		if k < 0 {
			more = append(more, localeRefs{Refs: entry.Refs{Type: ct, Locale: locale}, list: list})
			k = len(more) - 1
		}
		more[k].Refs.Refs = append(more[k].Refs.Refs, doc)
	}
	return plain, more
}

// withoutLocales is r with the locales its references name dropped: the
// write of a localized entry links its targets in its own locale.
func (r relationRefs) withoutLocales() relationRefs {
	strip := func(list []string) []string {
		out := make([]string, len(list))
		for i, ref := range list {
			out[i], _, _ = strings.Cut(ref, localeSep)
		}
		return out
	}
	r.set, r.connect, r.disconnect = strip(r.set), strip(r.connect), strip(r.disconnect)
	places := make([]place, len(r.places))
	for i, p := range r.places {
		p.before, p.after = strip([]string{p.before})[0], strip([]string{p.after})[0]
		places[i] = p
	}
	r.places = places
	return r
}
