package store

import (
	"context"
	"fmt"

	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/migrate"
	"github.com/kiln-cms/kiln/internal/sqlgen"
)

// What a write links, per version (sqlgen's versions.go): a write of a draft &
// publish type writes its draft row, whose links lead to the drafts of
// draft & publish targets; a write of a plain type links both versions of
// such a target. The references a write is given (RelationChange) name
// each target document by one of its rows (Document.Link); the rows
// actually linked are found in the statement itself, by document.

// translated is the expression, over the row aliased from, of column c of
// owning to-one a copied into version draft: the same on a plain target,
// else the target's row of that version of the document c names.
func translated(a *schema.Attribute, from string, draft bool) string {
	c := from + "." + sqlgen.Ident(a.Column)
	if !a.IsRelation() || !a.TargetType.DraftAndPublish {
		return c
	}
	t := sqlgen.Ident(a.TargetType.Table)
	return "(SELECT r." + sqlgen.Ident(schema.ColID) + " FROM " + t + " r WHERE r." + sqlgen.Ident(schema.ColPublishedAt) + sqlgen.VersionSQL(draft) +
		" AND " + sqlgen.DocKey(a.TargetType, "r") + " = (SELECT " + sqlgen.DocCols(a.TargetType, "l") + " FROM " + t + " l WHERE l." +
		sqlgen.Ident(schema.ColID) + " = " + c + "))"
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
	t := sqlgen.Ident(a.Owner.Table)
	exec := func(parts ...any) error {
		b := sqlgen.New(s.DB.Dialect)
		for _, p := range parts {
			switch v := p.(type) {
			case string:
				b.W(v)
			case int64:
				b.TypedArg(idKind, v)
			}
		}
		return s.exec(ctx, db, b)
	}
	if a.DraftColumn != "" {
		tc, fc := sqlgen.Ident(a.Column), sqlgen.Ident(a.DraftColumn)
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
	c, pub := sqlgen.Ident(a.Column), sqlgen.Ident(schema.ColPublishedAt)
	if err := exec("UPDATE ", t, " SET ", c, " = NULL WHERE ", c, " = ", to); err != nil {
		return err
	}
	return exec("UPDATE ", t, " SET ", c, " = ", to, " WHERE ", pub, sqlgen.VersionSQL(draft), " AND ", sqlgen.DocKey(a.Owner, ""), " IN (SELECT ", sqlgen.DocCols(a.Owner, ""),
		" FROM ", t, " WHERE ", c, " = ", from, ")")
}

// copyJoinLinks copies the join rows of a's join table whose column ours
// names row from onto row to (copyLinks): the rows naming to go, and each
// of from's comes back naming to, with the other column (theirs, rows of
// other) in to's version, and both places as they were.
func (s *Store) copyJoinLinks(ctx context.Context, db database.Conn, a *schema.Attribute, ours, theirs string, other *schema.ContentType, from, to int64, draft bool) error {
	j := sqlgen.Ident(a.JoinTable)
	b := sqlgen.New(s.DB.Dialect)
	b.W("DELETE FROM ", j, " WHERE ", sqlgen.Ident(ours), " = ")
	b.Arg(idKind, to)
	if err := s.exec(ctx, db, b); err != nil {
		return err
	}
	oo, to2 := sqlgen.Ident(schema.JoinOrder(ours)), sqlgen.Ident(schema.JoinOrder(theirs))
	target := "j." + sqlgen.Ident(theirs)
	join := ""
	if other.DraftAndPublish {
		t := sqlgen.Ident(other.Table)
		join = " JOIN " + t + " l ON l." + sqlgen.Ident(schema.ColID) + " = j." + sqlgen.Ident(theirs) + " JOIN " + t + " r ON " +
			sqlgen.SameDoc(other, "r", "l") + " AND r." + sqlgen.Ident(schema.ColPublishedAt) + sqlgen.VersionSQL(draft)
		target = "r." + sqlgen.Ident(schema.ColID)
	}
	b = sqlgen.New(s.DB.Dialect)
	b.W("INSERT INTO ", j, " (", sqlgen.Ident(ours), ", ", sqlgen.Ident(theirs), ", ", to2, ", ", oo, ") SELECT ")
	b.TypedArg(idKind, to)
	b.W(", ", target, ", j.", to2, ", j.", oo, " FROM ", j, " j", join, " WHERE j.", sqlgen.Ident(ours), " = ")
	b.Arg(idKind, from)
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

// toArgs is ids (as arguments) where a list named ids hides it.
func toArgs(list []int64) []any { return ids(list) }
