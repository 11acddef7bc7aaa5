package database

import (
	"errors"
	"regexp"
	"strings"

	"github.com/uptrace/bun/driver/pgdriver"
)

// Violation is a constraint a statement broke, as the driver reports it:
// what a write's caller turns into a 400 on the field concerned.
type Violation struct {
	Kind ViolationKind
	// Constraint is the name PostgreSQL gives: the unique index or the
	// foreign key's constraint. SQLite names none.
	Constraint string
	// Table and Column are what SQLite's message names of a unique
	// violation ("UNIQUE constraint failed: table.column"); PostgreSQL
	// names neither.
	Table, Column string
}

// ViolationKind says which kind of constraint a Violation broke.
type ViolationKind int

// The kinds of Violation.
const (
	UniqueViolation ViolationKind = iota + 1
	ForeignKeyViolation
)

var sqliteUnique = regexp.MustCompile(`UNIQUE constraint failed: ([A-Za-z0-9_]+)\.([A-Za-z0-9_]+)`)

// ViolationOf reports the unique or foreign-key constraint err says a
// statement broke: PostgreSQL's codes 23505 and 23503 with the
// constraint's name, SQLite's messages. Any other error is no violation.
func ViolationOf(err error) (Violation, bool) {
	if err == nil {
		return Violation{}, false
	}
	var pe pgdriver.Error
	if errors.As(err, &pe) {
		switch pe.Field('C') {
		case "23505":
			return Violation{Kind: UniqueViolation, Constraint: pe.Field('n')}, true
		case "23503":
			return Violation{Kind: ForeignKeyViolation, Constraint: pe.Field('n')}, true
		}
		return Violation{}, false
	}
	msg := err.Error()
	if m := sqliteUnique.FindStringSubmatch(msg); m != nil {
		return Violation{Kind: UniqueViolation, Table: m[1], Column: m[2]}, true
	}
	switch {
	case strings.Contains(msg, "UNIQUE constraint failed"):
		return Violation{Kind: UniqueViolation}, true
	case strings.Contains(msg, "FOREIGN KEY constraint failed"):
		return Violation{Kind: ForeignKeyViolation}, true
	}
	return Violation{}, false
}

// IsUnique reports whether err is a unique violation (ViolationOf).
func IsUnique(err error) bool {
	v, ok := ViolationOf(err)
	return ok && v.Kind == UniqueViolation
}
