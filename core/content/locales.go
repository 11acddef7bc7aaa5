package content

import (
	"context"
	"strings"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// Localized types (docs/i18n.md): every read and write of one is in a
// locale — the query's, a write body's, or the default — and a document
// is written one localization at a time. A field marked not localized is
// shared: a write of it reaches every localization of the document.

// inLocale is q in the locale it reads or writes: its own, else the
// write body's locale key, else the default. A body's locale that is not
// a configured one is a 400 naming the locales.
func (s *Service) inLocale(q *query.Query, body map[string]any) (*query.Query, error) {
	if !q.Type.Localized || q.Locale != "" {
		return q, nil
	}
	if v, ok := body["locale"].(string); ok && v != "" {
		if !s.Schema.HasLocale(v) {
			return nil, unknownLocale(s.Schema, v)
		}
		return query.WithLocale(q, v), nil
	}
	return query.WithLocale(q, s.Schema.DefaultLocale()), nil
}

// unknownLocale is the 400 of a write in a locale that is not configured:
// Strapi creates rows in any code it is given (docs/strapi-differences.md).
func unknownLocale(sc *schema.Schema, code string) error {
	return errs.Fields([]errs.FieldError{errs.Field("locale", "locale "+quote(code)+" is not one of the locales: "+
		strings.Join(sc.Locales(), ", ")).WithValue(code)})
}

func quote(s string) string { return `"` + s + `"` }

// writeLocale is the one locale a write of q goes to: "*" names none.
func writeLocale(q *query.Query) (string, error) {
	if q.Locale == query.AllLocales {
		return "", errs.New(errs.KindValidation, `Invalid locale parameter: a write goes to one locale, not "*"`).
			WithDetails(map[string]any{"key": "locale", "source": "query"})
	}
	return q.Locale, nil
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

// newLocalization makes the localization in q's locale of doc, which has
// none there yet: a PUT ?locale=fr of a document written in en. Its
// shared fields are copied from the localization the document has in the
// default locale (else any): Strapi 5 copies them so that every locale
// holds the same. It returns the new draft row (the only row, on a type
// without draft & publish).
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
	data := entry.Data{Values: map[*schema.Attribute]any{}, Locale: q.Locale, DocumentID: docID}
	if src := from.Draft; src != 0 || from.Published != 0 {
		if src == 0 {
			src = from.Published
		}
		if err := t.sharedValues(ctx, ct, src, data.Values); err != nil {
			return 0, err
		}
	}
	e, err := t.s.store.Insert(ctx, t.conn, ct, data, false)
	if err != nil {
		return 0, err
	}
	return e.ID, nil
}

// sharedValues reads into values the shared scalar fields of row id.
func (t *Tx) sharedValues(ctx context.Context, ct *schema.ContentType, id int64, values map[*schema.Attribute]any) error {
	var shared []*schema.Attribute
	for _, a := range ct.Attributes {
		if a.IsScalar() && !a.IsLocalized() {
			shared = append(shared, a)
		}
	}
	if len(shared) == 0 {
		return nil
	}
	e, err := t.s.store.FindOne(ctx, t.conn, &query.Query{Type: ct, Fields: shared, Status: query.Draft}, id, entry.ReadOptions{})
	if err != nil {
		return err
	}
	for _, a := range shared {
		if v, ok := e.Get(a); ok {
			values[a] = v
		}
	}
	return nil
}

// syncShared writes the shared fields data gives to every other
// localization of the document row id belongs to, both versions: what
// Strapi 5 does after a write, so that they hold the same everywhere.
func (t *Tx) syncShared(ctx context.Context, ct *schema.ContentType, id int64, data entry.Data) error {
	if !ct.Localized {
		return nil
	}
	values := map[*schema.Attribute]any{}
	for a, v := range data.Values {
		if !a.IsLocalized() && a.IsScalar() {
			values[a] = v
		}
	}
	if len(values) == 0 {
		return nil
	}
	return t.s.store.SyncShared(ctx, t.conn, ct, id, values)
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
