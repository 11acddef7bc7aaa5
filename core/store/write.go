package store

import (
	"context"
	"crypto/rand"
	"fmt"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

const docAlphabet = "abcdefghijklmnopqrstuvwxyz0123456789"

// NewDocumentID returns a random 24-character lowercase alphanumeric id,
// the shape of Strapi 5's documentIds (cuid2): crypto/rand, with rejection
// sampling so every character is equally likely.
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

// Insert writes a new entry with its relations and returns its id,
// documentId and timestamps. Types without draft & publish are always
// published. On a draft & publish type Insert writes the draft row, and
// with published the published row as its copy too (see drafts.go); the
// entry returned is then the published one.
func (s *Store) Insert(ctx context.Context, db Conn, ct *schema.ContentType, data Data, published bool) (*Entry, error) {
	e := NewEntry(ct)
	e.DocumentID = NewDocumentID()
	t := now()
	var pub any
	if !ct.DraftAndPublish {
		pub = t
	}
	e.Set(schema.SysCreatedAt, t)
	e.Set(schema.SysUpdatedAt, t)
	e.Set(schema.SysPublishedAt, pub)
	if err := s.releaseOneToOne(ctx, db, ct, 0, data); err != nil {
		return nil, s.writeError(ctx, db, ct, data, err)
	}
	b := &sqlb{d: s.DB.Dialect}
	b.w("INSERT INTO ", Ident(ct.Table), " (", Ident(schema.ColDocumentID), ", ", Ident(schema.ColCreatedAt), ", ",
		Ident(schema.ColUpdatedAt), ", ", Ident(schema.ColPublishedAt))
	type value struct {
		k schema.Kind
		v any
	}
	vals := []value{{strKind, e.DocumentID}, {timeKind, t}, {timeKind, t}, {timeKind, pub}}
	for _, a := range ct.Attributes {
		if v, set := columnValue(a, data); set {
			b.w(", ", Ident(a.Column))
			vals = append(vals, value{a.Kind, v})
		}
	}
	b.w(") VALUES (")
	for i, v := range vals {
		if i > 0 {
			b.w(", ")
		}
		b.arg(v.k, v.v)
	}
	b.w(") RETURNING ", Ident(schema.ColID))
	if err := db.QueryRowContext(ctx, b.sb.String(), b.args...).Scan(&e.ID); err != nil {
		return nil, s.writeError(ctx, db, ct, data, err)
	}
	row := e.ID
	if ct.DraftAndPublish && published {
		// A new document has no links yet: no sc is needed to move them.
		id, err := s.Publish(ctx, db, &schema.Schema{}, ct, e.ID)
		if err != nil {
			return nil, err
		}
		e.ID = id
		e.Set(schema.SysPublishedAt, t)
	}
	return e, s.writeRelations(ctx, db, ct, row, e.ID, data, true)
}

// Update writes the fields data names (a partial update) and its relation
// changes, and sets updated_at. A missing entry is errs.NotFound.
func (s *Store) Update(ctx context.Context, db Conn, ct *schema.ContentType, id int64, data Data) error {
	if err := s.guardToOne(ctx, db, ct, id, data); err != nil {
		return err
	}
	if err := s.releaseOneToOne(ctx, db, ct, id, data); err != nil {
		return s.writeError(ctx, db, ct, data, err)
	}
	b := &sqlb{d: s.DB.Dialect}
	b.w("UPDATE ", Ident(ct.Table), " SET ", Ident(schema.ColUpdatedAt), " = ")
	b.arg(timeKind, now())
	for _, a := range ct.Attributes {
		if v, set := columnValue(a, data); set {
			b.w(", ", Ident(a.Column), " = ")
			b.arg(a.Kind, v)
		}
	}
	b.w(" WHERE ", Ident(schema.ColID), " = ")
	b.arg(idKind, id)
	res, err := db.ExecContext(ctx, b.sb.String(), b.args...)
	if err != nil {
		return s.writeError(ctx, db, ct, data, err)
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return errs.NotFound()
	}
	link, err := s.linkOf(ctx, db, ct, id, data)
	if err != nil {
		return err
	}
	return s.writeRelations(ctx, db, ct, id, link, data, false)
}

// linkOf is the row the links of id's document point at (Document.Link):
// id itself but on a published document's draft row. Asked only when the
// write changes such links.
func (s *Store) linkOf(ctx context.Context, db Conn, ct *schema.ContentType, id int64, data Data) (int64, error) {
	if !ct.DraftAndPublish {
		return id, nil
	}
	outside := false
	for a := range data.Relations {
		outside = outside || a.Column == ""
	}
	if !outside {
		return id, nil
	}
	b := s.sql(ReadOptions{}, query.Draft)
	b.w("SELECT COALESCE(MAX(p.", Ident(schema.ColID), "), 0) FROM ", Ident(ct.Table), " p JOIN ", Ident(ct.Table), " d ON d.",
		Ident(schema.ColDocumentID), " = p.", Ident(schema.ColDocumentID), " WHERE d.", Ident(schema.ColID), " = ")
	b.arg(idKind, id)
	b.w(" AND p.", Ident(schema.ColPublishedAt), " IS NOT NULL")
	var pub int64
	if err := db.QueryRowContext(ctx, b.sb.String(), b.args...).Scan(&pub); err != nil {
		return 0, fmt.Errorf("updating %s: %w", ct.Name, err)
	}
	if pub == 0 {
		return id, nil
	}
	return pub, nil
}

// Delete removes one entry; deleting a missing one is not an error. Its
// join rows go with it (ON DELETE CASCADE) and foreign keys naming it
// become NULL (ON DELETE SET NULL): the database does both, in the same
// statement.
func (s *Store) Delete(ctx context.Context, db Conn, ct *schema.ContentType, id int64) error {
	b := &sqlb{d: s.DB.Dialect}
	b.w("DELETE FROM ", Ident(ct.Table), " WHERE ", Ident(schema.ColID), " = ")
	b.arg(idKind, id)
	if _, err := db.ExecContext(ctx, b.sb.String(), b.args...); err != nil {
		return s.writeError(ctx, db, ct, Data{}, err)
	}
	return nil
}

// columnValue is the value a write stores in a's own column, if it stores
// one: a scalar's value, or an owning to-one relation's new target (the
// last connected, else the set one; an empty set clears it). A disconnect
// alone is applied after the row is written (see disconnectOwned).
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
		return ch.Connect[len(ch.Connect)-1], true
	case ch.SetGiven && len(ch.Set) > 0:
		return ch.Set[len(ch.Set)-1], true
	case ch.SetGiven:
		return nil, true
	}
	return nil, false
}

// releaseOneToOne frees the targets this write gives an owning oneToOne
// relation: an entry that held one loses it, as in Strapi, where a
// oneToOne target has one owner at a time (the column's unique index
// would refuse the write otherwise). One statement per such relation.
func (s *Store) releaseOneToOne(ctx context.Context, db Conn, ct *schema.ContentType, id int64, data Data) error {
	for _, a := range ct.Attributes {
		if a.RelationKind != schema.OneToOne || a.Column == "" {
			continue
		}
		v, set := columnValue(a, data)
		if !set || v == nil {
			continue
		}
		b := &sqlb{d: s.DB.Dialect}
		b.w("UPDATE ", Ident(ct.Table), " SET ", Ident(a.Column), " = NULL WHERE ", Ident(a.Column), " = ")
		b.arg(idKind, v)
		if id != 0 {
			b.w(" AND ", Ident(schema.ColID), " <> ")
			b.arg(idKind, id)
			if ct.DraftAndPublish { // nor the other version of the same document
				doc := Ident(schema.ColDocumentID)
				b.w(" AND ", doc, " NOT IN (SELECT ", doc, " FROM ", Ident(ct.Table), " WHERE ", Ident(schema.ColID), " = ")
				b.arg(idKind, id)
				b.w(")")
			}
		}
		if _, err := db.ExecContext(ctx, b.sb.String(), b.args...); err != nil {
			return err
		}
	}
	return nil
}
