package store

import (
	"context"
	"fmt"
	"slices"
	"strconv"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/sqlgen"
)

// Writing a join table's links (manyToMany, a one-way oneToMany): set,
// connect with its positions, disconnect, each link's place in both lists.

// appendPlaces is the first place of links that go after the list's
// current last one, which the INSERT itself reads (both databases compute
// a multi-row INSERT's values before writing any row).
const appendPlaces = -1

// writeJoin adds, orders and removes join rows of a manyToMany, from
// either side (JoinSelf is always this side's column, and JoinOrder of
// JoinTarget orders this side's list). Set deletes the rows it does not
// keep (under a limited writer, ch.Writer, only those of visible targets:
// the hidden ones stay); disconnect deletes its rows. What set and connect
// name is written by one multi-row upsert with its place: set in the
// order given, then each connected entry at its Position, by default the
// end, an entry already linked moving there, as in Strapi. Without
// positions the list is not read: the places follow its current last
// one. With positions it is read once and renumbered in one statement.
// A new row goes to the end of its target's own list (the other side's).
func (s *Store) writeJoin(ctx context.Context, db database.Conn, a *schema.Attribute, id int64, ch entry.RelationChange, created bool) error {
	table, self, target := sqlgen.Ident(a.JoinTable), sqlgen.Ident(a.JoinSelf), sqlgen.Ident(a.JoinTarget)
	add := unique(append(append([]int64(nil), ch.Set...), ch.Connect...))
	if ch.SetGiven && !created {
		b := s.sql(ch.Writer, query.Draft)
		b.W("DELETE FROM ", table, " WHERE ", self, " = ")
		b.Arg(idKind, id)
		if len(add) > 0 {
			b.W(" AND ", target, " NOT IN ")
			b.TargetRows(a.Owner, a.TargetType, add)
		}
		b.Scoped(target, a.TargetType, false)
		if err := s.exec(ctx, db, b); err != nil {
			return err
		}
	}
	if len(add) > 0 {
		list, first, err := s.joinPlaces(ctx, db, a, id, ch, add, created)
		if err != nil {
			return err
		}
		if err := s.upsertJoin(ctx, db, a, id, list, first); err != nil {
			return err
		}
	}
	if len(ch.Disconnect) > 0 {
		b := sqlgen.New(s.DB.Dialect)
		b.W("DELETE FROM ", table, " WHERE ", self, " = ")
		b.Arg(idKind, id)
		b.W(" AND ", target, " IN ")
		b.TargetRows(a.Owner, a.TargetType, ch.Disconnect)
		return s.exec(ctx, db, b)
	}
	return nil
}

// joinPlaces is the targets to write, in their new order, and the place
// of the first. Without positions: add, after the list's current last
// place (appendPlaces; after nothing for a set, which replaces the list).
// With them: the whole list, from place 1.
func (s *Store) joinPlaces(ctx context.Context, db database.Conn, a *schema.Attribute, id int64, ch entry.RelationChange, add []int64, created bool) ([]int64, int64, error) {
	if len(ch.Positions) == 0 {
		if created || ch.SetGiven { // a set renumbers its list from 1, the connected after it
			return add, 1, nil
		}
		return add, appendPlaces, nil // after the list's last place: upsertJoin reads it in its own statement
	}
	var list []int64
	if !created {
		var err error
		if list, err = s.joinList(ctx, db, a, id, ch); err != nil {
			return nil, 0, err
		}
	}
	if ch.SetGiven { // the set in its order, then what it kept (hidden from the writer)
		kept := slices.DeleteFunc(list, func(t int64) bool { return slices.Contains(ch.Set, t) })
		list = append(append([]int64(nil), ch.Set...), kept...)
	}
	for _, t := range ch.Connect {
		var err error
		if list, err = place(list, t, ch.Positions[t]); err != nil {
			return nil, 0, fieldsError(errs.Field(a.Name, err.Error()), err)
		}
	}
	return list, 1, nil
}

// joinList is the list of id's targets through manyToMany a, in its
// order. A draft & publish target is listed once per document (its rows
// of each version share their place), by the reference the change names
// it with, else by the row linked.
func (s *Store) joinList(ctx context.Context, db database.Conn, a *schema.Attribute, id int64, ch entry.RelationChange) ([]int64, error) {
	ord := sqlgen.Ident(schema.JoinOrder(a.JoinTarget))
	b := sqlgen.New(s.DB.Dialect)
	if !a.TargetType.DraftAndPublish {
		b.W("SELECT ", sqlgen.Ident(a.JoinTarget), " FROM ", sqlgen.Ident(a.JoinTable), " WHERE ", sqlgen.Ident(a.JoinSelf), " = ")
		b.Arg(idKind, id)
		b.W(" ORDER BY ", ord, " ", sqlgen.NullsFirst, ", ", sqlgen.Ident(a.JoinTarget))
		return scanIDs(ctx, db, b)
	}
	t, doc := sqlgen.Ident(a.TargetType.Table), sqlgen.Ident(schema.ColDocumentID)
	named := unique(append(append(append([]int64(nil), ch.Set...), ch.Connect...), positionIDs(ch.Positions)...))
	// The documents of the references, then the list's rows: one
	// statement, the references first (kind 0).
	b.W("SELECT 0, ", sqlgen.Ident(schema.ColID), ", ", doc, ", 0 FROM ", t, " WHERE ")
	b.In(sqlgen.Ident(schema.ColID), idKind, ids(named), false)
	b.W(" UNION ALL SELECT 1, j.", sqlgen.Ident(a.JoinTarget), ", r.", doc, ", j.", ord, " FROM ", sqlgen.Ident(a.JoinTable), " j JOIN ", t,
		" r ON r.", sqlgen.Ident(schema.ColID), " = j.", sqlgen.Ident(a.JoinTarget), " WHERE j.", sqlgen.Ident(a.JoinSelf), " = ")
	b.Arg(idKind, id)
	b.W(" ORDER BY 1, 4 ", sqlgen.NullsFirst, ", 2")
	rows, err := db.QueryContext(ctx, b.SQL(), b.Args()...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	ref := map[string]int64{}
	seen := map[string]bool{}
	var list []int64
	for rows.Next() {
		var kind, row int64
		var d string
		var place any
		if err := rows.Scan(&kind, &row, &d, &place); err != nil {
			return nil, err
		}
		switch {
		case kind == 0:
			if _, ok := ref[d]; !ok {
				ref[d] = row
			}
		case !seen[d]:
			seen[d] = true
			if r, ok := ref[d]; ok {
				row = r
			}
			list = append(list, row)
		}
	}
	return list, rows.Err()
}

// positionIDs is every entry positions name.
func positionIDs(ps map[int64]entry.Position) []int64 {
	var out []int64
	for _, p := range ps {
		for _, id := range []int64{p.Before, p.After} {
			if id != 0 {
				out = append(out, id)
			}
		}
	}
	return out
}

// place moves (or adds) t to p in list.
func place(list []int64, t int64, p entry.Position) ([]int64, error) {
	list = slices.DeleteFunc(list, func(x int64) bool { return x == t })
	i := len(list)
	switch {
	case p.Before != 0 || p.After != 0:
		next, after := p.Before, p.After != 0
		if after {
			next = p.After
		}
		i = slices.Index(list, next)
		if i < 0 {
			return list, fmt.Errorf("There was a problem connecting relation with id %d at position %s. "+
				"The relation with id %d needs to be connected first.", t, p, next)
		}
		if after {
			i++
		}
	case p.Start:
		i = 0
	}
	return slices.Insert(list, i, t), nil
}

// upsertJoin writes the links of id to list at places first, first+1...
// (or, with appendPlaces, after the list's current last place): one
// multi-row INSERT; a link already there only changes its place. A new
// link also gets the last place in its target's list. A draft & publish
// target's rows of the version the write links (targetRows) share the
// place of their document.
func (s *Store) upsertJoin(ctx context.Context, db database.Conn, a *schema.Attribute, id int64, list []int64, first int64) error {
	table, self, target := sqlgen.Ident(a.JoinTable), sqlgen.Ident(a.JoinSelf), sqlgen.Ident(a.JoinTarget)
	ord, back := sqlgen.Ident(schema.JoinOrder(a.JoinTarget)), sqlgen.Ident(schema.JoinOrder(a.JoinSelf))
	b := sqlgen.New(s.DB.Dialect)
	place := func(i int) {
		if first == appendPlaces {
			b.W("(SELECT COALESCE(MAX(", ord, "), 0) + ", strconv.Itoa(i+1), " FROM ", table, " WHERE ", self, " = ")
			b.Arg(idKind, id)
			b.W(")")
		} else {
			b.TypedArg(idKind, first+int64(i))
		}
	}
	b.W("INSERT INTO ", table, " (", self, ", ", target, ", ", ord, ", ", back, ") ")
	if tt := a.TargetType; tt.DraftAndPublish {
		for i, t := range list {
			if i > 0 {
				b.W(" UNION ALL ")
			}
			r := b.NewAlias()
			b.W("SELECT ")
			b.TypedArg(idKind, id)
			b.W(", ", sqlgen.Col(r, schema.ColID), ", ")
			place(i)
			b.W(", (SELECT COALESCE(MAX(", back, "), 0) + 1 FROM ", table, " WHERE ", target, " = ", sqlgen.Col(r, schema.ColID),
				") FROM ", sqlgen.Ident(tt.Table), " ", r, " WHERE ", sqlgen.Col(r, schema.ColID), " IN ")
			b.TargetRows(a.Owner, tt, []int64{t})
		}
	} else {
		b.W("VALUES ")
		for i, t := range list {
			if i > 0 {
				b.W(", ")
			}
			b.W("(")
			b.Arg(idKind, id)
			b.W(", ")
			b.Arg(idKind, t)
			b.W(", ")
			place(i)
			b.W(", (SELECT COALESCE(MAX(", back, "), 0) + 1 FROM ", table, " WHERE ", target, " = ")
			b.Arg(idKind, t)
			b.W("))")
		}
	}
	b.W(" ON CONFLICT (", self, ", ", target, ") DO UPDATE SET ", ord, " = excluded.", ord)
	return s.exec(ctx, db, b)
}
