package store

import (
	"context"
	"fmt"
	"math"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/sqlgen"
)

// An import (internal/transfer) loads an archive's rows with BulkInsert
// under the ids the archive gives them, then its links by those ids:
// LoadLinks writes each where Kiln keeps the relation, whichever side the
// archive names it from, and OrderLinks then numbers the join tables'
// places 1, 2, 3... in the order loaded. DeleteAll empties the content
// first, as strapi import does.

// placeScale keeps Strapi's fractional places (1.5, after a reorder)
// apart in Kiln's integer order columns until OrderLinks renumbers them.
const placeScale = 1024

// linkBatch bounds one statement's links: four parameters each.
const linkBatch = 1000

// LoadLinks writes l's links that name rows which exist, and reports how
// many it wrote: an archive's link to a row it does not hold is left out,
// as strapi import leaves it out, and counted by the caller.
func (s *Store) LoadLinks(ctx context.Context, db database.Conn, l entry.BulkLinks) (int, error) {
	a, owners, targets, ownerPos, targetPos := l.Attr, l.Owners, l.Targets, l.OwnerPos, l.TargetPos
	if a.Column == "" && a.JoinTable == "" && a.Inverse != nil {
		// Kept on the other side: the same links seen from there.
		a, owners, targets, ownerPos, targetPos = a.Inverse, targets, owners, targetPos, ownerPos
	}
	written := 0
	for start := 0; start < len(owners); start += linkBatch {
		end := min(start+linkBatch, len(owners))
		var n int
		var err error
		switch {
		case a.Column != "" && a.DraftColumn != "":
			// A plain type's link to a draft & publish target: the
			// published row in Column, the draft in DraftColumn.
			if n, err = s.loadColumn(ctx, db, a, a.Column, "IS NOT NULL", owners[start:end], targets[start:end]); err == nil {
				var m int
				m, err = s.loadColumn(ctx, db, a, a.DraftColumn, "IS NULL", owners[start:end], targets[start:end])
				n += m
			}
		case a.Column != "":
			n, err = s.loadColumn(ctx, db, a, a.Column, "", owners[start:end], targets[start:end])
		case a.JoinTable != "":
			n, err = s.loadJoin(ctx, db, a, owners[start:end], targets[start:end], ownerPos[start:end], targetPos[start:end])
		default:
			return written, fmt.Errorf("%s.%s is kept nowhere Kiln can load it", a.Owner.Name, a.Name)
		}
		if err != nil {
			return written, fmt.Errorf("linking %s.%s: %w", a.Owner.Name, a.Name, err)
		}
		written += n
	}
	return written, nil
}

// linkValues writes "WITH v(o, t) AS (VALUES (?, ?), ...)": the batch's
// pairs, typed for PostgreSQL.
func linkValues(b *sqlgen.Builder, owners, targets []int64, more ...[]float64) {
	b.W("WITH v(o, t")
	for i := range more {
		b.W(fmt.Sprintf(", p%d", i))
	}
	b.W(") AS (VALUES ")
	for i := range owners {
		if i > 0 {
			b.W(", ")
		}
		b.W("(")
		b.TypedArg(idKind, owners[i])
		b.W(", ")
		b.TypedArg(idKind, targets[i])
		for _, m := range more {
			b.W(", ")
			if m == nil || m[i] == 0 {
				b.W("CAST(NULL AS BIGINT)")
			} else {
				b.TypedArg(idKind, int64(math.Round(m[i]*placeScale)))
			}
		}
		b.W(")")
	}
	b.W(") ")
}

// loadColumn sets the foreign key col of a's owner rows to their targets
// (those whose publishedAt is published, NULL or NOT NULL, when given):
// one UPDATE ... FROM per batch, a join both databases plan as one.
func (s *Store) loadColumn(ctx context.Context, db database.Conn, a *schema.Attribute, col, published string, owners, targets []int64) (int, error) {
	owner := sqlgen.Ident(a.Owner.Table)
	id := sqlgen.Ident(schema.ColID)
	b := sqlgen.New(s.DB.Dialect)
	linkValues(b, owners, targets)
	b.W("UPDATE ", owner, " SET ", sqlgen.Ident(col), " = v.t FROM v JOIN ", sqlgen.Ident(a.TargetType.Table), " x ON x.", id, " = v.t")
	if published != "" {
		b.W(" AND x.", sqlgen.Ident(schema.ColPublishedAt), " ", published)
	}
	b.W(" WHERE ", owner, ".", id, " = v.o")
	res, err := db.ExecContext(ctx, b.SQL(), b.Args()...)
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// loadJoin inserts a's join rows whose two rows exist: one INSERT per
// batch, each place scaled (placeScale) until OrderLinks numbers them.
func (s *Store) loadJoin(ctx context.Context, db database.Conn, a *schema.Attribute, owners, targets []int64, ownerPos, targetPos []float64) (int, error) {
	id := sqlgen.Ident(schema.ColID)
	b := sqlgen.New(s.DB.Dialect)
	linkValues(b, owners, targets, ownerPos, targetPos)
	b.W("INSERT INTO ", sqlgen.Ident(a.JoinTable), " (", idents(a.JoinSelf, a.JoinTarget, schema.JoinOrder(a.JoinTarget), schema.JoinOrder(a.JoinSelf)),
		") SELECT v.o, v.t, v.p0, v.p1 FROM v WHERE EXISTS (SELECT 1 FROM ", sqlgen.Ident(a.Owner.Table), " o WHERE o.", id, " = v.o)",
		" AND EXISTS (SELECT 1 FROM ", sqlgen.Ident(a.TargetType.Table), " t WHERE t.", id, " = v.t)")
	res, err := db.ExecContext(ctx, b.SQL(), b.Args()...)
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// OrderLinks numbers the places of a's join table 1, 2, 3... in each
// list, in the order they were loaded (their scaled places, then the
// order of loading), on both sides: two statements.
func (s *Store) OrderLinks(ctx context.Context, db database.Conn, a *schema.Attribute) error {
	if a.JoinTable == "" {
		return nil
	}
	table, id := sqlgen.Ident(a.JoinTable), sqlgen.Ident(schema.ColID)
	for _, side := range [][2]string{{a.JoinSelf, a.JoinTarget}, {a.JoinTarget, a.JoinSelf}} {
		list, ord := sqlgen.Ident(side[0]), sqlgen.Ident(schema.JoinOrder(side[1]))
		// UPDATE ... FROM: the numbering is computed once, not per row.
		q := "UPDATE " + table + " SET " + ord + " = r.n FROM (SELECT " + id + " AS rid, ROW_NUMBER() OVER (PARTITION BY " + list +
			" ORDER BY " + ord + ", " + id + ") AS n FROM " + table + ") r WHERE r.rid = " + table + "." + id
		if _, err := db.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("ordering %s.%s: %w", a.Owner.Name, a.Name, err)
		}
	}
	return nil
}

// DeleteAll empties every table of sc's types and components, their
// join tables and their component links (deleting the rows takes their
// links with them: ON DELETE CASCADE), and reports the rows removed from
// each type's table.
func (s *Store) DeleteAll(ctx context.Context, db database.Conn, sc *schema.Schema) (map[*schema.ContentType]int, error) {
	out := map[*schema.ContentType]int{}
	del := func(table string) (int, error) {
		res, err := db.ExecContext(ctx, "DELETE FROM "+sqlgen.Ident(table))
		if err != nil {
			return 0, fmt.Errorf("emptying %s: %w", table, err)
		}
		n, err := res.RowsAffected()
		return int(n), err
	}
	// Join tables first, so that no row's delete cascades into them.
	for _, group := range [][]*schema.ContentType{sc.Types, sc.Components} {
		for _, ct := range group {
			if ct.HoldsComponents() {
				if _, err := del(schema.ComponentJoin(ct)); err != nil {
					return nil, err
				}
			}
			for _, a := range ct.Attributes {
				if a.JoinTable != "" && a.MappedBy == "" && a.Column == "" {
					if _, err := del(a.JoinTable); err != nil {
						return nil, err
					}
				}
			}
		}
	}
	for _, group := range [][]*schema.ContentType{sc.Types, sc.Components} {
		for _, ct := range group {
			n, err := del(ct.Table)
			if err != nil {
				return nil, err
			}
			out[ct] = n
		}
	}
	return out, nil
}

// ResetSequences moves PostgreSQL's id sequences of every table of sc's
// types and components, and their join tables, past the largest id
// loaded; nothing on SQLite.
func (s *Store) ResetSequences(ctx context.Context, db database.Conn, sc *schema.Schema) error {
	for _, group := range [][]*schema.ContentType{sc.Types, sc.Components} {
		for _, ct := range group {
			if err := s.resetSequence(ctx, db, ct.Table); err != nil {
				return err
			}
			if ct.HoldsComponents() {
				if err := s.resetSequence(ctx, db, schema.ComponentJoin(ct)); err != nil {
					return err
				}
			}
			for _, a := range ct.Attributes {
				if a.JoinTable != "" && a.MappedBy == "" && a.Column == "" {
					if err := s.resetSequence(ctx, db, a.JoinTable); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}
