package store

import (
	"context"
	"errors"
	"regexp"

	"github.com/uptrace/bun/driver/pgdriver"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/schema"
)

var sqliteUnique = regexp.MustCompile(`UNIQUE constraint failed: ([a-z0-9_]+)\.([a-z0-9_]+)`)

// writeError turns a driver error of a write into an error kind: a unique
// violation is Strapi's ValidationError on the field, a foreign-key
// violation a ValidationError on the relation. Anything else stays an
// internal error whose text is logged, never sent.
func (s *Store) writeError(ct *schema.ContentType, err error) error {
	if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	if a := uniqueViolation(ct, err); a != nil {
		return &errs.Error{Kind: errs.KindValidation, Message: "This attribute must be unique", Err: err,
			Details: map[string]any{"errors": []errs.FieldError{{Path: []string{a.Name}, Message: "This attribute must be unique", Name: "ValidationError"}}}}
	}
	if foreignKeyViolation(err) {
		return &errs.Error{Kind: errs.KindValidation, Message: "A related entry does not exist", Err: err}
	}
	return err
}

// uniqueViolation finds the field a unique violation is about.
func uniqueViolation(ct *schema.ContentType, err error) *schema.Attribute {
	column := ""
	var pe pgdriver.Error
	if errors.As(err, &pe) && pe.Field('C') == "23505" {
		name := pe.Field('n')
		for _, a := range ct.Attributes {
			if a.Column != "" && indexName(ct.Table, a.Column, true) == name {
				return a
			}
		}
		return nil
	}
	if m := sqliteUnique.FindStringSubmatch(err.Error()); m != nil && m[1] == ct.Table {
		column = m[2]
	}
	for _, a := range ct.Attributes {
		if column != "" && a.Column == column {
			return a
		}
	}
	return nil
}

func foreignKeyViolation(err error) bool {
	var pe pgdriver.Error
	if errors.As(err, &pe) {
		return pe.Field('C') == "23503"
	}
	return regexp.MustCompile(`FOREIGN KEY constraint failed`).MatchString(err.Error())
}
