package store

import (
	"context"
	"fmt"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/sqlgen"
)

// On a localized type a document has rows per locale and version
// (schema/locales.go): the versions of one localization are the rows
// that share the document_id and the locale. Every statement that goes
// from a row to the other version of its document goes through docKey
// and docCols, which name the locale too on such a type, and nothing
// else on the others (their SQL is as it was).

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
	t, doc, loc := sqlgen.Ident(ct.Table), sqlgen.Ident(schema.ColDocumentID), sqlgen.Ident(schema.ColLocale)
	return s.copyShared(ctx, db, ct, id, func(b *sqlgen.Builder) {
		b.W("SELECT ", sqlgen.Ident(schema.ColID), " FROM ", t, " WHERE ", doc, " = (SELECT ", doc, " FROM ", t, " WHERE ",
			sqlgen.Ident(schema.ColID), " = ")
		b.Arg(idKind, id)
		b.W(") AND ", loc, " <> (SELECT ", loc, " FROM ", t, " WHERE ", sqlgen.Ident(schema.ColID), " = ")
		b.Arg(idKind, id)
		b.W(")")
		if ct.DraftAndPublish {
			b.W(" AND ", sqlgen.Ident(schema.ColPublishedAt), sqlgen.VersionSQL(draft))
		}
	})
}

// CopyShared gives localized ct's row to the shared fields of row from:
// a new localization starts with those of the document's others.
func (s *Store) CopyShared(ctx context.Context, db database.Conn, ct *schema.ContentType, from, to int64) error {
	return s.copyShared(ctx, db, ct, from, func(b *sqlgen.Builder) {
		b.W("SELECT ")
		b.TypedArg(idKind, to)
		b.W(" AS ", sqlgen.Ident(schema.ColID))
	})
}

// copyShared copies row from's shared fields onto the rows targets
// selects (a SELECT of their ids): one statement for the columns, two
// per multiple media field, and for the components one to list the rows,
// one to read from's and a few per component type, whatever the number
// of rows.
func (s *Store) copyShared(ctx context.Context, db database.Conn, ct *schema.ContentType, from int64, targets func(*sqlgen.Builder)) error {
	sh := SharedFields(ct)
	t, id := sqlgen.Ident(ct.Table), sqlgen.Ident(schema.ColID)
	if len(sh.Columns) > 0 {
		cols := make([]string, len(sh.Columns))
		for i, a := range sh.Columns {
			cols[i] = sqlgen.Ident(a.Column)
		}
		b := sqlgen.New(s.DB.Dialect)
		b.W("UPDATE ", t, " SET (", joinCols(cols, ""), ") = (SELECT ", joinCols(cols, "f."), " FROM ", t, " f WHERE f.", id, " = ")
		b.Arg(idKind, from)
		b.W(") WHERE ", id, " IN (")
		targets(b)
		b.W(")")
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
	b := sqlgen.New(s.DB.Dialect)
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
func (s *Store) copySharedJoin(ctx context.Context, db database.Conn, a *schema.Attribute, from int64, targets func(*sqlgen.Builder)) error {
	j, self, file := sqlgen.Ident(a.JoinTable), sqlgen.Ident(a.JoinSelf), sqlgen.Ident(a.JoinTarget)
	selfOrd, fileOrd := sqlgen.Ident(schema.JoinOrder(a.JoinSelf)), sqlgen.Ident(schema.JoinOrder(a.JoinTarget))
	b := sqlgen.New(s.DB.Dialect)
	b.W("DELETE FROM ", j, " WHERE ", self, " IN (")
	targets(b)
	b.W(")")
	if err := s.exec(ctx, db, b); err != nil {
		return err
	}
	b = sqlgen.New(s.DB.Dialect)
	b.W("INSERT INTO ", j, " (", self, ", ", file, ", ", fileOrd, ", ", selfOrd, ") SELECT x.", sqlgen.Ident(schema.ColID), ", j.", file,
		", j.", fileOrd, ", j.", selfOrd, " FROM ", j, " j, (")
	targets(b)
	b.W(") x WHERE j.", self, " = ")
	b.Arg(idKind, from)
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
