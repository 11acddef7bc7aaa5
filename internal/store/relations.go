package store

import (
	"context"
	"fmt"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/sqlgen"
)

// writeRelations applies the relation changes stored outside the entry's
// own row: the targets' foreign keys (oneToMany, mapped oneToOne), join
// rows (manyToMany, either side), and a lone disconnect of an owning
// to-one. Each change is at most three statements (release, add, remove),
// whatever the number of ids. row is the row written: on a draft &
// publish type its draft, whose links Publish then copies (links.go).
func (s *Store) writeRelations(ctx context.Context, db database.Conn, ct *schema.ContentType, row int64, data entry.Data, created bool) error {
	for _, a := range ct.Attributes {
		ch, ok := data.Relations[a]
		if !ok || !a.IsRelation() {
			continue
		}
		var err error
		switch {
		case a.Column != "":
			err = s.disconnectOwned(ctx, db, ct, a, row, ch)
		case a.JoinTable != "":
			err = s.writeJoin(ctx, db, a, row, ch, created)
		case a.Inverse != nil && a.Inverse.Column != "":
			err = s.writeInverseFK(ctx, db, a, row, ch, created)
		}
		if err != nil {
			return s.writeError(ctx, db, ct, data, err)
		}
	}
	// Components are written with the links: an update's replace what
	// the fields held.
	return s.writeComponents(ctx, db, ct, row, data.Components, !created)
}

// exec runs one built statement.
func (s *Store) exec(ctx context.Context, db database.Conn, b *sqlgen.Builder) error {
	_, err := db.ExecContext(ctx, b.SQL(), b.Args()...)
	return err
}

// disconnectOwned clears our foreign keys when a disconnect names their
// current target and no connect or set replaced it in the same write.
func (s *Store) disconnectOwned(ctx context.Context, db database.Conn, ct *schema.ContentType, a *schema.Attribute, id int64, ch entry.RelationChange) error {
	if len(ch.Disconnect) == 0 || len(ch.Connect) > 0 || ch.SetGiven {
		return nil
	}
	b := sqlgen.New(s.DB.Dialect)
	b.W("UPDATE ", sqlgen.Ident(ct.Table), " SET ")
	for i, c := range a.Columns() {
		if i > 0 {
			b.W(", ")
		}
		b.W(sqlgen.Ident(c), " = CASE WHEN ", sqlgen.Ident(c), " IN ")
		b.TargetRows(ct, a.TargetType, ch.Disconnect)
		b.W(" THEN NULL ELSE ", sqlgen.Ident(c), " END")
	}
	b.W(" WHERE ", sqlgen.Ident(schema.ColID), " = ")
	b.Arg(idKind, id)
	return s.exec(ctx, db, b)
}

// guardToOne refuses, before anything is written, a change to a to-one
// relation whose current target the writer may not see (ch.Writer; a
// writer without one is never refused). A to-many set under a scope
// leaves the hidden entries linked (see writeJoin, writeInverseFK); a
// to-one has a single slot, so replacing or clearing its hidden target
// would undo a link the writer cannot see and could not have
// disconnected (a disconnect resolves under the same scope), and keeping
// it would silently drop the write. So the change is allowed only when
// the current target is visible or there is none; otherwise the answer
// is a 400 on the field. It tells the writer that something they cannot
// see is linked, but nothing about it, and the alternative is a write
// that reports success and does nothing. The scope on the entry itself
// does not make this redundant: it speaks of the entry (a coach's event),
// not of what the entry links to (an enrollment's learner, with a scope
// on learners and none on enrollments).
//
// Owning to-one (manyToOne, oneToOne with the column): any write of the
// column. Mapped oneToOne: a set or connect, which releases the target
// that holds our id. One statement per such relation, on update only (a
// new entry has no current target).
func (s *Store) guardToOne(ctx context.Context, db database.Conn, ct *schema.ContentType, id int64, data entry.Data) error {
	var problems []errs.FieldError
	for _, a := range ct.Attributes {
		ch, ok := data.Relations[a]
		if !ok || !a.IsRelation() || !ch.Writer.Limited(a.TargetType) {
			continue
		}
		b := s.sql(ch.Writer, query.Draft)
		switch {
		case a.Column != "":
			if _, set := columnValue(a, data); !set {
				continue
			}
			b.W("SELECT COUNT(*) FROM ", sqlgen.Ident(ct.Table), " WHERE ", sqlgen.Ident(schema.ColID), " = ")
			b.Arg(idKind, id)
			b.W(" AND (")
			for i, c := range a.Columns() {
				if i > 0 {
					b.W(" OR ")
				}
				b.W("(", sqlgen.Ident(c), " IS NOT NULL")
				b.Scoped(sqlgen.Ident(c), a.TargetType, true)
				b.W(")")
			}
			b.W(")")
		case a.RelationKind == schema.OneToOne && a.Inverse != nil && a.Inverse.Column != "":
			if !ch.SetGiven && len(ch.Connect) == 0 {
				continue
			}
			b.W("SELECT COUNT(*) FROM ", sqlgen.Ident(a.TargetType.Table), " WHERE ", sqlgen.Ident(inverseWriteColumn(a)), " = ")
			b.Arg(idKind, id)
			b.Scoped(sqlgen.Ident(schema.ColID), a.TargetType, true)
		default:
			continue
		}
		var n int64
		if err := db.QueryRowContext(ctx, b.SQL(), b.Args()...).Scan(&n); err != nil {
			return fmt.Errorf("checking %s.%s: %w", ct.Name, a.Name, err)
		}
		if n > 0 {
			problems = append(problems, errs.Field(a.Name,
				fmt.Sprintf("%s: the %s it links to now is not one you may change", a.Name, a.Target)))
		}
	}
	if len(problems) > 0 {
		return errs.Fields(problems)
	}
	return nil
}

// inverseWriteColumn is the column of a's target, for a relation stored
// on the target's side, that a write of a's owner changes: its draft's
// links when the owner has draft & publish and the target a column per
// version.
func inverseWriteColumn(a *schema.Attribute) string {
	if a.Inverse.DraftColumn != "" {
		return a.Inverse.DraftColumn
	}
	return a.Inverse.Column
}

// writeInverseFK changes which targets point at us through their foreign
// key: the oneToMany side of a manyToOne, or the mapped side of a oneToOne.
// Set releases the current targets it does not keep; a oneToOne connect
// releases the current one (a mapped oneToOne has one target); then the
// added targets are pointed at us, and the disconnected ones released.
// Under a limited writer (ch.Writer) the release is of visible targets only: hidden
// ones keep pointing at us.
//
// Per version (sqlgen's versions.go): a draft & publish target's rows of the
// version we link (both for a plain owner, the draft for a draft & publish
// one) change; a plain target with a column per version changes the one
// of our draft, and a target pointed at us drops its links to any other
// entry (it holds one).
func (s *Store) writeInverseFK(ctx context.Context, db database.Conn, a *schema.Attribute, id int64, ch entry.RelationChange, created bool) error {
	ct, target := a.Owner, a.TargetType
	table, fk := sqlgen.Ident(target.Table), sqlgen.Ident(inverseWriteColumn(a))
	add := unique(append(append([]int64(nil), ch.Set...), ch.Connect...))
	oneToOne := a.RelationKind == schema.OneToOne
	if !created && (ch.SetGiven || (oneToOne && len(add) > 0)) {
		b := s.sql(ch.Writer, query.Draft)
		b.W("UPDATE ", table, " SET ", fk, " = NULL WHERE ", fk, " = ")
		b.Arg(idKind, id)
		if len(add) > 0 {
			b.TargetsIn(ct, target, add, true)
		}
		b.Scoped(sqlgen.Ident(schema.ColID), target, false)
		if err := s.exec(ctx, db, b); err != nil {
			return err
		}
	}
	if len(add) > 0 {
		b := sqlgen.New(s.DB.Dialect)
		b.W("UPDATE ", table, " SET ", fk, " = ")
		b.Arg(idKind, id)
		if other := a.Inverse.Column; a.Inverse.DraftColumn != "" {
			// The link of the published version stays only if it is ours.
			o, d := sqlgen.Ident(other), b.NewAlias()
			b.W(", ", o, " = CASE WHEN ", o, " IN (SELECT ", sqlgen.Col(d, schema.ColID), " FROM ", sqlgen.Ident(ct.Table), " ", d, " WHERE ",
				sqlgen.DocKey(ct, d), " = (SELECT ", sqlgen.DocCols(ct, ""), " FROM ", sqlgen.Ident(ct.Table), " WHERE ",
				sqlgen.Ident(schema.ColID), " = ")
			b.Arg(idKind, id)
			b.W(")) THEN ", o, " ELSE NULL END")
		}
		b.W(" WHERE 1=1")
		b.TargetsIn(ct, target, add, false)
		if err := s.exec(ctx, db, b); err != nil {
			return err
		}
	}
	if len(ch.Disconnect) > 0 {
		b := sqlgen.New(s.DB.Dialect)
		b.W("UPDATE ", table, " SET ", fk, " = NULL WHERE ", fk, " = ")
		b.Arg(idKind, id)
		b.TargetsIn(ct, target, ch.Disconnect, false)
		return s.exec(ctx, db, b)
	}
	return nil
}

// scanIDs runs a query of one id column.
func scanIDs(ctx context.Context, db database.Conn, b *sqlgen.Builder) ([]int64, error) {
	return queryInt64s(ctx, db, b.SQL(), b.Args())
}

// queryInt64s runs a query whose rows are one integer each.
func queryInt64s(ctx context.Context, db database.Conn, text string, args []any) ([]int64, error) {
	rows, err := db.QueryContext(ctx, text, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var v int64
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// ids turns ids into query arguments.
func ids(list []int64) []any {
	out := make([]any, len(list))
	for i, v := range list {
		out[i] = v
	}
	return out
}

// unique drops repeated ids, keeping the first of each.
func unique(list []int64) []int64 {
	seen := make(map[int64]bool, len(list))
	out := list[:0]
	for _, v := range list {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}
