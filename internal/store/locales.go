package store

import (
	"context"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
)

const allLocales = query.AllLocales

// On a localized type a document has rows per locale and version
// (schema/locales.go): the versions of one localization are the rows
// that share the document_id and the locale. Every statement that goes
// from a row to the other version of its document goes through docKey
// and docCols, which name the locale too on such a type, and nothing
// else on the others (their SQL is as it was).

// docKey is the expression naming the localization of the row aliased
// alias: its document_id, or (document_id, locale) on a localized type;
// the left side of "= (SELECT docCols ...)" or "IN (SELECT docCols ...)".
func docKey(ct *schema.ContentType, alias string) string {
	if ct.Localized {
		return "(" + docCols(ct, alias) + ")"
	}
	return docCols(ct, alias)
}

// docCols is docKey's columns as a select list.
func docCols(ct *schema.ContentType, alias string) string {
	c := database.Ident(schema.ColDocumentID)
	if alias != "" {
		c = alias + "." + c
	}
	if !ct.Localized {
		return c
	}
	l := database.Ident(schema.ColLocale)
	if alias != "" {
		l = alias + "." + l
	}
	return c + ", " + l
}

// sameDoc is the condition that the rows aliased a and b of ct are
// versions of one localization.
func sameDoc(ct *schema.ContentType, a, b string) string {
	s := col(a, schema.ColDocumentID) + " = " + col(b, schema.ColDocumentID)
	if ct.Localized {
		s += " AND " + col(a, schema.ColLocale) + " = " + col(b, schema.ColLocale)
	}
	return s
}

// inLocale writes " AND alias.locale = ?" when ct is localized and
// locale names one locale ("" and query.AllLocales name every one).
func (b *sqlb) inLocale(ct *schema.ContentType, alias, locale string) {
	if !ct.Localized || locale == "" || locale == allLocales {
		return
	}
	b.w(" AND ", col(alias, schema.ColLocale), " = ")
	b.arg(strKind, locale)
}

// readsLocale reports whether a read of q keeps one locale's rows: a
// localized type's query naming a locale (populate's do not: a link
// leads to a row of one locale already).
func readsLocale(q *query.Query) bool {
	return q.Type.Localized && q.Locale != "" && q.Locale != allLocales
}

// localeCond writes the condition that the row aliased alias is in q's
// locale; with a fallback locale, also the fallback's row of a document
// that has no row in q's locale in the version the read shows (a
// published read: no published row there).
func (b *sqlb) localeCond(q *query.Query, alias string) {
	ct, l := q.Type, col(alias, schema.ColLocale)
	if q.FallbackLocale == "" {
		b.w(l, " = ")
		b.arg(strKind, q.Locale)
		return
	}
	x := b.newAlias()
	b.w("(", l, " = ")
	b.arg(strKind, q.Locale)
	b.w(" OR ", l, " = ")
	b.arg(strKind, q.FallbackLocale)
	b.w(" AND NOT EXISTS (SELECT 1 FROM ", database.Ident(ct.Table), " ", x, " WHERE ", col(x, schema.ColDocumentID), " = ",
		col(alias, schema.ColDocumentID), " AND ", col(x, schema.ColLocale), " = ")
	b.arg(strKind, q.Locale)
	if ct.DraftAndPublish && !b.readsDrafts(ct) {
		b.w(" AND ", col(x, schema.ColPublishedAt), " IS NOT NULL")
	}
	b.w("))")
}

// SharedFields are localized ct's fields that every locale shares
// (pluginOptions.i18n.localized: false): its scalars, and its component
// and dynamic-zone fields. Shared relations are per locale, as Strapi
// 5.54 keeps them.
func SharedFields(ct *schema.ContentType) (scalars, components []*schema.Attribute) {
	for _, a := range ct.Attributes {
		switch {
		case a.IsLocalized() || !ct.Localized:
		case a.IsScalar():
			scalars = append(scalars, a)
		case a.IsComponent():
			components = append(components, a)
		}
	}
	return scalars, components
}

// SyncShared copies the shared fields of localized ct's row id onto the
// rows of its document in the other locales, in id's version on a draft
// & publish type (draft: the drafts, else the published rows), as Strapi
// 5.54 does after every write: its scalars in one statement, its
// components as a copy over each row's.
func (s *Store) SyncShared(ctx context.Context, db database.Conn, ct *schema.ContentType, id int64, draft bool) error {
	scalars, comps := SharedFields(ct)
	if len(scalars) == 0 && len(comps) == 0 {
		return nil
	}
	t, doc, loc := database.Ident(ct.Table), database.Ident(schema.ColDocumentID), database.Ident(schema.ColLocale)
	others := func(b *sqlb, what string) {
		b.w(what, " FROM ", t, " WHERE ", doc, " = (SELECT ", doc, " FROM ", t, " WHERE ", database.Ident(schema.ColID), " = ")
		b.arg(idKind, id)
		b.w(") AND ", loc, " <> (SELECT ", loc, " FROM ", t, " WHERE ", database.Ident(schema.ColID), " = ")
		b.arg(idKind, id)
		b.w(")")
		if ct.DraftAndPublish {
			b.w(" AND ", database.Ident(schema.ColPublishedAt), versionSQL(draft))
		}
	}
	if len(scalars) > 0 {
		cols := make([]string, len(scalars))
		for i, a := range scalars {
			cols[i] = database.Ident(a.Column)
		}
		b := &sqlb{d: s.DB.Dialect}
		b.w("UPDATE ", t, " SET (", joinCols(cols, ""), ") = (SELECT ", joinCols(cols, "f."), " FROM ", t, " f WHERE f.", database.Ident(schema.ColID), " = ")
		b.arg(idKind, id)
		b.w(") WHERE ", database.Ident(schema.ColID), " IN (SELECT ", database.Ident(schema.ColID))
		others(b, "")
		b.w(")")
		if err := s.exec(ctx, db, b); err != nil {
			return s.writeError(ctx, db, ct, entry.Data{}, err)
		}
	}
	if len(comps) == 0 {
		return nil
	}
	b := &sqlb{d: s.DB.Dialect}
	b.w("SELECT ", database.Ident(schema.ColID))
	others(b, "")
	targets, err := scanIDs(ctx, db, b)
	if err != nil || len(targets) == 0 {
		return err
	}
	shared, err := s.SharedComponents(ctx, db, ct, id)
	if err != nil {
		return err
	}
	for _, to := range targets {
		if err := s.writeComponents(ctx, db, ct, to, withoutIDs(shared), true); err != nil {
			return err
		}
	}
	return nil
}

// SharedComponents is the shared component fields of localized ct's row
// id, as a write's Data that gives another row a copy of them.
func (s *Store) SharedComponents(ctx context.Context, db database.Conn, ct *schema.ContentType, id int64) (map[*schema.Attribute][]entry.Component, error) {
	_, fields := SharedFields(ct)
	if len(fields) == 0 {
		return nil, nil
	}
	all, err := s.componentsOf(ctx, db, ct, id)
	if err != nil {
		return nil, err
	}
	out := make(map[*schema.Attribute][]entry.Component, len(fields))
	for _, a := range fields {
		out[a] = all[a] // none held is an empty field: the copy clears it
		if out[a] == nil {
			out[a] = []entry.Component{}
		}
	}
	return withoutIDs(out), nil
}

// otherLocale is the condition that the row aliased a is of the document
// of the row aliased b, in another locale: a localization of b's
// (populate=localizations).
func otherLocale(ct *schema.ContentType, a, b string) string {
	return col(a, schema.ColDocumentID) + " = " + col(b, schema.ColDocumentID) + " AND " + col(a, schema.ColLocale) + " <> " + col(b, schema.ColLocale)
}
