package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/sqlgen"
)

// Draft & publish keeps two rows per document, as Strapi 5 does: the draft
// row (published_at NULL), which every document has, and the published
// row (published_at set), once it is published. Both have the same
// document_id and their own id. A row's own columns — its fields and the
// to-one relations it holds — are its version's, and so are its links
// (sqlgen's versions.go): publishing copies the draft row's columns and links onto
// the published row.

// FindEntry is FindDocument on a type without draft & publish, with the
// entry itself, every field a read of all fields selects (as FindOne with
// no fields named and no read options) and its owning to-one foreign keys
// (entry.Entry.ForeignKey): the one statement an update needs to find its entry
// and hand it to the before hooks.
func (s *Store) FindEntry(ctx context.Context, db database.Conn, ct *schema.ContentType, ref string) (entry.Document, *entry.Entry, error) {
	if ct.DraftAndPublish {
		return entry.Document{}, nil, fmt.Errorf("FindEntry: %s has draft & publish", ct.Name)
	}
	q := &query.Query{Type: ct, Status: query.Draft}
	b, cols, ok := sqlgen.Entry(s.DB.Dialect, ct, ref)
	if !ok {
		return entry.Document{}, nil, errs.NotFound()
	}
	list, err := s.scan(ctx, db, q, cols, b, false, s.newBudget(0))
	if err != nil {
		return entry.Document{}, nil, err
	}
	if len(list) == 0 {
		return entry.Document{}, nil, errs.NotFound()
	}
	e := list[0]
	e.MarkForeignKeys()
	return entry.Document{ID: e.DocumentID, Draft: e.ID, Published: e.ID}, e, nil
}

// FindDocument returns the document ref names: a documentId, or the
// numeric id of either of its rows. A missing one is errs.NotFound. One
// query. On a localized type it is the document's localization in locale
// (a documentId) or the row's (an id): Document.Locale.
func (s *Store) FindDocument(ctx context.Context, db database.Conn, ct *schema.ContentType, ref, locale string) (entry.Document, error) {
	b := s.sql(entry.ReadOptions{}, query.Draft)
	loc := "NULL"
	if ct.Localized {
		loc = sqlgen.Col(sqlgen.Root, schema.ColLocale)
		if locale == "" || locale == query.AllLocales {
			locale = s.schema().DefaultLocale()
		}
	}
	b.W("SELECT ", sqlgen.Col(sqlgen.Root, schema.ColID), ", ", sqlgen.Col(sqlgen.Root, schema.ColDocumentID), ", ", sqlgen.Col(sqlgen.Root, schema.ColPublishedAt),
		" IS NULL, ", loc, " FROM ", sqlgen.Ident(ct.Table), " ", sqlgen.Root, " WHERE ")
	if !b.WhereRef(ct, ref, locale) {
		return entry.Document{}, errs.NotFound()
	}
	rows, err := db.QueryContext(ctx, b.SQL(), b.Args()...)
	if err != nil {
		return entry.Document{}, fmt.Errorf("finding %s %q: %w", ct.Name, ref, err)
	}
	defer rows.Close()
	var d entry.Document
	for rows.Next() {
		var id int64
		var draft bool
		var loc sql.NullString
		if err := rows.Scan(&id, &d.ID, &draft, &loc); err != nil {
			return entry.Document{}, err
		}
		d.Locale = loc.String
		switch {
		case !ct.DraftAndPublish:
			d.Draft, d.Published = id, id
		case draft:
			d.Draft = id
		default:
			d.Published = id
		}
	}
	if err := rows.Err(); err != nil {
		return entry.Document{}, err
	}
	if d.ID == "" {
		return entry.Document{}, errs.NotFound()
	}
	return d, nil
}

// versionColumns is the columns a version holds of its own, quoted
// (schema.ContentType.VersionColumns).
func versionColumns(ct *schema.ContentType) []string {
	cols := ct.VersionColumns()
	for i, c := range cols {
		cols[i] = sqlgen.Ident(c)
	}
	return cols
}

func joinCols(cols []string, prefix string) string {
	out := ""
	for i, c := range cols {
		if i > 0 {
			out += ", "
		}
		out += prefix + c
	}
	return out
}

// versionExprs is versionColumns as copied from the row aliased from into
// the other version (draft: into the draft): a foreign key to a draft &
// publish type names the same document's row of that version (NULL when
// it has none).
func versionExprs(ct *schema.ContentType, from string, draft bool) string {
	out := ""
	for _, a := range ct.Attributes {
		if a.Column == "" {
			continue
		}
		if out != "" {
			out += ", "
		}
		out += translated(a, from, draft)
	}
	if out != "" {
		out += ", "
	}
	out += from + "." + sqlgen.Ident(schema.ColCreatedAt) + ", " + from + "." + sqlgen.Ident(schema.ColUpdatedAt)
	if ct.Localized {
		out += ", " + from + "." + sqlgen.Ident(schema.ColLocale)
	}
	return out
}

// Publish makes the document whose draft row is draftID published: its
// published row becomes a copy of the draft row, published now (created
// when missing), and its links a copy of the draft's (copyLinks). It
// returns the published row's id. A few statements per relation that can
// reach the type, whatever the number of links. sc, when not nil, is the
// schema to find those relations in (else the store's).
func (s *Store) Publish(ctx context.Context, db database.Conn, sc *schema.Schema, ct *schema.ContentType, draftID int64) (int64, error) {
	if sc != nil && s.Schema == nil {
		cp := *s
		cp.Schema = sc
		s = &cp
	}
	t := sqlgen.Ident(ct.Table)
	cols := versionColumns(ct)
	b := s.sql(entry.ReadOptions{}, query.Draft)
	b.W("SELECT p.", sqlgen.Ident(schema.ColID), " FROM ", t, " p JOIN ", t, " d ON ", sqlgen.SameDoc(ct, "d", "p"), " WHERE d.", sqlgen.Ident(schema.ColID), " = ")
	b.Arg(idKind, draftID)
	b.W(" AND p.", sqlgen.Ident(schema.ColPublishedAt), " IS NOT NULL")
	var pub int64
	err := db.QueryRowContext(ctx, b.SQL(), b.Args()...).Scan(&pub)
	if err != nil && !isNoRows(err) {
		return 0, fmt.Errorf("publishing %s: %w", ct.Name, err)
	}
	if err := s.releasePublishedOneToOne(ctx, db, ct, draftID); err != nil {
		return 0, s.writeError(ctx, db, ct, entry.Data{}, err)
	}
	b = s.sql(entry.ReadOptions{}, query.Draft)
	if pub != 0 {
		b.W("UPDATE ", t, " SET ", sqlgen.Ident(schema.ColPublishedAt), " = ")
		b.Arg(timeKind, now())
		b.W(", (", joinCols(cols, ""), ") = (SELECT ", versionExprs(ct, "d", false), " FROM ", t, " d WHERE d.", sqlgen.Ident(schema.ColID), " = ")
		b.Arg(idKind, draftID)
		b.W(") WHERE ", sqlgen.Ident(schema.ColID), " = ")
		b.Arg(idKind, pub)
		if err := s.exec(ctx, db, b); err != nil {
			return 0, s.writeError(ctx, db, ct, entry.Data{}, err)
		}
	} else {
		b.W("INSERT INTO ", t, " (", sqlgen.Ident(schema.ColDocumentID), ", ", joinCols(cols, ""), ", ", sqlgen.Ident(schema.ColPublishedAt),
			") SELECT d.", sqlgen.Ident(schema.ColDocumentID), ", ", versionExprs(ct, "d", false), ", ")
		b.TypedArg(timeKind, now())
		b.W(" FROM ", t, " d WHERE d.", sqlgen.Ident(schema.ColID), " = ")
		b.Arg(idKind, draftID)
		b.W(" RETURNING ", sqlgen.Ident(schema.ColID))
		if err := db.QueryRowContext(ctx, b.SQL(), b.Args()...).Scan(&pub); err != nil {
			return 0, s.writeError(ctx, db, ct, entry.Data{}, err)
		}
	}
	return pub, s.copyLinks(ctx, db, ct, draftID, pub, false)
}

// releasePublishedOneToOne frees, before a publish, the targets the
// draft's owning oneToOne relations will give the published row: another
// document's published row that holds one loses it (a oneToOne target has
// one owner per version).
func (s *Store) releasePublishedOneToOne(ctx context.Context, db database.Conn, ct *schema.ContentType, draftID int64) error {
	t, id, doc, pub := sqlgen.Ident(ct.Table), sqlgen.Ident(schema.ColID), sqlgen.Ident(schema.ColDocumentID), sqlgen.Ident(schema.ColPublishedAt)
	for _, a := range ct.Attributes {
		if a.RelationKind != schema.OneToOne || a.Column == "" {
			continue
		}
		c := sqlgen.Ident(a.Column)
		b := sqlgen.New(s.DB.Dialect)
		b.W("UPDATE ", t, " SET ", c, " = NULL WHERE ", pub, " IS NOT NULL AND ", c, " IN (SELECT ", translated(a, "d", false),
			" FROM ", t, " d WHERE d.", id, " = ")
		b.Arg(idKind, draftID)
		b.W(") AND ", doc, " <> (SELECT ", doc, " FROM ", t, " WHERE ", id, " = ")
		b.Arg(idKind, draftID)
		b.W(")")
		if err := s.exec(ctx, db, b); err != nil {
			return err
		}
	}
	return nil
}

// AddDraft gives the document whose published row is pubID a draft row,
// a copy of it with its links (copyLinks), and returns the draft's id: for
// a document a bulk load wrote as one published row and nothing completed
// since (CompleteVersions does, and so does the next migration).
func (s *Store) AddDraft(ctx context.Context, db database.Conn, ct *schema.ContentType, pubID int64) (int64, error) {
	cols := versionColumns(ct)
	b := s.sql(entry.ReadOptions{}, query.Draft)
	b.W("INSERT INTO ", sqlgen.Ident(ct.Table), " (", sqlgen.Ident(schema.ColDocumentID), ", ", joinCols(cols, ""), ", ", sqlgen.Ident(schema.ColPublishedAt),
		") SELECT p.", sqlgen.Ident(schema.ColDocumentID), ", ", versionExprs(ct, "p", true), ", NULL FROM ", sqlgen.Ident(ct.Table), " p WHERE p.",
		sqlgen.Ident(schema.ColID), " = ")
	b.Arg(idKind, pubID)
	b.W(" RETURNING ", sqlgen.Ident(schema.ColID))
	var id int64
	if err := db.QueryRowContext(ctx, b.SQL(), b.Args()...).Scan(&id); err != nil {
		return 0, s.writeError(ctx, db, ct, entry.Data{}, err)
	}
	return id, s.copyLinks(ctx, db, ct, pubID, id, true)
}

// DeleteDocument removes every row of the document: its draft and its
// published version, in one statement; on a localized type those of
// locale, or of every locale when locale is "" or query.AllLocales.
func (s *Store) DeleteDocument(ctx context.Context, db database.Conn, ct *schema.ContentType, doc, locale string) error {
	if ct.HoldsComponents() {
		b := sqlgen.New(s.DB.Dialect)
		b.W("SELECT ", sqlgen.Ident(schema.ColID), " FROM ", sqlgen.Ident(ct.Table), " ", sqlgen.Root, " WHERE ", sqlgen.Col(sqlgen.Root, schema.ColDocumentID), " = ")
		b.Arg(strKind, doc)
		b.InLocale(ct, sqlgen.Root, locale)
		if err := s.deleteHeld(ctx, db, ct, b.SQL(), b.Args(), nil); err != nil {
			return err
		}
	}
	b := s.sql(entry.ReadOptions{}, query.Draft)
	b.W("DELETE FROM ", sqlgen.Ident(ct.Table), " WHERE ", sqlgen.Ident(schema.ColDocumentID), " = ")
	b.Arg(strKind, doc)
	if ct.Localized && locale != "" && locale != query.AllLocales {
		b.W(" AND ", sqlgen.Ident(schema.ColLocale), " = ")
		b.Arg(strKind, locale)
	}
	if err := s.exec(ctx, db, b); err != nil {
		return s.writeError(ctx, db, ct, entry.Data{}, err)
	}
	return nil
}

func isNoRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }
