package store

import (
	"context"
	"fmt"

	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/migrate"
)

// What a write links, per version (versions.go): a write of a draft &
// publish type writes its draft row, whose links lead to the drafts of
// draft & publish targets; a write of a plain type links both versions of
// such a target. The references a write is given (RelationChange) name
// each target document by one of its rows (Document.Link); the rows
// actually linked are found in the statement itself, by document.

// linksDrafts reports whether a write of ct links only the drafts of its
// draft & publish targets: ct has draft & publish itself.
func linksDrafts(ct *schema.ContentType) bool { return ct.DraftAndPublish }

// targetRows writes the rows of target that a write of writer links for
// the documents ids name: the ids themselves on a plain target; on a
// draft & publish one every row of their documents, or their drafts only
// when the writer has draft & publish. A parenthesised list or subquery,
// for "c IN <targetRows>".
func (b *sqlb) targetRows(writer, target *schema.ContentType, ids []int64) {
	if !target.DraftAndPublish {
		b.list(idKind, ids)
		return
	}
	r, d := b.newAlias(), b.newAlias()
	t := database.Ident(target.Table)
	b.w("(SELECT ", col(r, schema.ColID), " FROM ", t, " ", r, " WHERE ", docKey(target, r), " IN (SELECT ",
		docCols(target, d), " FROM ", t, " ", d, " WHERE ")
	b.in(col(d, schema.ColID), idKind, toArgs(ids), false)
	b.w(")")
	if linksDrafts(writer) {
		b.w(" AND ", col(r, schema.ColPublishedAt), " IS NULL")
	}
	b.w(")")
}

// list writes "(?, ?, ...)".
func (b *sqlb) list(k schema.Kind, ids []int64) {
	b.w("(")
	for i, id := range ids {
		if i > 0 {
			b.w(", ")
		}
		b.arg(k, id)
	}
	b.w(")")
}

func toArgs(list []int64) []any { return ids(list) }

// versionRow writes the id of the row, in its draft or published version,
// of the document of target's row id: NULL when the document has no such
// version. A scalar subquery on the document_id's partial unique index.
func (b *sqlb) versionRow(target *schema.ContentType, id any, draft bool) {
	r, d := b.newAlias(), b.newAlias()
	t := database.Ident(target.Table)
	b.w("(SELECT ", col(r, schema.ColID), " FROM ", t, " ", r, " WHERE ", docKey(target, r), " = (SELECT ",
		docCols(target, d), " FROM ", t, " ", d, " WHERE ", col(d, schema.ColID), " = ")
	b.arg(idKind, id)
	b.w(") AND ", col(r, schema.ColPublishedAt), versionSQL(draft), ")")
}

// versionSQL is the published_at test of a version.
func versionSQL(draft bool) string {
	if draft {
		return " IS NULL"
	}
	return " IS NOT NULL"
}

// relValue writes the value a write stores in column c of the owning
// to-one relation a for the target the reference v names (nil: none):
// the reference itself on a plain target; else the target's row of the
// version the column links (the draft for a draft & publish owner, the
// version of the column for a plain one).
func (b *sqlb) relValue(a *schema.Attribute, c string, v any) {
	if v == nil || !a.TargetType.DraftAndPublish {
		b.arg(a.Kind, v)
		return
	}
	b.versionRow(a.TargetType, v, linksDrafts(a.Owner) || c == a.DraftColumn)
}

// translated is the expression, over the row aliased from, of column c of
// owning to-one a copied into version draft: the same on a plain target,
// else the target's row of that version of the document c names.
func translated(a *schema.Attribute, from string, draft bool) string {
	c := from + "." + database.Ident(a.Column)
	if !a.IsRelation() || !a.TargetType.DraftAndPublish {
		return c
	}
	t := database.Ident(a.TargetType.Table)
	return "(SELECT r." + database.Ident(schema.ColID) + " FROM " + t + " r WHERE r." + database.Ident(schema.ColPublishedAt) + versionSQL(draft) +
		" AND " + docKey(a.TargetType, "r") + " = (SELECT " + docCols(a.TargetType, "l") + " FROM " + t + " l WHERE l." +
		database.Ident(schema.ColID) + " = " + c + "))"
}

// copyLinks makes the links of ct's row to, of version draft, a copy of
// those of the row from, the other version of the same document, each
// draft & publish target taken in to's version (and dropped when its
// document has none): the relations stored outside the row — other rows'
// foreign keys naming it and join rows — whatever side declares them.
// The row's own foreign keys are copied with its columns (Publish).
// Relations declared only by another draft & publish type (unidirectional)
// are that type's own business and are left as they are, as Strapi 5
// leaves them. A few statements per relation, whatever the number of
// links.
func (s *Store) copyLinks(ctx context.Context, db database.Conn, ct *schema.ContentType, from, to int64, draft bool) error {
	if err := s.copyRelationLinks(ctx, db, ct, from, to, draft); err != nil {
		return err
	}
	return s.copyComponents(ctx, db, ct, from, to)
}

// copyComponents gives row to a copy of row from's components, in place
// of its own: each version holds components of its own, as in Strapi 5.
func (s *Store) copyComponents(ctx context.Context, db database.Conn, ct *schema.ContentType, from, to int64) error {
	if !ct.HoldsComponents() {
		return nil
	}
	comps, err := s.componentsOf(ctx, db, ct, from)
	if err != nil {
		return err
	}
	return s.writeComponents(ctx, db, ct, to, withoutIDs(comps), true)
}

// copyRelationLinks is copyLinks' part for the relations.
func (s *Store) copyRelationLinks(ctx context.Context, db database.Conn, ct *schema.ContentType, from, to int64, draft bool) error {
	for _, x := range s.schema().Types {
		for _, a := range x.Attributes {
			if !a.IsRelation() || a.TargetType == nil {
				continue
			}
			var err error
			switch {
			case a.Column != "" && a.TargetType == ct:
				if x.DraftAndPublish && a.Inverse == nil {
					continue
				}
				err = s.copyColumnLinks(ctx, db, a, from, to, draft)
			case a.JoinTable != "" && a.MappedBy == "":
				if x == ct {
					err = s.copyJoinLinks(ctx, db, a, a.JoinSelf, a.JoinTarget, a.TargetType, from, to, draft)
				}
				if err == nil && a.TargetType == ct && (!x.DraftAndPublish || a.Inverse != nil) {
					err = s.copyJoinLinks(ctx, db, a, a.JoinTarget, a.JoinSelf, x, from, to, draft)
				}
			}
			if err != nil {
				return fmt.Errorf("copying the links of %s.%s: %w", x.Name, a.Name, err)
			}
		}
	}
	return nil
}

// copyColumnLinks copies the links owning to-one a's column makes to row
// from onto row to (copyLinks). A plain owner has a column per version:
// the one of to's version names to exactly where the other names from.
// A draft & publish owner's rows of to's version name to exactly where
// their document's other row names from.
func (s *Store) copyColumnLinks(ctx context.Context, db database.Conn, a *schema.Attribute, from, to int64, draft bool) error {
	t := database.Ident(a.Owner.Table)
	exec := func(parts ...any) error {
		b := &sqlb{d: s.DB.Dialect}
		for _, p := range parts {
			switch v := p.(type) {
			case string:
				b.w(v)
			case int64:
				b.typedArg(idKind, v)
			}
		}
		return s.exec(ctx, db, b)
	}
	if a.DraftColumn != "" {
		tc, fc := database.Ident(a.Column), database.Ident(a.DraftColumn)
		if draft {
			tc, fc = fc, tc
		}
		if a.RelationKind != schema.OneToOne {
			return exec("UPDATE ", t, " SET ", tc, " = CASE WHEN ", fc, " = ", from, " THEN ", to, " ELSE NULL END WHERE ", tc, " = ", to,
				" OR ", fc, " = ", from)
		}
		// A oneToOne's is released first, then taken: its unique index is
		// checked row by row.
		if err := exec("UPDATE ", t, " SET ", tc, " = NULL WHERE ", tc, " = ", to, " AND (", fc, " IS NULL OR ", fc, " <> ", from, ")"); err != nil {
			return err
		}
		return exec("UPDATE ", t, " SET ", tc, " = ", to, " WHERE ", fc, " = ", from)
	}
	c, pub := database.Ident(a.Column), database.Ident(schema.ColPublishedAt)
	if err := exec("UPDATE ", t, " SET ", c, " = NULL WHERE ", c, " = ", to); err != nil {
		return err
	}
	return exec("UPDATE ", t, " SET ", c, " = ", to, " WHERE ", pub, versionSQL(draft), " AND ", docKey(a.Owner, ""), " IN (SELECT ", docCols(a.Owner, ""),
		" FROM ", t, " WHERE ", c, " = ", from, ")")
}

// copyJoinLinks copies the join rows of a's join table whose column ours
// names row from onto row to (copyLinks): the rows naming to go, and each
// of from's comes back naming to, with the other column (theirs, rows of
// other) in to's version, and both places as they were.
func (s *Store) copyJoinLinks(ctx context.Context, db database.Conn, a *schema.Attribute, ours, theirs string, other *schema.ContentType, from, to int64, draft bool) error {
	j := database.Ident(a.JoinTable)
	b := &sqlb{d: s.DB.Dialect}
	b.w("DELETE FROM ", j, " WHERE ", database.Ident(ours), " = ")
	b.arg(idKind, to)
	if err := s.exec(ctx, db, b); err != nil {
		return err
	}
	oo, to2 := database.Ident(schema.JoinOrder(ours)), database.Ident(schema.JoinOrder(theirs))
	target := "j." + database.Ident(theirs)
	join := ""
	if other.DraftAndPublish {
		t := database.Ident(other.Table)
		join = " JOIN " + t + " l ON l." + database.Ident(schema.ColID) + " = j." + database.Ident(theirs) + " JOIN " + t + " r ON " +
			sameDoc(other, "r", "l") + " AND r." + database.Ident(schema.ColPublishedAt) + versionSQL(draft)
		target = "r." + database.Ident(schema.ColID)
	}
	b = &sqlb{d: s.DB.Dialect}
	b.w("INSERT INTO ", j, " (", database.Ident(ours), ", ", database.Ident(theirs), ", ", to2, ", ", oo, ") SELECT ")
	b.typedArg(idKind, to)
	b.w(", ", target, ", j.", to2, ", j.", oo, " FROM ", j, " j", join, " WHERE j.", database.Ident(ours), " = ")
	b.arg(idKind, from)
	return s.exec(ctx, db, b)
}

// schema is the store's schema, or an empty one.
func (s *Store) schema() *schema.Schema {
	if s.Schema == nil {
		return &schema.Schema{}
	}
	return s.Schema
}

// sqlStatus is the status a write's statement reads with.
const sqlStatus = query.Draft

// CompleteVersions brings what a bulk load wrote (BulkRows: one published
// row per document, links naming it) to the layout every write keeps:
// each published row gets its draft, and every relation of a draft &
// publish type its links per version. For a load into an empty database,
// in its transaction, once every table and link is in.
func (s *Store) CompleteVersions(ctx context.Context, db database.Conn, sc *schema.Schema) error {
	var stmts []string
	for _, ct := range sc.Types {
		if ct.DraftAndPublish {
			stmts = append(stmts, migrate.DraftCopySQL(ct))
		}
	}
	for _, ct := range sc.Types {
		for _, a := range ct.Attributes {
			if a.IsRelation() && a.Versioned() && (a.Column != "" || (a.JoinTable != "" && a.MappedBy == "")) {
				stmts = append(stmts, migrate.RelinkSQL(a)...)
			}
		}
	}
	for _, q := range stmts {
		if _, err := db.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("completing the versions of the loaded rows: %w", err)
		}
	}
	return nil
}
