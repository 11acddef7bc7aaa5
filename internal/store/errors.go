package store

import (
	"context"
	"errors"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/migrate"
	"github.com/kiln-cms/kiln/internal/sqlgen"
)

// The messages of the ValidationErrors a write's driver error becomes.
const (
	msgUnique  = "This attribute must be unique"
	msgMissing = "The related entry does not exist"
)

// writeError turns a driver error of a write on ct into an error kind: a
// unique violation is Strapi's 400 ValidationError on the field, a
// foreign-key violation one on the relation. The driver's text stays in
// errs.Error.Err, for the log; the client sees only the message. Anything
// else is returned as it is (an internal error).
func (s *Store) writeError(ctx context.Context, db database.Conn, ct *schema.ContentType, data entry.Data, err error) error {
	if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	if _, ok := errs.As(err); ok {
		return err
	}
	v, _ := database.ViolationOf(err)
	if a := uniqueViolation(ct, v); a != nil {
		fe := errs.Field(a.Name, msgUnique)
		if val, ok := data.Values[a]; ok && a.IsScalar() && !a.IsPrivate() {
			fe.Value = val
		}
		return fieldsError(fe, err)
	}
	if v.Kind == database.ForeignKeyViolation {
		fe := errs.FieldAt(nil, msgMissing)
		if a := s.foreignKeyRelation(ctx, db, ct, data, v); a != nil {
			fe.Path = []string{a.Name}
		}
		return fieldsError(fe, err)
	}
	return err
}

func fieldsError(fe errs.FieldError, cause error) error {
	e := errs.Fields([]errs.FieldError{fe})
	e.Err = cause
	return e
}

// uniqueViolation finds the field a unique violation is about: from the
// index name on PostgreSQL (internal/migrate names them
// "<table>_<column>_uq"), from "table.column" in SQLite's message.
func uniqueViolation(ct *schema.ContentType, v database.Violation) *schema.Attribute {
	switch {
	case v.Kind != database.UniqueViolation:
		return nil
	case v.Constraint != "":
		for _, a := range ct.Attributes {
			if a.Column == "" {
				continue
			}
			for _, ix := range migrate.UniqueIndexes(ct, a.Column) {
				if ix.Name == v.Constraint {
					return a
				}
			}
		}
		return nil
	case v.Table != ct.Table:
		return nil
	}
	for _, a := range ct.Attributes {
		if a.Column == v.Column {
			return a
		}
	}
	return nil
}

// foreignKeyRelation names the relation of ct a foreign-key violation is
// about. PostgreSQL names the constraint; SQLite does not, so the write's
// relations are checked for a target that does not exist (one query per
// relation, on this error path only: SQLite undoes just the statement, so
// the transaction can still be read).
func (s *Store) foreignKeyRelation(ctx context.Context, db database.Conn, ct *schema.ContentType, data entry.Data, v database.Violation) *schema.Attribute {
	if v.Constraint != "" {
		for _, a := range ct.Attributes {
			for _, fk := range relationConstraints(a) {
				if fk == v.Constraint {
					return a
				}
			}
		}
		return nil
	}
	for _, a := range ct.Attributes {
		ch, ok := data.Relations[a]
		if !ok {
			continue
		}
		add := unique(append(append([]int64(nil), ch.Set...), ch.Connect...))
		if len(add) == 0 {
			continue
		}
		b := sqlgen.New(s.DB.Dialect)
		b.W("SELECT COUNT(*) FROM ", sqlgen.Ident(a.TargetType.Table), " WHERE ")
		b.In(sqlgen.Ident(schema.ColID), idKind, ids(add), false)
		var n int
		if db.QueryRowContext(ctx, b.SQL(), b.Args()...).Scan(&n) == nil && n < len(add) {
			return a
		}
	}
	return nil
}

// relationConstraints are the names of the PostgreSQL foreign keys that
// store relation a: its own column, its join table's, or the target's
// column pointing back.
func relationConstraints(a *schema.Attribute) []string {
	switch {
	case !a.IsRelation():
		return nil
	case a.Column != "":
		return []string{migrate.ForeignKeyName(a.Owner.Table, a.Column)}
	case a.JoinTable != "":
		return []string{migrate.ForeignKeyName(a.JoinTable, a.JoinSelf), migrate.ForeignKeyName(a.JoinTable, a.JoinTarget)}
	case a.Inverse != nil && a.Inverse.Column != "":
		return []string{migrate.ForeignKeyName(a.TargetType.Table, a.Inverse.Column)}
	}
	return nil
}
