package store

import (
	"context"
	"fmt"
	"time"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/sqlgen"
)

// An export (internal/transfer) reads every row as it is stored, a batch
// at a time in id order (DumpRows: the rows and their components, a few
// statements per batch), then every relation's links as Strapi keeps
// them, from the side that declares it (DumpLinks: one statement per
// relation, streamed).

// DumpRows reads up to limit rows of ct whose id is above after, in id
// order, with their components: what BulkInsert would write back. Fields
// are ct's scalar fields.
func (s *Store) DumpRows(ctx context.Context, db database.Conn, ct *schema.ContentType, after int64, limit int) (entry.BulkRows, error) {
	r := entry.BulkRows{Type: ct}
	for _, a := range ct.Attributes {
		if a.IsScalar() && a.Column != "" {
			r.Fields = append(r.Fields, a)
		}
	}
	cols := []string{schema.ColID, schema.ColDocumentID, schema.ColCreatedAt, schema.ColUpdatedAt, schema.ColPublishedAt}
	if ct.Localized {
		cols = append(cols, schema.ColLocale)
	}
	for _, f := range r.Fields {
		cols = append(cols, f.Column)
	}
	b := sqlgen.New(s.DB.Dialect)
	b.W("SELECT ", idents(cols...), " FROM ", sqlgen.Ident(ct.Table), " WHERE ", sqlgen.Ident(schema.ColID), " > ")
	b.Arg(idKind, after)
	b.W(fmt.Sprintf(" ORDER BY %s LIMIT %d", sqlgen.Ident(schema.ColID), limit))
	rows, err := db.QueryContext(ctx, b.SQL(), b.Args()...)
	if err != nil {
		return r, fmt.Errorf("reading %s: %w", ct.Plural, err)
	}
	defer rows.Close()
	raw := make([]any, len(cols))
	dest := make([]any, len(raw))
	for i := range raw {
		dest[i] = &raw[i]
	}
	at := func(v any) (time.Time, error) {
		if v == nil {
			return time.Time{}, nil
		}
		t, err := decode(timeKind, v)
		if err != nil {
			return time.Time{}, err
		}
		return t.(time.Time), nil
	}
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return r, fmt.Errorf("reading %s: %w", ct.Plural, err)
		}
		id, err := decodeID(raw[0])
		if err != nil {
			return r, err
		}
		doc, err := decode(strKind, raw[1])
		if err != nil {
			return r, err
		}
		var times [3]time.Time
		for i := range times {
			if times[i], err = at(raw[2+i]); err != nil {
				return r, fmt.Errorf("reading %s id %d: %w", ct.Plural, id, err)
			}
		}
		next := 5
		locale := ""
		if ct.Localized {
			if raw[5] != nil {
				v, err := decode(strKind, raw[5])
				if err != nil {
					return r, err
				}
				locale, _ = v.(string)
			}
			next++
		}
		values := make([]any, len(r.Fields))
		for j, f := range r.Fields {
			if raw[next+j] == nil {
				continue
			}
			if values[j], err = decode(f.Kind, raw[next+j]); err != nil {
				return r, fmt.Errorf("reading %s id %d: %s: %w", ct.Plural, id, f.Name, err)
			}
		}
		docID, _ := doc.(string)
		r.IDs = append(r.IDs, id)
		r.DocumentIDs = append(r.DocumentIDs, docID)
		r.CreatedAt = append(r.CreatedAt, times[0])
		r.UpdatedAt = append(r.UpdatedAt, times[1])
		r.PublishedAt = append(r.PublishedAt, times[2])
		r.Locales = append(r.Locales, locale)
		r.Values = append(r.Values, values)
	}
	if err := rows.Err(); err != nil {
		return r, err
	}
	if ct.HoldsComponents() && len(r.IDs) > 0 {
		if r.Components, err = s.componentsOfRows(ctx, db, ct, r.IDs); err != nil {
			return r, err
		}
	}
	return r, nil
}

// DumpLinks calls fn with every link of relation a (declared on its
// owner's side: not a mappedBy), wherever Kiln keeps it, by row ids, in
// the order of each owner's list: ownerPos is the target's place in the
// owner's list and targetPos the owner's in the target's (0 where Kiln
// keeps no place: a foreign key's side).
func (s *Store) DumpLinks(ctx context.Context, db database.Conn, a *schema.Attribute, fn func(owner, target int64, ownerPos, targetPos float64) error) error {
	id := sqlgen.Ident(schema.ColID)
	var q string
	switch {
	case a.Column != "":
		owner := sqlgen.Ident(a.Owner.Table)
		for i, c := range a.Columns() {
			if i > 0 {
				q += " UNION ALL "
			}
			// The owner's place in its target's list: Kiln keeps that list
			// in id order.
			q += "SELECT " + id + ", " + sqlgen.Ident(c) + ", 0, ROW_NUMBER() OVER (PARTITION BY " + sqlgen.Ident(c) + " ORDER BY " + id + ") FROM " +
				owner + " WHERE " + sqlgen.Ident(c) + " IS NOT NULL"
		}
		q = "SELECT * FROM (" + q + ") l ORDER BY 1, 2"
	case a.JoinTable != "":
		q = "SELECT " + idents(a.JoinSelf, a.JoinTarget, schema.JoinOrder(a.JoinTarget), schema.JoinOrder(a.JoinSelf)) +
			" FROM " + sqlgen.Ident(a.JoinTable) + " ORDER BY " + idents(a.JoinSelf, schema.JoinOrder(a.JoinTarget), schema.ColID)
	case a.Inverse != nil && a.Inverse.Column != "":
		// Kept as the target's foreign key: each owner's list in id order.
		inv := a.Inverse
		target := sqlgen.Ident(inv.Owner.Table)
		for i, c := range inv.Columns() {
			if i > 0 {
				q += " UNION ALL "
			}
			q += "SELECT " + sqlgen.Ident(c) + " AS o, " + id + " AS t FROM " + target + " WHERE " + sqlgen.Ident(c) + " IS NOT NULL"
		}
		q = "SELECT o, t, ROW_NUMBER() OVER (PARTITION BY o ORDER BY t), 0 FROM (" + q + ") l ORDER BY 1, 3"
	default:
		return fmt.Errorf("%s.%s is kept nowhere Kiln can read it", a.Owner.Name, a.Name)
	}
	rows, err := db.QueryContext(ctx, q)
	if err != nil {
		return fmt.Errorf("reading %s.%s: %w", a.Owner.Name, a.Name, err)
	}
	defer rows.Close()
	for rows.Next() {
		var o, t int64
		var op, tp *float64
		if err := rows.Scan(&o, &t, &op, &tp); err != nil {
			return fmt.Errorf("reading %s.%s: %w", a.Owner.Name, a.Name, err)
		}
		var ownerPos, targetPos float64
		if op != nil {
			ownerPos = *op
		}
		if tp != nil {
			targetPos = *tp
		}
		if err := fn(o, t, ownerPos, targetPos); err != nil {
			return err
		}
	}
	return rows.Err()
}
