package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// Draft & publish keeps two rows per document, as Strapi 5 does: the draft
// row (published_at NULL), which every document has, and the published
// row (published_at set), once it is published. Both have the same
// document_id and their own id. A row's own columns — its fields and the
// to-one relations it holds — are its version's; publishing copies the
// draft row's columns onto the published row.
//
// Links stored outside the row (other entries' foreign keys naming the
// document, join rows) point at one row per document: the published row
// once there is one, else the draft row (Document.Link). That is what a
// published read follows without any translation, and a non-draft type
// has a single foreign key to give a document anyway. The first publish
// moves the links from the draft row to the new published row.

// Document is the rows of one entry. On a type without draft & publish
// the one row is both versions.
type Document struct {
	ID string
	// Draft and Published are the rows' ids; 0 when the version is missing.
	Draft, Published int64
}

// Link is the row that links to the document point at.
func (d Document) Link() int64 {
	if d.Published != 0 {
		return d.Published
	}
	return d.Draft
}

// Version is the row of the version st reads; 0 when there is none. A
// document whose draft row is missing (not one Kiln writes) reads its
// published row as its draft, as draftVersion does.
func (d Document) Version(st query.Status) int64 {
	if st == query.Published || d.Draft == 0 {
		return d.Published
	}
	return d.Draft
}

// draftVersion writes the condition that a row of ct, aliased alias, is
// its document's draft version: the draft row, or the published row of a
// document without one. One probe of the draft rows' unique index.
func (b *sqlb) draftVersion(ct *schema.ContentType, alias string) {
	pub, doc := Ident(schema.ColPublishedAt), Ident(schema.ColDocumentID)
	t := b.newAlias()
	b.w("(", alias, ".", pub, " IS NULL OR NOT EXISTS (SELECT 1 FROM ", Ident(ct.Table), " ", t, " WHERE ",
		t, ".", doc, " = ", alias, ".", doc, " AND ", t, ".", pub, " IS NULL))")
}

// FindEntry is FindDocument on a type without draft & publish, with the
// entry itself, every field a read of all fields selects (as FindOne with
// no fields named and no read options) and its owning to-one foreign keys
// (Entry.ForeignKey): the one statement an update needs to find its entry
// and hand it to the before hooks.
func (s *Store) FindEntry(ctx context.Context, db Conn, ct *schema.ContentType, ref string) (Document, *Entry, error) {
	if ct.DraftAndPublish {
		return Document{}, nil, fmt.Errorf("FindEntry: %s has draft & publish", ct.Name)
	}
	q := &query.Query{Type: ct, Status: query.Draft}
	cols := selection(q)
	for _, a := range ct.Attributes {
		if a.IsRelation() && a.Column != "" && !a.Unavailable() {
			cols = append(cols, column{attr: a, sql: col(root, a.Column), ref: true})
		}
	}
	b := s.sql(ReadOptions{}, query.Draft)
	b.w("SELECT ")
	b.selectList(cols)
	b.w(" FROM ", Ident(ct.Table), " ", root, " WHERE ")
	if !b.whereRef(ct, ref) {
		return Document{}, nil, errs.NotFound()
	}
	list, err := s.scan(ctx, db, q, cols, b, false, s.newBudget(0))
	if err != nil {
		return Document{}, nil, err
	}
	if len(list) == 0 {
		return Document{}, nil, errs.NotFound()
	}
	e := list[0]
	e.keys = true
	return Document{ID: e.DocumentID, Draft: e.ID, Published: e.ID}, e, nil
}

// whereRef writes the condition on the root table that picks the rows ref
// names: a documentId, or a numeric id — on a type with draft & publish,
// every row of that row's document. It reports false, writing nothing,
// when ref can name no row.
func (b *sqlb) whereRef(ct *schema.ContentType, ref string) bool {
	if n, err := strconv.ParseInt(ref, 10, 64); err == nil && n > 0 && len(ref) < 24 {
		if ct.DraftAndPublish {
			t := b.newAlias()
			b.w(col(root, schema.ColDocumentID), " IN (SELECT ", col(t, schema.ColDocumentID), " FROM ", Ident(ct.Table), " ", t,
				" WHERE ", col(t, schema.ColID), " = ")
			b.arg(idKind, n)
			b.w(")")
		} else {
			b.w(col(root, schema.ColID), " = ")
			b.arg(idKind, n)
		}
		return true
	}
	if ref != "" && len(ref) <= 64 {
		b.w(col(root, schema.ColDocumentID), " = ")
		b.arg(strKind, ref)
		return true
	}
	return false
}

// FindDocument returns the document ref names: a documentId, or the
// numeric id of either of its rows. A missing one is errs.NotFound. One
// query.
func (s *Store) FindDocument(ctx context.Context, db Conn, ct *schema.ContentType, ref string) (Document, error) {
	b := s.sql(ReadOptions{}, query.Draft)
	b.w("SELECT ", col(root, schema.ColID), ", ", col(root, schema.ColDocumentID), ", ", col(root, schema.ColPublishedAt),
		" IS NULL FROM ", Ident(ct.Table), " ", root, " WHERE ")
	if !b.whereRef(ct, ref) {
		return Document{}, errs.NotFound()
	}
	rows, err := db.QueryContext(ctx, b.sb.String(), b.args...)
	if err != nil {
		return Document{}, fmt.Errorf("finding %s %q: %w", ct.Name, ref, err)
	}
	defer rows.Close()
	var d Document
	for rows.Next() {
		var id int64
		var draft bool
		if err := rows.Scan(&id, &d.ID, &draft); err != nil {
			return Document{}, err
		}
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
		return Document{}, err
	}
	if d.ID == "" {
		return Document{}, errs.NotFound()
	}
	return d, nil
}

// versionColumns is the columns a version holds of its own: every field
// and every foreign key of the row, without id and document_id.
func versionColumns(ct *schema.ContentType) []string {
	cols := make([]string, 0, len(ct.Attributes)+3)
	for _, a := range ct.Attributes {
		if a.Column != "" {
			cols = append(cols, Ident(a.Column))
		}
	}
	return append(cols, Ident(schema.ColCreatedAt), Ident(schema.ColUpdatedAt))
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

// Publish makes the document whose draft row is draftID published: its
// published row becomes a copy of the draft row, published now (created
// when missing, and then the links to the document move to it, see
// Document.Link). sc is the whole schema, to find those links. It returns
// the published row's id. A few statements, whatever the number of links.
func (s *Store) Publish(ctx context.Context, db Conn, sc *schema.Schema, ct *schema.ContentType, draftID int64) (int64, error) {
	t := Ident(ct.Table)
	cols := versionColumns(ct)
	b := s.sql(ReadOptions{}, query.Draft)
	b.w("SELECT p.", Ident(schema.ColID), " FROM ", t, " p JOIN ", t, " d ON d.", Ident(schema.ColDocumentID), " = p.",
		Ident(schema.ColDocumentID), " WHERE d.", Ident(schema.ColID), " = ")
	b.arg(idKind, draftID)
	b.w(" AND p.", Ident(schema.ColPublishedAt), " IS NOT NULL")
	var pub int64
	err := db.QueryRowContext(ctx, b.sb.String(), b.args...).Scan(&pub)
	if err != nil && !isNoRows(err) {
		return 0, fmt.Errorf("publishing %s: %w", ct.Name, err)
	}
	b = s.sql(ReadOptions{}, query.Draft)
	if pub != 0 {
		b.w("UPDATE ", t, " SET ", Ident(schema.ColPublishedAt), " = ")
		b.arg(timeKind, now())
		b.w(", (", joinCols(cols, ""), ") = (SELECT ", joinCols(cols, "d."), " FROM ", t, " d WHERE d.", Ident(schema.ColID), " = ")
		b.arg(idKind, draftID)
		b.w(") WHERE ", Ident(schema.ColID), " = ")
		b.arg(idKind, pub)
		if err := s.exec(ctx, db, b); err != nil {
			return 0, s.writeError(ctx, db, ct, Data{}, err)
		}
		return pub, nil
	}
	b.w("INSERT INTO ", t, " (", Ident(schema.ColDocumentID), ", ", joinCols(cols, ""), ", ", Ident(schema.ColPublishedAt),
		") SELECT ", Ident(schema.ColDocumentID), ", ", joinCols(cols, ""), ", ")
	b.arg(timeKind, now())
	b.w(" FROM ", t, " WHERE ", Ident(schema.ColID), " = ")
	b.arg(idKind, draftID)
	b.w(" RETURNING ", Ident(schema.ColID))
	if err := db.QueryRowContext(ctx, b.sb.String(), b.args...).Scan(&pub); err != nil {
		return 0, s.writeError(ctx, db, ct, Data{}, err)
	}
	return pub, s.moveLinks(ctx, db, sc, ct, draftID, pub)
}

// AddDraft gives the document whose published row is pubID a draft row,
// a copy of it, and returns the draft's id: for the documents a bulk load
// wrote as one published row (BulkRows), on their first write. Links stay
// on the published row.
func (s *Store) AddDraft(ctx context.Context, db Conn, ct *schema.ContentType, pubID int64) (int64, error) {
	cols := versionColumns(ct)
	b := s.sql(ReadOptions{}, query.Draft)
	b.w("INSERT INTO ", Ident(ct.Table), " (", Ident(schema.ColDocumentID), ", ", joinCols(cols, ""), ", ", Ident(schema.ColPublishedAt),
		") SELECT ", Ident(schema.ColDocumentID), ", ", joinCols(cols, ""), ", NULL FROM ", Ident(ct.Table), " WHERE ", Ident(schema.ColID), " = ")
	b.arg(idKind, pubID)
	b.w(" RETURNING ", Ident(schema.ColID))
	var id int64
	if err := db.QueryRowContext(ctx, b.sb.String(), b.args...).Scan(&id); err != nil {
		return 0, s.writeError(ctx, db, ct, Data{}, err)
	}
	return id, nil
}

// moveLinks points every link to the row from at the row to: the foreign
// keys naming it and the join rows holding it, one statement per relation
// that can hold one.
func (s *Store) moveLinks(ctx context.Context, db Conn, sc *schema.Schema, ct *schema.ContentType, from, to int64) error {
	move := func(table, column string) error {
		b := s.sql(ReadOptions{}, query.Draft)
		b.w("UPDATE ", Ident(table), " SET ", Ident(column), " = ")
		b.arg(idKind, to)
		b.w(" WHERE ", Ident(column), " = ")
		b.arg(idKind, from)
		return s.exec(ctx, db, b)
	}
	for _, x := range sc.Types {
		for _, a := range x.Attributes {
			if !a.IsRelation() {
				continue
			}
			var err error
			switch {
			case a.Column != "" && a.TargetType == ct:
				err = move(x.Table, a.Column)
			case a.JoinTable != "" && a.MappedBy == "":
				if a.TargetType == ct {
					err = move(a.JoinTable, a.JoinTarget)
				}
				if err == nil && x == ct {
					err = move(a.JoinTable, a.JoinSelf)
				}
			}
			if err != nil {
				return fmt.Errorf("publishing %s: moving the links of %s.%s: %w", ct.Name, x.Name, a.Name, err)
			}
		}
	}
	return nil
}

// DeleteDocument removes every row of the document: its draft and its
// published version, in one statement.
func (s *Store) DeleteDocument(ctx context.Context, db Conn, ct *schema.ContentType, doc string) error {
	b := s.sql(ReadOptions{}, query.Draft)
	b.w("DELETE FROM ", Ident(ct.Table), " WHERE ", Ident(schema.ColDocumentID), " = ")
	b.arg(strKind, doc)
	if err := s.exec(ctx, db, b); err != nil {
		return s.writeError(ctx, db, ct, Data{}, err)
	}
	return nil
}

// draftCopySQL is the migration of a table from one row per document to
// two: every published row without a draft gets its draft copy. The
// links already point at the published row (Document.Link), so nothing
// else moves. Running it again adds nothing.
func draftCopySQL(ct *schema.ContentType) string {
	t := Ident(ct.Table)
	cols := versionColumns(ct)
	doc, pub := Ident(schema.ColDocumentID), Ident(schema.ColPublishedAt)
	return "INSERT INTO " + t + " (" + doc + ", " + joinCols(cols, "") + ", " + pub + ") SELECT p." + doc + ", " +
		joinCols(cols, "p.") + ", NULL FROM " + t + " p WHERE p." + pub + " IS NOT NULL AND NOT EXISTS (SELECT 1 FROM " +
		t + " d WHERE d." + doc + " = p." + doc + " AND d." + pub + " IS NULL)"
}

// draftsMissingSQL counts the published rows without a draft.
func draftsMissingSQL(ct *schema.ContentType) string {
	t := Ident(ct.Table)
	doc, pub := Ident(schema.ColDocumentID), Ident(schema.ColPublishedAt)
	return "SELECT COUNT(*) FROM " + t + " p WHERE p." + pub + " IS NOT NULL AND NOT EXISTS (SELECT 1 FROM " +
		t + " d WHERE d." + doc + " = p." + doc + " AND d." + pub + " IS NULL)"
}

func isNoRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }

// draftCopies plans the steps that bring each draft & publish table with
// published rows lacking a draft to two rows per document: a database
// made when Kiln kept one row per entry. Only for tables that exist and
// need it, so that a migrated database plans nothing. Additive: rows are
// only added.
func draftCopies(ctx context.Context, conn Conn, have *dbState, s *schema.Schema) ([]Step, error) {
	var out []Step
	for _, ct := range s.Types {
		if !ct.DraftAndPublish || !have.hasColumn(ct.Table, schema.ColPublishedAt) || !have.hasColumn(ct.Table, schema.ColDocumentID) {
			continue
		}
		var n int64
		if err := conn.QueryRowContext(ctx, draftsMissingSQL(ct)).Scan(&n); err != nil {
			return nil, fmt.Errorf("counting the published %s without a draft: %w", ct.Plural, err)
		}
		if n > 0 {
			out = append(out, Step{Description: fmt.Sprintf("give the %d published %s without one their draft version", n, ct.Plural),
				SQL: draftCopySQL(ct)})
		}
	}
	return out, nil
}

// readsDrafts reports whether a read of q shows the drafts of its type:
// a draft read of a draft & publish type by a caller who may read them.
func readsDrafts(q *query.Query, ro ReadOptions) bool {
	return q.Type.DraftAndPublish && q.Status == query.Draft && !ro.NoDrafts[q.Type]
}

// draftLinks maps the draft rows among entries (a draft read of a draft &
// publish type) to their documents' link rows, where the links stored
// outside the row point (Document.Link): what populating those relations
// looks up. nil when there is nothing to map; one query otherwise.
func (s *Store) draftLinks(ctx context.Context, db Conn, entries []*Entry, q *query.Query, ro ReadOptions) (map[int64]int64, error) {
	if !readsDrafts(q, ro) || len(q.Populate) == 0 {
		return nil, nil
	}
	outside := false
	for _, p := range q.Populate {
		outside = outside || p.Relation.Column == ""
	}
	if !outside {
		return nil, nil
	}
	ids := make([]any, len(entries))
	for i, e := range entries {
		ids[i] = e.ID
	}
	t, pub, doc := Ident(q.Type.Table), Ident(schema.ColPublishedAt), Ident(schema.ColDocumentID)
	b := s.sql(ReadOptions{}, query.Draft)
	b.w("SELECT d.", Ident(schema.ColID), ", p.", Ident(schema.ColID), " FROM ", t, " d JOIN ", t, " p ON p.", doc, " = d.", doc,
		" AND p.", pub, " IS NOT NULL WHERE d.", pub, " IS NULL AND ")
	b.in("d."+Ident(schema.ColID), idKind, ids, false)
	rows, err := db.QueryContext(ctx, b.sb.String(), b.args...)
	if err != nil {
		return nil, fmt.Errorf("reading the links of %s: %w", q.Type.Plural, err)
	}
	defer rows.Close()
	out := map[int64]int64{}
	for rows.Next() {
		var d, p int64
		if err := rows.Scan(&d, &p); err != nil {
			return nil, err
		}
		out[d] = p
	}
	return out, rows.Err()
}

// linkKey is id as links maps it.
func linkKey(links map[int64]int64, id int64) int64 {
	if l, ok := links[id]; ok {
		return l
	}
	return id
}

// readsDrafts reports whether this statement reads the draft versions of
// ct: a draft read, of a draft & publish type whose drafts the caller may
// read.
func (b *sqlb) readsDrafts(ct *schema.ContentType) bool {
	return ct.DraftAndPublish && b.status == query.Draft && !b.hidesDrafts(ct)
}

// draftOf writes " JOIN <ct> t ON <t is the draft version of l's
// document>": from a link row l to the version a draft read tests. The
// WHERE that follows is the caller's.
func (b *sqlb) draftOf(ct *schema.ContentType, l, t string) {
	b.w(" JOIN ", Ident(ct.Table), " ", t, " ON ", col(t, schema.ColDocumentID), " = ", col(l, schema.ColDocumentID), " AND ")
	b.draftVersion(ct, t)
}

// linkOf is the id of the link row of the document of ct's row alias:
// its published row, else itself.
func (b *sqlb) linkOf(ct *schema.ContentType, alias string) string {
	p := b.newAlias()
	return "COALESCE((SELECT " + col(p, schema.ColID) + " FROM " + Ident(ct.Table) + " " + p + " WHERE " +
		col(p, schema.ColDocumentID) + " = " + col(alias, schema.ColDocumentID) + " AND " + col(p, schema.ColPublishedAt) +
		" IS NOT NULL), " + col(alias, schema.ColID) + ")"
}

// draftJoin is the ON condition of a sort join from alias from through the
// to-one rel into t, a draft & publish type whose drafts the read shows:
// t is the draft version of the target. An owned key names the target's
// link row, joined first (added to joins); a mapped oneToOne's key, held by
// both of the target's versions, names from's link row.
func (b *sqlb) draftJoin(rel *schema.Attribute, from, t string, joins *string) string {
	target := rel.TargetType
	version := b.capture(func() { b.draftVersion(target, t) })
	if rel.Column != "" {
		l := b.newAlias()
		*joins += " LEFT JOIN " + Ident(target.Table) + " " + l + " ON " + col(l, schema.ColID) + " = " + col(from, rel.Column)
		return col(t, schema.ColDocumentID) + " = " + col(l, schema.ColDocumentID) + " AND " + version
	}
	ours := col(from, schema.ColID)
	if b.readsDrafts(rel.Owner) {
		ours = b.linkOf(rel.Owner, from)
	}
	return col(t, rel.Inverse.Column) + " = " + ours + " AND " + version
}
