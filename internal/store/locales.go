package store

import (
	"context"
	"fmt"

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

// Shared are localized ct's fields that every locale shares (not
// pluginOptions.i18n.localized: true, schema.Attribute.IsLocalized), as
// Strapi 5.54 syncs them: Columns, its scalars and single media fields
// (a file's id on the row), Joined, its multiple media fields (join
// rows), and Components, its component and dynamic-zone fields.
// Relations are per locale, as Strapi keeps them.
type Shared struct {
	Columns, Joined, Components []*schema.Attribute
}

// SharedFields are ct's shared fields (Shared).
func SharedFields(ct *schema.ContentType) Shared {
	var out Shared
	for _, a := range ct.Attributes {
		switch {
		case a.IsLocalized() || !ct.Localized || a.Unavailable():
		case a.IsScalar(), a.IsMedia() && a.Column != "":
			out.Columns = append(out.Columns, a)
		case a.IsMedia() && a.JoinTable != "":
			out.Joined = append(out.Joined, a)
		case a.IsComponent():
			out.Components = append(out.Components, a)
		}
	}
	return out
}

// SyncShared copies the shared fields of localized ct's row id onto the
// rows of its document in the other locales, in id's version on a draft
// & publish type (draft: the drafts, else the published rows), as Strapi
// 5.54 does after every write.
func (s *Store) SyncShared(ctx context.Context, db database.Conn, ct *schema.ContentType, id int64, draft bool) error {
	t, doc, loc := database.Ident(ct.Table), database.Ident(schema.ColDocumentID), database.Ident(schema.ColLocale)
	return s.copyShared(ctx, db, ct, id, func(b *sqlb) {
		b.w("SELECT ", database.Ident(schema.ColID), " FROM ", t, " WHERE ", doc, " = (SELECT ", doc, " FROM ", t, " WHERE ",
			database.Ident(schema.ColID), " = ")
		b.arg(idKind, id)
		b.w(") AND ", loc, " <> (SELECT ", loc, " FROM ", t, " WHERE ", database.Ident(schema.ColID), " = ")
		b.arg(idKind, id)
		b.w(")")
		if ct.DraftAndPublish {
			b.w(" AND ", database.Ident(schema.ColPublishedAt), versionSQL(draft))
		}
	})
}

// CopyShared gives localized ct's row to the shared fields of row from:
// a new localization starts with those of the document's others.
func (s *Store) CopyShared(ctx context.Context, db database.Conn, ct *schema.ContentType, from, to int64) error {
	return s.copyShared(ctx, db, ct, from, func(b *sqlb) {
		b.w("SELECT ")
		b.typedArg(idKind, to)
		b.w(" AS ", database.Ident(schema.ColID))
	})
}

// copyShared copies row from's shared fields onto the rows targets
// selects (a SELECT of their ids): one statement for the columns, two
// per multiple media field, and for the components one to list the rows,
// one to read from's and a few per component type, whatever the number
// of rows.
func (s *Store) copyShared(ctx context.Context, db database.Conn, ct *schema.ContentType, from int64, targets func(*sqlb)) error {
	sh := SharedFields(ct)
	t, id := database.Ident(ct.Table), database.Ident(schema.ColID)
	if len(sh.Columns) > 0 {
		cols := make([]string, len(sh.Columns))
		for i, a := range sh.Columns {
			cols[i] = database.Ident(a.Column)
		}
		b := &sqlb{d: s.DB.Dialect}
		b.w("UPDATE ", t, " SET (", joinCols(cols, ""), ") = (SELECT ", joinCols(cols, "f."), " FROM ", t, " f WHERE f.", id, " = ")
		b.arg(idKind, from)
		b.w(") WHERE ", id, " IN (")
		targets(b)
		b.w(")")
		if err := s.exec(ctx, db, b); err != nil {
			return s.writeError(ctx, db, ct, entry.Data{}, err)
		}
	}
	for _, a := range sh.Joined {
		if err := s.copySharedJoin(ctx, db, a, from, targets); err != nil {
			return fmt.Errorf("copying %s.%s to the other locales: %w", ct.Name, a.Name, err)
		}
	}
	if len(sh.Components) == 0 {
		return nil
	}
	b := &sqlb{d: s.DB.Dialect}
	targets(b)
	rows, err := scanIDs(ctx, db, b)
	if err != nil || len(rows) == 0 {
		return err
	}
	shared, err := s.sharedComponents(ctx, db, ct, from)
	if err != nil {
		return err
	}
	return s.replaceComponents(ctx, db, ct, rows, shared)
}

// copySharedJoin replaces the join rows of media field a of the rows
// targets selects by copies of row from's, in their order.
func (s *Store) copySharedJoin(ctx context.Context, db database.Conn, a *schema.Attribute, from int64, targets func(*sqlb)) error {
	j, self, file := database.Ident(a.JoinTable), database.Ident(a.JoinSelf), database.Ident(a.JoinTarget)
	selfOrd, fileOrd := database.Ident(schema.JoinOrder(a.JoinSelf)), database.Ident(schema.JoinOrder(a.JoinTarget))
	b := &sqlb{d: s.DB.Dialect}
	b.w("DELETE FROM ", j, " WHERE ", self, " IN (")
	targets(b)
	b.w(")")
	if err := s.exec(ctx, db, b); err != nil {
		return err
	}
	b = &sqlb{d: s.DB.Dialect}
	b.w("INSERT INTO ", j, " (", self, ", ", file, ", ", fileOrd, ", ", selfOrd, ") SELECT x.", database.Ident(schema.ColID), ", j.", file,
		", j.", fileOrd, ", j.", selfOrd, " FROM ", j, " j, (")
	targets(b)
	b.w(") x WHERE j.", self, " = ")
	b.arg(idKind, from)
	return s.exec(ctx, db, b)
}

// sharedComponents is the shared component fields of localized ct's row
// id, as a write's Data that gives another row a copy of them.
func (s *Store) sharedComponents(ctx context.Context, db database.Conn, ct *schema.ContentType, id int64) (map[*schema.Attribute][]entry.Component, error) {
	fields := SharedFields(ct).Components
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
