package store

import (
	"context"
	"fmt"
	"maps"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/sqlgen"
)

// Writing and deleting components (components.go says how they are
// stored).

// writeComponents gives the row id of holder the component fields data
// names: with replace (an update, a copy over a version) what those
// fields held goes first, component rows and all.
func (s *Store) writeComponents(ctx context.Context, db database.Conn, holder *schema.ContentType, id int64, comps map[*schema.Attribute][]entry.Component, replace bool) error {
	if len(comps) == 0 {
		return nil
	}
	var level []cmpItem
	var existing map[*schema.Attribute][]entry.Component
	for _, a := range holder.Attributes {
		list, ok := comps[a]
		if !ok || !a.IsComponent() {
			continue
		}
		if replace && updatesInPlace(list) {
			// Items sent with their id keep their rows: what they send
			// over what the rows hold (read once for the holder's row).
			if existing == nil {
				var err error
				if existing, err = s.componentsOf(ctx, db, holder, id); err != nil {
					return err
				}
			}
			var err error
			if list, err = mergeItems(a, existing[a], list); err != nil {
				return err
			}
		}
		if replace {
			if err := s.deleteComponents(ctx, db, holder, []int64{id}, a); err != nil {
				return err
			}
		}
		for i, c := range list {
			level = append(level, cmpItem{holder: holder, entity: id, field: a, order: i + 1, c: c})
		}
	}
	return s.insertLevels(ctx, db, level)
}

// replaceComponents gives every row of holder in ids a copy of comps
// (items without ids), in place of what those fields held: the
// statements of one write, whatever the number of rows (a sync of the
// shared components over every locale).
func (s *Store) replaceComponents(ctx context.Context, db database.Conn, holder *schema.ContentType, ids []int64, comps map[*schema.Attribute][]entry.Component) error {
	var level []cmpItem
	for _, a := range holder.Attributes {
		list, ok := comps[a]
		if !ok || !a.IsComponent() {
			continue
		}
		if err := s.deleteComponents(ctx, db, holder, ids, a); err != nil {
			return err
		}
		for _, id := range ids {
			for i, c := range list {
				level = append(level, cmpItem{holder: holder, entity: id, field: a, order: i + 1, c: c})
			}
		}
	}
	return s.insertLevels(ctx, db, level)
}

// insertLevels writes level, then the level of components its items
// hold, and so on down: a level of the tree per statement.
func (s *Store) insertLevels(ctx context.Context, db database.Conn, level []cmpItem) error {
	for len(level) > 0 {
		next, err := s.insertLevel(ctx, db, level)
		if err != nil {
			return err
		}
		level = next
	}
	return nil
}

// insertLevel writes one level of component rows — one INSERT per
// component type, one per holder's join table — and returns the level
// below: the nested components of the rows it wrote.
func (s *Store) insertLevel(ctx context.Context, db database.Conn, level []cmpItem) ([]cmpItem, error) {
	byType := map[*schema.ContentType][]int{}
	var types []*schema.ContentType
	for i, it := range level {
		if byType[it.c.Type] == nil {
			types = append(types, it.c.Type)
		}
		byType[it.c.Type] = append(byType[it.c.Type], i)
	}
	ids := make([]int64, len(level))
	for _, c := range types {
		// Rows an update keeps (mergeItems) are written again under their
		// ids, in a statement of their own; new rows take the next ids.
		var kept, fresh []int
		for _, i := range byType[c] {
			if level[i].c.ID != 0 {
				kept = append(kept, i)
			} else {
				fresh = append(fresh, i)
			}
		}
		for _, at := range [][]int{kept, fresh} {
			if len(at) == 0 {
				continue
			}
			if err := s.insertRows(ctx, db, c, level, at, ids); err != nil {
				return nil, err
			}
		}
	}
	byHolder := map[*schema.ContentType][]int{}
	var holders []*schema.ContentType
	for i, it := range level {
		if byHolder[it.holder] == nil {
			holders = append(holders, it.holder)
		}
		byHolder[it.holder] = append(byHolder[it.holder], i)
	}
	for _, h := range holders {
		b := sqlgen.New(s.DB.Dialect)
		b.W("INSERT INTO ", sqlgen.Ident(schema.ComponentJoin(h)), " (", idents(schema.CmpEntity, schema.CmpID, schema.CmpType,
			schema.CmpField, schema.CmpOrder), ") VALUES ")
		for n, i := range byHolder[h] {
			it := level[i]
			if n > 0 {
				b.W(", ")
			}
			b.W("(")
			b.Arg(idKind, it.entity)
			b.W(", ")
			b.Arg(idKind, ids[i])
			b.W(", ")
			b.Arg(strKind, it.c.Type.Name)
			b.W(", ")
			b.Arg(strKind, it.field.Name)
			b.W(", ")
			b.Arg(idKind, int64(it.order))
			b.W(")")
		}
		if err := s.exec(ctx, db, b); err != nil {
			return nil, fmt.Errorf("linking components of %s: %w", h.Name, err)
		}
	}
	if err := s.insertComponentJoins(ctx, db, level, ids); err != nil {
		return nil, err
	}
	var next []cmpItem
	for i, it := range level {
		for _, a := range it.c.Type.Attributes {
			for n, c := range it.c.Data.Components[a] {
				next = append(next, cmpItem{holder: it.c.Type, entity: ids[i], field: a, order: n + 1, c: c})
			}
		}
	}
	return next, nil
}

// insertRows writes the rows of component c at positions at of level in
// one statement, and puts their new ids in ids. The ids come back in the
// order of the VALUES, as PostgreSQL and SQLite return a multi-row
// INSERT's RETURNING (Django's bulk_create relies on the same).
func (s *Store) insertRows(ctx context.Context, db database.Conn, c *schema.ContentType, level []cmpItem, at []int, ids []int64) error {
	// Every column of the row: the scalars, and the to-one relations'
	// foreign keys (a draft & publish target's two).
	type column struct {
		a    *schema.Attribute
		name string
	}
	var cols []column
	for _, a := range c.Attributes {
		switch {
		case a.IsScalar():
			cols = append(cols, column{a, a.Column})
		case a.IsRelation():
			for _, name := range a.Columns() {
				cols = append(cols, column{a, name})
			}
		}
	}
	b := sqlgen.New(s.DB.Dialect)
	b.W("INSERT INTO ", sqlgen.Ident(c.Table))
	explicit := level[at[0]].c.ID != 0 // the caller groups rows by it
	if explicit {
		cols = append([]column{{nil, schema.ColID}}, cols...)
	}
	if len(cols) == 0 {
		// A component of nested components only: rows of an id alone.
		b.W(" (", sqlgen.Ident(schema.ColID), ") VALUES ")
		for n := range at {
			if n > 0 {
				b.W(", ")
			}
			if s.DB.Dialect == database.SQLite {
				b.W("(NULL)") // SQLite has no DEFAULT here; a NULL id is the next one
			} else {
				b.W("(DEFAULT)")
			}
		}
	} else {
		names := make([]string, len(cols))
		for i, c := range cols {
			names[i] = c.name
		}
		b.W(" (", idents(names...), ") VALUES ")
		for n, i := range at {
			if n > 0 {
				b.W(", ")
			}
			b.W("(")
			for k, c := range cols {
				if k > 0 {
					b.W(", ")
				}
				if c.a == nil { // the kept row's own id
					b.Arg(idKind, level[i].c.ID)
					continue
				}
				v, _ := columnValue(c.a, level[i].c.Data)
				b.ColValue(c.a, c.name, v)
			}
			b.W(")")
		}
	}
	b.W(" RETURNING ", sqlgen.Ident(schema.ColID))
	rows, err := db.QueryContext(ctx, b.SQL(), b.Args()...)
	if err != nil {
		return fmt.Errorf("writing %s: %w", c.Name, err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		if n >= len(at) {
			return fmt.Errorf("writing %s: more ids than rows", c.Name)
		}
		if err := rows.Scan(&ids[at[n]]); err != nil {
			return fmt.Errorf("writing %s: %w", c.Name, err)
		}
		n++
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("writing %s: %w", c.Name, err)
	}
	if n != len(at) {
		return fmt.Errorf("writing %s: %d ids for %d rows", c.Name, n, len(at))
	}
	return nil
}

// deleteComponents removes the component rows that holder's rows ids hold
// in field (every component field when nil), nested ones first, and
// their links. A statement per component type the fields can reach.
func (s *Store) deleteComponents(ctx context.Context, db database.Conn, holder *schema.ContentType, ids []int64, field *schema.Attribute) error {
	if !holder.HoldsComponents() {
		return nil
	}
	b := sqlgen.New(s.DB.Dialect)
	b.W("SELECT ", sqlgen.Ident(schema.ColID), " FROM ", sqlgen.Ident(holder.Table), " WHERE ")
	b.In(sqlgen.Ident(schema.ColID), idKind, toArgs(ids), false)
	if err := s.deleteHeld(ctx, db, holder, b.SQL(), b.Args(), field); err != nil {
		return err
	}
	if field == nil {
		return nil // the holder's rows go next, and their links with them
	}
	b = sqlgen.New(s.DB.Dialect)
	b.W("DELETE FROM ", sqlgen.Ident(schema.ComponentJoin(holder)), " WHERE ", sqlgen.Ident(schema.CmpField), " = ")
	b.Arg(strKind, field.Name)
	b.W(" AND ")
	b.In(sqlgen.Ident(schema.CmpEntity), idKind, toArgs(ids), false)
	return s.exec(ctx, db, b)
}

// deleteHeld removes the component rows that the holder rows selected by
// sel (a SELECT of ids, with its args) hold in field (every component
// field when nil), deepest first. Their own links go with them (ON
// DELETE CASCADE); the holder's links to them are the caller's.
func (s *Store) deleteHeld(ctx context.Context, db database.Conn, holder *schema.ContentType, sel string, args []any, field *schema.Attribute) error {
	for _, c := range heldTypes(holder, field) {
		b := sqlgen.New(s.DB.Dialect)
		b.W("SELECT ", sqlgen.Ident(schema.CmpID), " FROM ", sqlgen.Ident(schema.ComponentJoin(holder)), " WHERE ",
			sqlgen.Ident(schema.CmpType), " = ")
		b.Arg(strKind, c.Name)
		if field != nil {
			b.W(" AND ", sqlgen.Ident(schema.CmpField), " = ")
			b.Arg(strKind, field.Name)
		}
		b.W(" AND ", sqlgen.Ident(schema.CmpEntity), " IN (", sel, ")")
		// The text's placeholders: ours, then sel's.
		inner, innerArgs := b.SQL(), append(b.Args(), args...)
		if err := s.deleteHeld(ctx, db, c, inner, innerArgs, nil); err != nil {
			return err
		}
		d := sqlgen.New(s.DB.Dialect)
		d.W("DELETE FROM ", sqlgen.Ident(c.Table), " WHERE ", sqlgen.Ident(schema.ColID), " IN (", inner, ")")
		if _, err := db.ExecContext(ctx, d.SQL(), innerArgs...); err != nil {
			return fmt.Errorf("deleting %s rows: %w", c.Name, err)
		}
	}
	return nil
}

// insertComponentJoins writes the join-table relations (manyToMany, a
// one-way oneToMany) of a level's new component rows: one statement per
// relation, whatever the number of rows, each row's targets in the order
// given (set, then connect).
func (s *Store) insertComponentJoins(ctx context.Context, db database.Conn, level []cmpItem, ids []int64) error {
	type links struct {
		owners  []int64
		targets [][]int64
	}
	byAttr := map[*schema.Attribute]*links{}
	var attrs []*schema.Attribute
	for i, it := range level {
		for _, a := range it.c.Type.Attributes {
			ch, ok := it.c.Data.Relations[a]
			if !ok || a.JoinTable == "" {
				continue
			}
			add := unique(append(append([]int64(nil), ch.Set...), ch.Connect...))
			if len(add) == 0 {
				continue
			}
			l := byAttr[a]
			if l == nil {
				l = &links{}
				byAttr[a] = l
				attrs = append(attrs, a)
			}
			l.owners = append(l.owners, ids[i])
			l.targets = append(l.targets, add)
		}
	}
	for _, a := range attrs {
		l := byAttr[a]
		table, self, target := sqlgen.Ident(a.JoinTable), sqlgen.Ident(a.JoinSelf), sqlgen.Ident(a.JoinTarget)
		ord, back := sqlgen.Ident(schema.JoinOrder(a.JoinTarget)), sqlgen.Ident(schema.JoinOrder(a.JoinSelf))
		b := sqlgen.New(s.DB.Dialect)
		b.W("INSERT INTO ", table, " (", self, ", ", target, ", ", ord, ", ", back, ") ")
		first := true
		for k, owner := range l.owners {
			for i, t := range l.targets[k] {
				if !first {
					b.W(" UNION ALL ")
				}
				first = false
				// Each version of a draft & publish target is linked, as a
				// plain owner's links are (sqlgen's versions.go).
				r := b.NewAlias()
				b.W("SELECT ")
				b.TypedArg(idKind, owner)
				b.W(", ", sqlgen.Col(r, schema.ColID), ", ")
				b.TypedArg(idKind, int64(i+1))
				b.W(", (SELECT COALESCE(MAX(", back, "), 0) + 1 FROM ", table, " WHERE ", target, " = ", sqlgen.Col(r, schema.ColID),
					") FROM ", sqlgen.Ident(a.TargetType.Table), " ", r, " WHERE ", sqlgen.Col(r, schema.ColID), " IN ")
				b.TargetRows(a.Owner, a.TargetType, []int64{t})
			}
		}
		if err := s.exec(ctx, db, b); err != nil {
			return fmt.Errorf("linking %s.%s: %w", a.Owner.Name, a.Name, err)
		}
	}
	return nil
}

// updatesInPlace reports whether an item of list, however deep, names
// the row it updates.
func updatesInPlace(list []entry.Component) bool {
	for _, c := range list {
		if c.ID != 0 {
			return true
		}
		for _, nested := range c.Data.Components {
			if updatesInPlace(nested) {
				return true
			}
		}
	}
	return false
}

// mergeItems is field a's new items, as Strapi 5 writes them: an item
// sent with the id of one of the field's rows (old) is that row, what it
// sends over what the row holds — a nested component field it does not
// send is kept, one it sends is merged the same way —; an item without
// an id is a new row; the field's other rows go. An id that is not one
// of the field's rows is Strapi's 400.
func mergeItems(a *schema.Attribute, old, sent []entry.Component) ([]entry.Component, error) {
	// By component and id: each component's table numbers its own rows,
	// so a zone's items of two components may share an id.
	type key struct {
		c  *schema.ContentType
		id int64
	}
	byID := make(map[key]entry.Component, len(old))
	for _, o := range old {
		byID[key{o.Type, o.ID}] = o
	}
	out := make([]entry.Component, 0, len(sent))
	for _, c := range sent {
		if c.ID == 0 {
			out = append(out, c)
			continue
		}
		o, ok := byID[key{c.Type, c.ID}]
		if !ok {
			return nil, errs.New(errs.KindApplication, "Some of the provided components in "+a.Name+" are not related to the entity")
		}
		d := entry.Data{Values: maps.Clone(o.Data.Values), Relations: maps.Clone(o.Data.Relations), Components: maps.Clone(o.Data.Components)}
		maps.Copy(d.Values, c.Data.Values)
		maps.Copy(d.Relations, c.Data.Relations)
		for f, list := range c.Data.Components {
			merged, err := mergeItems(f, o.Data.Components[f], list)
			if err != nil {
				return nil, err
			}
			d.Components[f] = merged
		}
		out = append(out, entry.Component{Type: c.Type, Data: d, ID: o.ID})
	}
	return out, nil
}
