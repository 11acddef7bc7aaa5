package store

import (
	"context"

	"github.com/kiln-cms/kiln/core/schema"
)

// writeRelations applies the relation changes stored outside the entry's
// own row: the targets' foreign keys (oneToMany, mapped oneToOne), join
// rows (manyToMany), and a disconnect of an owning to-one. Each change is
// a fixed number of statements, never one per id.
func (s *Store) writeRelations(ctx context.Context, db Conn, ct *schema.ContentType, id int64, data Data, created bool) error {
	for _, a := range ct.Attributes {
		ch, ok := data.Relations[a]
		if !ok {
			continue
		}
		var err error
		switch {
		case a.Column != "":
			err = s.disconnectOwned(ctx, db, ct, a, id, ch)
		case a.JoinTable != "":
			err = s.writeJoin(ctx, db, a, id, ch, created)
		default:
			err = s.writeInverseFK(ctx, db, a, id, ch, created)
		}
		if err != nil {
			return s.writeError(ct, err)
		}
	}
	return nil
}

// disconnectOwned clears our foreign key when a disconnect names its
// current target (and no connect or set replaced it in the same write).
func (s *Store) disconnectOwned(ctx context.Context, db Conn, ct *schema.ContentType, a *schema.Attribute, id int64, ch RelationChange) error {
	if len(ch.Disconnect) == 0 || len(ch.Connect) > 0 || ch.SetGiven {
		return nil
	}
	b := &sqlb{d: s.DB.Dialect}
	b.w("UPDATE ", Ident(ct.Table), " SET ", Ident(a.Column), " = NULL WHERE ", Ident(schema.ColID), " = ")
	b.arg(schema.Integer, id)
	b.w(" AND ")
	b.in(Ident(a.Column), schema.Integer, ids(ch.Disconnect), false)
	_, err := db.ExecContext(ctx, b.sb.String(), b.args...)
	return err
}

// writeInverseFK changes which targets point at us through their foreign
// key (the target side of a manyToOne, or a mapped oneToOne).
func (s *Store) writeInverseFK(ctx context.Context, db Conn, a *schema.Attribute, id int64, ch RelationChange, created bool) error {
	table, fk := Ident(a.TargetType.Table), Ident(a.Inverse.Column)
	exec := func(b *sqlb) error {
		_, err := db.ExecContext(ctx, b.sb.String(), b.args...)
		return err
	}
	oneToOne := a.RelationKind == schema.OneToOne
	if (ch.SetGiven && !created) || (oneToOne && len(ch.Connect) > 0) {
		// Release the current targets not kept by the set.
		b := &sqlb{d: s.DB.Dialect}
		b.w("UPDATE ", table, " SET ", fk, " = NULL WHERE ", fk, " = ")
		b.arg(schema.Integer, id)
		if ch.SetGiven && len(ch.Set) > 0 {
			b.w(" AND ")
			b.in(Ident(schema.ColID), schema.Integer, ids(ch.Set), true)
		}
		if err := exec(b); err != nil {
			return err
		}
	}
	if add := append(append([]int64(nil), ch.Set...), ch.Connect...); len(add) > 0 {
		b := &sqlb{d: s.DB.Dialect}
		b.w("UPDATE ", table, " SET ", fk, " = ")
		b.arg(schema.Integer, id)
		b.w(" WHERE ")
		b.in(Ident(schema.ColID), schema.Integer, ids(add), false)
		if err := exec(b); err != nil {
			return err
		}
	}
	if len(ch.Disconnect) > 0 {
		b := &sqlb{d: s.DB.Dialect}
		b.w("UPDATE ", table, " SET ", fk, " = NULL WHERE ", fk, " = ")
		b.arg(schema.Integer, id)
		b.w(" AND ")
		b.in(Ident(schema.ColID), schema.Integer, ids(ch.Disconnect), false)
		return exec(b)
	}
	return nil
}

// writeJoin adds and removes join rows of a manyToMany, from either side.
func (s *Store) writeJoin(ctx context.Context, db Conn, a *schema.Attribute, id int64, ch RelationChange, created bool) error {
	table, self, target := Ident(a.JoinTable), Ident(a.JoinSelf), Ident(a.JoinTarget)
	exec := func(b *sqlb) error {
		_, err := db.ExecContext(ctx, b.sb.String(), b.args...)
		return err
	}
	if ch.SetGiven && !created {
		b := &sqlb{d: s.DB.Dialect}
		b.w("DELETE FROM ", table, " WHERE ", self, " = ")
		b.arg(schema.Integer, id)
		if len(ch.Set) > 0 {
			b.w(" AND ")
			b.in(target, schema.Integer, ids(ch.Set), true)
		}
		if err := exec(b); err != nil {
			return err
		}
	}
	if add := append(append([]int64(nil), ch.Set...), ch.Connect...); len(add) > 0 {
		b := &sqlb{d: s.DB.Dialect}
		b.w("INSERT INTO ", table, " (", self, ", ", target, ") VALUES ")
		for i, t := range add {
			if i > 0 {
				b.w(", ")
			}
			b.w("(")
			b.arg(schema.Integer, id)
			b.w(", ")
			b.arg(schema.Integer, t)
			b.w(")")
		}
		b.w(" ON CONFLICT DO NOTHING")
		if err := exec(b); err != nil {
			return err
		}
	}
	if len(ch.Disconnect) > 0 {
		b := &sqlb{d: s.DB.Dialect}
		b.w("DELETE FROM ", table, " WHERE ", self, " = ")
		b.arg(schema.Integer, id)
		b.w(" AND ")
		b.in(target, schema.Integer, ids(ch.Disconnect), false)
		return exec(b)
	}
	return nil
}

func ids(list []int64) []any {
	out := make([]any, len(list))
	for i, v := range list {
		out[i] = v
	}
	return out
}
