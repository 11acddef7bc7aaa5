package store

import (
	"context"
	"crypto/rand"
	"fmt"

	"github.com/kiln-cms/kiln/core/schema"
)

const docAlphabet = "abcdefghijklmnopqrstuvwxyz0123456789"

// NewDocumentID returns a random 24-character lowercase alphanumeric id,
// the shape of Strapi 5's documentIds (crypto/rand, rejection sampling so
// every character is equally likely).
func NewDocumentID() string {
	out := make([]byte, 0, 24)
	buf := make([]byte, 32)
	for len(out) < 24 {
		rand.Read(buf)
		for _, c := range buf {
			if c < 252 && len(out) < 24 { // 252 = 7*36: keeps the draw uniform
				out = append(out, docAlphabet[int(c)%36])
			}
		}
	}
	return string(out)
}

// Insert writes a new entry with its relations and returns its id and
// documentId. Types without draft & publish are always published.
func (s *Store) Insert(ctx context.Context, db Conn, ct *schema.ContentType, data Data, published bool) (*Entry, error) {
	e := NewEntry(ct)
	e.DocumentID = NewDocumentID()
	t := now()
	b := &sqlb{d: s.DB.Dialect}
	b.w("INSERT INTO ", Ident(ct.Table), " (", Ident(schema.ColDocumentID), ", ", Ident(schema.ColCreatedAt), ", ",
		Ident(schema.ColUpdatedAt), ", ", Ident(schema.ColPublishedAt))
	vals := []func(){
		func() { b.arg(schema.String, e.DocumentID) },
		func() { b.arg(schema.DateTime, t) },
		func() { b.arg(schema.DateTime, t) },
		func() {
			if published || !ct.DraftAndPublish {
				b.arg(schema.DateTime, t)
			} else {
				b.w("NULL")
			}
		},
	}
	for _, a := range ct.Attributes {
		v, set := columnValue(a, data)
		if !set {
			continue
		}
		b.w(", ", Ident(a.Column))
		vals = append(vals, func() { b.arg(fkType(a), v) })
	}
	b.w(") VALUES (")
	for i, f := range vals {
		if i > 0 {
			b.w(", ")
		}
		f()
	}
	b.w(") RETURNING ", Ident(schema.ColID))
	if err := db.QueryRowContext(ctx, b.sb.String(), b.args...).Scan(&e.ID); err != nil {
		return nil, s.writeError(ct, err)
	}
	return e, s.writeRelations(ctx, db, ct, e.ID, data, true)
}

// fkType is the type a column's value binds as: foreign keys are integers.
func fkType(a *schema.Attribute) schema.FieldType {
	if a.IsRelation() {
		return schema.BigInteger
	}
	return a.Type
}

// columnValue is the value a write stores in a's own column, if it stores
// one: a scalar's value, or an owning to-one relation's new target.
func columnValue(a *schema.Attribute, data Data) (any, bool) {
	if a.IsScalar() {
		v, ok := data.Values[a]
		return v, ok
	}
	ch, ok := data.Relations[a]
	if !ok || a.Column == "" {
		return nil, false
	}
	switch {
	case len(ch.Connect) > 0:
		return ch.Connect[0], true
	case ch.SetGiven && len(ch.Set) > 0:
		return ch.Set[0], true
	case ch.SetGiven:
		return nil, true
	}
	return nil, false
}

// Update writes the fields data names (a partial update) and its relation
// changes; updated_at is set.
func (s *Store) Update(ctx context.Context, db Conn, ct *schema.ContentType, id int64, data Data) error {
	b := &sqlb{d: s.DB.Dialect}
	b.w("UPDATE ", Ident(ct.Table), " SET ", Ident(schema.ColUpdatedAt), " = ")
	b.arg(schema.DateTime, now())
	for _, a := range ct.Attributes {
		if v, set := columnValue(a, data); set {
			b.w(", ", Ident(a.Column), " = ")
			b.arg(fkType(a), v)
		}
	}
	b.w(" WHERE ", Ident(schema.ColID), " = ")
	b.arg(schema.Integer, id)
	res, err := db.ExecContext(ctx, b.sb.String(), b.args...)
	if err != nil {
		return s.writeError(ct, err)
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return fmt.Errorf("updating %s %d: no such row", ct.Name, id)
	}
	return s.writeRelations(ctx, db, ct, id, data, false)
}

// Delete removes one entry. Join rows go with it (ON DELETE CASCADE) and
// foreign keys naming it become NULL (ON DELETE SET NULL).
func (s *Store) Delete(ctx context.Context, db Conn, ct *schema.ContentType, id int64) error {
	b := &sqlb{d: s.DB.Dialect}
	b.w("DELETE FROM ", Ident(ct.Table), " WHERE ", Ident(schema.ColID), " = ")
	b.arg(schema.Integer, id)
	if _, err := db.ExecContext(ctx, b.sb.String(), b.args...); err != nil {
		return s.writeError(ct, err)
	}
	return nil
}
