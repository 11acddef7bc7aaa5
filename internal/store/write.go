package store

import (
	"context"
	"crypto/rand"
	"fmt"
	"time"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/sqlgen"
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
// published. On a draft & publish type Insert writes the draft row with
// its links, and with published the published row as its copy too (see
// drafts.go); the entry returned is then the published one.
func (s *Store) Insert(ctx context.Context, db database.Conn, ct *schema.ContentType, data entry.Data, published bool) (*entry.Entry, error) {
	e := entry.New(ct)
	e.DocumentID = data.DocumentID
	if e.DocumentID == "" {
		e.DocumentID = NewDocumentID()
	}
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
	b := sqlgen.New(s.DB.Dialect)
	b.W("INSERT INTO ", sqlgen.Ident(ct.Table), " (", sqlgen.Ident(schema.ColDocumentID), ", ", sqlgen.Ident(schema.ColCreatedAt), ", ",
		sqlgen.Ident(schema.ColUpdatedAt), ", ", sqlgen.Ident(schema.ColPublishedAt))
	if ct.Localized {
		if data.Locale == "" {
			return nil, fmt.Errorf("inserting %s: a localized entry needs its locale", ct.Name)
		}
		b.W(", ", sqlgen.Ident(schema.ColLocale))
		e.Set(schema.SysLocale, data.Locale)
	}
	type value struct {
		a *schema.Attribute
		c string
		v any
	}
	var vals []value
	for _, a := range ct.Attributes {
		if v, set := columnValue(a, data); set {
			for _, c := range a.Columns() {
				b.W(", ", sqlgen.Ident(c))
				vals = append(vals, value{a, c, v})
			}
		}
	}
	b.W(") VALUES (")
	b.Arg(strKind, e.DocumentID)
	for _, v := range []any{t, t, pub} {
		b.W(", ")
		b.Arg(timeKind, v)
	}
	if ct.Localized {
		b.W(", ")
		b.Arg(strKind, data.Locale)
	}
	for _, v := range vals {
		b.W(", ")
		b.ColValue(v.a, v.c, v.v)
	}
	b.W(")")
	if !ct.DraftAndPublish {
		// The row as stored comes back with the write: no read-back.
		cols := sqlgen.WrittenColumns(ct)
		b.Returning(cols)
		var err error
		if e, err = s.scanWritten(ctx, db, ct, cols, b); err != nil {
			return nil, s.writeError(ctx, db, ct, data, err)
		}
		return e, s.writeRelations(ctx, db, ct, e.ID, data, true)
	}
	b.W(" RETURNING ", sqlgen.Ident(schema.ColID))
	if err := db.QueryRowContext(ctx, b.SQL(), b.Args()...).Scan(&e.ID); err != nil {
		return nil, s.writeError(ctx, db, ct, data, err)
	}
	if err := s.writeRelations(ctx, db, ct, e.ID, data, true); err != nil {
		return nil, err
	}
	if published {
		id, err := s.Publish(ctx, db, nil, ct, e.ID)
		if err != nil {
			return nil, err
		}
		e.ID = id
		e.Set(schema.SysPublishedAt, t)
	}
	return e, nil
}

// Update writes the fields data names (a partial update) and its relation
// changes, and sets updated_at. A missing entry is errs.NotFound. On a type
// without draft & publish it returns the row as the write left it (see
// entry.Entry.Written), from the UPDATE itself; otherwise nil. On a type with
// draft & publish id is the draft row.
func (s *Store) Update(ctx context.Context, db database.Conn, ct *schema.ContentType, id int64, data entry.Data) (*entry.Entry, error) {
	if err := s.guardToOne(ctx, db, ct, id, data); err != nil {
		return nil, err
	}
	if err := s.releaseOneToOne(ctx, db, ct, id, data); err != nil {
		return nil, s.writeError(ctx, db, ct, data, err)
	}
	b := sqlgen.New(s.DB.Dialect)
	b.W("UPDATE ", sqlgen.Ident(ct.Table), " SET ", sqlgen.Ident(schema.ColUpdatedAt), " = ")
	b.Arg(timeKind, now())
	for _, a := range ct.Attributes {
		if v, set := columnValue(a, data); set {
			for _, c := range a.Columns() {
				b.W(", ", sqlgen.Ident(c), " = ")
				b.ColValue(a, c, v)
			}
		}
	}
	b.W(" WHERE ", sqlgen.Ident(schema.ColID), " = ")
	b.Arg(idKind, id)
	if !ct.DraftAndPublish {
		cols := sqlgen.WrittenColumns(ct)
		b.Returning(cols)
		e, err := s.scanWritten(ctx, db, ct, cols, b)
		if isNoRows(err) {
			return nil, errs.NotFound()
		}
		if err != nil {
			return nil, s.writeError(ctx, db, ct, data, err)
		}
		return e, s.writeRelations(ctx, db, ct, id, data, false)
	}
	res, err := db.ExecContext(ctx, b.SQL(), b.Args()...)
	if err != nil {
		return nil, s.writeError(ctx, db, ct, data, err)
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return nil, errs.NotFound()
	}
	return nil, s.writeRelations(ctx, db, ct, id, data, false)
}

// scanWritten runs a write that returns cols and decodes its row as a
// read would (the database's own values: a jsonb normalised, a time at
// its precision), marked Written.
func (s *Store) scanWritten(ctx context.Context, db database.Conn, ct *schema.ContentType, cols []sqlgen.Column, b *sqlgen.Builder) (*entry.Entry, error) {
	raw := make([]any, len(cols))
	dest := make([]any, len(cols))
	for i := range raw {
		dest[i] = &raw[i]
	}
	if err := db.QueryRowContext(ctx, b.SQL(), b.Args()...).Scan(dest...); err != nil {
		return nil, err
	}
	e, err := entryOf(ct, cols, raw, false)
	if err != nil {
		return nil, fmt.Errorf("writing %s: %w", ct.Name, err)
	}
	e.MarkWritten()
	return e, nil
}

// Delete removes one entry; deleting a missing one is not an error. Its
// join rows go with it (ON DELETE CASCADE) and foreign keys naming it
// become NULL (ON DELETE SET NULL): the database does both, in the same
// statement.
func (s *Store) Delete(ctx context.Context, db database.Conn, ct *schema.ContentType, id int64) error {
	if err := s.deleteComponents(ctx, db, ct, []int64{id}, nil); err != nil {
		return err
	}
	b := sqlgen.New(s.DB.Dialect)
	b.W("DELETE FROM ", sqlgen.Ident(ct.Table), " WHERE ", sqlgen.Ident(schema.ColID), " = ")
	b.Arg(idKind, id)
	if _, err := db.ExecContext(ctx, b.SQL(), b.Args()...); err != nil {
		return s.writeError(ctx, db, ct, entry.Data{}, err)
	}
	return nil
}

// columnValue is the value a write stores in a's own column, if it stores
// one: a scalar's value, or an owning to-one relation's new target (the
// last connected, else the set one; an empty set clears it). A disconnect
// alone is applied after the row is written (see disconnectOwned).
func columnValue(a *schema.Attribute, data entry.Data) (any, bool) {
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
// would refuse the write otherwise) — per version: the row the column
// links. One statement per such column.
func (s *Store) releaseOneToOne(ctx context.Context, db database.Conn, ct *schema.ContentType, id int64, data entry.Data) error {
	for _, a := range ct.Attributes {
		if a.RelationKind != schema.OneToOne || a.Column == "" {
			continue
		}
		v, set := columnValue(a, data)
		if !set || v == nil {
			continue
		}
		for _, c := range a.Columns() {
			b := sqlgen.New(s.DB.Dialect)
			b.W("UPDATE ", sqlgen.Ident(ct.Table), " SET ", sqlgen.Ident(c), " = NULL WHERE ", sqlgen.Ident(c), " = ")
			b.RelValue(a, c, v)
			if id != 0 {
				b.W(" AND ", sqlgen.Ident(schema.ColID), " <> ")
				b.Arg(idKind, id)
				if ct.DraftAndPublish { // nor the other version of the same document
					b.W(" AND ", sqlgen.DocKey(ct, ""), " NOT IN (SELECT ", sqlgen.DocCols(ct, ""), " FROM ", sqlgen.Ident(ct.Table), " WHERE ", sqlgen.Ident(schema.ColID), " = ")
					b.Arg(idKind, id)
					b.W(")")
				}
			}
			if _, err := db.ExecContext(ctx, b.SQL(), b.Args()...); err != nil {
				return err
			}
		}
	}
	return nil
}

// now is the store's clock, at the millisecond precision both databases
// keep, so a value read back equals the value written.
func now() time.Time { return time.Now().UTC().Truncate(time.Millisecond) }
