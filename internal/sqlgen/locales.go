package sqlgen

import (
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// DocKey is the expression naming the localization of the row aliased
// alias: its document_id, or (document_id, locale) on a localized type;
// the left side of "= (SELECT docCols ...)" or "IN (SELECT docCols ...)".
func DocKey(ct *schema.ContentType, alias string) string {
	if ct.Localized {
		return "(" + DocCols(ct, alias) + ")"
	}
	return DocCols(ct, alias)
}

// DocCols is docKey's columns as a select list.
func DocCols(ct *schema.ContentType, alias string) string {
	c := Ident(schema.ColDocumentID)
	if alias != "" {
		c = alias + "." + c
	}
	if !ct.Localized {
		return c
	}
	l := Ident(schema.ColLocale)
	if alias != "" {
		l = alias + "." + l
	}
	return c + ", " + l
}

// SameDoc is the condition that the rows aliased a and b of ct are
// versions of one localization.
func SameDoc(ct *schema.ContentType, a, b string) string {
	s := Col(a, schema.ColDocumentID) + " = " + Col(b, schema.ColDocumentID)
	if ct.Localized {
		s += " AND " + Col(a, schema.ColLocale) + " = " + Col(b, schema.ColLocale)
	}
	return s
}

// InLocale writes " AND alias.locale = ?" when ct is localized and
// locale names one locale ("" and query.AllLocales name every one).
func (b *Builder) InLocale(ct *schema.ContentType, alias, locale string) {
	if !ct.Localized || locale == "" || locale == query.AllLocales {
		return
	}
	b.W(" AND ", Col(alias, schema.ColLocale), " = ")
	b.Arg(strKind, locale)
}

// readsLocale reports whether a read of q keeps one locale's rows: a
// localized type's query naming a locale (populate's do not: a link
// leads to a row of one locale already).
func readsLocale(q *query.Query) bool {
	return q.Type.Localized && q.Locale != "" && q.Locale != query.AllLocales
}

// localeCond writes the condition that the row aliased alias is in q's
// locale; with a fallback locale, also the fallback's row of a document
// that has no row in q's locale in the version the read shows (a
// published read: no published row there).
func (b *Builder) localeCond(q *query.Query, alias string) {
	ct, l := q.Type, Col(alias, schema.ColLocale)
	if q.FallbackLocale == "" {
		b.W(l, " = ")
		b.Arg(strKind, q.Locale)
		return
	}
	x := b.NewAlias()
	b.W("(", l, " = ")
	b.Arg(strKind, q.Locale)
	b.W(" OR ", l, " = ")
	b.Arg(strKind, q.FallbackLocale)
	b.W(" AND NOT EXISTS (SELECT 1 FROM ", Ident(ct.Table), " ", x, " WHERE ", Col(x, schema.ColDocumentID), " = ",
		Col(alias, schema.ColDocumentID), " AND ", Col(x, schema.ColLocale), " = ")
	b.Arg(strKind, q.Locale)
	if ct.DraftAndPublish && !b.ReadsDrafts(ct) {
		b.W(" AND ", Col(x, schema.ColPublishedAt), " IS NOT NULL")
	}
	b.W("))")
}

// otherLocale is the condition that the row aliased a is of the document
// of the row aliased b, in another locale: a localization of b's
// (populate=localizations).
func otherLocale(ct *schema.ContentType, a, b string) string {
	return Col(a, schema.ColDocumentID) + " = " + Col(b, schema.ColDocumentID) + " AND " + Col(a, schema.ColLocale) + " <> " + Col(b, schema.ColLocale)
}
