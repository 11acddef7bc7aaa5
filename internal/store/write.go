package store

import (
	"context"
	"crypto/rand"
	"fmt"
	"time"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
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
	b := &sqlb{d: s.DB.Dialect}
	b.w("INSERT INTO ", database.Ident(ct.Table), " (", database.Ident(schema.ColDocumentID), ", ", database.Ident(schema.ColCreatedAt), ", ",
		database.Ident(schema.ColUpdatedAt), ", ", database.Ident(schema.ColPublishedAt))
	if ct.Localized {
		if data.Locale == "" {
			return nil, fmt.Errorf("inserting %s: a localized entry needs its locale", ct.Name)
		}
		b.w(", ", database.Ident(schema.ColLocale))
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
				b.w(", ", database.Ident(c))
				vals = append(vals, value{a, c, v})
			}
		}
	}
	b.w(") VALUES (")
	b.arg(strKind, e.DocumentID)
	for _, v := range []any{t, t, pub} {
		b.w(", ")
		b.arg(timeKind, v)
	}
	if ct.Localized {
		b.w(", ")
		b.arg(strKind, data.Locale)
	}
	for _, v := range vals {
		b.w(", ")
		b.colValue(v.a, v.c, v.v)
	}
	b.w(")")
	if !ct.DraftAndPublish {
		// The row as stored comes back with the write: no read-back.
		cols := writtenColumns(ct)
		b.returning(cols)
		var err error
		if e, err = s.scanWritten(ctx, db, ct, cols, b); err != nil {
			return nil, s.writeError(ctx, db, ct, data, err)
		}
		return e, s.writeRelations(ctx, db, ct, e.ID, data, true)
	}
	b.w(" RETURNING ", database.Ident(schema.ColID))
	if err := db.QueryRowContext(ctx, b.sb.String(), b.args...).Scan(&e.ID); err != nil {
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

// colValue writes the value a write stores in column c of a: a scalar's
// value, or a relation's link (relValue).
func (b *sqlb) colValue(a *schema.Attribute, c string, v any) {
	if a.IsRelation() {
		b.relValue(a, c, v)
		return
	}
	b.arg(a.Kind, v)
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
	b := &sqlb{d: s.DB.Dialect}
	b.w("UPDATE ", database.Ident(ct.Table), " SET ", database.Ident(schema.ColUpdatedAt), " = ")
	b.arg(timeKind, now())
	for _, a := range ct.Attributes {
		if v, set := columnValue(a, data); set {
			for _, c := range a.Columns() {
				b.w(", ", database.Ident(c), " = ")
				b.colValue(a, c, v)
			}
		}
	}
	b.w(" WHERE ", database.Ident(schema.ColID), " = ")
	b.arg(idKind, id)
	if !ct.DraftAndPublish {
		cols := writtenColumns(ct)
		b.returning(cols)
		e, err := s.scanWritten(ctx, db, ct, cols, b)
		if isNoRows(err) {
			return nil, errs.NotFound()
		}
		if err != nil {
			return nil, s.writeError(ctx, db, ct, data, err)
		}
		return e, s.writeRelations(ctx, db, ct, id, data, false)
	}
	res, err := db.ExecContext(ctx, b.sb.String(), b.args...)
	if err != nil {
		return nil, s.writeError(ctx, db, ct, data, err)
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return nil, errs.NotFound()
	}
	return nil, s.writeRelations(ctx, db, ct, id, data, false)
}

// writtenColumns are the columns a write returns: those a read of every
// field selects (selection with no fields named), without the table's
// alias, which INSERT and UPDATE do not take.
func writtenColumns(ct *schema.ContentType) []column {
	cols := selection(&query.Query{Type: ct})
	for i := range cols {
		switch c := cols[i].attr; {
		case i == 0:
			cols[i].sql = database.Ident(schema.ColID)
		case i == 1:
			cols[i].sql = database.Ident(schema.ColDocumentID)
		default:
			cols[i].sql = database.Ident(c.Column)
		}
	}
	return cols
}

// returning ends an INSERT or UPDATE with RETURNING cols.
func (b *sqlb) returning(cols []column) {
	b.w(" RETURNING ")
	b.selectList(cols)
}

// scanWritten runs a write that returns cols and decodes its row as a
// read would (the database's own values: a jsonb normalised, a time at
// its precision), marked Written.
func (s *Store) scanWritten(ctx context.Context, db database.Conn, ct *schema.ContentType, cols []column, b *sqlb) (*entry.Entry, error) {
	raw := make([]any, len(cols))
	dest := make([]any, len(cols))
	for i := range raw {
		dest[i] = &raw[i]
	}
	if err := db.QueryRowContext(ctx, b.sb.String(), b.args...).Scan(dest...); err != nil {
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
	b := &sqlb{d: s.DB.Dialect}
	b.w("DELETE FROM ", database.Ident(ct.Table), " WHERE ", database.Ident(schema.ColID), " = ")
	b.arg(idKind, id)
	if _, err := db.ExecContext(ctx, b.sb.String(), b.args...); err != nil {
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
			b := &sqlb{d: s.DB.Dialect}
			b.w("UPDATE ", database.Ident(ct.Table), " SET ", database.Ident(c), " = NULL WHERE ", database.Ident(c), " = ")
			b.relValue(a, c, v)
			if id != 0 {
				b.w(" AND ", database.Ident(schema.ColID), " <> ")
				b.arg(idKind, id)
				if ct.DraftAndPublish { // nor the other version of the same document
					b.w(" AND ", docKey(ct, ""), " NOT IN (SELECT ", docCols(ct, ""), " FROM ", database.Ident(ct.Table), " WHERE ", database.Ident(schema.ColID), " = ")
					b.arg(idKind, id)
					b.w(")")
				}
			}
			if _, err := db.ExecContext(ctx, b.sb.String(), b.args...); err != nil {
				return err
			}
		}
	}
	return nil
}

// now is the store's clock, at the millisecond precision both databases
// keep, so a value read back equals the value written.
func now() time.Time { return time.Now().UTC().Truncate(time.Millisecond) }
